import type { Labelling } from '../../labelling/types.ts';
import { rotatedFrom, sortedCycle } from '../../multicast/path-based/sorted-cycle.ts';
import { createPlan } from '../../multicast/registry.ts';
import { createRouting } from '../../routing/registry.ts';
import { parseTopology } from '../../topology/registry.ts';
import type { Topology } from '../../topology/types.ts';
import {
  allShortest,
  asSet,
  contractedTree,
  example,
  labellingDrawing,
  list,
  NOT_PRINTED,
  planDrawing,
  routeNodes,
  seedSet,
  splitBelow,
  traffic,
  treeLinks,
} from './seed004-examples-common.ts';
import type { Reproduction } from './types.ts';

/*
 * Seed 004 section 5.4, "Illustrative Examples": Tables 5.1-5.4 (the Hamilton cycles and sorting
 * keys of sorted MP), Figs. 5.7-5.8 (sorted MP), 5.9-5.10 (greedy ST), 5.11 (X-first) and 5.12
 * (divided greedy). test/multicast-path-seed004.test.ts and test/multicast-tree-seed.test.ts pin
 * the same examples at the level of the algorithms' internals.
 */

const mesh4 = parseTopology('mesh:4x4');
const cube4 = parseTopology('hypercube:4');
/** The cycle sorted MP runs on (src/multicast/path-based/sorted-cycle.ts). */
const cycleOf = (t: Topology): Labelling => sortedCycle(createRouting('label', t), 'sorted-mp');
/** Seed 004 Fig. 5.1: f(x) = h(x) if h(x) >= h(u0), else h(x) + N; wormcast's key is the cycle rotated to u0. */
const hLabels = (t: Topology) => Array.from(cycleOf(t).labelOf, (l) => l + 1);
const fLabels = (t: Topology, u0: number) => {
  const c = cycleOf(t);
  return Array.from({ length: t.nodes }, (_, x) => fOf(c, u0, x));
};
const fOf = (cycle: Labelling, u0: number, x: number): number =>
  rotatedFrom(cycle, u0).labelOf[x]! + cycle.labelOf[u0]! + 1;

// Table 5.1: h(x) for x = 0..15 (the 4 x 4 mesh's nodes numbered as in Fig. 5.7: x + 4y)
const H51 = [1, 2, 3, 4, 16, 7, 6, 5, 15, 8, 9, 10, 14, 13, 12, 11];
// Table 5.2: f(x) for u0 = 9
const F52 = [17, 18, 19, 20, 16, 23, 22, 21, 15, 8, 9, 10, 14, 13, 12, 11];
// Table 5.3: the 4-cube's Hamilton cycle, h = 1..16
const C53 = [
  '0000',
  '0001',
  '0011',
  '0010',
  '0110',
  '0111',
  '0101',
  '0100',
  '1100',
  '1101',
  '1111',
  '1110',
  '1010',
  '1011',
  '1001',
  '1000',
];
// Table 5.4: f(x) for the source 0011, by address
const F54: Record<string, number> = {
  '0000': 17,
  '0001': 18,
  '0010': 4,
  '0011': 3,
  '0100': 8,
  '0101': 7,
  '0110': 5,
  '0111': 6,
  '1000': 16,
  '1001': 15,
  '1010': 13,
  '1011': 14,
  '1100': 9,
  '1101': 10,
  '1110': 12,
  '1111': 11,
};
const SECTION = 'seed 004 section 5.4, "Illustrative Examples"';
const CAPTION_SLIP =
  'Table 5.4\'s caption and Fig. 5.8\'s caption say the source is "node 9", copied from Table 5.2 and Fig. 5.7; the text\'s source is 0011 ("Given u0 = 0011 as the source"), and the printed keys are those of 0011 (with u0 = 1001 they would differ at 12 of the 16 nodes). docs/errata.md, "Seed 004: worked examples of chapters 5 and 6", item 1.';

