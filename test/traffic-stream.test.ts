import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateTraffic, type TrafficEvent, type TrafficSpec } from '../src/experiment/run/traffic.ts';
import { streamSeed, TrafficStream } from '../src/experiment/run/traffic-stream.ts';

// Issue 11: traffic drawn as the run goes (per-node seeded streams) is deterministic per seed
// and statistically the traffic the up-front generator made (the same processes and
// destination distributions; the numbers differ: docs/traffic.md).

function all(spec: TrafficSpec): TrafficEvent[] {
  const s = new TrafficStream(spec);
  const out: TrafficEvent[] = [];
  while (s.peekTime() !== Infinity) out.push(s.take());
  return out;
}

describe('streamed traffic (issue 11)', () => {
  it('is deterministic per seed, in creation order (ties by source), within the cycles asked', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }),
        fc.double({ min: 0.05, max: 4, noNaN: true }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.boolean(),
        (nodes, load, seed, exp) => {
          const spec: TrafficSpec = {
            nodes,
            load,
            flits: 8,
            dests: Math.min(3, nodes - 1),
            cycles: 300,
            seed,
            process: exp ? 'exponential' : 'bernoulli',
          };
          const a = all(spec);
          expect(all(spec)).toEqual(a);
          for (let i = 1; i < a.length; i++) {
            const p = a[i - 1]!;
            const q = a[i]!;
            expect(
              p.created < q.created ||
                (p.created === q.created && p.src < q.src) ||
                (exp && p.created === q.created && p.src === q.src),
            ).toBe(true);
          }
          for (const e of a) {
            expect(e.created).toBeGreaterThanOrEqual(0);
            expect(e.created).toBeLessThan(300);
            expect(new Set(e.dests).size).toBe(e.dests.length);
            expect(e.dests).not.toContain(e.src);
            expect([...e.dests].sort((x, y) => x - y)).toEqual(e.dests);
          }
        },
      ),
      { numRuns: 200, seed: 11 },
    );
  });

  it('different seeds and different nodes get different streams', () => {
    expect(streamSeed(1, 0, 1)).not.toBe(streamSeed(2, 0, 1));
    expect(streamSeed(1, 0, 1)).not.toBe(streamSeed(1, 1, 1));
    expect(streamSeed(1, 0, 1)).not.toBe(streamSeed(1, 0, 2));
    expect(all({ nodes: 16, load: 0.5, flits: 8, dests: 0, cycles: 500, seed: 1 })).not.toEqual(
      all({ nodes: 16, load: 0.5, flits: 8, dests: 0, cycles: 500, seed: 2 }),
    );
  });

  for (const process of ['bernoulli', 'exponential', 'uniform'] as const) {
    it(`${process}: the generated load is that of the up-front generator (within 3 standard deviations)`, () => {
      const spec: TrafficSpec = { nodes: 64, load: 0.2, flits: 16, dests: 0, cycles: 20_000, seed: 5, process };
      const mean = 64 * (0.2 / 16) * 20_000; // 16,000 messages expected
      const sd = Math.sqrt(mean);
      expect(Math.abs(all(spec).length - mean)).toBeLessThan(3 * sd);
      expect(Math.abs(generateTraffic(spec).length - mean)).toBeLessThan(3 * sd);
    });
  }

  it('destinations are uniform over the other nodes (chi-square over the 15 others, 14 degrees of freedom), unicast and multicast', () => {
    for (const dests of [0, 5]) {
      const events = all({ nodes: 16, load: 1, flits: 8, dests, cycles: 20_000, seed: 9 });
      const fromZero = events.filter((e) => e.src === 0);
      const counts = new Array<number>(16).fill(0);
      for (const e of fromZero) for (const d of e.dests) counts[d]!++;
      expect(counts[0]).toBe(0);
      const n = counts.reduce((a, b) => a + b, 0);
      const expected = n / 15;
      const chi2 = counts.slice(1).reduce((a, c) => a + (c - expected) ** 2 / expected, 0);
      // 99.9th percentile of chi-square with 14 degrees of freedom: 36.1
      expect(chi2, `dests ${dests}: counts ${counts.join(',')}`).toBeLessThan(36.1);
    }
  });

  it('a multicast to more than half of the nodes is drawn through its complement, still m distinct others', () => {
    const events = all({ nodes: 20, load: 1, flits: 8, dests: 17, cycles: 200, seed: 4 });
    expect(events.length).toBeGreaterThan(100);
    for (const e of events) {
      expect(e.dests.length).toBe(17);
      expect(new Set(e.dests).size).toBe(17);
      expect(e.dests).not.toContain(e.src);
    }
  });

  it('a one-node network: unicast traffic is refused in one line, unless a source may address itself', () => {
    const spec: TrafficSpec = { nodes: 1, load: 0.1, flits: 4, dests: 0, cycles: 100, seed: 1 };
    expect(() => new TrafficStream(spec)).toThrow(/a network of 1 node has no other node to send to/);
    const s = new TrafficStream({ ...spec, self: true });
    expect(s.take().dests).toEqual([0]);
  });
});
