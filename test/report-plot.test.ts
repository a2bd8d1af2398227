import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseExperiment } from '../src/experiment/config/schema.ts';
import { readStore } from '../src/experiment/sweep/store.ts';
import { runSweep } from '../src/experiment/sweep/sweep.ts';
import { sweepProgress } from '../src/experiment/sweep/sweep-progress.ts';
import { plotRows, plotSpec } from '../src/report/plot-spec.ts';
import { runMain } from './cli-main.ts';

const dir = mkdtempSync(join(tmpdir(), 'wormcast-plot-'));
const out = join(dir, 'r.jsonl');

beforeAll(async () => {
  // two algorithms on a 4x4 mesh, the last load far past saturation
  const e = parseExperiment(
    {
      name: 'plot',
      base: { topology: 'mesh:4x4', dests: 3, warmup: 300, cycles: 2000, drain: 1500 },
      grid: { algorithm: ['unicast', 'dual-path'], load: [0.05, 0.1, 0.9] },
      replications: 2,
    },
    't',
  );
  await runSweep(e, 't', { out, workers: 0, fresh: false, progress: sweepProgress(true, { write: () => true }) });
}, 60_000);

describe('wormcast plot', () => {
  it('renders an SVG with the series names, an error bar per measured point and the saturated points marked', async () => {
    const svg = join(dir, 'fig.svg');
    const r = await runMain(['plot', out, '--x', 'load', '--y', 'meanLatency', '--series', 'algorithm', '-o', svg]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^plot: 6 points \(2 saturated, marked\) -> /);
    const text = readFileSync(svg, 'utf8');
    expect(text.startsWith('<svg')).toBe(true);
    for (const name of ['unicast', 'dual-path', 'saturated', 'measured', 'algorithm'])
      expect(text).toContain(`>${name}</text>`);
    // 2 algorithms x 2 stable loads, each with its interval
    expect(text.match(/aria-roledescription="errorbar"/g)).toHaveLength(4);
    // saturated points are crosses, not joined to the lines
    expect(text.match(/point: saturated/g)).toHaveLength(2);
  });
  it('the spec keeps saturated points off the lines and error bars', () => {
    const points = [...readStore(out).points.values()];
    const rows = plotRows(points, { x: 'load', y: 'meanLatency', series: 'algorithm' });
    expect(rows.filter((x) => x.state === 'saturated').map((x) => x.x)).toEqual([0.9, 0.9]);
    expect(rows.filter((x) => x.state === 'saturated').every((x) => x.lo === null && x.hi === null)).toBe(true);
    const spec = plotSpec(rows, { x: 'load', y: 'meanLatency', series: 'algorithm' }) as {
      layer: Array<{ transform?: Array<{ filter: string }> }>;
    };
    expect(spec.layer[0]!.transform![0]!.filter).toContain("'measured'");
    expect(spec.layer[1]!.transform![0]!.filter).toContain("'measured'");
  });
  it('a saturated point is marked on a throughput chart too, with its measured value (only a latency is a lower bound)', () => {
    const points = [...readStore(out).points.values()];
    const rows = plotRows(points, { x: 'load', y: 'throughput', series: 'algorithm' });
    expect(rows.filter((x) => x.state === 'saturated').map((x) => x.x)).toEqual([0.9, 0.9]);
    // the accepted throughput of a saturated point is a measurement: plotted where it is, not clipped
    for (const r of rows.filter((x) => x.state === 'saturated')) expect(r.y).toBe(r.mean);
  });
  it('builds its spec without Node: the browser app can reuse it', () => {
    // the spec builder and what it imports at run time (type-only imports are erased)
    for (const f of [
      '../src/report/plot-spec.ts',
      '../src/experiment/sweep/format.ts',
      '../src/experiment/config/metrics.ts',
    ]) {
      const src = readFileSync(new URL(f, import.meta.url), 'utf8');
      const runtime = src.split('\n').filter((l) => /^import (?!type )/.test(l));
      for (const l of runtime) expect(l, f).not.toMatch(/from '(node:|piscina|vega)/);
      for (const l of runtime) expect(l, f).toMatch(/from '\.\.?\/(experiment\/)?(format|metrics)\.ts'/);
    }
  });
  it('writes an interactive HTML page that needs no network', async () => {
    const html = join(dir, 'fig.html');
    const r = await runMain(['plot', out, '--series', 'algorithm', '--facet', 'topology', '-o', html]);
    expect(r.status).toBe(0);
    const text = readFileSync(html, 'utf8');
    expect(text).toContain('<!doctype html>');
    expect(text).toContain('new vega.View(vega.parse(spec)');
    expect(text).not.toMatch(/<script[^>]+src=/);
    expect(text).toContain('"dual-path"');
    expect(text.length).toBeGreaterThan(400_000);
  });
  it('refuses what it cannot draw, in one line', async () => {
    expect((await runMain(['plot', out, '--y', 'meanLatncy', '-o', join(dir, 'x.svg')])).stderr).toMatch(
      /^wormcast: plot --y 'meanLatncy': not a metric \(did you mean 'meanLatency'\?\)/,
    );
    expect((await runMain(['plot', out, '-o', join(dir, 'x.png')])).stderr).toMatch(/must end in \.svg or \.html/);
    expect((await runMain(['plot', join(dir, 'none.jsonl'), '-o', join(dir, 'x.svg')])).status).toBe(2);
  });
});

describe('wormcast results', () => {
  it('exports CSV, JSON and Markdown in grid order', async () => {
    const csv = await runMain(['results', out, '--csv']);
    expect(csv.status).toBe(0);
    const rows = csv.stdout.trim().split('\n');
    expect(rows[0]).toMatch(
      /^index,algorithm,load,replications,meanLatency,meanLatency_halfWidth,meanLatency_lo,meanLatency_hi,meanLatency_measured,/,
    );
    expect(rows.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual([
      '0,unicast,0.05',
      '1,unicast,0.1',
      '2,unicast,0.9',
      '3,dual-path,0.05',
      '4,dual-path,0.1',
      '5,dual-path,0.9',
    ]);
    const json = JSON.parse((await runMain(['results', out, '--format', 'json'])).stdout) as Array<{
      saturated: boolean;
      metrics: { meanLatency: { state: string; mean: number } };
    }>;
    expect(json.map((p) => p.saturated)).toEqual([false, false, true, false, false, true]);
    expect(json[2]!.metrics.meanLatency.state).toBe('saturated');
    const md = (await runMain(['results', out])).stdout;
    expect(md.split('\n')[0]).toBe(
      '| algorithm | load | reps | meanLatency (95% CI) | meanNetworkLatency (95% CI) | meanCompletion (95% CI) | throughput (95% CI) | generated (95% CI) | saturated |',
    );
    expect(md).toMatch(/\| unicast \| 0\.05 \| 2 \| \d+\.\d+ ± \d/);
    expect((await runMain(['results', out, '--format', 'xml'])).stderr).toBe(
      "wormcast: results --format 'xml': expected csv, json or md\n",
    );
  });
});
