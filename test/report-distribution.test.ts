import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readStore, type StoredPoint } from '../src/experiment/sweep/store.ts';
import { sweep } from '../src/index.ts';
import {
  completeDistributionAxes,
  distributionRows,
  distributionSpec,
  pooledBins,
} from '../src/report/distribution-spec.ts';
import { runMain } from './cli-main.ts';

/*
 * Latency distributions (issue 23): every replication of a stored point holds its
 * latencyHistogram, and `wormcast plot --kind cdf|histogram` draws the pooled distribution of one
 * or several points, a line per series, with titled axes. The spec is tested, not pixels.
 */

const dir = mkdtempSync(join(tmpdir(), 'wormcast-distribution-'));
const out = join(dir, 'r.jsonl');
let points: StoredPoint[] = [];

beforeAll(async () => {
  // unicast (one destination a message) at two loads and two message lengths
  const r = await sweep({
    name: 'dist',
    topology: 'mesh:4x4',
    warmup: 300,
    cycles: 2000,
    drain: 3000,
    grid: { load: [0.05, 0.2], flits: [4, 16] },
    replications: 2,
    out,
    workers: 0,
  });
  points = r.rows;
}, 60_000);

const byValues = (load: number, flits: number) =>
  points.find((p) => p.values.load === load && p.values.flits === flits)!;

describe('latencyHistogram in the store', () => {
  it('each replication holds one latency a completed message (unicast: one destination), in bins that cover its percentiles', () => {
    expect(points).toHaveLength(4);
    for (const p of points)
      for (const rep of p.replications) {
        const res = rep.result as {
          completed: number;
          latencyHistogram: { edges: number[]; counts: number[] };
          latencyPercentiles: { p50: number; max: number };
        };
        const h = res.latencyHistogram;
        expect(h.edges).toHaveLength(h.counts.length + 1);
        expect(h.counts.reduce((a, b) => a + b, 0)).toBe(res.completed);
        expect(h.edges[0]).toBeLessThanOrEqual(res.latencyPercentiles.p50);
        expect(h.edges.at(-1)).toBe(res.latencyPercentiles.max + 1);
      }
  });
});

describe('the distribution spec', () => {
  it('a CDF per series: from 0 at the least latency, non-decreasing, 1 at the largest; equal to the pooled counts', () => {
    const some = [byValues(0.05, 4), byValues(0.2, 4)];
    const rows = distributionRows(some, { kind: 'cdf', series: 'load' });
    for (const p of some) {
      const line = rows.filter((r) => r.series === String(p.values.load));
      const bins = pooledBins(p)!;
      const total = bins.reduce((a, b) => a + b[2], 0);
      expect(line[0]).toMatchObject({ x: bins[0]![0], y: 0 });
      expect(line.at(-1)).toMatchObject({ x: bins.at(-1)![1], y: 1 });
      for (let i = 1; i < line.length; i++) expect(line[i]!.y).toBeGreaterThanOrEqual(line[i - 1]!.y);
      // at a bin's upper edge: the fraction of the latencies below it
      const k = Math.floor(bins.length / 2);
      const below = bins.slice(0, k + 1).reduce((a, b) => a + b[2], 0) / total;
      expect(line.find((r) => r.x === bins[k]![1])!.y).toBeCloseTo(below, 12);
    }
  });

  it('a CDF of latencies below 1,024 cycles is a step: it rises at each latency (vertically) and is flat up to the next one', () => {
    const some = [byValues(0.05, 4), byValues(0.2, 4)];
    const rows = distributionRows(some, { kind: 'cdf', series: 'load' });
    for (const p of some) {
      const line = rows.filter((r) => r.series === String(p.values.load));
      const bins = pooledBins(p)!;
      expect(bins.every(([lo, hi]) => hi - lo === 1)).toBe(true);
      const total = bins.reduce((a, b) => a + b[2], 0);
      // every segment is vertical (at a latency) or flat (between two): no ramp across a cycle
      for (let i = 1; i < line.length; i++)
        expect(line[i]!.x === line[i - 1]!.x || line[i]!.y === line[i - 1]!.y).toBe(true);
      // at each latency L held, the line reaches F(L), the fraction of latencies <= L, at x = L
      let seen = 0;
      for (const [lo, , c] of bins) {
        seen += c;
        if (c > 0) expect(line.some((r) => r.x === lo && Math.abs(r.y - seen / total) < 1e-12)).toBe(true);
      }
    }
  });

  it('a histogram per series: whole-cycle bins whose fractions sum to 1, titled axes with units, the bin width stated', () => {
    const some = [byValues(0.05, 16), byValues(0.2, 16)];
    const a = { kind: 'histogram' as const, series: 'load', bins: 12 };
    const rows = distributionRows(some, a);
    for (const p of some) {
      const line = rows.filter((r) => r.series === String(p.values.load));
      // a start at 0, the bins, the last bin's end twice
      const bins = line.slice(1, -2);
      expect(bins.reduce((s, r) => s + r.y, 0)).toBeCloseTo(1, 12);
      const width = bins[1]!.x - bins[0]!.x;
      expect(Number.isInteger(width)).toBe(true);
      expect(bins.length).toBeLessThanOrEqual(12);
    }
    const spec = distributionSpec(rows, a) as {
      title: { text: string; subtitle: string };
      encoding: { x: { title: string }; y: { title: string }; color: { title: string } };
      mark: { interpolate: string };
    };
    expect(spec.title.text).toBe('Latency histogram, by offered load');
    expect(spec.title.subtitle).toMatch(/; bins of \d+ cycles$/);
    expect(spec.encoding.x.title).toBe('Latency, creation to tail delivery, per destination [cycles]');
    expect(spec.encoding.y.title).toBe('Fraction of deliveries per bin');
    expect(spec.encoding.color.title).toBe('Offered load');
    expect(spec.mark.interpolate).toBe('step-after');
  });
});

