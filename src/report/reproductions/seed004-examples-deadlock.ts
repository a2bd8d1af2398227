import { checkTreeDeadlock, treeDependencyGraph } from '../../analysis/deadlock-tree.ts';
import { ReferenceEngine } from '../../engine/reference.ts';
import { getScenario } from '../../engine/scenarios.ts';
import { createPlan } from '../../multicast/registry.ts';
import { createRouting } from '../../routing/registry.ts';
import type { RoutingFunction } from '../../routing/types.ts';
import { SUBNETWORKS } from '../../routing/xy-double.ts';
import { parseTopology } from '../../topology/registry.ts';
import type { Topology } from '../../topology/types.ts';
import {
  allShortest,
  asSet,
  type DrawSpec,
  example,
  NOT_PRINTED,
  planDrawing,
  seedSet,
  traffic,
  treeLinks,
} from './seed004-examples-common.ts';
import type { Reproduction } from './types.ts';

/*
 * Seed 004 sections 6.1 and 6.2.1: the deadlocks of tree multicast (Figs. 6.1-6.4), run on the
 * flit-level reference engine with the seed-004 scenarios of `wormcast simulate --scenario`
 * (src/engine/scenarios.ts) and checked by the tree deadlock checker
 * (src/analysis/deadlock-tree.ts); the double-channel X-first cure (Figs. 6.5-6.8).
 */

const SEC61 = 'seed 004 section 6.1';
const SEC621 = 'seed 004 section 6.2.1';
/** The seed's channel notation: [from,to] with mesh nodes in parentheses. */
const chan = (t: Topology, c: number): string => {
  const u = Math.floor(c / t.ports);
  const v = t.neighbor(u, c % t.ports);
  return t.kind === 'mesh' ? `[(${t.format(u)}),(${t.format(v)})]` : `[${t.format(u)},${t.format(v)}]`;
};
const sortJoin = (xs: string[]): string => [...new Set(xs)].sort().join(', ');

/** Run a scenario on the reference engine: its status, and per multicast the channels held and waited for. */
function runScenario(name: string) {
  const s = getScenario(name);
  const e = new ReferenceEngine({ routing: s.routing, worms: s.worms, options: s.options });
  const status = e.runUntil(20_000);
  const t = s.routing.topology;
  const chans = (group: number, granted: boolean): string[] =>
    e.liveWorms
      .filter((w) => w.group === group)
      .flatMap((w) => w.slots.filter((x) => x.kind === 'network' && x.granted === granted && !x.dead))
      .map((x) => chan(t, x.chan));
  const groups = [...new Set(e.liveWorms.map((w) => w.group))];
  const arrows: DrawSpec['arrows'] = e.liveWorms.flatMap((w) =>
    w.slots
      .filter((x) => x.kind === 'network' && !x.dead)
      .map((x) => {
        const u = Math.floor(x.chan / t.ports);
        return { from: u, to: t.neighbor(u, x.chan % t.ports), group: groups.indexOf(w.group), dashed: !x.granted };
      }),
  );
  const drawing: DrawSpec = {
    topology: t,
    arrows,
    groups: groups.map((g) => `M${g}: held (solid), waited for (dashed)`),
    sources: [...new Set(s.worms.map((w) => w.src))],
  };
  return {
    status,
    drawing,
    cycle: e.cycle,
    held: (g: number) => chans(g, true),
    waits: (g: number) => sortJoin(chans(g, false)),
  };
}

const build = (alg: string, r: RoutingFunction) => (s: number, d: Int32Array) => createPlan(alg, r, s, d);
/** The tree checker's verdict under the lock-step model of section 6.1 (all branches advance together). */
const lockStep = (alg: string, r: RoutingFunction) => checkTreeDeadlock(alg, r, build(alg, r), 'lock-step');

/** Held channels: every printed one is held (the engine replicates branches as granted and may hold more). */
function heldItem(key: string, printed: string[], held: string[]) {
  return { key, seed: sortJoin(printed), wormcast: sortJoin(held), agree: printed.every((c) => held.includes(c)) };
}

const ENGINE_NOTE =
  "The engine replicates a tree worm onto each child channel as it is granted (docs/model-flit.md), where the seed's trees advance in lock-step; so at the deadlock a worm may hold more channels than the seed lists (the held items check that the printed ones are among them). Scenario flits: 32, every worm spans its tree.";

