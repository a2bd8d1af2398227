import { describe, expect, it } from 'vitest';
import { createPlan } from '../src/multicast/registry.ts';
import { dividedGreedySplit } from '../src/multicast/tree-based/divided-greedy.ts';
import { doubleChannelSplit } from '../src/multicast/tree-based/double-channel-x-first.ts';
import {
  greedyStOrder,
  greedyStSublists,
  greedyStTree,
  nearestOnShortestPath,
} from '../src/multicast/tree-based/greedy-st.ts';
import { treeTraffic } from '../src/multicast/tree-based/metrics.ts';
import { branchPoints } from '../src/multicast/tree-based/tree.ts';
import { xFirstSplit } from '../src/multicast/tree-based/x-first.ts';
import { parseTopology } from '../src/topology/registry.ts';

// seed 004 section 5.4: the 6 x 6 mesh example, source (3,2)
const mesh6 = parseTopology('mesh:6x6');
const at = (a: string): number => mesh6.parse(a);
const fmt = (ns: ArrayLike<number>): string[] => Array.from(ns, (n) => mesh6.format(n));
const SRC = at('3,2');
const D = ['2,0', '3,0', '4,0', '1,1', '5,1', '0,2', '1,3', '2,5', '3,5', '5,5'].map(at);

describe('X-first (seed 004 Fig. 5.5, section 5.4 example)', () => {
  it('splits at the source as the text lists: D+X, D-X, D+Y, D-Y', () => {
    const { lists, local } = xFirstSplit(6, SRC, D);
    expect(local).toBe(false);
    expect(new Set(fmt(lists[0]!))).toEqual(new Set(['4,0', '5,1', '5,5']));
    expect(new Set(fmt(lists[1]!))).toEqual(new Set(['2,5', '2,0', '1,3', '1,1', '0,2']));
    expect(fmt(lists[2]!)).toEqual(['3,5']);
    expect(fmt(lists[3]!)).toEqual(['3,0']);
  });

  it('uses 23 links, where the seed prints 24 (docs/algorithms-tree.md errata 5)', () => {
    const plan = createPlan('x-first', mesh6, SRC, D);
    const m = treeTraffic(plan);
    // hand count: row y=2 5, column 2: 2 + 3, column 3: 2 + 3, column 4: 2, column 1: 1 + 1, column 5: 1 + 3
    expect(m.links).toBe(23);
    expect(m.additional).toBe(13);
    expect(m.maxDepth).toBe(5);
    // every destination is reached along a shortest (X-first) path
    expect(Array.from(m.depth)).toEqual(Array.from(plan.destinations, (d) => mesh6.distance(SRC, d)));
  });

  it('records the branch points: the source replicates onto -X, +X, +Y, -Y', () => {
    const plan = createPlan('x-first', mesh6, SRC, D);
    const bp = branchPoints(plan, 0);
    expect(bp[0]!.node).toBe(SRC);
    expect(bp[0]!.channels.map((c) => mesh6.portName(c % 4))).toEqual(['+x', '-x', '+y', '-y']);
    // (2,2) branches to -X, +Y, -Y; (1,2) to -X, +Y, -Y; (4,2) to +X, -Y; (5,2) to +Y, -Y
    expect(new Set(bp.map((b) => mesh6.format(b.node)))).toEqual(new Set(['3,2', '2,2', '1,2', '4,2', '5,2']));
  });
});