const table51 = example({
  id: '004-table5.1',
  caption: 'A Hamilton cycle and the corresponding mapping h of a 4 x 4 mesh.',
  kind: 'table',
  seedShows:
    'The Hamilton cycle C = (0, 1, 2, 3, 7, 6, 5, 9, 10, 11, 15, 14, 13, 12, 8, 4, 0) of the 4 x 4 mesh (nodes numbered 0..15 as in Fig. 5.7) and h(x), the position of x on C counted from 1: h(0..15) = 1 2 3 4 16 7 6 5 15 8 9 10 14 13 12 11.',
  setup: `mesh:4x4 (node x + 4y), the Hamiltonian cycle sorted MP uses on a 2D mesh (src/multicast/path-based/mesh-cycle.ts, the "comb"); h(x) = its label + 1; ${SECTION}`,
  items: () => {
    const c = cycleOf(mesh4);
    return [
      {
        key: 'cycle C',
        seed: '0, 1, 2, 3, 7, 6, 5, 9, 10, 11, 15, 14, 13, 12, 8, 4, 0',
        wormcast: [...c.nodeAt, c.nodeAt[0]!].join(', '),
      },
      ...H51.map((h, x) => ({ key: `h(${x})`, seed: h, wormcast: c.labelOf[x]! + 1 })),
    ];
  },
  draw: () => {
    const c = cycleOf(mesh4);
    return {
      ...labellingDrawing(mesh4, [...c.nodeAt, c.nodeAt[0]!], hLabels(mesh4), 'Hamilton cycle C (labels: h)'),
      names: String,
    };
  },
  checks: [
    {
      key: 'cycle C',
      claim: "wormcast's Hamiltonian cycle of the 4 x 4 mesh is the printed C",
      cite: '"Obviously, C = (0,1, 2, 3, 7, 6, 5, 9,10,11,15,14,13,12, 8,4, 0) is a Hamilton cycle in G."',
    },
    {
      key: /^h\(/,
      claim: 'h(x) equals the printed value for all 16 nodes',
      cite: '"For each node x (0 <= x <= 15), Table 5.1 shows the corresponding h(x)."',
    },
  ],
});

const table52 = example({
  id: '004-table5.2',
  caption: 'The sorting key f(x) and mapping h(x) for each node x in a 4 x 4 mesh, where u0 = 9.',
  kind: 'table',
  seedShows:
    'For the source u0 = 9 (h(9) = 8), the sorting key of sorted MP (Fig. 5.1): f(x) = h(x) when h(x) >= h(u0), h(x) + 16 otherwise; f(0..15) = 17 18 19 20 16 23 22 21 15 8 9 10 14 13 12 11.',
  setup: `mesh:4x4, source 9; wormcast's key is the cycle renumbered from the source (src/multicast/path-based/sorted-cycle.ts rotatedFrom), f = that label + h(u0); ${SECTION}`,
  items: () => {
    const c = cycleOf(mesh4);
    return F52.map((f, x) => ({ key: `f(${x})`, seed: f, wormcast: fOf(c, 9, x) }));
  },
  draw: () => ({ topology: mesh4, arrows: [], groups: [], sources: [9], labels: fLabels(mesh4, 9), names: String }),
  checks: [
    {
      key: /^f\(/,
      claim: 'the sorting key f(x) equals the printed value for all 16 nodes',
      cite: '"Given u0 = 9 as the source, the sorting key f(x) for each node x is shown in Table 5.2."',
    },
  ],
});

const table53 = example({
  id: '004-table5.3',
  caption: 'A Hamilton cycle and the corresponding mapping h of a 4-cube.',
  kind: 'table',
  seedShows:
    'The Hamilton cycle of the 4-cube in h order 1..16: 0000 0001 0011 0010 0110 0111 0101 0100 1100 1101 1111 1110 1010 1011 1001 1000 (the reflected Gray code).',
  setup: `hypercube:4, the cycle sorted MP uses on a hypercube (the label routing's Gray-code labelling, src/labelling/hypercube-gray.ts); h(x) = label + 1; ${SECTION}`,
  items: () => {
    const c = cycleOf(cube4);
    return C53.map((a, i) => ({ key: `h = ${i + 1}`, seed: a, wormcast: cube4.format(c.nodeAt[i]!) }));
  },
  draw: () => {
    const c = cycleOf(cube4);
    return labellingDrawing(cube4, [...c.nodeAt, c.nodeAt[0]!], hLabels(cube4), 'Hamilton cycle (labels: h)');
  },
  checks: [
    {
      key: /^h = /,
      claim: 'the node at each position h = 1..16 of the cycle is the printed one',
      cite: '"One can easily obtain a Hamilton cycle shown in Table 5.3. For each node x, the corresponding h(x) is also shown in Table 5.3."',
    },
  ],
});

const table54 = example({
  id: '004-table5.4',
  caption: 'The sorting key f(x) and mapping h(x) for each node x in a 4-cube, where u0 = 9.',
  kind: 'table',
  seedShows:
    'The sorting key f(x) of every node of the 4-cube for the source 0011 (h = 3): f = h for h >= 3, h + 16 below (f(0000) = 17, f(0001) = 18, f(0011) = 3, ..., f(1000) = 16). The caption says u0 = 9.',
  setup: `hypercube:4, source 0011 (the text's source); f = the Gray-code cycle renumbered from the source + h(u0); ${SECTION}`,
  items: () => {
    const c = cycleOf(cube4);
    const u0 = cube4.parse('0011');
    const nine = cube4.parse('1001');
    const keys = Object.keys(F54);
    return [
      ...keys.map((a) => ({ key: `f(${a})`, seed: F54[a]!, wormcast: fOf(c, u0, cube4.parse(a)) })),
      {
        key: "f with the caption's u0 = 9 (1001)",
        seed: keys.map((a) => F54[a]).join(' '),
        wormcast: keys.map((a) => fOf(c, nine, cube4.parse(a))).join(' '),
      },
    ];
  },
  draw: () => ({ topology: cube4, arrows: [], groups: [], sources: [3], labels: fLabels(cube4, 3) }),
  checks: [
    {
      key: /^f\(/,
      claim: 'with the source 0011, f(x) equals the printed value for all 16 nodes',
      cite: '"Given u0 = 0011 as the source, Table 5.4 lists the sorting key f(x) for each node x."',
    },
    {
      key: "f with the caption's u0 = 9 (1001)",
      claim: "the printed keys are those of the caption's source u0 = 9",
      cite: '"Table 5.4. The sorting key f(x) and mapping h(x) for each node x in a 4-cube, where u0 = 9."',
      expect: 'fails',
    },
  ],
  deviations: [CAPTION_SLIP],
});

const fig57 = example({
  id: '004-fig5.7',
  caption: 'A 4 x 4 mesh with node 9 as the source.',
  seedShows:
    'Sorted MP from node 9 to K = {0, 1, 6, 12}: the sorted list D = (12, 0, 1, 6); at node 9 the neighbours 5, 8, 13, 10 have f = 23, 15, 13, 9, so the worm goes to 13; the multicast path (9, 13, 12, 8, 4, 0, 1, 2, 6).',
  setup: `mesh:4x4, sorted-mp from 9 (the Hamiltonian cycle C of Table 5.1); ${SECTION}`,
  items: () => {
    const c = cycleOf(mesh4);
    const plan = createPlan('sorted-mp', mesh4, 9, [0, 1, 6, 12]);
    const route = routeNodes(plan, 0);
    return [
      { key: 'sorted destination list D', seed: '12, 0, 1, 6', wormcast: plan.message(0).dests.join(', ') },
      {
        key: 'f of the neighbours 5, 8, 13, 10 of node 9',
        seed: '23, 15, 13, 9',
        wormcast: [5, 8, 13, 10].map((x) => fOf(c, 9, x)).join(', '),
      },
      { key: 'first hop', seed: 13, wormcast: route[1]! },
      { key: 'multicast path', seed: '9, 13, 12, 8, 4, 0, 1, 2, 6', wormcast: route.join(', ') },
      { key: 'channels', seed: NOT_PRINTED, wormcast: traffic(plan).channels },
    ];
  },
  draw: () => ({ ...planDrawing(createPlan('sorted-mp', mesh4, 9, [0, 1, 6, 12]), hLabels(mesh4)), names: String }),
  checks: [
    {
      key: 'sorted destination list D',
      claim: 'message preparation sorts K into D = (12, 0, 1, 6)',
      cite: '"Based on the sorted MP algorithm for message preparation shown in Fig. 5.1, we have a sorted destination list D = {12,0, 1,6}."',
    },
    {
      key: ['f of the neighbours 5, 8, 13, 10 of node 9', 'first hop'],
      claim: "node 9's neighbours have the printed keys and the worm leaves through 13",
      cite: '"node 9, its four neighboring nodes are 5, 8, 13, and 10. The corresponding f values are 23, 15, 13, and 9, respectively. ... Thus, node 13 is selected by node 9 to forward the message."',
    },
    {
      key: 'multicast path',
      claim: 'the worm follows the printed multicast path',
      cite: '"By repeating the same procedure for each node receiving the message, we obtain the multicast path (9, 13, 12, 8, 4, 0, 1, 2, 6) as shown in Fig. 5.7."',
    },
  ],
});

const fig58 = example({
  id: '004-fig5.8',
  caption: 'A 4-cube with node 9 as the source.',
  seedShows:
    'Sorted MP in a 4-cube from 0011 to {0100, 0111, 1100, 1010, 1111}: D = (0111, 0100, 1100, 1111, 1010) and the multicast path (0011, 0111, 0101, 0100, 1100, 1101, 1111, 1110, 1010).',
  setup: `hypercube:4, sorted-mp from 0011 (the Gray-code cycle of Table 5.3); ${SECTION}`,
  items: () => {
    const plan = createPlan(
      'sorted-mp',
      cube4,
      cube4.parse('0011'),
      ['0100', '0111', '1100', '1010', '1111'].map((a) => cube4.parse(a)),
    );
    return [
      {
        key: 'sorted destination list D',
        seed: '0111, 0100, 1100, 1111, 1010',
        wormcast: list(cube4, plan.message(0).dests),
      },
      {
        key: 'multicast path',
        seed: '0011, 0111, 0101, 0100, 1100, 1101, 1111, 1110, 1010',
        wormcast: list(cube4, routeNodes(plan, 0)),
      },
      { key: 'channels', seed: NOT_PRINTED, wormcast: traffic(plan).channels },
    ];
  },
  draw: () =>
    planDrawing(
      createPlan(
        'sorted-mp',
        cube4,
        3,
        ['0100', '0111', '1100', '1010', '1111'].map((a) => cube4.parse(a)),
      ),
      hLabels(cube4),
    ),
  checks: [
    {
      key: 'sorted destination list D',
      claim: 'message preparation gives the printed D',
      cite: '"By applying the sorted MP algorithm for message preparation, we have a sorted destination list D = {0111,0100,1100,1111,1010}."',
    },
    {
      key: 'multicast path',
      claim: 'the worm follows the printed multicast path',
      cite: '"we obtain the following multicast path (0011,0111,0101,0100,1100,1101,1111,1110,1010) as illustrated in Fig. 5.8."',
    },
  ],
  deviations: [CAPTION_SLIP],
});

// Fig. 5.9: the seed's [i, j] is row i, column j: wormcast node `j,i` (docs/algorithms-tree.md)
const mesh8 = parseTopology('mesh:8x8');
const ij = (i: number, j: number): number => mesh8.parse(`${j},${i}`);
const fmtIj = (v: number): string => {
  const [x, y] = mesh8.format(v).split(',');
  return `[${y},${x}]`;
};
const edgeSet = (edges: Array<[number, number]>, f: (v: number) => string): string =>
  edges
    .map(([a, b]) => `(${f(a)},${f(b)})`)
    .sort()
    .join(', ');

const fig59 = example({
  id: '004-fig5.9',
  caption: 'A complete ST routing pattern in an 8 x 8 mesh.',
  seedShows:
    'Greedy ST from [2,7] to [0,5], [2,3], [4,1], [6,3], [7,4] (row, column): D sorted by distance; the Steiner tree E(T) = {([2,7],[2,5]), ([2,5],[0,5]), ([2,5],[2,3]), ([2,3],[4,3]), ([4,3],[4,1]), ([4,3],[6,3]), ([6,3],[7,4])}; the message goes to the bypass node [2,6]; [2,5] splits the list into D1 = ([0,5]) and D2 = ([2,3], [4,1], [6,3], [7,4]). The figure draws the routed tree.',
  setup: `mesh:8x8 (the seed's [i,j] is wormcast's node j,i), greedy-st from [2,7]; E(T) is the routed tree with its paths contracted between the source, branch points and destinations; ${SECTION}`,
  items: () => {
    const dests = [ij(0, 5), ij(2, 3), ij(4, 1), ij(6, 3), ij(7, 4)];
    const plan = createPlan('greedy-st', mesh8, ij(2, 7), dests);
    const at25 = splitBelow(plan, 0, ij(2, 5));
    const links = treeLinks(plan, 0);
    return [
      {
        key: 'sorted destination list D',
        seed: '[0,5], [2,3], [4,1], [6,3], [7,4]',
        wormcast: plan.message(0).dests.map(fmtIj).join(', '),
      },
      {
        key: 'Steiner tree E(T)',
        seed: '([2,3],[4,3]), ([2,5],[0,5]), ([2,5],[2,3]), ([2,7],[2,5]), ([4,3],[4,1]), ([4,3],[6,3]), ([6,3],[7,4])',
        wormcast: edgeSet(contractedTree(plan, 0), fmtIj),
      },
      { key: 'bypass node after the source', seed: '[2,6]', wormcast: fmtIj(links[0]![1]) },
      {
        key: 'lists [2,5] forwards',
        seed: '([0,5]); ([2,3], [4,1], [6,3], [7,4])',
        wormcast: [...at25.values()].map((l) => `(${l.map(fmtIj).join(', ')})`).join('; '),
      },
      { key: 'links of the routed tree', seed: NOT_PRINTED, wormcast: links.length },
      { key: 'routed tree', seed: NOT_PRINTED, wormcast: links.map(([a, b]) => `${fmtIj(a)}-${fmtIj(b)}`).join(' ') },
    ];
  },
  draw: () => ({
    ...planDrawing(createPlan('greedy-st', mesh8, ij(2, 7), [ij(0, 5), ij(2, 3), ij(4, 1), ij(6, 3), ij(7, 4)])),
    names: fmtIj,
  }),
  checks: [
    {
      key: 'sorted destination list D',
      claim: 'message preparation sorts the destinations as printed',
      cite: '"By applying the greedy ST algorithm for message preparation (Fig. 5.3), we have D = ([2,7],[0,5],[2,3],[4,1],[6,3],[7,4])."',
    },
    {
      key: 'Steiner tree E(T)',
      claim: 'the routed tree, contracted to its replicate nodes and destinations, is the printed E(T)',
      cite: '"At the end of Step 4, we have E(T) = {([2,7],[2,5]), ([2,5],[0,5]), ([2,5],[2,3]), ([2,3],[4,3]), ([4,3],[4,1]), ([4,3],[6,3]), ([6,3],[7,4])}, which specifies the complete Steiner tree."',
    },
    {
      key: 'bypass node after the source',
      claim: 'the source sends the message to the bypass node [2,6]',
      cite: '"which will be sent along with the message to the neighboring node [2,6]. Note that node [2,6] is a bypass node"',
    },
    {
      key: 'lists [2,5] forwards',
      claim: '[2,5] forwards the two printed lists',
      cite: '"It will generate D1 = ([0,5]) and D2 = ([2, 3], [4, 1], [6, 3], [7,4])."',
    },
  ],
});

const cube6 = parseTopology('hypercube:6');
const fig510 = example({
  id: '004-fig5.10',
  caption: 'A complete ST routing pattern in a 6-cube.',
  seedShows:
    'Greedy ST in a 6-cube from 000110 to {010101, 001101, 000001, 101001, 110001}: D = (000110, 010101, 000001, 001101, 101001, 110001) (ties at distance 3 in any order); the first replicate node is 000101, with E(T) = {(000110,000101), (000101,010101), (000101,000001)} after the first iteration.',
  setup: `hypercube:6, greedy-st from 000110 (ties in D by address); ${SECTION}`,
  items: () => {
    const src = cube6.parse('000110');
    const K = ['010101', '001101', '000001', '101001', '110001'].map((a) => cube6.parse(a));
    const plan = createPlan('greedy-st', cube6, src, K);
    const D = [src, ...plan.message(0).dests];
    const printed = ['000110', '010101', '000001', '001101', '101001', '110001'].map((a) => cube6.parse(a));
    const tree = contractedTree(plan, 0);
    const first = ['(000110,000101)', '(000101,010101)', '(000101,000001)'];
    const edges = tree.map(([a, b]) => `(${cube6.format(a)},${cube6.format(b)})`);
    return [
      {
        key: 'distances along D',
        seed: printed.map((v) => cube6.distance(src, v)).join(', '),
        wormcast: D.map((v) => cube6.distance(src, v)).join(', '),
      },
      { key: 'D as printed (ties in any order)', seed: list(cube6, printed), wormcast: list(cube6, D) },
      { key: 'first replicate node', seed: '000101', wormcast: cube6.format(tree[0]![1]) },
      {
        key: 'first-iteration edges of E(T) in the tree',
        seed: first.join(', '),
        wormcast: edges.filter((e) => first.includes(e)).join(', '),
        agree: first.every((e) => edges.includes(e)),
      },
      { key: 'links of the routed tree', seed: NOT_PRINTED, wormcast: treeLinks(plan, 0).length },
      { key: 'E(T) of the routed tree', seed: NOT_PRINTED, wormcast: edges.join(', ') },
    ];
  },
  draw: () =>
    planDrawing(
      createPlan(
        'greedy-st',
        cube6,
        cube6.parse('000110'),
        ['010101', '001101', '000001', '101001', '110001'].map((a) => cube6.parse(a)),
      ),
    ),
  checks: [
    {
      key: 'distances along D',
      claim: 'D lists the destinations by distance from the source (3, 3, 3, 5, 5)',
      cite: '"The sorted destination list is D = (000110, 010101, 000001, 001101, 101001, 110001)."',
    },
    {
      key: 'D as printed (ties in any order)',
      claim: 'the three destinations at distance 3 are in the printed order',
      cite: '"The sorted destination list is D = (000110, 010101, 000001, 001101, 101001, 110001)."',
      expect: 'fails',
    },
    {
      key: 'first replicate node',
      claim: 'the first replicate node is 000101',
      cite: '"Since node 000101 is the nearest node to node 000001 among the nodes in any shortest paths between 000110 and 010101, it is selected in Step 4(b)."',
    },
    {
      key: 'first-iteration edges of E(T) in the tree',
      claim: 'the edges of E(T) after the first iteration are in the final tree',
      cite: '"At the end of the first iteration of Step 4, E(T) is {(000110,000101), (000101,010101), (000101,000001)}."',
    },
  ],
  deviations: [
    'Tie order: wormcast sorts destinations at equal distance by address, (000001, 001101, 010101), the seed prints (010101, 000001, 001101); "if d(u0,ui) = d(u0,uj), ui and uj can be placed in an arbitrary order", so both are the algorithm, and the first replicate node and the first iteration\'s edges come out the same (docs/errata.md, "Seed 004: tree-based multicast", item 4).',
  ],
});

// Figs. 5.11 and 5.12: the 6 x 6 mesh, source (3,2), ten destinations
const mesh6 = parseTopology('mesh:6x6');
const SRC6 = mesh6.parse('3,2');
const D10 = ['2,0', '3,0', '4,0', '1,1', '5,1', '0,2', '1,3', '2,5', '3,5', '5,5'].map((a) => mesh6.parse(a));
const m = (a: string): string => `(${a})`;
const linksText = (plan: ReturnType<typeof createPlan>): string =>
  treeLinks(plan, 0)
    .map(([a, b]) => `${mesh6.format(a)}>${mesh6.format(b)}`)
    .join(' ');

/** The sets the source sends to each neighbour ('+x', '-x', '+y', '-y'), as sets. */
function sourceSets(plan: ReturnType<typeof createPlan>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [p, name] of [
    [0, '+x'],
    [1, '-x'],
    [2, '+y'],
    [3, '-y'],
  ] as const) {
    const w = mesh6.neighbor(SRC6, p);
    out[name] = asSet(mesh6, splitBelow(plan, 0, SRC6).get(w) ?? []);
  }
  return out;
}

const fig511 = example({
  id: '004-fig5.11',
  caption: 'The routing pattern of X-first algorithm for the example.',
  seedShows:
    'X-first (Fig. 5.5) in a 6 x 6 mesh from (3,2) to (2,0), (3,0), (4,0), (1,1), (5,1), (0,2), (1,3), (2,5), (3,5), (5,5): the source sends D+X = {(4,0), (5,1), (5,5)} to (4,2), D-X = {(2,5), (2,0), (1,3), (1,1), (0,2)} to (2,2), D+Y = {(3,5)} to (3,3) and D-Y = {(3,0)} to (3,1); every path goes X first, then Y; "the total traffic for this example is 24".',
  setup: `mesh:6x6, x-first from (3,2) on dimension-order routing; the sets are the destinations the tree delivers below each neighbour of the source; ${SECTION}`,
  items: () => {
    const plan = createPlan('x-first', mesh6, SRC6, D10);
    const s = sourceSets(plan);
    return [
      { key: 'D+X (to (4,2))', seed: seedSet(mesh6, ['4,0', '5,1', '5,5']), wormcast: s['+x']! },
      { key: 'D-X (to (2,2))', seed: seedSet(mesh6, ['2,5', '2,0', '1,3', '1,1', '0,2']), wormcast: s['-x']! },
      { key: 'D+Y (to (3,3))', seed: m('3,5'), wormcast: s['+y']! },
      { key: 'D-Y (to (3,1))', seed: m('3,0'), wormcast: s['-y']! },
      {
        key: 'every destination at its distance (X first, then Y)',
        seed: 'yes',
        wormcast: allShortest(plan) ? 'yes' : 'no',
      },
      { key: 'total traffic (links)', seed: 24, wormcast: traffic(plan).channels },
      { key: 'tree links', seed: NOT_PRINTED, wormcast: linksText(plan) },
    ];
  },
  draw: () => planDrawing(createPlan('x-first', mesh6, SRC6, D10)),
  checks: [
    {
      key: ['D+X (to (4,2))', 'D-X (to (2,2))', 'D+Y (to (3,3))', 'D-Y (to (3,1))'],
      claim: 'the source splits the destinations into the printed D+X, D-X, D+Y and D-Y',
      cite: '"After running the algorithm, we get D+X = {(4,0), (5,1), (5,5)}, D-X = {(2,5), (2,0), (1,3), (1,1), (0,2)}, D+Y = {(3,5)} and D-Y = {(3,0)}, which are to be added to message head, respectively, and sent to its neighboring nodes (4,2), (2,2), (3,3) and (3,1) respectively."',
    },
    {
      key: 'every destination at its distance (X first, then Y)',
      claim: 'every destination is reached along its X-first path',
      cite: '"each path from source to each destination node is always goes X-direction first then Y-direction."',
    },
    {
      key: 'total traffic (links)',
      claim: 'the tree uses 24 links',
      cite: '"The total traffic for this example is 24."',
      expect: 'fails',
    },
  ],
  deviations: [
    'Total traffic: X-first from (3,2) to the ten destinations uses 23 links (row y = 2: five; column 2: 2 down, 3 up; column 3: 2 and 3; column 4: 2 down; column 1: 1 and 1; column 5: 1 down, 3 up), not the printed 24; the split at the source is exactly as printed (docs/errata.md, "Seed 004: tree-based multicast", item 5; docs/algorithms-tree.md "Errata" 5).',
  ],
});

const fig512 = example({
  id: '004-fig5.12',
  caption: 'The routing pattern of divided greedy algorithm for the example.',
  seedShows:
    'Divided greedy (Fig. 5.6) on the same example: the source sends D+Y = {(3,5), (2,5), (5,5)} to (3,3), D-X = {(0,2), (1,3), (1,1)} to (2,2) and D-Y = {(3,0), (2,0), (4,0), (5,1)} to (3,1) (D+X is empty); a non-source forward node divides its list into at most two quadrant sets, "because it is shortest path routing". No link count is printed.',
  setup: `mesh:6x6, divided-greedy from (3,2); ${SECTION}`,
  items: () => {
    const plan = createPlan('divided-greedy', mesh6, SRC6, D10);
    const xf = createPlan('x-first', mesh6, SRC6, D10);
    const s = sourceSets(plan);
    const at33 = splitBelow(plan, 0, mesh6.parse('3,3'));
    return [
      { key: 'D+X (to (4,2))', seed: '(none)', wormcast: s['+x']! },
      { key: 'D+Y (to (3,3))', seed: seedSet(mesh6, ['3,5', '2,5', '5,5']), wormcast: s['+y']! },
      { key: 'D-X (to (2,2))', seed: seedSet(mesh6, ['0,2', '1,3', '1,1']), wormcast: s['-x']! },
      { key: 'D-Y (to (3,1))', seed: seedSet(mesh6, ['3,0', '2,0', '4,0', '5,1']), wormcast: s['-y']! },
      {
        key: 'lists forward node (3,3) sends on',
        seed: 'at most two',
        wormcast: [...at33.values()].map((l) => `{${asSet(mesh6, l)}}`).join(' '),
        agree: at33.size <= 2,
      },
      { key: 'every destination at its distance', seed: 'yes', wormcast: allShortest(plan) ? 'yes' : 'no' },
      {
        key: 'fewer links than X-first',
        seed: 'yes',
        wormcast: `${traffic(plan).channels} against ${traffic(xf).channels}`,
        agree: traffic(plan).channels < traffic(xf).channels,
      },
      { key: 'tree links', seed: NOT_PRINTED, wormcast: linksText(plan) },
    ];
  },
  draw: () => planDrawing(createPlan('divided-greedy', mesh6, SRC6, D10)),
  checks: [
    {
      key: ['D+X (to (4,2))', 'D+Y (to (3,3))', 'D-X (to (2,2))', 'D-Y (to (3,1))'],
      claim: 'the source sends the printed D+Y, D-X and D-Y, and nothing in +X',
      cite: '"Therefore, by the end of Step 5, we get the output destination node sublists: D+Y = {(3,5), (2,5), (5,5)}, D-X = {(0,2), (1,3), (1,1)} and D-Y = {(3,0), (2,0), (4,0), (5,1)}."',
    },
    {
      key: ['lists forward node (3,3) sends on', 'every destination at its distance'],
      claim: 'forward node (3,3) divides its list into at most two sets, and every path is shortest',
      cite: '"Note that the destination node list for a non-source forward node can only be divided to at most two sublists ... This is because it is shortest path routing."',
    },
    {
      key: 'fewer links than X-first',
      claim: 'divided greedy uses fewer links than X-first on the example',
      cite: '"The traffic generated by divided greedy algorithm is always much less than that created by X-first algorithm." (section 7.1)',
    },
  ],
});

export const SEED004_EXAMPLES_CH5: Reproduction[] = [
  table51,
  table52,
  table53,
  table54,
  fig57,
  fig58,
  fig59,
  fig510,
  fig511,
  fig512,
];