const fig61 = example({
  id: '004-fig6.1',
  caption: 'Deadlock in a 3-cube multicomputer.',
  seedShows:
    'E-cube broadcast trees from 000 (M0) and 001 (M1) in a 3-cube, sent at the same time, block each other forever: M0 waits at 001 on [001,011] and [001,101], which M1 holds; M1 waits at 000 on channels M0 holds (printed: [000,001] and [000,010]).',
  setup: `scenario lin-fig-6.1 (wormcast simulate --scenario lin-fig-6.1) on the reference engine: ecube-tree broadcasts from 000 and 001, lowest bit first, created at cycle 0; the tree checker on ecube-tree over every broadcast of the 3-cube; ${SEC61}`,
  items: () => {
    const r = runScenario('lin-fig-6.1');
    const dual = runScenario('lin-fig-6.1-dual-path');
    const t = parseTopology('hypercube:3');
    const check = lockStep('ecube-tree', createRouting('ecube', t, { lowFirst: true }));
    return [
      { key: 'outcome', seed: 'deadlock', wormcast: `${r.status} (cycle ${r.cycle})`, agree: r.status === 'deadlock' },
      { key: 'M0 waits on', seed: '[001,011], [001,101]', wormcast: r.waits(0) },
      { key: 'M1 waits on', seed: '[000,001], [000,010]', wormcast: r.waits(1) },
      {
        key: 'channel dependency cycle (lock-step trees)',
        seed: 'yes',
        wormcast: check.verdict === 'cyclic' ? `yes (${check.cycle.length} channels)` : 'no',
        agree: check.verdict === 'cyclic',
      },
      {
        key: 'the same broadcasts as dual-path worms',
        seed: 'deadlock-free (Corollary 6.1)',
        wormcast: dual.status,
        agree: dual.status === 'finished',
      },
    ];
  },
  draw: () => runScenario('lin-fig-6.1').drawing,
  checks: [
    {
      key: 'outcome',
      claim: 'the two broadcast trees deadlock on the engine',
      cite: '"The two broadcasts will block forever."',
    },
    {
      key: 'M0 waits on',
      claim: 'M0 waits at 001 on [001,011] and [001,101]',
      cite: '"The header flit has been duplicated at node 001 and is waiting on channels [001,011] and [001,101]."',
    },
    {
      key: 'M1 waits on',
      claim: 'M1 waits on the printed channels [000,001] and [000,010]',
      cite: '"The M1 broadcast has already acquired channels [001, 011], [001, 101] and [001, 000], but is waiting on channels [000, 001] and [000, 010]."',
      expect: 'fails',
    },
    {
      key: 'channel dependency cycle (lock-step trees)',
      claim: 'E-cube trees on the 3-cube have a cycle of channel dependencies',
      cite: '"Moreover, deadlock can occur using such a routing scheme. Figure 6.1 shows a deadlock configuration on a 3-cube."',
    },
    {
      key: 'the same broadcasts as dual-path worms',
      claim: 'the same broadcasts as dual-path worms (section 6.3) finish',
      cite: '"Corollary 6.1 The dual-path multicast routing algorithm for hypercube is deadlock-free."',
    },
  ],
  deviations: [
    'M1 waits on [000,010] and [000,100], not the printed "[000,001] and [000,010]": [000,001] leads back to M1\'s own source, and its E-cube tree (lowest bit first) goes on from 000 to 010 and 100 (docs/errata.md, "Seed 004: tree-based multicast", item 1).',
    ENGINE_NOTE,
  ],
});

const fig62 = example({
  id: '004-fig6.2',
  caption: 'The detailed diagram of deadlock configuration.',
  seedShows:
    'The channels of the Fig. 6.1 deadlock: M0 has acquired [000,001], [000,010] and [000,100] and waits at 001; M1 has acquired [001,011], [001,101] and [001,000].',
  setup: `scenario lin-fig-6.1 on the reference engine, the network channels each broadcast holds (granted) and waits for at the deadlock; ${SEC61}`,
  items: () => {
    const r = runScenario('lin-fig-6.1');
    return [
      heldItem('M0 has acquired', ['[000,001]', '[000,010]', '[000,100]'], r.held(0)),
      heldItem('M1 has acquired', ['[001,011]', '[001,101]', '[001,000]'], r.held(1)),
      { key: 'M0 waits on', seed: '[001,011], [001,101]', wormcast: r.waits(0) },
    ];
  },
  draw: () => runScenario('lin-fig-6.1').drawing,
  checks: [
    {
      key: ['M0 has acquired', 'M1 has acquired'],
      claim: 'at the deadlock each broadcast holds the channels the seed draws',
      cite: '"The broadcast originating at node 000, M0, has acquired channels [000,001], [000,010], and [000,100]. ... The M1 broadcast has already acquired channels [001, 011], [001, 101] and [001, 000]"',
    },
    {
      key: 'M0 waits on',
      claim: 'M0 waits on the two channels M1 holds',
      cite: '"The header flit has been duplicated at node 001 and is waiting on channels [001,011] and [001,101]."',
    },
  ],
  deviations: [ENGINE_NOTE],
});