describe('wormcast plot --kind cdf|histogram', () => {
  it('draws the CDF of the points of one message length, a line per load, into an SVG with its titles', async () => {
    const svg = join(dir, 'cdf.svg');
    const r = await runMain(['plot', out, '--kind', 'cdf', '--where', 'flits=16', '-o', svg]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`plot: latency CDF of 2 points (2 lines); --series load (the grid varies them) -> ${svg}\n`);
    const text = readFileSync(svg, 'utf8');
    for (const name of [
      'Cumulative distribution of latency, by offered load',
      'Latency, creation to tail delivery, per destination [cycles]',
      'Cumulative fraction of deliveries',
      'Offered load',
      '0.05',
      '0.2',
    ])
      expect(text).toContain(`>${name}</text>`);
  });

  it('draws a histogram as PNG and PDF (the renderers of plot)', async () => {
    for (const ext of ['png', 'pdf']) {
      const file = join(dir, `h.${ext}`);
      const r = await runMain([
        'plot',
        out,
        '--kind',
        'histogram',
        '--series',
        'flits',
        '--where',
        'load=0.2',
        '-o',
        file,
      ]);
      expect(r.status, r.stderr).toBe(0);
      const bytes = readFileSync(file);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe(ext === 'png' ? '\x89PNG' : '%PDF');
    }
  });

  it('refuses in one line: a grid varying two options besides the series, --x with a distribution, an unknown kind, a point without a histogram', async () => {
    const svg = join(dir, 'x.svg');
    const two = await runMain(['plot', out, '--kind', 'cdf', '-o', svg]);
    expect(two.stdout).toBe(
      `plot: latency CDF of 4 points (4 lines); --series load --facet flits (the grid varies them) -> ${svg}\n`,
    );
    // a third varying option (vcs, made up here) has nowhere to go
    const three = points.map((p, i) => ({ ...p, values: { ...p.values, vcs: 1 + (i % 2) } }));
    expect(() => completeDistributionAxes(three, { kind: 'cdf' })).toThrow(
      /^wormcast: plot --kind cdf: the points vary in load, flits, vcs; a figure draws two of them \(--series and --facet\): pick the points of one vcs with --where vcs=<value>$/,
    );
    const x = await runMain(['plot', out, '--kind', 'cdf', '--x', 'load', '-o', svg]);
    expect(x.status).toBe(2);
    expect(x.stderr).toBe(
      'wormcast: plot --x: not an option of --kind cdf, whose x is the latency and y the fraction of deliveries\n',
    );
    const kind = await runMain(['plot', out, '--kind', 'pdf', '-o', svg]);
    expect(kind.stderr).toBe("wormcast: plot --kind 'pdf': expected one of curve, cdf, histogram\n");
    const list = await runMain([
      'plot',
      out,
      '--kind',
      'cdf',
      '--where',
      'load=0.05,0.2',
      '--where',
      'flits=4',
      '-o',
      svg,
    ]);
    expect(list.stdout).toMatch(/^plot: latency CDF of 2 points \(2 lines\); --series load/);
    const where = await runMain(['plot', out, '--kind', 'cdf', '--where', 'load=0.3', '-o', svg]);
    expect(where.stderr).toBe('wormcast: plot --where load=0.3: no point has it; load is 0.05, 0.2\n');
    // a store written before latencyHistogram existed
    const old = join(dir, 'old.jsonl');
    writeFileSync(
      old,
      readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((l) => {
          const p = JSON.parse(l) as StoredPoint;
          for (const rep of p.replications) delete (rep.result as { latencyHistogram?: unknown }).latencyHistogram;
          return JSON.stringify(p);
        })
        .join('\n')
        .concat('\n'),
    );
    expect(readStore(old).points.size).toBe(4);
    const none = await runMain(['plot', old, '--kind', 'histogram', '--where', 'flits=4', '-o', svg]);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(
      /^wormcast: plot --kind histogram: point \d holds no latency histogram \(stored before latencyHistogram existed, or not a run of dynamic traffic\); run the sweep again with --fresh\n$/,
    );
  }, 60_000);
});
