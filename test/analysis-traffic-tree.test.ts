import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trafficOf } from '../src/analysis/traffic.ts';
import type { Plan } from '../src/multicast/plan.ts';
import { createPlan } from '../src/multicast/registry.ts';
import { tracePath } from '../src/routing/trace.ts';
import { parseTopology } from '../src/topology/registry.ts';
import type { Topology } from '../src/topology/types.ts';

// Issue 10 item 1: trafficOf walked a tree's edge list as if it were one path.

const mesh6 = parseTopology('mesh:6x6');
const at = (a: string): number => mesh6.parse(a);
// seed 004 section 5.4 / Fig. 5.11: the 6 x 6 mesh example, source (3,2)
const SRC = at('3,2');
const D = ['2,0', '3,0', '4,0', '1,1', '5,1', '0,2', '1,3', '2,5', '3,5', '5,5'].map(at);
// seed 004 section 6.2.1 (Fig. 6.13): the double-channel X-first set
const D613 = ['0,0', '0,2', '0,5', '1,3', '4,5', '5,0', '5,1', '5,3', '5,4'].map(at);

describe('hops of tree plans are per-destination depths in the tree', () => {
  it('E-cube broadcast on a 3-cube: max 3, mean 12/7 (was max 7, mean 4)', () => {
    const cube = parseTopology('hypercube:3');
    const plan = createPlan('ecube-tree', cube, 0, [1, 2, 3, 4, 5, 6, 7]);
    const m = trafficOf(plan);
    expect(Array.from(m.hops)).toEqual([1, 1, 2, 1, 2, 2, 3]);
    expect(m.maxHops).toBe(3);
    expect(m.meanHops).toBeCloseTo(12 / 7, 12);
    expect(m.traffic).toBe(7);
  });

  it("X-first on seed 004 Fig. 5.11: max 5 (was 23, the tree's link count), every destination at its distance", () => {
    const plan = createPlan('x-first', mesh6, SRC, D);
    const m = trafficOf(plan);
    expect(m.maxHops).toBe(5);
    expect(m.traffic).toBe(23);
    expect(Array.from(m.hops)).toEqual(Array.from(plan.destinations, (d) => mesh6.distance(SRC, d)));
  });

  it('double-channel X-first on the Fig. 6.13 set: max 6 (was 7)', () => {
    const plan = createPlan('double-channel-x-first', mesh6, SRC, D613);
    const m = trafficOf(plan);
    expect(m.maxHops).toBe(6);
    expect(Array.from(m.hops)).toEqual(Array.from(plan.destinations, (d) => mesh6.distance(SRC, d)));
  });
});

/** The hop count to destination d by walking the plan from scratch (independent of trafficOf). */
function routeLength(plan: Plan, d: number): number {
  const t = plan.topology;
  const V = plan.routing.vcClasses.length;
  let best = -1;
  for (let id = 0; id < plan.count; id++) {
    const dests = Array.from(plan.destPool.subarray(plan.destOffsets[id]!, plan.destOffsets[id + 1]!));
    if (!dests.includes(d)) continue;
    const sender = plan.senders[id]!;
    const before = sender === plan.source ? 0 : routeLength(plan, sender);
    let len: number;
    if (plan.message(id).kind === 'tree') {
      // the tree path: from the first edge reaching d, up the parent links to the sender
      const tr = plan.trees!;
      const a = tr.offsets[id]!;
      let e = -1;
      for (let k = a; k < tr.offsets[id + 1]! && e < 0; k++) if (tr.nodes[k] === d) e = k - a;
      len = 0;
      for (; e >= 0; e = tr.parents[a + e]!) {
        len++;
        // the edge's channel leaves the node its parent edge reaches
        const from = tr.parents[a + e]! < 0 ? sender : tr.nodes[a + tr.parents[a + e]!]!;
        expect((((tr.channels[a + e]! / V) | 0) / t.ports) | 0).toBe(from);
      }
    } else {
      // unicast or path worm: the routing function from destination to destination
      len = 0;
      let node = sender;
      for (const x of dests) {
        len += tracePath(plan.routing, node, x).length;
        node = x;
        if (x === d) break;
      }
    }
    const h = before + len;
    if (best < 0) best = h;
  }
  return best;
}

const multicast = (t: Topology, max: number) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: t.nodes - 1 }),
      fc.uniqueArray(fc.integer({ min: 0, max: t.nodes - 1 }), { minLength: 1, maxLength: Math.min(max, t.nodes - 1) }),
    )
    .map(([s, ds]) => [s, ds.filter((x) => x !== s)] as const)
    .filter(([, ds]) => ds.length > 0);

const CASES: readonly (readonly [string, string])[] = [
  ['x-first', 'mesh:7x5'],
  ['x-first', 'mesh:4x9'],
  ['divided-greedy', 'mesh:7x5'],
  ['greedy-st', 'mesh:6x6'],
  ['greedy-st', 'hypercube:6'],
  ['ecube-tree', 'hypercube:5'],
  ['double-channel-x-first', 'mesh:6x5'],
  ['dual-path', 'mesh:5x6'],
  ['multi-path', 'mesh:6x6'],
  ['separate', 'mesh:5x5'],
  ['u-cube', 'hypercube:5'],
];

describe("property: every destination's hops equal its route length (fast-check)", () => {
  it('over random algorithms, topologies and destination sets', () => {
    const arb = fc.constantFrom(...CASES).chain(([alg, spec]) => {
      const t = parseTopology(spec);
      return multicast(t, 30).map(([s, ds]) => ({ alg, t, s, ds }));
    });
    fc.assert(
      fc.property(arb, ({ alg, t, s, ds }) => {
        const plan = createPlan(alg, t, s, ds);
        const m = trafficOf(plan);
        const expected = Array.from(plan.destinations, (d) => routeLength(plan, d));
        expect(Array.from(m.hops)).toEqual(expected);
        expect(m.maxHops).toBe(Math.max(0, ...expected));
        expect(m.meanHops).toBeCloseTo(expected.reduce((a, b) => a + b, 0) / expected.length, 10);
        // a route is never shorter than the distance
        plan.destinations.forEach((d, i) => expect(m.hops[i]!).toBeGreaterThanOrEqual(t.distance(s, d)));
      }),
      { numRuns: 400, seed: 10 },
    );
  });

  it('route-union trees (x-first, ecube-tree): hops = the unicast route length of the routing function', () => {
    for (const [alg, spec] of [
      ['x-first', 'mesh:8x6'],
      ['ecube-tree', 'hypercube:6'],
    ] as const) {
      const t = parseTopology(spec);
      fc.assert(
        fc.property(multicast(t, 40), ([s, ds]) => {
          const plan = createPlan(alg, t, s, ds);
          const m = trafficOf(plan);
          expect(Array.from(m.hops)).toEqual(
            Array.from(plan.destinations, (d) => tracePath(plan.routing, s, d).length),
          );
        }),
        { numRuns: 150, seed: 11 },
      );
    }
  });
});
