import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { destCountRange, drawDestCount } from '../src/experiment/run/dest-count.ts';
import { runIsolated } from '../src/experiment/run/isolated.ts';
import type { TrafficEvent, TrafficSpec } from '../src/experiment/run/traffic.ts';
import { TrafficStream } from '../src/experiment/run/traffic-stream.ts';
import { runMain } from './cli-main.ts';

/*
 * Destination counts drawn per multicast with a given mean (issue 13; seed 004 section 7.2 "the
 * average number of destinations for a multicast is 10"; the rule in docs/traffic.md).
 */

function all(spec: TrafficSpec): TrafficEvent[] {
  const s = new TrafficStream(spec);
  const out: TrafficEvent[] = [];
  while (s.peekTime() !== Infinity) out.push(s.take());
  return out;
}

describe('the count rule (src/experiment/run/dest-count.ts)', () => {
  it('is uniform on mean - w .. mean + w, the widest range around the mean within 1 .. others', () => {
    expect(destCountRange(10, 63)).toEqual({ lo: 1, hi: 19 });
    expect(destCountRange(45, 63)).toEqual({ lo: 27, hi: 63 });
    expect(destCountRange(1, 63)).toEqual({ lo: 1, hi: 1 });
    expect(destCountRange(63, 63)).toEqual({ lo: 63, hi: 63 });
    expect(destCountRange(32, 63)).toEqual({ lo: 1, hi: 63 });
    // the draws cover the range and nothing else
    expect(drawDestCount(10, 63, 0)).toBe(1);
    expect(drawDestCount(10, 63, 0.999999)).toBe(19);
    expect(() => destCountRange(10.5, 63)).toThrow(/dests mean 10\.5 must be an integer 1\.\.63/);
    expect(() => destCountRange(0, 63)).toThrow(/must be an integer 1\.\.63/);
    expect(() => destCountRange(64, 63)).toThrow(/must be an integer 1\.\.63/);
  });
  it('property: the range lies within 1 .. others and its midpoint is the mean', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 5000 }), (others, k) => {
        const mean = 1 + (k % others);
        const { lo, hi } = destCountRange(mean, others);
        expect(lo).toBeGreaterThanOrEqual(1);
        expect(hi).toBeLessThanOrEqual(others);
        expect(lo + hi).toBe(2 * mean);
      }),
      { numRuns: 300, seed: 4 },
    );
  });
});

describe('streamed traffic with destsMean (per-node streams, src/experiment/run/traffic-stream.ts)', () => {
  const spec: TrafficSpec = { nodes: 64, load: 0.5, flits: 16, dests: 0, destsMean: 10, cycles: 2500, seed: 7 };
  const events = all(spec);
  it('draws counts with the given mean, within its sampling error over many multicasts', () => {
    const n = events.length;
    expect(n).toBeGreaterThan(4000);
    const counts = events.map((e) => e.dests.length);
    const mean = counts.reduce((a, b) => a + b, 0) / n;
    // uniform on 1..19: sd sqrt((19^2 - 1) / 12) = sqrt(30); 4 standard errors
    expect(Math.abs(mean - 10)).toBeLessThan((4 * Math.sqrt(30)) / Math.sqrt(n));
    // every count of the range occurs, about equally often (n / 19 each, within 5 of its sd)
    const hist = new Map<number, number>();
    for (const c of counts) hist.set(c, (hist.get(c) ?? 0) + 1);
    expect([...hist.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    const expected = n / 19;
    for (const f of hist.values()) expect(Math.abs(f - expected)).toBeLessThan(5 * Math.sqrt(expected));
  });
  it('sets are distinct nodes other than the source, sorted', () => {
    for (const e of events) {
      expect(new Set(e.dests).size).toBe(e.dests.length);
      expect(e.dests).not.toContain(e.src);
      expect([...e.dests].sort((a, b) => a - b)).toEqual(e.dests);
      for (const d of e.dests) expect(d >= 0 && d < 64).toBe(true);
    }
  });
  it('is deterministic per seed, and leaves the arrival times and sources of the fixed-count stream', () => {
    expect(all(spec)).toEqual(events);
    expect(all({ ...spec, seed: 8 })).not.toEqual(events);
    const fixed = all({ ...spec, destsMean: undefined, dests: 10 });
    expect(fixed.map((e) => [e.created, e.src])).toEqual(events.map((e) => [e.created, e.src]));
    expect(fixed.every((e) => e.dests.length === 10)).toBe(true);
  });
  it('mean 45 of seed 004 Fig. 7.9 on the 8x8 mesh: counts 27..63, mean 45', () => {
    const big = all({ ...spec, destsMean: 45, cycles: 800 });
    const counts = big.map((e) => e.dests.length);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(27);
    expect(Math.max(...counts)).toBeLessThanOrEqual(63);
    const sd = Math.sqrt((37 * 37 - 1) / 12);
    const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
    expect(Math.abs(mean - 45)).toBeLessThan((4 * sd) / Math.sqrt(counts.length));
  });
  it('property: any size, mean and seed give counts in the range and valid sets', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 80 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        (nodes, k, seed) => {
          const mean = 1 + (k % (nodes - 1));
          const { lo, hi } = destCountRange(mean, nodes - 1);
          for (const e of all({ nodes, load: 1, flits: 8, dests: 0, destsMean: mean, cycles: 40, seed })) {
            expect(e.dests.length >= lo && e.dests.length <= hi).toBe(true);
            expect(new Set(e.dests).size).toBe(e.dests.length);
            expect(e.dests).not.toContain(e.src);
          }
        },
      ),
      { numRuns: 60, seed: 10 },
    );
  });
  it('refuses a mean out of range', () => {
    expect(() => new TrafficStream({ ...spec, destsMean: 64 })).toThrow(/dests mean 64 must be an integer 1\.\.63/);
  });
});

