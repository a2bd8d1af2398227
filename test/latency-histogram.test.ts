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

  it('an empty histogram has no percentiles (NaN)', () => {
    expect(new LatencyHistogram().percentiles()).toEqual({ p50: NaN, p90: NaN, p99: NaN, p999: NaN, max: NaN });
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
  });
});