// Figs. 6.3, 6.6, 6.7: the 6 x 6 mesh, source (3,2), the nine destinations of section 6.2.1
const mesh6 = parseTopology('mesh:6x6');
const SRC = mesh6.parse('3,2');
const D9 = ['0,0', '0,2', '0,5', '1,3', '4,5', '5,0', '5,1', '5,3', '5,4'].map((a) => mesh6.parse(a));
const linkText = (t: Topology, ls: Array<[number, number]>): string =>
  ls.map(([a, b]) => `${t.format(a)}>${t.format(b)}`).join(' ');

const fig63 = example({
  id: '004-fig6.3',
  caption: 'An X-first multicast routing pattern.',
  seedShows:
    'The X-first multicast tree in the 6 x 6 mesh from (3,2) to the nine destinations of section 6.2.1; if the header is blocked on [(4,2),(4,3)], the whole tree stops, since node (4,2) cannot buffer the message.',
  setup: `mesh:6x6, x-first from (3,2) to (0,0), (0,2), (0,5), (1,3), (4,5), (5,0), (5,1), (5,3), (5,4) ("Consider the 6 X 6 mesh in Figure 6.3", ${SEC621}); ${SEC61}`,
  items: () => {
    const plan = createPlan('x-first', mesh6, SRC, D9);
    const links = treeLinks(plan, 0);
    return [
      {
        key: 'the tree uses [(4,2),(4,3)]',
        seed: 'yes',
        wormcast: links.some(([a, b]) => a === mesh6.parse('4,2') && b === mesh6.parse('4,3')) ? 'yes' : 'no',
      },
      {
        key: 'every destination at its distance (X first, then Y)',
        seed: 'yes',
        wormcast: allShortest(plan) ? 'yes' : 'no',
      },
      { key: 'one worm (a tree)', seed: 'yes', wormcast: plan.count === 1 && plan.kinds[0] === 2 ? 'yes' : 'no' },
      { key: 'links', seed: NOT_PRINTED, wormcast: traffic(plan).channels },
      { key: 'tree links', seed: NOT_PRINTED, wormcast: linkText(mesh6, links) },
    ];
  },
  draw: () => planDrawing(createPlan('x-first', mesh6, SRC, D9)),
  checks: [
    {
      key: ['the tree uses [(4,2),(4,3)]', 'one worm (a tree)'],
      claim: 'the X-first tree is one worm that crosses [(4,2),(4,3)]',
      cite: '"For example, suppose the header flit in Figure 6.3 is blocked due to a busy channel [(4,2), (4,3)]."',
    },
    {
      key: 'every destination at its distance (X first, then Y)',
      claim: 'every destination is reached X first, then Y, along a shortest path',
      cite: '"One such unicast routing algorithm requires that messages be sent first in the X-direction and then in the Y-direction. ... An extension of the X- first routing method to include multicast is shown in Figure 6.3"',
    },
  ],
  deviations: [
    "Blocking: the seed's tree stops as a whole when one branch is blocked (lock-step); wormcast's flit engine lets the other branches go on (docs/model-flit.md), so \"the progress of messages in the entire routing tree must be stopped\" is the seed's model, not checked here; the deadlocks it leads to are (004-fig6.1, 004-fig6.4).",
  ],
});

