import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { latencyGrowth, pointSaturated, saturationReasons } from '../src/experiment/config/saturation.ts';
import { parseExperiment } from '../src/experiment/config/schema.ts';
import type { SimulationResult } from '../src/experiment/run/simulate.ts';
import { readStore } from '../src/experiment/sweep/store.ts';
import { runSweep } from '../src/experiment/sweep/sweep.ts';
import { resultsTable } from '../src/report/results-table.ts';
import { sweepProgress } from '../src/experiment/sweep/sweep-progress.ts';

const rule = { throughputTolerance: 0.02, latencyGrowth: 0.25 };
const quiet = () => sweepProgress(true, { write: () => true });

/** A stable run's result with some fields changed. */
function result(x: Partial<SimulationResult>): SimulationResult {
  return {
    status: 'finished',
    incomplete: null,
    window: { from: 1000, to: 11_000, requestedTo: 11_000 },
    meanLatency: 50,
    maxLatency: 90,
    meanNetworkLatency: 45,
    meanCompletion: 50,
    maxCompletion: 90,
    throughput: 0.3,
    generated: 0.3,
    flitHops: 1,
    cycles: 12_000,
    multicasts: 1000,
    completed: 1000,
    counters: { flitHops: 1, vcWaitCycles: 0, sameMulticastWaits: 0, sharingEvents: 0 } as SimulationResult['counters'],
    channelUtilisation: { mean: 0.1, max: 0.2 },
    slots: { capacity: 100, peak: 10 },
    deadlock: null,
    ...x,
  };
}

describe('saturation rule', () => {
  it('a stable run is not saturated', () => {
    expect(saturationReasons(result({}), [50, 52, 49, 51, 50, 48, 53, 50, 49, 51], rule)).toEqual([]);
  });
  it('accepted below generated beyond the tolerance', () => {
    expect(saturationReasons(result({ throughput: 0.336, generated: 0.35 }), null, rule)[0]).toMatch(
      /^accepted 0\.3360 < generated 0\.3500/,
    );
    expect(saturationReasons(result({ throughput: 0.346, generated: 0.35 }), null, rule)).toEqual([]);
  });
  it('but not a deficit within the noise of a short window of light traffic', () => {
    // 200 messages over 2,000 cycles, 27 cycles each: ~2.7 in the system at a boundary; 3 sd of the deficit = 3.5 %
    const short = {
      window: { from: 300, to: 2300, requestedTo: 2300 },
      multicasts: 200,
      completed: 200,
      meanCompletion: 27,
    };
    expect(saturationReasons(result({ ...short, throughput: 0.096, generated: 0.0985 }), null, rule)).toEqual([]);
    expect(saturationReasons(result({ ...short, throughput: 0.09, generated: 0.0985 }), null, rule)).toHaveLength(1);
  });
  it('messages of the window not completed', () => {
    expect(saturationReasons(result({ completed: 900 }), null, rule)[0]).toMatch(
      /^100 of the 1000 messages created in the window did not complete/,
    );
  });
  it('latency still growing over the window; only a majority of growing replications makes the point saturated', () => {
    const growing = [100, 120, 140, 160, 180, 200, 220, 240, 260, 280];
    expect(latencyGrowth(growing)).toMatchObject({ first: 140, second: 240 });
    const why = saturationReasons(result({}), growing, rule);
    expect(why).toHaveLength(1);
    expect(why[0]).toMatch(/^latency still growing: 140\.0 over the window's first half, 240\.0 over its second/);
    expect(pointSaturated([why, [], [], [], []])).toBe(false);
    expect(pointSaturated([why, why, why, [], []])).toBe(true);
    expect(pointSaturated([['accepted 0.3 < generated 0.35 flits/node/cycle'], [], []])).toBe(true);
    // noisy batches that do not grow beyond three standard errors are not growth
    expect(saturationReasons(result({}), [50, 80, 40, 70, 45, 90, 50, 85, 60, 75], rule)).toEqual([]);
  });
});

describe('an overloaded point in a sweep', () => {
  it('is flagged saturated and its latency is never printed as an ordinary number', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wormcast-sat-'));
    const out = join(dir, 'r.jsonl');
    const e = parseExperiment(
      {
        name: 'overload',
        base: { topology: 'mesh:4x4', warmup: 500, cycles: 3000, drain: 2000 },
        grid: { load: [0.1, 0.9] },
        replications: 2,
      },
      't',
    );
    const s = await runSweep(e, 't', { out, workers: 0, fresh: false, progress: quiet() });
    expect(s).toMatchObject({ points: 2, run: 2, saturated: 1, incomplete: 0 });
    const pts = [...readStore(out).points.values()].sort((a, b) => a.index - b.index);
    expect(pts[0]!.summary.saturated).toBe(false);
    expect(pts[1]!.summary.saturated).toBe(true);
    expect(pts[1]!.summary.saturation[0]).toMatch(/accepted .* < generated|did not complete|stopped the run/);
    const lat = pts[1]!.summary.metrics.meanLatency!.mean;
    // Markdown: the status column says saturated, the latency's mean and CI cells are empty, the
    // measured lower bound has a column of its own
    const md = resultsTable(pts, 'md').trim().split('\n');
    const mdHead = md[0]!.split(' | ');
    const mdRow = md[3]!.split(' | ');
    expect(mdRow[mdHead.indexOf('status')]).toBe('saturated');
    expect(mdRow[mdHead.indexOf('meanLatency mean [cycles]')]).toBe('');
    expect(mdRow[mdHead.indexOf('meanLatency 95% CI low [cycles]')]).toBe('');
    expect(Number(mdRow[mdHead.indexOf('meanLatency measured [cycles]')])).toBeCloseTo(lat, 0);
    const csv = resultsTable(pts, 'csv').trim().split('\n');
    const head = csv[0]!.split(',');
    const row = csv[2]!.split(',');
    // tidy: no word in a numeric column; the status column says why the latency is empty
    expect(row[head.indexOf('meanLatency')]).toBe('');
    expect(row[head.indexOf('meanLatency_lo')]).toBe('');
    expect(Number(row[head.indexOf('meanLatency_measured')])).toBeCloseTo(lat, 6);
    expect(row[head.indexOf('status')]).toBe('saturated');
    // throughput of a saturated point is a real number: what the network accepted
    expect(Number(row[head.indexOf('throughput')])).toBeGreaterThan(0);
  });
});
