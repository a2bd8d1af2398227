import type { ConsumptionModel } from '../../analysis/consumption.ts';
import { checkScheme } from '../../analysis/scheme-check.ts';
import { customLabelling } from '../../labelling/custom.ts';
import type { Plan } from '../../multicast/plan.ts';
import { createPlan } from '../../multicast/registry.ts';
import { createRouting } from '../../routing/registry.ts';
import { tracePath } from '../../routing/trace.ts';
import type { RoutingFunction } from '../../routing/types.ts';
import { parseTopology } from '../../topology/registry.ts';
import {
  asSet,
  example,
  labellingDrawing,
  list,
  messagesOn,
  NOT_PRINTED,
  pathLinks,
  planDrawing,
  routeNodes,
  seedSet,
  traffic,
} from './seed004-examples-common.ts';
import type { Reproduction } from './types.ts';

/*
 * Seed 004 sections 6.2.2 and 6.3: the Hamiltonian-path labellings (Figs. 6.9, 6.10, 6.18), the
 * dual-, multi- and fixed-path algorithms (Figs. 6.11, 6.12, 6.14, 6.15, 6.20) and their examples
 * (Figs. 6.13, 6.16, 6.17, 6.19, 6.21). test/multicast-path-seed004.test.ts, test/routing-label.test.ts
 * and test/labelling-snake-gray.test.ts pin the same examples.
 */

const SEC622 = 'seed 004 section 6.2.2';
const SEC63 = 'seed 004 section 6.3';
/** The node model the path schemes are deadlock-free under (docs/errata.md, "Consumption channels" 2). */
const ALL_PORT: ConsumptionModel = { port: 'all', consumption: 'vc', copies: 1 };
const verdict = (alg: string, r: RoutingFunction): string => checkScheme(alg, r, ALL_PORT).verdict;

/** Ordered pairs whose route by R is longer than their distance, and whether every route is label-monotone. */
function routeSurvey(r: RoutingFunction): { pairs: number; longer: number; monotone: boolean } {
  const t = r.topology;
  const l = r.labelling!.labelOf;
  let pairs = 0;
  let longer = 0;
  let monotone = true;
  for (let s = 0; s < t.nodes; s++)
    for (let d = 0; d < t.nodes; d++) {
      if (s === d) continue;
      pairs++;
      const path = tracePath(r, s, d);
      if (path.length > t.distance(s, d)) longer++;
      const up = l[d]! > l[s]!;
      if (!path.every((h) => (up ? l[h.to]! > l[h.from]! : l[h.to]! < l[h.from]!))) monotone = false;
    }
  return { pairs, longer, monotone };
}

/** The labels along a route. */
const labelsOf = (r: RoutingFunction, vs: readonly number[]): string =>
  vs.map((v) => r.labelling!.labelOf[v]).join(', ');

/** Every destination delivered exactly once by the plan's messages. */
function onceEach(plan: Plan): boolean {
  const seen = new Map<number, number>();
  for (const m of plan.messages) for (const d of m.dests) seen.set(d, (seen.get(d) ?? 0) + 1);
  return Array.from(plan.destinations).every((d) => seen.get(d) === 1) && seen.size === plan.destinations.length;
}

/** Labels rise along every high worm and fall along every low worm. */
function monotoneWorms(plan: Plan): boolean {
  const l = plan.routing.labelling!.labelOf;
  return plan.messages.every((m) => {
    const ns = routeNodes(plan, m.id);
    return ns.every((v, i) => i === 0 || (m.network === 'high' ? l[v]! > l[ns[i - 1]!]! : l[v]! < l[ns[i - 1]!]!));
  });
}

// ---- Fig. 6.9: the snake labelling of a 4 x 3 mesh (3 columns, 4 rows)
const mesh34 = parseTopology('mesh:3x4');
const fig69 = example({
  id: '004-fig6.9',
  caption: 'The labeling of a 4 x 3 mesh.',
  seedShows:
    'The Hamiltonian-path labelling l(x, y) = y*n + x on even rows, y*n + n - x - 1 on odd rows of the 4 x 3 mesh (rows from the top: 11 10 9, 6 7 8, 5 4 3, 0 1 2), and its high-channel (label rising) and low-channel networks; between any two nodes there is a shortest route in one of them (Lemma 6.1).',
  setup: `mesh:3x4 (x 0..2, y 0..3), the label routing R over the snake labelling (src/labelling/mesh-snake.ts); every ordered pair traced; ${SEC622}`,
  items: () => {
    const r = createRouting('label', mesh34);
    const l = r.labelling!.labelOf;
    const rows = [3, 2, 1, 0];
    const seedRows = ['11 10 9', '6 7 8', '5 4 3', '0 1 2'];
    const s = routeSurvey(r);
    let links = 0;
    for (let u = 0; u < mesh34.nodes; u++)
      for (let p = 0; p < mesh34.ports; p++) {
        const v = mesh34.neighbor(u, p);
        if (v >= 0 && l[v]! > l[u]!) links++;
      }
    return [
      ...rows.map((y, i) => ({
        key: `labels of row y = ${y}`,
        seed: seedRows[i]!,
        wormcast: [0, 1, 2].map((x) => l[mesh34.parse(`${x},${y}`)]).join(' '),
      })),
      { key: 'channels of the high (and of the low) network', seed: NOT_PRINTED, wormcast: links },
      {
        key: 'R takes a shortest path for every pair (Lemma 6.1)',
        seed: 'yes',
        wormcast: `${s.pairs - s.longer} of ${s.pairs} pairs`,
        agree: s.longer === 0,
      },
      { key: 'every route stays in the high or the low network', seed: 'yes', wormcast: s.monotone ? 'yes' : 'no' },
    ];
  },
  draw: () => {
    const l = createRouting('label', mesh34).labelling!;
    return labellingDrawing(mesh34, l.nodeAt, l.labelOf, 'Hamiltonian path (labels: l)');
  },
  checks: [
    {
      key: /^labels of row/,
      claim: "the snake labelling gives the figure's labels",
      cite: '"The label assignment function l for a m x n mesh can be expressed as l(x,y) = y*n+x if y is even, y*n+n-x-1 if y is odd"',
    },
    {
      key: ['R takes a shortest path for every pair (Lemma 6.1)', 'every route stays in the high or the low network'],
      claim: 'R routes every pair along a shortest path inside the high or the low network',
      cite: '"Given a source and a destination node, it can be easily observed from Fig. 6.9 that there always exists a shortest path to deliver the message." (Lemma 6.1)',
    },
  ],
});

