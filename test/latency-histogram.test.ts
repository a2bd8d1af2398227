import { describe, expect, it } from 'vitest';
import { buildWorkload } from '../src/engine/workload.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { LatencyHistogram } from '../src/experiment/run/latency-histogram.ts';
import { runWorkload, simulationRouting } from '../src/experiment/run/simulate.ts';
import { generateTraffic } from '../src/experiment/run/traffic.ts';
import { mulberry32 } from '../src/random.ts';

/*
 * latencyPercentiles (docs/traffic.md "What is measured"): nearest-rank percentiles from fixed
 * log-linear bins, exact below 1024 cycles and at most 1/512 below the true value above.
 */

/** The nearest-rank q-quantile of a sorted list: the ceil(q n)-th smallest. */
const nearestRank = (sorted: number[], q: number): number => sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1]!;

describe('latency histogram', () => {
  it('percentiles below 1024 cycles equal those of the sorted list', () => {
    const rand = mulberry32(5);
    const xs = Array.from({ length: 3001 }, () => Math.floor(rand() ** 3 * 1023));
    const h = new LatencyHistogram();
    for (const x of xs) h.add(x);
    const sorted = [...xs].sort((a, b) => a - b);
    const p = h.percentiles();
    expect(p).toEqual({
      p50: nearestRank(sorted, 0.5),
      p90: nearestRank(sorted, 0.9),
      p99: nearestRank(sorted, 0.99),
      p999: nearestRank(sorted, 0.999),
      max: sorted[sorted.length - 1],
    });
  });

  it('above 1024 cycles a percentile is the lower edge of its bin: at most 1/512 below the sorted list', () => {
    const rand = mulberry32(6);
    const xs = Array.from({ length: 2000 }, () => Math.floor(1024 + rand() * 2e6));
    const h = new LatencyHistogram();
    for (const x of xs) h.add(x);
    const sorted = [...xs].sort((a, b) => a - b);
    for (const q of [0.5, 0.9, 0.99, 0.999]) {
      const exact = nearestRank(sorted, q);
      const got = h.quantile(q);
      expect(got).toBeLessThanOrEqual(exact);
      expect(got).toBeGreaterThanOrEqual(exact * (1 - 1 / 512));
    }
    expect(h.percentiles().max).toBe(sorted[sorted.length - 1]);
  });

  it('an empty histogram has no percentiles (NaN) and no bins', () => {
    expect(new LatencyHistogram().percentiles()).toEqual({ p50: NaN, p90: NaN, p99: NaN, p999: NaN, max: NaN });
    expect(new LatencyHistogram().bins()).toEqual({ edges: [], counts: [] });
  });

  it('latencyHistogram (issue 23): below 1024 one bin per cycle, from the least latency to the largest, counts of the list', () => {
    const rand = mulberry32(7);
    const xs = Array.from({ length: 2000 }, () => 40 + Math.floor(rand() ** 2 * 300));
    const h = new LatencyHistogram();
    for (const x of xs) h.add(x);
    const { edges, counts } = h.bins();
    const lo = Math.min(...xs);
    const hi = Math.max(...xs);
    expect(edges).toEqual(Array.from({ length: hi - lo + 2 }, (_, i) => lo + i));
    expect(counts).toEqual(Array.from({ length: hi - lo + 1 }, (_, i) => xs.filter((x) => x === lo + i).length));
  });

  it('latencyHistogram above 1024: contiguous log-linear bins (2^k / 512 wide in octave k), every latency in its bin', () => {
    const xs = [1000, 1023, 1024, 1025, 2047, 2048, 2049, 2050, 5000, 70_000];
    const h = new LatencyHistogram();
    for (const x of xs) h.add(x);
    const { edges, counts } = h.bins();
    expect(edges.length).toBe(counts.length + 1);
    expect(edges[0]).toBe(1000);
    for (let i = 1; i < edges.length; i++) {
      const width = edges[i]! - edges[i - 1]!;
      const lower = edges[i - 1]!;
      // the width of a bin is 1 below 1024, 2^k / 512 in the octave [2^k, 2^(k+1)) from 1024 on
      expect(width, `bin at ${lower}`).toBe(lower < 1024 ? 1 : 2 ** Math.floor(Math.log2(lower)) / 512);
    }
    expect(counts.reduce((a, b) => a + b, 0)).toBe(xs.length);
    for (const x of xs) {
      const i = edges.findIndex((e, j) => e <= x && x < edges[j + 1]!);
      expect(i, `latency ${x}`).toBeGreaterThanOrEqual(0);
      expect(counts[i]).toBeGreaterThan(0);
    }
    // 2048 and 2049 share a bin 4 cycles wide; 2050 is in it too
    expect(counts[edges.indexOf(2048)]).toBe(3);
  });

  it('in a run: the percentiles of torus:6x6 at load 0.2 equal those of the sorted latencies of its window', async () => {
    const routing = simulationRouting('torus:6x6', 'unicast');
    const events = generateTraffic({ nodes: 36, load: 0.2, flits: 8, dests: 0, cycles: 1300, seed: 9 });
    const w = buildWorkload(events, 'unicast', routing, 8);
    const engine = await WasmEngine.create({ routing, worms: w.worms, options: {} });
    const r = runWorkload(engine, routing, w, { from: 300, to: 1300 }, 5000);
    const times = engine.times();
    // one worm of one destination per unicast: its latency is its tail delivery minus its creation
    const lat: number[] = [];
    for (let k = 0; k < w.created.length; k++) {
      const c = w.created[k]!;
      if (c < 300 || c >= 1300) continue;
      lat.push(times.destTail[times.destBase[w.firstWorm[k]!]!]! - c);
    }
    lat.sort((a, b) => a - b);
    expect(lat.length).toBe(r.completed);
    expect(r.latencyPercentiles).toEqual({
      p50: nearestRank(lat, 0.5),
      p90: nearestRank(lat, 0.9),
      p99: nearestRank(lat, 0.99),
      p999: nearestRank(lat, 0.999),
      max: r.maxLatency,
    });
    expect(r.latencyPercentiles!.p99).toBeGreaterThan(r.latencyPercentiles!.p50);
    // the histogram holds the same latencies: one per completed destination, each counted at its cycle
    const bins = r.latencyHistogram!;
    expect(bins.counts.reduce((a, b) => a + b, 0)).toBe(lat.length);
    expect(bins.edges[0]).toBe(lat[0]);
    expect(bins.edges.at(-1)).toBe(lat.at(-1)! + 1);
    bins.counts.forEach((c, i) => expect(c).toBe(lat.filter((x) => x === bins.edges[i]).length));
  });
});
