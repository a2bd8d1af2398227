import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandGrid } from '../src/experiment/config/grid.ts';
import { parseExperiment } from '../src/experiment/config/schema.ts';
import { runPoint } from '../src/experiment/sweep/point-run.ts';
import { pointSettings } from '../src/experiment/sweep/sweep.ts';
import { runMain } from './cli-main.ts';

/*
 * The latency percentiles and mean hops of a run (latencyPercentiles, meanHops in --json) as sweep
 * metrics: stored since issue 29, they could not be summarised or plotted ('plot --y meanHops' was
 * refused) until 2026-11-27.
 */

async function point(base: Record<string, unknown>, metrics: string[]) {
  const e = parseExperiment({ name: 'dist', base, replications: 3, statistics: { metrics } }, 'dist');
  const p = expandGrid(e, 'dist')[0]!;
  return runPoint({ index: 0, values: {}, config: p.config, settings: pointSettings(e) });
}

describe('latency percentiles and mean hops as sweep metrics', () => {
  it("each is the mean over the replications of the run's own figure", async () => {
    const metrics = ['p50Latency', 'p90Latency', 'p99Latency', 'p999Latency', 'meanHops', 'meanLatency'];
    const o = await point({ topology: 'mesh:4x4', load: 0.1, warmup: 200, cycles: 1000, drain: 500 }, metrics);
    const runs = o.replications.map(
      (r) => r.result as { latencyPercentiles: Record<string, number>; meanHops: number; meanLatency: number },
    );
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    for (const q of ['p50', 'p90', 'p99', 'p999']) {
      const m = o.summary.metrics[`${q}Latency` as 'p50Latency']!;
      expect(m.n).toBe(3);
      expect(m.mean).toBeCloseTo(mean(runs.map((r) => r.latencyPercentiles[q]!)), 6);
    }
    expect(o.summary.metrics.meanHops!.mean).toBeCloseTo(mean(runs.map((r) => r.meanHops)), 4);
    // ordered as the percentiles are in every run
    const s = o.summary.metrics;
    expect(s.p50Latency!.mean).toBeLessThanOrEqual(s.p90Latency!.mean);
    expect(s.p90Latency!.mean).toBeLessThanOrEqual(s.p99Latency!.mean);
    expect(s.p99Latency!.mean).toBeLessThanOrEqual(s.p999Latency!.mean);
  }, 60_000);

  it('bitcomp on hypercube:4: every route is 4 hops, so meanHops is 4 with no spread', async () => {
    const o = await point(
      { topology: 'hypercube:4', pattern: 'bitcomp', load: 0.05, warmup: 100, cycles: 600, drain: 400 },
      ['meanHops'],
    );
    expect(o.summary.metrics.meanHops).toMatchObject({ mean: 4, halfWidth: 0, n: 3 });
  }, 60_000);

  it('sweep and plot take them by name; a bad name still lists them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wormcast-dist-'));
    const file = join(dir, 'dist.yaml');
    writeFileSync(
      file,
      [
        'name: dist',
        'base: {topology: "mesh:4x4", warmup: 100, cycles: 600, drain: 400}',
        'grid: {load: [0.05, 0.1]}',
        'replications: 2',
        'statistics: {metrics: [p99Latency, meanHops]}',
        '',
      ].join('\n'),
    );
    const out = join(dir, 'dist.jsonl');
    expect((await runMain(['sweep', file, '--out', out, '--quiet'])).status).toBe(0);
    const rows = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { summary: { metrics: Record<string, { mean: number }> } });
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(Object.keys(r.summary.metrics).sort()).toEqual(['meanHops', 'p99Latency']);
    const svg = join(dir, 'p99.svg');
    const plot = await runMain(['plot', out, '--x', 'load', '--y', 'p99Latency', '-o', svg]);
    expect(plot.status).toBe(0);
    expect(readFileSync(svg, 'utf8')).toContain('99th percentile latency');
    const bad = await runMain(['plot', out, '--x', 'load', '--y', 'p98Latency', '-o', svg]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('p99Latency');
  }, 120_000);
});