// ---- Fig. 6.10: another labelling, where R is not shortest
const mesh43 = parseTopology('mesh:4x3');
/** A Hamiltonian path with (1,0) at label 4 and (1,2) at label 8 (node ids x + 4y, in label order). */
const PATH610 = [11, 7, 3, 2, 1, 0, 4, 8, 9, 10, 6, 5];
const fig610 = example({
  id: '004-fig6.10',
  caption: 'The other label assignment and channel partitioning for a 4 x 3 mesh.',
  seedShows:
    'A labelling from another Hamiltonian path and its high- and low-channel networks: the routes between (1,0) (label 4) and (1,2) (label 8) take 4 channels in either direction instead of the 2 of a shortest path.',
  setup: `mesh:4x3 with a user labelling (Hamiltonian path ${PATH610.join(' ')}, node x + 4y), the label routing R over it; ${SEC622}`,
  items: () => {
    const r = createRouting('label', mesh43, { labelling: customLabelling(mesh43, PATH610, false) });
    const [a, b] = [mesh43.parse('1,0'), mesh43.parse('1,2')];
    const s = routeSurvey(r);
    return [
      {
        key: 'labels of (1,0) and (1,2)',
        seed: '4, 8',
        wormcast: `${r.labelling!.labelOf[a]}, ${r.labelling!.labelOf[b]}`,
      },
      { key: 'channels (1,0) -> (1,2)', seed: 4, wormcast: tracePath(r, a, b).length },
      { key: 'channels (1,2) -> (1,0)', seed: 4, wormcast: tracePath(r, b, a).length },
      { key: 'distance', seed: 2, wormcast: mesh43.distance(a, b) },
      { key: 'pairs R routes longer than shortest', seed: NOT_PRINTED, wormcast: `${s.longer} of ${s.pairs}` },
    ];
  },
  draw: () => {
    const r = createRouting('label', mesh43, { labelling: customLabelling(mesh43, PATH610, false) });
    const [a, b] = [mesh43.parse('1,0'), mesh43.parse('1,2')];
    const route = (u: number, v: number) => [u, ...tracePath(r, u, v).map((h) => h.to)];
    return {
      topology: mesh43,
      arrows: [
        ...pathLinks(route(a, b)).map(([x, y]) => ({ from: x, to: y, group: 0 })),
        ...pathLinks(route(b, a)).map(([x, y]) => ({ from: x, to: y, group: 1 })),
      ],
      groups: ['R from (1,0) to (1,2) (high network)', 'R from (1,2) to (1,0) (low network)'],
      sources: [a, b],
      labels: r.labelling!.labelOf,
    };
  },
  checks: [
    {
      key: ['labels of (1,0) and (1,2)', 'channels (1,0) -> (1,2)', 'channels (1,2) -> (1,0)', 'distance'],
      claim:
        'with such a labelling the routes between (1,0) and (1,2) take 4 channels either way where the distance is 2',
      cite: '"Under such a label assignment, the routing paths between the nodes (1,0) (label 4) and (1,2) (label 8) take 4 channels in either direction (see Fig. 6.10(b-c)) rather than a shortest path which should take only 2 channels."',
    },
  ],
  deviations: [
    "The figure's labels are garbled in the OCR text; wormcast uses a Hamiltonian path of the 4 x 3 mesh that gives (1,0) label 4 and (1,2) label 8, as the text says (test/routing-label.test.ts).",
  ],
});

