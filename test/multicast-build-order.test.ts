import { describe, expect, it } from 'vitest';
import { WormcastError } from '../src/errors.ts';
import { randomDestinations, mulberry32 } from '../src/multicast/destinations.ts';
import { getAlgorithm, MULTICAST_ALGORITHMS, routingFor } from '../src/multicast/registry.ts';
import { separate } from '../src/multicast/unicast-based/separate.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';
import type { TopologyKind } from '../src/topology/types.ts';

/*
 * Issue 27: `getAlgorithm(name).build` with destinations in any order gives the plan of the sorted
 * set (the algorithms' chains assume sorted ids), and refuses a set that is not one.
 */

const NETWORK: Record<TopologyKind, string> = {
  hypercube: 'hypercube:5',
  ccc: 'ccc:4',
  mesh: 'mesh:6x5',
  torus: 'torus:5x4',
  star: 'star:5',
} as Record<TopologyKind, string>;

describe('build with unsorted destinations (issue 27)', () => {
  it("separate addressing's own build sends in the order given, not the seed's dimension order (the bug the registry guards against)", () => {
    const t = parseTopology('hypercube:4');
    const r = createRouting('ecube', t);
    const sorted = Int32Array.from([1, 3, 6, 7, 9, 12, 15]);
    const reversed = sorted.slice().reverse();
    // docs/algorithms-unicast.md: one unicast per destination in ascending node id, one a step on one-port
    const firstTo = (p: { messages: Array<{ order: number; dests: ArrayLike<number> }> }) =>
      p.messages.find((m) => m.order === 0)!.dests[0];
    expect(firstTo(separate.build(r, 0, reversed))).toBe(15);
    expect(firstTo(getAlgorithm('separate').build(r, 0, reversed))).toBe(1);
    expect(firstTo(getAlgorithm('separate').build(r, 0, sorted))).toBe(1);
  });
  for (const name of Object.keys(MULTICAST_ALGORITHMS)) {
    it(`${name}: reversed and shuffled sets give the plan of the sorted set`, () => {
      const a = getAlgorithm(name);
      const kind = a.topologies === 'any' ? 'mesh' : a.topologies[0]!;
      const t = parseTopology(NETWORK[kind]);
      const r = routingFor(a, t);
      const random = mulberry32(27);
      const source = Math.floor(random() * t.nodes);
      const sorted = randomDestinations(t, source, Math.min(9, t.nodes - 1), random);
      const want = JSON.stringify(a.build(r, source, sorted).messages);
      const reversed = sorted.slice().reverse();
      const shuffled = Int32Array.from([...sorted].sort((x, y) => ((x * 7919) % 13) - ((y * 7919) % 13) || x - y));
      expect(JSON.stringify(a.build(r, source, reversed).messages)).toBe(want);
      expect(JSON.stringify(a.build(r, source, shuffled).messages)).toBe(want);
      // the caller's array is not sorted in place
      expect(Array.from(reversed)).toEqual([...sorted].reverse());
    });
  }
  it('a set that is not one is refused with a WormcastError naming the bad destination', () => {
    const t = parseTopology('hypercube:4');
    const a = getAlgorithm('u-cube');
    const r = routingFor(a, t);
    expect(() => a.build(r, 0, Int32Array.from([5, 3, 5]))).toThrow(WormcastError);
    expect(() => a.build(r, 0, Int32Array.from([5, 3, 5]))).toThrow(/listed twice/);
    expect(() => a.build(r, 2, Int32Array.from([5, 2]))).toThrow(/is the source/);
    expect(() => a.build(r, 0, Int32Array.from([3, 16]))).toThrow(/16 is not a node \(0\.\.15\)/);
  });
});