const fig64 = example({
  id: '004-fig6.4',
  caption: 'A deadlock situation in a 3 x 4 mesh.',
  seedShows:
    'X-first multicasts M0 from (1,1) to (0,2), (3,1) and M1 from (2,1) to (0,1), (3,0) in a 3 x 4 mesh: M0 has acquired [(1,1),(0,1)] and [(1,1),(2,1)] and requires [(2,1),(3,1)]; M1 has acquired [(2,1),(1,1)] and [(2,1),(3,1)] and requires [(1,1),(0,1)]. Deadlock.',
  setup: `scenario lin-fig-6.4 on the reference engine (mesh:4x3, x 0..3, y 0..2; x-first trees created at cycle 0); the tree checker on x-first over every broadcast of the mesh; the same traffic with double-channel X-first (lin-fig-6.4-double-channel) and dual-path (lin-fig-6.4-dual-path); ${SEC61}`,
  items: () => {
    const r = runScenario('lin-fig-6.4');
    const t = parseTopology('mesh:4x3');
    const dor = createRouting('dor', t);
    const g = treeDependencyGraph(dor, build('x-first', dor), 'lock-step');
    // channel ids: node * ports + port (one VC class)
    const vc = (a: string, b: string): number => {
      const u = t.parse(a);
      for (let p = 0; p < t.ports; p++) if (t.neighbor(u, p) === t.parse(b)) return u * t.ports + p;
      return -1;
    };
    const [c0, c1] = [vc('1,1', '0,1'), vc('2,1', '3,1')];
    const held = [...r.held(0), ...r.held(1)];
    const blocked = ['[(1,1),(0,1)]', '[(2,1),(3,1)]'].filter((c) => held.includes(c));
    const double = runScenario('lin-fig-6.4-double-channel').status;
    const dual = runScenario('lin-fig-6.4-dual-path').status;
    return [
      { key: 'outcome', seed: 'deadlock', wormcast: `${r.status} (cycle ${r.cycle})`, agree: r.status === 'deadlock' },
      heldItem('M0 has acquired', ['[(1,1),(0,1)]', '[(1,1),(2,1)]'], r.held(0)),
      heldItem('M1 has acquired', ['[(2,1),(1,1)]', '[(2,1),(3,1)]'], r.held(1)),
      { key: 'M0 requires', seed: '[(2,1),(3,1)]', wormcast: r.waits(0) },
      { key: 'M1 requires', seed: '[(1,1),(0,1)]', wormcast: r.waits(1) },
      { key: 'channels that cannot be released', seed: '[(1,1),(0,1)], [(1,1),(0,1)]', wormcast: blocked.join(', ') },
      {
        key: 'dependencies [(1,1),(0,1)] -> [(2,1),(3,1)] -> [(1,1),(0,1)] of X-first trees (lock-step)',
        seed: 'yes',
        wormcast: g.has(c0, c1) && g.has(c1, c0) ? 'yes' : 'no',
      },
      {
        key: 'X-first trees on the 3 x 4 mesh (lock-step checker)',
        seed: 'deadlock possible',
        wormcast: lockStep('x-first', dor).verdict,
        agree: lockStep('x-first', dor).verdict === 'cyclic',
      },
      {
        key: 'with double-channel X-first (section 6.2.1)',
        seed: 'no deadlock',
        wormcast: double,
        agree: double === 'finished',
      },
      {
        key: 'as dual-path worms (section 6.2.2)',
        seed: 'no deadlock',
        wormcast: dual,
        agree: dual === 'finished',
      },
    ];
  },
  draw: () => runScenario('lin-fig-6.4').drawing,
  checks: [
    { key: 'outcome', claim: 'the two X-first trees deadlock on the engine', cite: '"Deadlock has occurred."' },
    {
      key: ['M0 has acquired', 'M1 has acquired', 'M0 requires', 'M1 requires'],
      claim: 'each multicast holds and requires the printed channels',
      cite: '"M0: source: (1,1) ... acquired: [(1,1),(0,1)], [(1,1),(2,1)]; requiring: [(2,1),(3,1)]; M1: source: (2,1) ... acquired: [(2,1),(1,1)], [(2,1),(3,1)]; requiring: [(1,1), (0,1)]"',
    },
    {
      key: [
        'dependencies [(1,1),(0,1)] -> [(2,1),(3,1)] -> [(1,1),(0,1)] of X-first trees (lock-step)',
        'X-first trees on the 3 x 4 mesh (lock-step checker)',
      ],
      claim:
        "the checker's dependency graph of X-first trees is cyclic and holds the pair [(1,1),(0,1)], [(2,1),(3,1)] both ways",
      cite: '"In Figure 6.4a, M0 has acquired channel [(1,1),(0,1)] and requires channel [(2,1),(3,1)], while M1 has acquired channel [(2,1),(3,1)] and requires channel [(1,1),(0,1)]."',
    },
    {
      key: 'channels that cannot be released',
      claim: 'the channels that cannot be released are the printed "[(1,1),(0,1)] and [(1,1),(0,1)]"',
      cite: '"Because neither node (1,1) nor node (2, 1) buffers the blocked message, channels [(1,1),(0,1)] and [(1,1),(0,1)] cannot be released."',
      expect: 'fails',
    },
    {
      key: ['with double-channel X-first (section 6.2.1)', 'as dual-path worms (section 6.2.2)'],
      claim: 'the same two multicasts finish with double-channel X-first trees and with dual-path worms',
      cite: '"The basic idea is to divide a multicast into several sub-multicasts, each routed in a different acyclic subnetwork. Because the subnetworks are disjoint and acyclic, no cyclic resource dependency can exist."',
    },
  ],
  deviations: [
    'The channels that "cannot be released" are [(1,1),(0,1)] and [(2,1),(3,1)] (the channel M1 holds and M0 needs), not [(1,1),(0,1)] twice as printed, as the M0/M1 lists above it say (docs/errata.md, "Seed 004: tree-based multicast", item 2).',
    ENGINE_NOTE,
  ],
});