// ---- the 6 x 6 example of section 6.2.2: Figs. 6.11-6.17
const mesh6 = parseTopology('mesh:6x6');
const SRC = mesh6.parse('3,2');
const D9 = ['0,0', '0,2', '0,5', '1,3', '4,5', '5,0', '5,1', '5,3', '5,4'].map((a) => mesh6.parse(a));
const plan6 = (alg: string) => createPlan(alg, mesh6, SRC, D9);
const hopsOn = (p: Plan, net: string) => messagesOn(p, net).reduce((s, id) => s + routeNodes(p, id).length - 1, 0);
const routeText = (p: Plan) =>
  p.messages
    .map(
      (m) =>
        `${m.network}: ${routeNodes(p, m.id)
          .map((v) => mesh6.format(v))
          .join(' ')}`,
    )
    .join('; ');

const fig611 = example({
  id: '004-fig6.11',
  caption: 'Message preparation for the dual-path routing algorithm.',
  seedShows:
    'The source splits D into D_H (labels above its own) sorted ascending and D_L sorted descending; in the 6 x 6 example the source (3,2) has label 15, D_H = ((5,3), (1,3), (5,4), (4,5), (0,5)) and D_L = ((0,2), (5,1), (5,0), (0,0)).',
  setup: `mesh:6x6, dual-path from (3,2), snake labelling; ${SEC622}`,
  items: () => {
    const p = plan6('dual-path');
    const l = p.routing.labelling!.labelOf;
    const hi = messagesOn(p, 'high').flatMap((id) => p.message(id).dests);
    const lo = messagesOn(p, 'low').flatMap((id) => p.message(id).dests);
    return [
      { key: 'label of the source (3,2)', seed: 15, wormcast: l[SRC]! },
      { key: 'D_H, ascending', seed: '(5,3), (1,3), (5,4), (4,5), (0,5)', wormcast: list(mesh6, hi) },
      { key: 'D_L, descending', seed: '(0,2), (5,1), (5,0), (0,0)', wormcast: list(mesh6, lo) },
      { key: 'labels of D_H', seed: NOT_PRINTED, wormcast: labelsOf(p.routing, hi) },
      { key: 'labels of D_L', seed: NOT_PRINTED, wormcast: labelsOf(p.routing, lo) },
    ];
  },
  draw: () => {
    const p = plan6('dual-path');
    return planDrawing(p, p.routing.labelling!.labelOf);
  },
  checks: [
    {
      key: 'label of the source (3,2)',
      claim: 'the source (3,2) has label 15',
      cite: '"For example, Figure 6.15a shows the partitioning of the destinations in the high-channel network when the source is the node labeled with 15."',
    },
    {
      key: ['D_H, ascending', 'D_L, descending'],
      claim: 'the source prepares the printed D_H (ascending labels) and D_L (descending)',
      cite: '"For the multicast example shown in Figure 6.13, the destination set is first divided into two sets DH and DL at source node (3,2), with DH = {(5,3), (1,3), (5,4), (4,5), (0,5)} and DL = {(0,2), (5,1), (5,0), (0,0)}"',
    },
  ],
});

const fig612 = example({
  id: '004-fig6.12',
  caption: 'The dual-path routing algorithm.',
  seedShows:
    'At every node the worm delivers a copy if the node is the first address of its header, drops it, and forwards toward the next address by R; "the dual-path routing algorithm ... sends the source message to each destination node in D once and only once" (Theorem 6.1).',
  setup: `mesh:6x6, dual-path from (3,2) to the nine destinations of section 6.2.2; ${SEC622}`,
  items: () => {
    const p = plan6('dual-path');
    return [
      { key: 'each destination delivered once', seed: 'yes', wormcast: onceEach(p) ? 'yes' : 'no' },
      {
        key: 'labels rise along the high worm, fall along the low worm',
        seed: 'yes',
        wormcast: monotoneWorms(p) ? 'yes' : 'no',
      },
      { key: 'worms', seed: 2, wormcast: p.count },
    ];
  },
  draw: () => {
    const p = plan6('dual-path');
    return planDrawing(p, p.routing.labelling!.labelOf);
  },
  checks: [
    {
      key: ['each destination delivered once', 'worms'],
      claim: 'two worms deliver every destination exactly once',
      cite: '"Theorem 6.1 The dual-path routing algorithm in 2D mesh for a destination set D sends the source message to each destination node in D once and only once."',
    },
    {
      key: 'labels rise along the high worm, fall along the low worm',
      claim: 'the high worm stays in the high-channel network and the low worm in the low one',
      cite: '"Multicast messages from u0 will be sent to the destination nodes in DH using the high-channel network and to the destination nodes in DL using the low-channel network."',
    },
  ],
});