describe('isolated multicasts with destsMean (src/experiment/run/isolated.ts)', () => {
  it('draws one count per set with the mean; a fixed count gives the same sets as before', async () => {
    const base = {
      topology: 'mesh:8x8',
      algorithm: 'dual-path',
      dests: 10,
      sets: 300,
      flits: 16,
      seed: 3,
      options: {},
    } as const;
    const drawn = await runIsolated({ ...base, destsMean: 10 });
    expect(drawn.perSet.destinations.some((m) => m !== 10)).toBe(true);
    expect(Math.abs(drawn.destinations.mean - 10)).toBeLessThan((4 * Math.sqrt(30)) / Math.sqrt(300));
    const fixed = await runIsolated(base);
    expect(fixed.destinations).toMatchObject({ mean: 10, sd: 0, n: 300 });
    // the interval is over the sets: n = sets
    expect(fixed.latency.n).toBe(300);
    expect(fixed.meanLatency).toBe(fixed.latency.mean);
  });
});

describe('simulate --dests-mean (in-process main)', () => {
  const run = ['simulate', '--topology', 'mesh:8x8', '--algorithm', 'dual-path'];
  it('runs dynamic traffic with drawn counts; the heading says so', async () => {
    const r = await runMain([...run, '--dests-mean', '10', '--load', '0.01', '--warmup', '200', '--cycles', '2000']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^mesh:8x8 dual-path to a mean of 10 destinations \(drawn per multicast\), load 0\.01/);
    // a different run from the fixed count of 10 (the counts differ), the same arrivals
    const a = await runMain([...run, '--dests-mean', '10', '--load', '0.01', '--cycles', '2000', '--json']);
    const b = await runMain([...run, '--dests', '10', '--load', '0.01', '--cycles', '2000', '--json']);
    const ja = JSON.parse(a.stdout);
    const jb = JSON.parse(b.stdout);
    expect(ja.multicasts).toBe(jb.multicasts);
    // (54 multicasts whose drawn counts happen to sum to 540, as the fixed ones do: compare the hops)
    expect(ja.flitHops).not.toBe(jb.flitHops);
    const c = await runMain([...run, '--dests-mean', '20', '--load', '0.01', '--cycles', '2000', '--json']);
    expect(JSON.parse(c.stdout).generated).toBeGreaterThan(1.5 * ja.generated);
  });
  it.each([
    [['--dests', '10', '--dests-mean', '10', '--load', '0.01'], /--dests 10 and --dests-mean 10 both give/],
    [['--dests-mean', '64', '--load', '0.01'], /--dests-mean 64 must be 1\.\.63 for a multicast on mesh:8x8/],
    [['--dests-mean', '0', '--load', '0.01'], /--dests-mean: 0 is out of range/],
    [['--dests-mean', '2.5', '--load', '0.01'], /--dests-mean: '2\.5' is not an integer/],
  ])('refuses %j with one wormcast: line, exit 2', async (extra, message) => {
    const r = await runMain([...run, ...extra]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')).toHaveLength(2);
    expect(r.stderr).toMatch(message);
  });
  it('refuses --dests-mean on unicast traffic', async () => {
    const r = await runMain(['simulate', '--topology', 'mesh:4x4', '--load', '0.1', '--dests-mean', '3']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^wormcast: simulate: --dests-mean applies to multicast algorithms/);
  });
});