const mesh43 = parseTopology('mesh:4x3');
/** The channels of subnetwork k of the doubled 3 x 4 mesh: directed links in its two directions, each with its VC class. */
function subnetworkChannels(t: Topology, k: number): string[] {
  const s = SUBNETWORKS[k]!;
  const out: string[] = [];
  for (let u = 0; u < t.nodes; u++)
    for (const p of [s.xPort, s.yPort]) if (t.neighbor(u, p) >= 0) out.push(`${u}:${p}:${s.vc}`);
  return out;
}
/** Whether the links of ports `ports` form an acyclic graph on the mesh's nodes. */
function acyclic(t: Topology, ports: readonly number[]): boolean {
  const state = new Uint8Array(t.nodes);
  const visit = (u: number): boolean => {
    if (state[u] === 1) return false;
    if (state[u] === 2) return true;
    state[u] = 1;
    for (const p of ports) {
      const v = t.neighbor(u, p);
      if (v >= 0 && !visit(v)) return false;
    }
    state[u] = 2;
    return true;
  };
  for (let u = 0; u < t.nodes; u++) if (!visit(u)) return false;
  return true;
}
const SEED_SUBNETS = ['+x, +y', '-x, +y', '-x, -y', '+x, -y'];

const fig65 = example({
  id: '004-fig6.5',
  caption: 'Network partitioning for 3 x 4 mesh.',
  seedShows:
    'Each channel of the 3 x 4 mesh doubled, and the doubled network split into four subnetworks N+X+Y, N-X+Y, N-X-Y and N+X-Y: N+X+Y holds the channels [(i,j),(i+1,j)] and [(i,j),(i,j+1)], and so on; the subnetworks are channel-disjoint and acyclic.',
  setup: `mesh:4x3 (x 0..3, y 0..2), routing xy-double: each directed channel has two VC classes (xy, yx) and each subnetwork takes one class of its two directions (src/routing/xy-double.ts SUBNETWORKS); ${SEC621}`,
  items: () => {
    const t = mesh43;
    const sets = SUBNETWORKS.map((_, k) => subnetworkChannels(t, k));
    const all = sets.flat();
    let directed = 0;
    for (let u = 0; u < t.nodes; u++) for (let p = 0; p < t.ports; p++) if (t.neighbor(u, p) >= 0) directed++;
    return [
      ...SUBNETWORKS.map((s, k) => ({
        key: `N${s.name} directions`,
        seed: SEED_SUBNETS[k]!,
        wormcast: `${t.portName(s.xPort)}, ${t.portName(s.yPort)} (class ${['xy', 'yx'][s.vc]})`,
        agree: `${t.portName(s.xPort)}, ${t.portName(s.yPort)}` === SEED_SUBNETS[k],
      })),
      {
        key: 'channels per subnetwork',
        seed: NOT_PRINTED,
        wormcast: sets.map((s) => s.length).join(', '),
      },
      {
        key: 'subnetworks channel-disjoint, covering both copies of every channel',
        seed: 'yes',
        wormcast: `${new Set(all).size} distinct of ${all.length}; ${directed} directed channels x 2`,
        agree: new Set(all).size === all.length && all.length === 2 * directed,
      },
      {
        key: 'each subnetwork acyclic',
        seed: 'yes',
        wormcast: SUBNETWORKS.every((s) => acyclic(t, [s.xPort, s.yPort])) ? 'yes' : 'no',
      },
    ];
  },
  draw: () => ({
    topology: mesh43,
    arrows: SUBNETWORKS.flatMap((_, k) =>
      subnetworkChannels(mesh43, k).map((c) => {
        const [u, p] = c.split(':').map(Number) as [number, number];
        return { from: u, to: mesh43.neighbor(u, p), group: k };
      }),
    ),
    groups: SUBNETWORKS.map((sub) => `N${sub.name} (class ${['xy', 'yx'][sub.vc]})`),
  }),
  checks: [
    {
      key: /directions$/,
      claim: 'each subnetwork holds the channels of its two directions',
      cite: '"Subnetwork N+X,+Y contains the unidirectional channels with addresses [(i,j),(i + 1,j)] and [(i,j),(i,j + 1)], subnetwork N+X,-Y contains channels with addresses [(i,j),(i + 1,j)] and [(i,j),(i,j - 1)], and so on."',
    },
    {
      key: ['subnetworks channel-disjoint, covering both copies of every channel', 'each subnetwork acyclic'],
      claim: 'the four subnetworks are channel-disjoint and acyclic',
      cite: '"Because the subnetworks are disjoint and acyclic, no cyclic resource dependency can exist."',
    },
  ],
});