const fig613 = example({
  id: '004-fig6.13',
  caption: 'An example of dual-path routing in a 6 x 6 mesh.',
  seedShows:
    'Dual-path from (3,2) to the nine destinations: 33 channels, 18 in the high-channel network and 15 in the low one; the farthest destination is 18 hops from the source.',
  setup: `mesh:6x6, dual-path from (3,2); deadlock checker on dual-path over the 6 x 6 mesh (all-port, a consumption channel per VC); ${SEC622}`,
  items: () => {
    const p = plan6('dual-path');
    const m = traffic(p);
    return [
      { key: 'channels', seed: 33, wormcast: m.channels },
      { key: 'channels in the high network', seed: 18, wormcast: hopsOn(p, 'high') },
      { key: 'channels in the low network', seed: 15, wormcast: hopsOn(p, 'low') },
      { key: 'maximum distance (hops)', seed: 18, wormcast: m.maxHops },
      {
        key: 'deadlock-free (Assertion 2)',
        seed: 'yes',
        wormcast: verdict('dual-path', p.routing),
        agree: verdict('dual-path', p.routing) === 'acyclic',
      },
      { key: 'routes', seed: NOT_PRINTED, wormcast: routeText(p) },
    ];
  },
  draw: () => {
    const p = plan6('dual-path');
    return planDrawing(p, p.routing.labelling!.labelOf);
  },
  checks: [
    {
      key: ['channels', 'channels in the high network', 'channels in the low network', 'maximum distance (hops)'],
      claim: 'dual-path uses 33 channels (18 high, 15 low) and reaches the farthest destination in 18 hops',
      cite: '"The total number of channels used to deliver the message is 33 (18 in the high-channel network and 15 in the low-channel network). The maximum distance from the source to a destination is 18 hops."',
    },
    {
      key: 'deadlock-free (Assertion 2)',
      claim: "dual-path's channel dependency graph is acyclic",
      cite: '"Assertion 2 The dual-path multicast routing algorithm for 2D mesh is deadlock- free."',
    },
  ],
});

const fig614 = example({
  id: '004-fig6.14',
  caption: 'Message preparation for the multi-path routing algorithm in 2D mesh.',
  seedShows:
    'D_H and D_L are each split in two by the x coordinate of the two higher (lower) neighbours of the source; in the example D_H1 = {(5,3), (5,4), (4,5)}, D_H2 = {(1,3), (0,5)}, D_L1 = {(5,1), (5,0)}, D_L2 = {(0,2), (0,0)}.',
  setup: `mesh:6x6, multi-path from (3,2); each set named by the neighbour its worm goes to first; ${SEC622}`,
  items: () => {
    const p = plan6('multi-path');
    const through = (v: string) => {
      const id = p.messages.findIndex((m) => routeNodes(p, m.id)[1] === mesh6.parse(v));
      return id < 0 ? '(none)' : asSet(mesh6, p.message(id).dests);
    };
    return [
      { key: 'D_H1 (through (4,2))', seed: seedSet(mesh6, ['5,3', '5,4', '4,5']), wormcast: through('4,2') },
      { key: 'D_H2 (through (3,3))', seed: seedSet(mesh6, ['1,3', '0,5']), wormcast: through('3,3') },
      { key: 'D_L1 (through (3,1))', seed: seedSet(mesh6, ['5,1', '5,0']), wormcast: through('3,1') },
      { key: 'D_L2 (through (2,2))', seed: seedSet(mesh6, ['0,2', '0,0']), wormcast: through('2,2') },
    ];
  },
  draw: () => {
    const p = plan6('multi-path');
    return planDrawing(p, p.routing.labelling!.labelOf);
  },
  checks: [
    {
      key: /^D_/,
      claim: 'the source prepares the four printed sets, one per neighbour',
      cite: '"DH is further divided into two subsets DH1 and DH2 at Step 3, with DH1 = {(5,3),(5,4),(4,5)} and DH2 = {(1, 3), (0,5)}. DL is also divided into DL1 = {(5,1),(5,0)} and DL2 = {(0, 2), (0,0)}."',
    },
  ],
  deviations: [
    'Which lower neighbour is v1 is not fixed by Fig. 6.14; wormcast numbers the neighbours by label, nearest the source\'s first, so its first low worm carries {(0,2), (0,0)}; the sets and their neighbours are the seed\'s (docs/errata.md, "Seeds 003 and 004: path-based multicast", item 1).',
  ],
});

/** The high-network parts of a multi-path broadcast from src: each first hop with the x range it covers. */
function highParts(src: number): string {
  const others = Array.from({ length: mesh6.nodes }, (_, v) => v).filter((v) => v !== src);
  const p = createPlan('multi-path', mesh6, src, others);
  return messagesOn(p, 'high')
    .map((id) => {
      const xs = p.message(id).dests.map((d) => Number(mesh6.format(d).split(',')[0]));
      const lo = Math.min(...xs);
      const hi = Math.max(...xs);
      const range = hi === 5 ? `x >= ${lo}` : lo === 0 ? `x <= ${hi}` : `${lo} <= x <= ${hi}`;
      return `through (${mesh6.format(routeNodes(p, id)[1]!)}): ${range}`;
    })
    .join('; ');
}

