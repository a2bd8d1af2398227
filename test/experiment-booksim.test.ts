import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readExperimentFile } from '../src/experiment/experiment-file.ts';
import { readStore } from '../src/experiment/store.ts';
import { runSweep } from '../src/experiment/sweep.ts';
import { sweepProgress } from '../src/experiment/sweep-progress.ts';

/*
 * The shipped example examples/experiments/booksim-8x8-mesh.yaml, run as `wormcast sweep` runs
 * it (2 worker threads), against shared/reference/booksim2-8x8-mesh.md (default pipeline).
 * Tolerances (docs/experiments.md "BookSim2's curve"): 5 % up to 0.25, where both simulators
 * are in the flat part of the curve and docs/validation.md found differences of 1-4 % from
 * the engine model (one VC on the injection channel, oldest-first VC allocation) and BookSim's
 * own sampling; 25 % at 0.30-0.325, the knee, where the half-widths themselves are 7-11 % of
 * the mean and docs/validation.md measured up to 12 % between the two simulators; 0.35 and
 * 0.40 must be flagged saturated, as BookSim finds them.
 */

const REFERENCE: Record<number, number | 'saturated'> = {
  0.001: 47.5,
  0.01: 48.7,
  0.05: 51.1,
  0.1: 54.7,
  0.2: 64.6,
  0.25: 74.5,
  0.3: 107.8,
  0.325: 248.0,
  0.35: 'saturated',
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
    for (const [load, ref] of Object.entries(REFERENCE).map(([l, r]) => [Number(l), r] as const)) {
      const p = byLoad.get(load)!;
      const m = p.summary.metrics.meanLatency!;
      expect(p.replications).toHaveLength(5);
      if (ref === 'saturated') {
        expect(p.summary.saturated, `load ${load}`).toBe(true);
        continue;
      }
      expect(p.summary.saturated, `load ${load}`).toBe(false);
      const tolerance = load <= 0.25 ? 0.05 : 0.25;
      expect(Math.abs(m.mean - ref) / ref, `load ${load}: ${m.mean} against ${ref}`).toBeLessThan(tolerance);
      // an interval, and a narrow one where the curve is flat
      expect(m.halfWidth).toBeGreaterThan(0);
      if (load <= 0.25) expect(m.halfWidth / m.mean, `load ${load}`).toBeLessThan(0.05);
    }
    expect(byLoad.get(0.4)!.summary.saturated).toBe(true);
    // accepted throughput past saturation: BookSim's 0.335-0.339, within 3 %
    const sat = byLoad.get(0.4)!.summary.metrics.throughput!.mean;
    expect(Math.abs(sat - 0.337) / 0.337).toBeLessThan(0.03);
  }, 180_000);
});