const xyd6 = () => createRouting('xy-double', mesh6);
const SEED_SPLIT: Record<string, string[]> = {
  '+X+Y': ['4,5', '5,3', '5,4'],
  '-X+Y': ['0,5', '1,3'],
  '-X-Y': ['0,0', '0,2'],
  '+X-Y': ['5,0', '5,1'],
};

/** Per message of a double-channel X-first plan: its links stay in its subnetwork, X before Y. */
function inSubnetwork(plan: ReturnType<typeof createPlan>): boolean {
  const t = plan.topology;
  const V = plan.routing.vcClasses.length;
  const tr = plan.trees!;
  return plan.messages.every((m) => {
    const s = SUBNETWORKS.find((x) => x.name === m.network)!;
    for (let e = tr.offsets[m.id]!; e < tr.offsets[m.id + 1]!; e++) {
      const ch = tr.channels[e]!;
      const port = Math.floor(ch / V) % t.ports;
      if (ch % V !== s.vc || (port !== s.xPort && port !== s.yPort)) return false;
      const p = tr.parents[e]!;
      if (port === s.xPort && p >= 0 && Math.floor(tr.channels[tr.offsets[m.id]! + p]! / V) % t.ports !== s.xPort)
        return false;
    }
    return true;
  });
}

const fig66 = example({
  id: '004-fig6.6',
  caption: 'Double-channel X-first routing algorithm.',
  seedShows:
    'The algorithm for subnetwork N+X+Y (and by symmetry the others) and its example: from (3,2) in the 6 x 6 mesh, D = {(0,0), (0,2), (0,5), (1,3), (4,5), (5,0), (5,1), (5,3), (5,4)} is divided into D+X+Y = {(4,5), (5,3), (5,4)}, D-X+Y = {(0,5), (1,3)}, D-X-Y = {(0,0), (0,2)} and D+X-Y = {(5,0), (5,1)}, each sent through its subnetwork X first, then Y.',
  setup: `mesh:6x6, double-channel-x-first from (3,2) on xy-double; ${SEC621}`,
  items: () => {
    const plan = createPlan('double-channel-x-first', xyd6(), SRC, D9);
    return [
      ...Object.entries(SEED_SPLIT).map(([net, seed]) => {
        const msg = plan.messages.find((x) => x.network === net);
        return { key: `D${net}`, seed: seedSet(mesh6, seed), wormcast: asSet(mesh6, msg?.dests ?? []) };
      }),
      {
        key: 'each tree in its subnetwork, X first then Y',
        seed: 'yes',
        wormcast: inSubnetwork(plan) ? 'yes' : 'no',
      },
    ];
  },
  draw: () => planDrawing(createPlan('double-channel-x-first', xyd6(), SRC, D9)),
  checks: [
    {
      key: /^D[+-]X[+-]Y$/,
      claim: 'the source divides D into the four printed subsets',
      cite: '"At the source node, (3,2), the destination set D = {(0,0),(0,2),(0,5),(1,3),(4,5),(5,0),(5,1),(5,3),(5,4)}, is divided into D+X,+Y = {(4,5), (5,3), (5,4)}, D-X,+Y = {(0,5), (1,3)}, D-X,-Y = {(0,0), (0,2)}, and D+X,-Y = {(5,0), (5,1)}."',
    },
    {
      key: 'each tree in its subnetwork, X first then Y',
      claim: "each subset's tree uses only its subnetwork's channels, X hops before Y hops",
      cite: '"The submulticast to D+X,+Y will be implemented in subnetwork N+X,+Y using X-first Y-next routing, D-X,+Y in subnetwork N-X,+Y, and so on."',
    },
  ],
});