const fig615 = example({
  id: '004-fig6.15',
  caption: 'Multi-path destination address partitioning.',
  seedShows:
    'The split of the high-channel network of the 6 x 6 mesh between the two worms when the source is label 15 ((3,2)) and when it is label 8 ((3,1)); the drawing is lost in the OCR text, and the rule is Fig. 6.14 step 3: with the higher neighbours v1 = (x1, y1), v2 = (x2, y2), D_H1 = {x <= x1} if x1 < x2, {x >= x1} if x1 > x2.',
  setup: `mesh:6x6, multi-path broadcasts from (3,2) and (3,1): the x range of the destinations each high worm carries; the seed column is Fig. 6.14 step 3 applied by hand (label 15: v1 = (4,2) label 16, v2 = (3,3) label 20; label 8: v1 = (2,1) label 9, v2 = (3,2) label 15); ${SEC622}`,
  items: () => [
    {
      key: 'source label 15, (3,2)',
      seed: 'through (4,2): x >= 4; through (3,3): x <= 3',
      wormcast: highParts(mesh6.parse('3,2')),
    },
    {
      key: 'source label 8, (3,1)',
      seed: 'through (2,1): x <= 2; through (3,2): x >= 3',
      wormcast: highParts(mesh6.parse('3,1')),
    },
  ],
  draw: () => {
    const src = mesh6.parse('3,2');
    const p = createPlan(
      'multi-path',
      mesh6,
      src,
      Array.from({ length: mesh6.nodes }, (_, v) => v).filter((v) => v !== src),
    );
    const d = planDrawing(p, p.routing.labelling!.labelOf);
    const high = new Set(messagesOn(p, 'high'));
    return { ...d, arrows: d.arrows.filter((a) => high.has(a.group)), dests: [] };
  },
  checks: [
    {
      key: /^source label/,
      claim: 'the high-channel network is split by x between the two higher neighbours, as Fig. 6.14 step 3 says',
      cite: '"The rules by which ties are broken in partitioning the destination nodes depend on the location of the source node in the network and the particular labeling method used. For example, Figure 6.15a shows the partitioning of the destinations in the high- channel network when the source is the node labeled with 15. When the node labeled 8 is the source, the high-channel network is partitioned as shown in Figure 6.15b."',
    },
  ],
  deviations: [
    "The figure is not in the OCR text; the seed column is what Fig. 6.14's rule gives for the two sources the text names.",
  ],
});

const fig616 = example({
  id: '004-fig6.16',
  caption: 'An example of multi-path routing in a 6 x 6 mesh.',
  seedShows:
    'Multi-path on the example of Fig. 6.13: four worms, "only 20 channels", the farthest destination 6 hops from the source, against 33 channels and 18 hops for dual-path.',
  setup: `mesh:6x6, multi-path and dual-path from (3,2); deadlock checker on multi-path (all-port, a consumption channel per VC); ${SEC622}`,
  items: () => {
    const p = plan6('multi-path');
    const m = traffic(p);
    const d = traffic(plan6('dual-path'));
    return [
      { key: 'worms', seed: 4, wormcast: p.count },
      { key: 'channels', seed: 20, wormcast: m.channels },
      { key: 'maximum distance (hops)', seed: 6, wormcast: m.maxHops },
      {
        key: 'fewer channels and a shorter maximum distance than dual-path',
        seed: 'yes',
        wormcast: `${m.channels} against ${d.channels} channels, ${m.maxHops} against ${d.maxHops} hops`,
        agree: m.channels < d.channels && m.maxHops < d.maxHops,
      },
      {
        key: 'deadlock-free (Assertion 3)',
        seed: 'yes',
        wormcast: verdict('multi-path', p.routing),
        agree: verdict('multi-path', p.routing) === 'acyclic',
      },
      { key: 'routes', seed: NOT_PRINTED, wormcast: routeText(p) },
    ];
  },
  draw: () => {
    const p = plan6('multi-path');
    return planDrawing(p, p.routing.labelling!.labelOf);
  },
  checks: [
    {
      key: ['worms', 'maximum distance (hops)'],
      claim: 'four worms, the farthest destination 6 hops away',
      cite: '"The multicast will be performed using four multicast paths, as shown in Figure 6.16. ... and the maximum distance from the source to destination is 6 hops."',
    },
    {
      key: 'channels',
      claim: 'multi-path uses 20 channels',
      cite: '"Note that multi-path routing requires only 20 channels in the example"',
      expect: 'fails',
    },
    {
      key: 'fewer channels and a shorter maximum distance than dual-path',
      claim: 'multi-path uses fewer channels and a shorter maximum distance than dual-path on the example',
      cite: '"Hence, this example shows that multi-path routing can offer significant advantage over dual- path routing in terms of generated traffic and the maximum distance between the source and destination nodes."',
    },
    {
      key: 'deadlock-free (Assertion 3)',
      claim: "multi-path's channel dependency graph is acyclic",
      cite: '"Assertion 3 The multi-path multicast routing algorithm for 2D mesh is deadlock- free."',
    },
  ],
  deviations: [
    'Channels: the four worms of the text take 6 + 6 + 5 + 4 = 21 channels, each leg a shortest path between consecutive destinations, so no routing of these sets uses the printed 20 (docs/errata.md, "Seeds 003 and 004: path-based multicast", item 1; docs/seeds.md).',
  ],
});