describe('divided greedy (seed 004 Fig. 5.6, section 5.4 example)', () => {
  it('splits the set at the source as the text describes', () => {
    const s = dividedGreedySplit(6, SRC, D);
    const [px, py, mx, my] = s.lists.map((l) => new Set(fmt(l)));
    expect(px).toEqual(new Set());
    expect(py).toEqual(new Set(['3,5', '2,5', '5,5']));
    expect(mx).toEqual(new Set(['0,2', '1,3', '1,1']));
    expect(my).toEqual(new Set(['3,0', '2,0', '4,0', '5,1']));
  });

  it("step 4's quadrant sets are the printed S_ix and S_iy", () => {
    const { s } = dividedGreedySplit(6, SRC, D);
    expect(s.map(([x, y]) => [fmt(x!), fmt(y!)])).toEqual([
      [[], ['5,5']],
      [['1,3'], ['2,5']],
      [['1,1'], ['2,0']],
      [['5,1'], ['4,0']],
    ]);
  });

  it('forward node (3,3) only sees two quadrant sets (shortest paths)', () => {
    const s = dividedGreedySplit(6, at('3,3'), ['3,5', '2,5', '5,5'].map(at));
    expect(s.s[2]).toEqual([[], []]);
    expect(s.s[3]).toEqual([[], []]);
  });

  it('delivers along shortest paths with fewer links than X-first', () => {
    const plan = createPlan('divided-greedy', mesh6, SRC, D);
    const m = treeTraffic(plan);
    expect(Array.from(m.depth)).toEqual(Array.from(plan.destinations, (d) => mesh6.distance(SRC, d)));
    expect(m.links).toBe(17);
    expect(m.links).toBeLessThan(treeTraffic(createPlan('x-first', mesh6, SRC, D)).links);
  });
});

describe('greedy ST on the 8 x 8 mesh (seed 004 section 5.4)', () => {
  const mesh8 = parseTopology('mesh:8x8');
  // the seed's [i, j] is row i, column j: wormcast node `j,i` (docs/algorithms-tree.md)
  const n = (i: number, j: number): number => mesh8.parse(`${j},${i}`);
  const ij = (v: number): string => `[${mesh8.format(v).split(',').reverse().join(',')}]`;
  const src = n(2, 7);
  const dests = [n(0, 5), n(2, 3), n(4, 1), n(6, 3), n(7, 4)];

  it('sorts D by distance (Fig. 5.3), ties by address', () => {
    expect(
      greedyStOrder(
        mesh8,
        src,
        [...dests].sort((a, b) => a - b),
      ).map(ij),
    ).toEqual(['[0,5]', '[2,3]', '[4,1]', '[6,3]', '[7,4]']);
  });

  it('the nearest node to [2,3] on a shortest [2,7]-[0,5] path is [2,5]', () => {
    expect(ij(nearestOnShortestPath(mesh8, n(2, 7), n(0, 5), n(2, 3)))).toBe('[2,5]');
  });

  it('builds the tree edges listed in the text, in the printed order', () => {
    const edges = greedyStTree(mesh8, [src, ...dests]);
    expect(edges.map(([s, t]) => `(${ij(s)},${ij(t)})`)).toEqual([
      '([2,7],[2,5])',
      '([2,5],[0,5])',
      '([2,5],[2,3])',
      '([2,3],[4,3])',
      '([4,3],[4,1])',
      '([4,3],[6,3])',
      '([6,3],[7,4])',
    ]);
  });

  it('sends D1 to [2,5] via the bypass node [2,6]; [2,5] splits into ([0,5]) and ([2,3],[4,1],[6,3],[7,4])', () => {
    const list = [src, ...dests];
    expect(greedyStSublists(list, greedyStTree(mesh8, list)).map((l) => l.map(ij))).toEqual([
      ['[2,5]', '[0,5]', '[2,3]', '[4,1]', '[6,3]', '[7,4]'],
    ]);
    const at25 = [n(2, 5), ...dests];
    expect(greedyStSublists(at25, greedyStTree(mesh8, at25)).map((l) => l.map(ij))).toEqual([
      ['[0,5]'],
      ['[2,3]', '[4,1]', '[6,3]', '[7,4]'],
    ]);
    const plan = createPlan('greedy-st', mesh8, src, dests);
    expect(ij(plan.trees!.nodes[0]!)).toBe('[2,6]');
    // [2,3] keeps a copy and forwards one (a replicate node of the seed, one output channel); [2,5] and
    // [4,3] replicate onto two channels
    expect(branchPoints(plan, 0).map((b) => ij(b.node))).toEqual(['[2,5]', '[4,3]']);
    expect(plan.messages[0]!.dests.map(ij)).toEqual(['[0,5]', '[2,3]', '[4,1]', '[6,3]', '[7,4]']);
    // the routed tree uses as many links as T's edges are long
    const tLen = greedyStTree(mesh8, list).reduce((s, [a, b]) => s + mesh8.distance(a, b), 0);
    expect(treeTraffic(plan).links).toBe(tLen);
    expect(tLen).toBe(14); // seven edges of two hops each
  });
});

