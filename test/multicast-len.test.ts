import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trafficOf } from '../src/analysis/traffic.ts';
import { checkPlan } from '../src/multicast/plan-check.ts';
import { createPlan } from '../src/multicast/registry.ts';
import { lenDimension, lenSplit } from '../src/multicast/tree-based/len.ts';
import { treeTraffic } from '../src/multicast/tree-based/metrics.ts';
import { parseTopology } from '../src/topology/registry.ts';

/*
 * The LEN heuristic (Lan, Esfahanian and Ni; seed 004 reference [20], Fig. 7.4), as docs/len.md
 * states it: at each tree node, send across the dimension that the most remaining destinations
 * differ in, with those destinations, until none is left.
 */

const cube4 = parseTopology('hypercube:4');
const cube6 = parseTopology('hypercube:6');
const b = (s: string) => parseInt(s, 2);

/** A random multicast on t: a source and a non-empty destination set without it. */
const multicast = (nodes: number, max: number) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: nodes - 1 }),
      fc.uniqueArray(fc.integer({ min: 0, max: nodes - 1 }), { minLength: 1, maxLength: max }),
    )
    .map(([s, ds]) => [s, ds.filter((d) => d !== s)] as const)
    .filter(([, ds]) => ds.length > 0);

/** The tree's edges as 'from->to' in binary, breadth-first. */
function edges(source: number, dests: number[]): string[] {
  const plan = createPlan('len', cube4, source, dests);
  const tr = plan.trees!;
  const out: string[] = [];
  for (let e = 0; e < tr.nodes.length; e++) {
    const p = tr.parents[e]!;
    const from = p < 0 ? source : tr.nodes[p]!;
    out.push(`${cube4.format(from)}->${cube4.format(tr.nodes[e]!)}`);
  }
  return out;
}

describe('LEN on a hand-worked 4-cube example (docs/len.md)', () => {
  // source 0000, destinations 0011, 0101, 0110, 0111, 1000: dimensions 0, 1, 2 each reach 3, dimension 3
  // one; the tie goes to dimension 0 (0001 with 0011, 0101, 0111); then dimension 1 (0010 with 0110),
  // then dimension 3 (1000). At 0001: dimensions 1 and 2 reach 2 each: 0011 with 0011, 0111; then 0101.
  const dests = ['0011', '0101', '0110', '0111', '1000'].map(b);

  it('the split at the source: dimension 0 first (a tie of 3 with dimensions 1 and 2), then 1, then 3', () => {
    expect(lenDimension(4, 0, dests)).toEqual({ dim: 0, count: 3 });
    expect(lenSplit(4, 0, dests)).toEqual({
      local: false,
      copies: [
        { dim: 0, dests: ['0011', '0101', '0111'].map(b) },
        { dim: 1, dests: [b('0110')] },
        { dim: 3, dests: [b('1000')] },
      ],
    });
  });

  it('the whole tree: 7 links for 5 destinations (2 additional)', () => {
    expect(edges(0, dests)).toEqual([
      '0000->0001',
      '0000->0010',
      '0000->1000',
      '0001->0011',
      '0001->0101',
      '0010->0110',
      '0011->0111',
    ]);
    const plan = createPlan('len', cube4, 0, dests);
    expect(trafficOf(plan).additionalTraffic).toBe(2);
  });

  it('a node that is a destination delivers and forwards the rest', () => {
    expect(lenSplit(4, b('0011'), [b('0011'), b('0111')])).toEqual({
      local: true,
      copies: [{ dim: 2, dests: [b('0111')] }],
    });
  });
});

describe('LEN trees (fast-check, 6-cube)', () => {
  const RUNS = { numRuns: 200, seed: 13 };

  it('every destination is reached, exactly once, along a shortest path; no channel is used twice', () => {
    fc.assert(
      fc.property(multicast(cube6.nodes, 40), ([s, ds]) => {
        const plan = createPlan('len', cube6, s, ds);
        expect(checkPlan(plan)).toEqual([]);
        const m = treeTraffic(plan);
        // depth of each destination along its tree = its Hamming distance from the source
        expect(Array.from(m.depth)).toEqual(Array.from(plan.destinations, (d) => cube6.distance(s, d)));
        const tr = plan.trees!;
        expect(new Set(tr.channels).size).toBe(tr.channels.length);
        // a tree: no network node twice (so traffic = nodes reached)
        expect(new Set(tr.nodes).size).toBe(tr.nodes.length);
        expect(tr.nodes.includes(s)).toBe(false);
        expect([...plan.message(0).dests].sort((a, c) => a - c)).toEqual([...plan.destinations]);
      }),
      RUNS,
    );
  });

  it('greedy: at every node the copies carry non-increasing numbers of destinations, and the first the most any dimension reaches', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 63 }), multicast(cube6.nodes, 40), (at, [, ds]) => {
        const { copies } = lenSplit(6, at, ds);
        for (let i = 1; i < copies.length; i++)
          expect(copies[i]!.dests.length).toBeLessThanOrEqual(copies[i - 1]!.dests.length);
        const rest = ds.filter((d) => d !== at);
        if (rest.length > 0)
          for (let j = 0; j < 6; j++)
            expect(rest.filter((d) => ((d ^ at) >> j) & 1).length).toBeLessThanOrEqual(copies[0]!.dests.length);
        // the copies partition the destinations other than the node
        expect(copies.flatMap((c) => c.dests).sort((a, c) => a - c)).toEqual([...rest].sort((a, c) => a - c));
      }),
      RUNS,
    );
  });

  it('the broadcast is a spanning tree of N - 1 links', () => {
    const all = Array.from({ length: 63 }, (_, i) => i + 1);
    expect(trafficOf(createPlan('len', cube6, 0, all)).additionalTraffic).toBe(0);
  });
});