const fig617 = example({
  id: '004-fig6.17',
  caption: 'An example of fixed-path routing in a 6 x 6 mesh.',
  seedShows:
    'Fixed-path on the same example: each worm walks the Hamiltonian path; 35 channels (20 high, 15 low); the farthest destination is 20 hops away; "clearly, fixed-path routing is not as efficient as the other two approaches".',
  setup: `mesh:6x6, fixed-path, dual-path and multi-path from (3,2); ${SEC622}`,
  items: () => {
    const p = plan6('fixed-path');
    const m = traffic(p);
    const others = [traffic(plan6('dual-path')).channels, traffic(plan6('multi-path')).channels];
    return [
      { key: 'channels', seed: 35, wormcast: m.channels },
      { key: 'channels in the high network', seed: 20, wormcast: hopsOn(p, 'high') },
      { key: 'channels in the low network', seed: 15, wormcast: hopsOn(p, 'low') },
      { key: 'maximum distance (hops)', seed: 20, wormcast: m.maxHops },
      {
        key: 'more channels than dual-path and multi-path',
        seed: 'yes',
        wormcast: `${m.channels} against ${others.join(' and ')}`,
        agree: others.every((c) => m.channels > c),
      },
      { key: 'routes', seed: NOT_PRINTED, wormcast: routeText(p) },
    ];
  },
  draw: () => {
    const p = plan6('fixed-path');
    return planDrawing(p, p.routing.labelling!.labelOf);
  },
  checks: [
    {
      key: ['channels', 'channels in the high network', 'channels in the low network', 'maximum distance (hops)'],
      claim: 'fixed-path uses 35 channels (20 high, 15 low) and reaches the farthest destination in 20 hops',
      cite: '"The total number of channels used to deliver the message is 35 (20 in the high- channel network and 15 in the low-channel network). The maximum distance from the source to a destination is 20 hops."',
    },
    {
      key: 'more channels than dual-path and multi-path',
      claim: 'fixed-path uses more channels than dual-path and multi-path',
      cite: '"Clearly, fixed-path routing is not as efficient as the other two approaches."',
    },
  ],
});

// ---- the hypercube: Figs. 6.18-6.21
const cube3 = parseTopology('hypercube:3');
/** Section 6.3's label function: bit i of l is the parity of the address bits n-1 .. i. */
function seedLabel(v: number, n: number): number {
  let l = 0;
  let parity = 0;
  for (let i = n - 1; i >= 0; i--) {
    parity ^= (v >> i) & 1;
    l |= parity << i;
  }
  return l;
}