const fig67 = example({
  id: '004-fig6.7',
  caption: 'The routing pattern of the tree algorithm.',
  seedShows:
    'The four X-first trees of the example of Fig. 6.6, one per subnetwork, drawn in the 6 x 6 mesh. No count is printed.',
  setup: `mesh:6x6, double-channel-x-first from (3,2) on xy-double; ${SEC621}`,
  items: () => {
    const plan = createPlan('double-channel-x-first', xyd6(), SRC, D9);
    return [
      { key: 'trees (one per non-empty subnetwork)', seed: 4, wormcast: plan.count },
      { key: 'every destination at its distance', seed: 'yes', wormcast: allShortest(plan) ? 'yes' : 'no' },
      { key: 'links', seed: NOT_PRINTED, wormcast: traffic(plan).channels },
      { key: 'maximum distance', seed: NOT_PRINTED, wormcast: traffic(plan).maxHops },
      ...plan.messages.map((m) => ({
        key: `tree in N${m.network}`,
        seed: NOT_PRINTED,
        wormcast: linkText(mesh6, treeLinks(plan, m.id)),
      })),
    ];
  },
  draw: () => planDrawing(createPlan('double-channel-x-first', xyd6(), SRC, D9)),
  checks: [
    {
      key: ['trees (one per non-empty subnetwork)', 'every destination at its distance'],
      claim: 'the multicast is four X-first trees, each destination reached along a shortest path',
      cite: '"The message will be sent to the destination nodes in D+X,+Y through subnetwork N+X,+Y, to the nodes in D-X,+Y using subnetwork N-X,+Y, ... The routing pattern is shown in Figure 6.7."',
    },
  ],
});

// Fig. 6.8 (a), read from the OCR text: labels by distance from (0,0), ties by x
const LABELS68: Record<string, number> = {
  '0,0': 0,
  '0,1': 1,
  '1,0': 2,
  '0,2': 3,
  '1,1': 4,
  '2,0': 5,
  '1,2': 6,
  '2,1': 7,
  '3,0': 8,
  '2,2': 9,
  '3,1': 10,
  '3,2': 11,
};