describe('greedy ST on the 6-cube (seed 004 section 5.4)', () => {
  const cube = parseTopology('hypercube:6');
  const b = (s: string): number => parseInt(s, 2);
  const bits = (v: number): string => v.toString(2).padStart(6, '0');
  const src = b('000110');
  const K = ['010101', '001101', '000001', '101001', '110001'].map(b);

  it('the sorted list: distances 3, 3, 3, 5, 5; ties by address (the seed orders them arbitrarily)', () => {
    const order = greedyStOrder(
      cube,
      src,
      [...K].sort((x, y) => x - y),
    );
    expect(order.map((v) => cube.distance(src, v))).toEqual([3, 3, 3, 5, 5]);
    expect(order.map(bits)).toEqual(['000001', '001101', '010101', '101001', '110001']);
    // the seed's printed list is one of the allowed orders
    const printed = ['010101', '000001', '001101', '101001', '110001'].map(b);
    expect(new Set(printed)).toEqual(new Set(order));
    expect(printed.map((v) => cube.distance(src, v))).toEqual([3, 3, 3, 5, 5]);
  });

  it("with the seed's list the first replicate node is 000101 and E(T) after the first iteration is as printed", () => {
    const printed = [src, ...['010101', '000001', '001101', '101001', '110001'].map(b)];
    expect(bits(nearestOnShortestPath(cube, src, b('010101'), b('000001')))).toBe('000101');
    const first = greedyStTree(cube, printed.slice(0, 3));
    expect(first.map(([s, t]) => `(${bits(s)},${bits(t)})`)).toEqual([
      '(000110,000101)',
      '(000101,010101)',
      '(000101,000001)',
    ]);
    const sub = greedyStSublists(printed, greedyStTree(cube, printed));
    expect(sub.map((l) => bits(l[0]!))).toEqual(['000101']);
    expect(sub[0]!.map(bits)).toEqual(['000101', '010101', '000001', '001101', '101001', '110001']);
  });

  it("with wormcast's order the first replicate node is also 000101", () => {
    const plan = createPlan('greedy-st', cube, src, K);
    const bp = branchPoints(plan, 0);
    expect(bits(bp[0]!.node)).toBe('000101');
    expect(treeTraffic(plan).links).toBe(8);
  });
});

describe('double-channel X-first (seed 004 section 6.2.1 example)', () => {
  it('divides D into the four printed subsets', () => {
    const d = ['0,0', '0,2', '0,5', '1,3', '4,5', '5,0', '5,1', '5,3', '5,4'].map(at);
    expect(doubleChannelSplit(6, SRC, d).map((l) => new Set(fmt(l)))).toEqual([
      new Set(['4,5', '5,3', '5,4']),
      new Set(['0,5', '1,3']),
      new Set(['0,0', '0,2']),
      new Set(['5,0', '5,1']),
    ]);
    const plan = createPlan('double-channel-x-first', mesh6, SRC, d);
    expect(plan.messages.map((m) => m.network)).toEqual(['+X+Y', '-X+Y', '-X-Y', '+X-Y']);
    expect(plan.routing.vcClasses).toEqual(['xy', 'yx']);
  });
});