const fig618 = example({
  id: '004-fig6.18',
  caption: 'The label assignment and the corresponding high-channel and low-channel networks for a 3-cube.',
  seedShows:
    'A labelling of the 3-cube from a Hamiltonian path (drawing lost in the OCR text; the label function of section 6.3: bit i of l is the parity of address bits n-1 .. i), its high- and low-channel networks, and Lemma 6.4: R routes every pair along a shortest path.',
  setup: `hypercube:3, label routing R over the Gray-code labelling (src/labelling/hypercube-gray.ts); every ordered pair traced; deadlock checker on dual-path (all-port, a consumption channel per VC); ${SEC63}`,
  items: () => {
    const r = createRouting('label', cube3);
    const l = r.labelling!.labelOf;
    const s = routeSurvey(r);
    const order = Array.from(r.labelling!.nodeAt);
    const adjacent = order.every((v, i) => i === 0 || cube3.distance(v, order[i - 1]!) === 1);
    return [
      ...Array.from({ length: 8 }, (_, v) => ({
        key: `l(${cube3.format(v)})`,
        seed: seedLabel(v, 3),
        wormcast: l[v]!,
      })),
      { key: 'consecutive labels are neighbours (a Hamiltonian path)', seed: 'yes', wormcast: adjacent ? 'yes' : 'no' },
      { key: 'every route stays in the high or the low network', seed: 'yes', wormcast: s.monotone ? 'yes' : 'no' },
      {
        key: 'R takes a shortest path for every pair (Lemma 6.4)',
        seed: 'yes',
        wormcast: `${s.pairs - s.longer} of ${s.pairs} pairs (000 -> 101: ${tracePath(r, 0b000, 0b101).length} hops)`,
        agree: s.longer === 0,
      },
      {
        key: 'dual-path deadlock-free (Corollary 6.1)',
        seed: 'yes',
        wormcast: verdict('dual-path', r),
        agree: verdict('dual-path', r) === 'acyclic',
      },
    ];
  },
  draw: () => {
    const l = createRouting('label', cube3).labelling!;
    return labellingDrawing(cube3, l.nodeAt, l.labelOf, 'Hamiltonian path (labels: l)');
  },
  checks: [
    {
      key: /^l\(/,
      claim: 'the labels are those of the label function of section 6.3',
      cite: '"For an n-cube, the label assignment function l for a node with address d(n-1)d(n-2) ... d0 is l = sum (c(i) 2^i), where c(n-1) = d(n-1), c(n-j) = d(n-1) xor d(n-2) xor ... xor d(n-j)"',
    },
    {
      key: [
        'consecutive labels are neighbours (a Hamiltonian path)',
        'every route stays in the high or the low network',
      ],
      claim: 'the labelling follows a Hamiltonian path and every route is label-monotone',
      cite: '"The assignment of the label to a node is based on the order of that node in a Hamilton path, where the first node in the path is assigned with label 0"',
    },
    {
      key: 'R takes a shortest path for every pair (Lemma 6.4)',
      claim: 'R routes every pair of the 3-cube along a shortest path',
      cite: '"Lemma 6.4 For two arbitrary nodes u and v in an n-cube, the path selected by the routing function R is a shortest path from u to v"',
      expect: 'fails',
    },
    {
      key: 'dual-path deadlock-free (Corollary 6.1)',
      claim: "dual-path's channel dependency graph on the 3-cube is acyclic",
      cite: '"Corollary 6.1 The dual-path multicast routing algorithm for hypercube is deadlock- free."',
    },
  ],
  deviations: [
    "The figure's drawing is not in the OCR text; the labels compared are the printed label function's.",
    'Lemma 6.4 is false for R as defined: in the 3-cube 000 -> 101 goes 000, 010, 110, 111, 101 (4 hops, distance 2), and 2 of the 56 ordered pairs (910 of 4,032 in the 6-cube) go the long way; the routes stay label-monotone, so deadlock freedom holds. wormcast\'s option `shortest` makes the lemma true (docs/routing-dor-label.md "Errata" and "Decision"; docs/errata.md index, seed 004).',
  ],
});

const cube4 = parseTopology('hypercube:4');
const S19 = cube4.parse('1100');
const D19 = ['0100', '0011', '0111', '1000', '1111'].map((a) => cube4.parse(a));
const cubeRoutes = (p: Plan) => p.messages.map((m) => `${m.network}: ${list(cube4, routeNodes(p, m.id))}`).join('; ');

const fig619 = example({
  id: '004-fig6.19',
  caption: 'A 4-cube with node 1100 as the source for dual-path routing.',
  seedShows:
    'Dual-path in the 4-cube from 1100 to 0100, 0011, 0111, 1000, 1111: D_L = (0100, 0111, 0011), D_H = (1111, 1000); of the three higher-labelled neighbours 1000, 1101, 1110 of the source (the OCR text reads "111" for 1110), R picks 1101 toward 1111.',
  setup: `hypercube:4, dual-path from 1100 (Gray-code labelling); ${SEC63}`,
  items: () => {
    const p = createPlan('dual-path', cube4, S19, D19);
    const l = p.routing.labelling!.labelOf;
    const hi = messagesOn(p, 'high');
    const up = Array.from({ length: 4 }, (_, d) => S19 ^ (1 << d)).filter((v) => l[v]! > l[S19]!);
    return [
      {
        key: 'D_L',
        seed: '0100, 0111, 0011',
        wormcast: list(
          cube4,
          messagesOn(p, 'low').flatMap((id) => p.message(id).dests),
        ),
      },
      {
        key: 'D_H',
        seed: '1111, 1000',
        wormcast: list(
          cube4,
          hi.flatMap((id) => p.message(id).dests),
        ),
      },
      {
        key: 'higher-labelled neighbours of 1100',
        seed: '1000, 1101, 1110',
        wormcast: up
          .map((v) => cube4.format(v))
          .sort()
          .join(', '),
      },
      { key: 'first hop of the high worm', seed: '1101', wormcast: cube4.format(routeNodes(p, hi[0]!)[1]!) },
      {
        key: 'labels (the numbers beside the nodes)',
        seed: NOT_PRINTED,
        wormcast: Array.from({ length: 16 }, (_, v) => `${cube4.format(v)}:${l[v]}`).join(' '),
      },
      { key: 'channels', seed: NOT_PRINTED, wormcast: traffic(p).channels },
      { key: 'routes', seed: NOT_PRINTED, wormcast: cubeRoutes(p) },
    ];
  },
  draw: () => {
    const p = createPlan('dual-path', cube4, S19, D19);
    return planDrawing(p, p.routing.labelling!.labelOf);
  },
  checks: [
    {
      key: ['D_L', 'D_H'],
      claim: 'the source prepares the printed D_L and D_H',
      cite: '"Clearly, DL={0100, 0111, 0011} and DH={1111, 1000}."',
    },
    {
      key: ['higher-labelled neighbours of 1100', 'first hop of the high worm'],
      claim: 'of the three higher neighbours 1000, 1101, 1110, R sends the high worm to 1101',
      cite: '"Based on the label assignment scheme, node 1100 has three outgoing channels reaching nodes 1000, 1101, and 111[0], respectively. According to the routing function R, node 1101 will be selected to forward the message."',
    },
  ],
});

/** Fig. 6.20 step 3 applied by hand: neighbours v1..vd in label order; DH_i = {w : l(v_i) <= l(w) < l(v_i+1)}. */
function seedParts(up: boolean): string {
  const l = createRouting('label', cube4).labelling!.labelOf;
  const l0 = l[S19]!;
  const vs = Array.from({ length: 4 }, (_, d) => S19 ^ (1 << d))
    .filter((v) => (up ? l[v]! > l0 : l[v]! < l0))
    .sort((a, b) => (up ? l[a]! - l[b]! : l[b]! - l[a]!));
  const ds = D19.filter((d) => (up ? l[d]! > l0 : l[d]! < l0));
  const parts = vs.map((v, i) => {
    const next = vs[i + 1];
    const inPart = (w: number) =>
      up
        ? (i === 0 || l[w]! >= l[v]!) && (next === undefined || l[w]! < l[next]!)
        : (i === 0 || l[w]! <= l[v]!) && (next === undefined || l[w]! > l[next]!);
    return [v, ds.filter(inPart)] as const;
  });
  return parts
    .filter(([, p]) => p.length > 0)
    .map(([v, p]) => `${cube4.format(v)}: ${asSet(cube4, p)}`)
    .join('; ');
}

/** wormcast's multi-path worms of one network: first hop and the destinations carried. */
function planParts(p: Plan, net: string): string {
  return messagesOn(p, net)
    .map((id) => `${cube4.format(routeNodes(p, id)[1]!)}: ${asSet(cube4, p.message(id).dests)}`)
    .join('; ');
}

const fig620 = example({
  id: '004-fig6.20',
  caption: 'Message preparation for the multi-path routing algorithm in hypercube.',
  seedShows:
    'With v1 .. vd the higher-labelled neighbours of the source in label order, D_H is split into D_Hi = {w : l(v_i) <= l(w) < l(v_i+1)}, each sent to v_i; D_L likewise; up to n worms.',
  setup: `hypercube:4, multi-path from 1100 to the destinations of Fig. 6.19 (the text gives no example for this figure); the seed column is Fig. 6.20 step 3 applied by hand; ${SEC63}`,
  items: () => {
    const p = createPlan('multi-path', cube4, S19, D19);
    return [
      { key: 'high worms (first hop: destinations)', seed: seedParts(true), wormcast: planParts(p, 'high') },
      { key: 'low worms (first hop: destinations)', seed: seedParts(false), wormcast: planParts(p, 'low') },
      { key: 'each destination delivered once', seed: 'yes', wormcast: onceEach(p) ? 'yes' : 'no' },
    ];
  },
  draw: () => {
    const p = createPlan('multi-path', cube4, S19, D19);
    return planDrawing(p, p.routing.labelling!.labelOf);
  },
  checks: [
    {
      key: ['high worms (first hop: destinations)', 'low worms (first hop: destinations)'],
      claim: 'each worm goes to its neighbour v_i and carries the destinations labelled from l(v_i) up to l(v_i+1)',
      cite: '"Divide DH into at most d sets, DHi, 1 <= i <= d, as follows: DHi = {w | l(vi) <= l(w) < l(vi+1)}. Construct at most d messages, each containing DHi as part of the header and sent the message to vi for 1 <= i <= d."',
    },
    {
      key: 'each destination delivered once',
      claim: 'every destination is delivered by exactly one worm',
      cite: '"The message routing part of the multi-path algorithm is the same as the one for dual-path routing." (Theorem 6.2: "sends the source message to each destination node in D once and only once")',
    },
  ],
  deviations: [
    "Example: the text gives the algorithm only; wormcast applies it to Fig. 6.19's source and destinations.",
  ],
});

const fig621 = example({
  id: '004-fig6.21',
  caption: 'A 4-cube with node 1100 as the source for multi-path routing.',
  seedShows:
    'Multi-path in the 4-cube from 1100 (the drawing and its destinations are lost in the OCR text); multi-path is deadlock-free (Corollary 6.2).',
  setup: `hypercube:4, multi-path and dual-path from 1100 to the destinations of Fig. 6.19 (0100, 0011, 0111, 1000, 1111); deadlock checker on multi-path (all-port, a consumption channel per VC); ${SEC63}`,
  items: () => {
    const p = createPlan('multi-path', cube4, S19, D19);
    const m = traffic(p);
    const d = traffic(createPlan('dual-path', cube4, S19, D19));
    return [
      { key: 'worms', seed: NOT_PRINTED, wormcast: p.count },
      {
        key: 'no more channels than dual-path',
        seed: 'yes',
        wormcast: `${m.channels} against ${d.channels}`,
        agree: m.channels <= d.channels,
      },
      { key: 'maximum distance (hops)', seed: NOT_PRINTED, wormcast: `${m.maxHops} (dual-path ${d.maxHops})` },
      {
        key: 'deadlock-free (Corollary 6.2)',
        seed: 'yes',
        wormcast: verdict('multi-path', p.routing),
        agree: verdict('multi-path', p.routing) === 'acyclic',
      },
      { key: 'routes', seed: NOT_PRINTED, wormcast: cubeRoutes(p) },
    ];
  },
  draw: () => {
    const p = createPlan('multi-path', cube4, S19, D19);
    return planDrawing(p, p.routing.labelling!.labelOf);
  },
  checks: [
    {
      key: 'no more channels than dual-path',
      claim: 'multi-path uses no more channels than dual-path on the example',
      cite: '"As shown by example in Figures 6.13 and 6.16, multi-path routing usually requires fewer channels than dual-path routing." (section 7.1)',
    },
    {
      key: 'deadlock-free (Corollary 6.2)',
      claim: "multi-path's channel dependency graph on the 4-cube is acyclic",
      cite: '"Corollary 6.2 The multi-path multicast routing algorithm is deadlock-free for hyper- cube."',
    },
  ],
  deviations: [
    "Destinations: the figure is not in the OCR text and the text names only its source; wormcast uses Fig. 6.19's destinations.",
  ],
});

export const SEED004_EXAMPLES_PATHS: Reproduction[] = [
  fig69,
  fig610,
  fig611,
  fig612,
  fig613,
  fig614,
  fig615,
  fig616,
  fig617,
  fig618,
  fig619,
  fig620,
  fig621,
];