const fig68 = example({
  id: '004-fig6.8',
  caption: 'The label assignment for N+X+Y for channel ordering.',
  seedShows:
    'Proof of Assertion 1 on the 3 x 4 mesh: node (0,0) has label 0 and every node at distance i from (0,0) a higher label than all nodes at distance i - 1 (Fig. 6.8(a): rows y = 2, 1, 0 read 3 6 9 11, 1 4 7 10, 0 2 5 8); a channel is labelled like the node it enters, and X-first Y-next routing always leaves a node on a higher label than it entered, so no dependency cycle: "the double-channel X-first routing algorithm is deadlock-free".',
  setup: `mesh:4x3; labels computed by the rule (distance from (0,0), ties by x); every double-channel-x-first tree into the N+X+Y quadrant from every source (a broadcast of the quadrant); the tree checker on double-channel-x-first over every broadcast; scenario lin-6.2.1-branch (mesh:4x4) on the reference engine; ${SEC621}`,
  items: () => {
    const t = mesh43;
    const dist0 = (v: number) => t.distance(0, v);
    const xOf = (v: number) => Number(t.format(v).split(',')[0]);
    const order = Array.from({ length: t.nodes }, (_, v) => v).sort((a, b) => dist0(a) - dist0(b) || xOf(a) - xOf(b));
    const label = new Int32Array(t.nodes);
    order.forEach((v, l) => {
      label[v] = l;
    });
    const r = createRouting('xy-double', t);
    let pairs = 0;
    let rising = 0;
    for (let s = 0; s < t.nodes; s++) {
      const [x0, y0] = t.format(s).split(',').map(Number) as [number, number];
      const q = Array.from({ length: t.nodes }, (_, v) => v).filter((v) => {
        const [x, y] = t.format(v).split(',').map(Number) as [number, number];
        return x > x0 && y >= y0;
      });
      if (q.length === 0) continue;
      const plan = createPlan('double-channel-x-first', r, s, q);
      const links = treeLinks(plan, 0);
      for (const [, b] of links)
        for (const [c, d] of links)
          if (c === b) {
            pairs++;
            if (label[d]! > label[b]!) rising++;
          }
    }
    const ls = lockStep('double-channel-x-first', r);
    const br = checkTreeDeadlock('double-channel-x-first', r, build('double-channel-x-first', r), 'branch');
    const eng = runScenario('lin-6.2.1-branch');
    return [
      ...Object.entries(LABELS68).map(([a, l]) => ({ key: `label of (${a})`, seed: l, wormcast: label[t.parse(a)]! })),
      {
        key: 'leaves a node on a higher label than it entered (N+X+Y)',
        seed: 'always',
        wormcast: `${rising} of ${pairs} channel pairs`,
        agree: pairs > 0 && rising === pairs,
      },
      {
        key: 'Assertion 1 under lock-step trees',
        seed: 'deadlock-free',
        wormcast: ls.verdict,
        agree: ls.verdict === 'acyclic',
      },
      {
        key: 'Assertion 1 as the engine moves tree worms (branches replicated as granted)',
        seed: 'deadlock-free',
        wormcast: `checker: ${br.verdict}; engine, scenario lin-6.2.1-branch: ${eng.status}`,
        agree: br.verdict === 'acyclic' && eng.status !== 'deadlock',
      },
    ];
  },
  draw: () => {
    const all = Array.from({ length: mesh43.nodes }, (_, v) => v).filter((v) => v % 4 > 0);
    return planDrawing(
      createPlan('double-channel-x-first', createRouting('xy-double', mesh43), 0, all),
      Array.from({ length: mesh43.nodes }, (_, v) => LABELS68[mesh43.format(v)]!),
    );
  },
  checks: [
    {
      key: /^label of/,
      claim: 'the labelling rule gives the labels of Fig. 6.8(a)',
      cite: '"First, we label the nodes such that node (0,0) has label 0, and and all nodes at distance i from node (0,0) have higher labels than all nodes at distance i-1 from (0,0). Figure 6.8(a) shows such a label assignment in the above example."',
    },
    {
      key: 'leaves a node on a higher label than it entered (N+X+Y)',
      claim: 'every N+X+Y tree leaves each node on a channel with a higher label than the one it entered by',
      cite: '"Using X-first Y-next routing, a message entering a node on a channel labed with i always leaves on a channel labeled with a number greater than i."',
    },
    {
      key: 'Assertion 1 under lock-step trees',
      claim: 'double-channel X-first has no dependency cycle when tree branches advance in lock-step',
      cite: '"Assertion 1 The double-channel X-first routing algorithm is deadlock-free."',
    },
    {
      key: 'Assertion 1 as the engine moves tree worms (branches replicated as granted)',
      claim:
        'double-channel X-first is deadlock-free when each router replicates onto its children as they are granted',
      cite: '"Assertion 1 The double-channel X-first routing algorithm is deadlock-free."',
      expect: 'fails',
    },
  ],
  deviations: [
    "The figure's labels are read from the OCR text (the drawing is garbled; the rule, distance from (0,0) with ties by x, reproduces every number that can be read).",
    'Assertion 1 holds when all branches of a tree worm advance in lock-step (section 6.1); when each router replicates onto its children as they are granted (wormcast\'s flit engine), three worms in one subnetwork deadlock: scenario lin-6.2.1-branch on a 4 x 4 mesh, and the checker\'s branch model reports the cycle (docs/errata.md, "Seed 004: tree-based multicast", item 3; docs/algorithms-tree.md "Errata" 3).',
  ],
});

export const SEED004_EXAMPLES_DEADLOCK: Reproduction[] = [fig61, fig62, fig63, fig64, fig65, fig66, fig67, fig68];
