import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPlan } from '../src/multicast/registry.ts';
import {
  greedyStOrder,
  greedyStSublists,
  greedyStTree,
  nearestOnShortestPath,
  type StEdge,
} from '../src/multicast/tree-based/greedy-st.ts';
import { TreeWorm, treePlan } from '../src/multicast/tree-based/tree.ts';
import { createRouting } from '../src/routing/registry.ts';
import { tracePath } from '../src/routing/trace.ts';
import type { RoutingFunction } from '../src/routing/types.ts';
import { parseTopology } from '../src/topology/registry.ts';
import type { Topology } from '../src/topology/types.ts';

// Issue 10 item 11: greedyStTree was rewritten without allocation in its nearest-edge scan (a
// 64 x 64 broadcast from a corner took 20 s). The direct form it replaced is kept here as the
// reference; the new one must give exactly its trees.

/** The greedy ST tree as first written (seed 004 Fig. 5.4 steps 3 and 4, a direct transcription). */
function referenceTree(topology: Topology, list: readonly number[]): StEdge[] {
  const root = list[0]!;
  if (list.length < 2) return [];
  const edges: [number, number][] = [[root, list[1]!]];
  for (let i = 2; i < list.length; i++) {
    const u = list[i]!;
    let best = -1;
    let bestV = -1;
    let bestD = Infinity;
    edges.forEach(([s, t], k) => {
      const v = nearestOnShortestPath(topology, s, t, u);
      const dv = topology.distance(u, v);
      if (dv < bestD) {
        bestD = dv;
        best = k;
        bestV = v;
      }
    });
    const [s, t] = edges[best]!;
    if (bestV !== s && bestV !== t) {
      edges[best] = [s, bestV];
      edges.push([bestV, t]);
    }
    if (bestV !== u) edges.push([bestV, u]);
  }
  return edges;
}

/** greedyStWorm as it was, with the reference tree builder. */
function referenceWorm(
  routing: RoutingFunction,
  source: number,
  sorted: readonly number[],
  isDest: (n: number) => boolean,
): TreeWorm {
  const t = routing.topology;
  const w = new TreeWorm(routing, source);
  const queue: { i: number; list: readonly number[] }[] = [{ i: 0, list: [source, ...sorted] }];
  for (let h = 0; h < queue.length; h++) {
    const { i, list } = queue[h]!;
    const at = w.node(i);
    const u = list[0]!;
    if (at !== u) {
      const hop = tracePath(routing, at, u)[0]!;
      queue.push({ i: w.hop(i, hop.port, hop.vc), list });
      continue;
    }
    if (isDest(at)) w.deliver(i);
    if (list.length === 1) continue;
    for (const sub of greedyStSublists(list, referenceTree(t, list))) {
      const hop = tracePath(routing, at, sub[0]!)[0]!;
      queue.push({ i: w.hop(i, hop.port, hop.vc), list: sub });
    }
  }
  return w;
}

const TOPOLOGIES = [
  'mesh:8x8',
  'mesh:13x5',
  'mesh:1x9',
  'mesh:4x3x5',
  'hypercube:3',
  'hypercube:7',
  'hypercube:10',
].map(parseTopology);

/** A root and a list of distinct other nodes, in random order or sorted as Fig. 5.3 sorts them. */
const lists = (t: Topology) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: t.nodes - 1 }),
      fc.uniqueArray(fc.integer({ min: 0, max: t.nodes - 1 }), { minLength: 1, maxLength: Math.min(80, t.nodes - 1) }),
      fc.boolean(),
    )
    .map(([r, ds, sort]) => {
      const rest = ds.filter((d) => d !== r);
      return [r, ...(sort ? greedyStOrder(t, r, rest) : rest)];
    });

describe('greedyStTree gives exactly the trees of the direct transcription', () => {
  for (const t of TOPOLOGIES) {
    it(`${t.spec}: random lists (fast-check)`, () => {
      fc.assert(
        fc.property(lists(t), (list) => {
          expect(greedyStTree(t, list)).toEqual(referenceTree(t, list));
        }),
        { numRuns: 300, seed: 110 },
      );
    });
  }

  it('whole plans: the same tree worm as the reference on random multicasts and broadcasts', () => {
    const cases: [string, string][] = [
      ['mesh:9x7', 'dor'],
      ['mesh:5x4x3', 'dor'],
      ['hypercube:6', 'ecube'],
    ];
    for (const [spec, routingName] of cases) {
      const t = parseTopology(spec);
      const r = createRouting(routingName, t);
      const arb = fc.tuple(
        fc.integer({ min: 0, max: t.nodes - 1 }),
        fc.uniqueArray(fc.integer({ min: 0, max: t.nodes - 1 }), { minLength: 1, maxLength: t.nodes }),
      );
      fc.assert(
        fc.property(arb, ([s, raw]) => {
          const ds = Int32Array.from(raw.filter((d) => d !== s).sort((a, b) => a - b));
          if (ds.length === 0) return;
          const plan = createPlan('greedy-st', r, s, ds);
          const dest = new Set(ds);
          const ref = treePlan(r, 'greedy-st', s, ds, [
            referenceWorm(r, s, greedyStOrder(t, s, ds), (n) => dest.has(n)),
          ]);
          expect(plan.trees).toEqual(ref.trees);
          expect(plan.messages).toEqual(ref.messages);
        }),
        { numRuns: 60, seed: 111 },
      );
    }
  });

  it('the broadcast from a corner of a 16 x 16 mesh (the slow case) is unchanged', () => {
    const t = parseTopology('mesh:16x16');
    const r = createRouting('dor', t);
    const ds = Int32Array.from({ length: t.nodes - 1 }, (_, i) => i + 1);
    const plan = createPlan('greedy-st', r, 0, ds);
    const dest = new Set(ds);
    const ref = treePlan(r, 'greedy-st', 0, ds, [referenceWorm(r, 0, greedyStOrder(t, 0, ds), (n) => dest.has(n))]);
    expect(plan.trees).toEqual(ref.trees);
  });
});
