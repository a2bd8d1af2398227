import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readExperimentFile } from '../src/experiment/config/experiment-file.ts';
import { readStore } from '../src/experiment/sweep/store.ts';
import { runSweep } from '../src/experiment/sweep/sweep.ts';
import { sweepProgress } from '../src/experiment/sweep/sweep-progress.ts';

/*
 * The shipped example examples/experiments/booksim-8x8-mesh.yaml, run as `wormcast sweep` runs
 * it (2 worker threads), against shared/reference/booksim2-8x8-mesh.md (default pipeline), under
 * BookSim's own source and VC release (back-to-back, tail-sent; docs/validation.md).
 * Since issue 15 each point has a signed band (per cent of BookSim's latency, docs/experiments.md
 * "BookSim2's curve"), derived from this example's measured agreement: its deviation from BookSim
 * +- (twice its 95 % half-width + 1 point), rounded outwards to 0.5. Before, with the source
 * limited to 16/22 of a flit per cycle, the agreement was 1-4 % up to 0.25 and 5 % held there;
 * with BookSim's source wormcast is below BookSim from 0.1 on and saturates 3-7 % higher, from the
 * router's switch allocation (docs/validation.md "Near and past saturation"). 0.35, unstable in
 * BookSim, is not saturated in wormcast; 0.40 is, with an accepted throughput 1.5-7 % above
 * BookSim's 0.337.
 */

const REFERENCE: Record<number, [booksim: number, low: number, high: number]> = {
  0.001: [47.5, -2.0, 8.0],
  0.01: [48.7, -6.0, 4.5],
  0.05: [51.1, -4.5, 1.5],
  0.1: [54.7, -5.0, -1.0],
  0.2: [64.6, -7.0, -2.5],
  0.25: [74.5, -8.5, -3.5],
  0.3: [107.8, -23.0, -2.5],
  0.325: [248.0, -69.5, -25.5],
};

describe('the BookSim2 8x8 mesh example', () => {
  it("reproduces BookSim's latency-against-load curve with confidence intervals, and flags saturation", async () => {
    const file = new URL('../examples/experiments/booksim-8x8-mesh.yaml', import.meta.url).pathname;
    const out = join(mkdtempSync(join(tmpdir(), 'wormcast-booksim-')), 'r.jsonl');
    const s = await runSweep(readExperimentFile(file), file, {
      out,
      workers: 2,
      fresh: false,
      progress: sweepProgress(true, { write: () => true }),
    });
    expect(s).toMatchObject({ points: 11, run: 11, incomplete: 0 });
    const byLoad = new Map([...readStore(out).points.values()].map((p) => [p.config.load, p]));
    for (const [load, [ref, lo, hi]] of Object.entries(REFERENCE).map(([l, r]) => [Number(l), r] as const)) {
      const p = byLoad.get(load)!;
      const m = p.summary.metrics.meanLatency!;
      expect(p.replications).toHaveLength(5);
      expect(p.summary.saturated, `load ${load}`).toBe(false);
      const dev = ((m.mean - ref) / ref) * 100;
      expect(dev, `load ${load}: ${m.mean} against ${ref}`).toBeGreaterThanOrEqual(lo);
      expect(dev, `load ${load}: ${m.mean} against ${ref}`).toBeLessThanOrEqual(hi);
      // an interval, and a narrow one where the curve is flat
      expect(m.halfWidth).toBeGreaterThan(0);
      if (load <= 0.25) expect(m.halfWidth / m.mean, `load ${load}`).toBeLessThan(0.05);
    }
    // BookSim finds 0.35 unstable; wormcast, saturating higher, does not
    expect(byLoad.get(0.35)!.summary.saturated).toBe(false);
    expect(byLoad.get(0.4)!.summary.saturated).toBe(true);
    // accepted throughput past saturation: 1.5-7 % above BookSim's 0.335-0.339
    const sat = byLoad.get(0.4)!.summary.metrics.throughput!.mean;
    expect((sat - 0.337) / 0.337).toBeGreaterThanOrEqual(0.015);
    expect((sat - 0.337) / 0.337).toBeLessThanOrEqual(0.07);
  }, 180_000);
});
