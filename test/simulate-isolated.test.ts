import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readExperimentFile } from '../src/experiment/config/experiment-file.ts';
import { expandGrid } from '../src/experiment/config/grid.ts';
import { runIsolated } from '../src/experiment/run/isolated.ts';
import { parseExperiment } from '../src/experiment/config/schema.ts';
import { readStore } from '../src/experiment/sweep/store.ts';
import { runSweep } from '../src/experiment/sweep/sweep.ts';
import { sweepProgress } from '../src/experiment/sweep/sweep-progress.ts';
import { runMain } from './cli-main.ts';

/*
 * The isolated-multicast mode on the command line and in experiment files (issue 13): one
 * multicast at a time in an empty network, averaged over random sets, reported as isolated with
 * the mean and a confidence interval over the sets.
 */

const dir = mkdtempSync(join(tmpdir(), 'wormcast-isolated-'));
const quiet = () => sweepProgress(true, { write: () => true });

describe('simulate --traffic isolated (in-process main)', () => {
  const run = ['simulate', '--topology', 'hypercube:5', '--algorithm', 'u-cube', '--dests', '7'];
  it('reports the mean and 95 % interval over the sets: the numbers of runIsolated', async () => {
    const r = await runMain([...run, '--traffic', 'isolated', '--sets', '40', '--seed', '9', '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ traffic: 'isolated', sets: 40, seed: 9, confidence: 0.95, dests: 7 });
    // u-cube's own node model (seed 001's one-port default), as dynamic runs use
    expect(j.nodeModel).toEqual({ port: 'one', consumption: 'port' });
    expect(j.load).toBeUndefined();
    expect(j.throughput).toBeUndefined();
    const direct = await runIsolated({
      topology: 'hypercube:5',
      algorithm: 'u-cube',
      dests: 7,
      sets: 40,
      flits: 16,
      seed: 9,
      options: { port: 'one', consumption: 'port', startup: 1, routerDelay: 1, buffer: 8, vcsPerClass: 1 },
    });
    expect(j.latency.mean).toBeCloseTo(direct.meanLatency, 3);
    expect(j.completion.mean).toBeCloseTo(direct.meanMaxLatency, 3);
    expect(j.latency.halfWidth).toBeGreaterThan(0);
    expect(j.latency.lo).toBeLessThan(j.latency.mean);
    expect(j.latency.hi).toBeGreaterThan(j.latency.mean);
    expect(j.destinations).toMatchObject({ mean: 7, halfWidth: 0 });
  });
  it('the text says isolated multicasts, not a load', async () => {
    const r = await runMain([...run, '--traffic', 'isolated', '--sets', '10']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      /^hypercube:5 u-cube to 7 destinations: isolated multicasts \(one at a time in an empty network, not dynamic traffic\), 10 random sets, seed 1, 16-flit messages/,
    );
    expect(r.stdout).not.toMatch(/load|throughput/);
    expect(r.stdout).toMatch(
      /\n {2}latency \(creation to tail delivery, mean over the destinations\) \d+\.\d\d \+- \d+\.\d\d\n/,
    );
  });
  it('in seed units: latency in microseconds too; a drawn count per set with --dests-mean', async () => {
    const r = await runMain([
      'simulate',
      '--topology',
      'mesh:8x8',
      '--algorithm',
      'dual-path',
      '--dests-mean',
      '10',
      '--units',
      'seed004',
      '--traffic',
      'isolated',
      '--sets',
      '30',
      '--json',
    ]);
    expect(r.stderr).toBe('');
    const j = JSON.parse(r.stdout);
    expect(j.flits).toBe(16);
    expect(j.destsMean).toBe(10);
    expect(j.units).toMatchObject({ preset: 'seed004', flits: 16 });
    expect(j.inUs.cycleUs).toBeCloseTo(0.4, 12);
    expect(j.inUs.latency.mean).toBeCloseTo(j.latency.mean * 0.4, 3);
    expect(j.destinations.halfWidth).toBeGreaterThan(0);
  });
  it.each([
    [['--traffic', 'isolated', '--load', '0.1'], /^wormcast: simulate --traffic isolated: --load would be ignored/],
    [['--traffic', 'isolated', '--cycles', '100', '--warmup', '5'], /--cycles, --warmup would be ignored/],
    [['--traffic', 'isolated', '--units', 'seed004', '--interarrival-us', '300'], /--interarrival-us would be ignored/],
    [['--load', '0.01', '--sets', '10'], /^wormcast: simulate: --sets applies to --traffic isolated/],
    [['--traffic', 'static', '--load', '0.01'], /^wormcast: --traffic 'static': expected dynamic or isolated/],
    [['--traffic', 'isolated', '--sets', '0'], /--sets: 0 is out of range/],
    // a size mix was dropped without a word: the sets ran 16-flit multicasts (found by /tmp/fuzz29)
    [['--traffic', 'isolated', '--sizes', '4:1,8:1'], /^wormcast: sizes: does not apply to traffic: isolated/],
    [['--traffic', 'isolated', '--flits', '4:1,8:1'], /^wormcast: sizes: does not apply to traffic: isolated/],
  ])('refuses %j with one wormcast: line, exit 2', async (extra, message) => {
    const r = await runMain([...run, ...extra]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')).toHaveLength(2);
    expect(r.stderr).toMatch(message);
  });
  it('a multicast needs --dests or --dests-mean', async () => {
    const r = await runMain([
      'simulate',
      '--topology',
      'mesh:4x4',
      '--algorithm',
      'dual-path',
      '--traffic',
      'isolated',
    ]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/needs --dests or --dests-mean, 1\.\.15 on mesh:4x4/);
  });
});

describe('experiment files: seed units, destsMean, traffic: isolated', () => {
  it('a point in seed units is converted once: load and flits of seed 004, the units kept in its config', () => {
    const e = parseExperiment(
      {
        name: 'u',
        base: { topology: 'mesh:8x8', algorithm: 'dual-path', destsMean: 10, units: 'seed004' },
        grid: { interarrivalUs: [300, 600] },
      },
      'u.yaml',
    );
    const pts = expandGrid(e, 'u.yaml');
    expect(pts.map((p) => p.config.load)).toEqual([16 / 750, 16 / 1500]);
    expect(pts[0]!.config).toMatchObject({ flits: 16, dests: 0, destsMean: 10 });
    expect(pts[0]!.config.units).toMatchObject({ preset: 'seed004', interarrivalUs: 300, cycleUs: 0.4 });
  });
  it('refuses contradictions with one line naming the keys', () => {
    const bad = (base: Record<string, unknown>) => () =>
      expandGrid(parseExperiment({ name: 'b', base: { topology: 'mesh:8x8', ...base } }, 'b.yaml'), 'b.yaml');
    expect(bad({ load: 0.1, interarrivalUs: 300, units: 'seed004' })).toThrow(
      /load 0\.1 and interarrivalUs 300 both give the load/,
    );
    expect(bad({ algorithm: 'dual-path', dests: 3, destsMean: 3, load: 0.1 })).toThrow(
      /dests 3 and destsMean 3 both give the destinations per multicast/,
    );
    expect(bad({ traffic: 'isolated', load: 0.1, dests: 3, algorithm: 'dual-path' })).toThrow(
      /load: does not apply to traffic: isolated/,
    );
    expect(bad({ sets: 10, load: 0.1 })).toThrow(/sets: applies to traffic: isolated only/);
    // a sweep's isolated point ran every multicast at the mix's largest size
    expect(bad({ traffic: 'isolated', sizes: '4:1,8:1', dests: 3, algorithm: 'dual-path' })).toThrow(
      /sizes: does not apply to traffic: isolated/,
    );
    expect(() => parseExperiment({ name: 'b', base: { units: 'seed7' } }, 'b.yaml')).toThrow(
      /b\.yaml: base\.units: 'seed7' is not valid; expected one of seed000, seed001, seed003, seed004/,
    );
  });
  it('an isolated point runs its sets; its intervals are over all the sets of its replications', async () => {
    const e = parseExperiment(
      {
        name: 'iso',
        base: { topology: 'hypercube:4', algorithm: 'u-cube', traffic: 'isolated', sets: 12 },
        grid: { dests: [3, 15] },
        replications: 2,
        statistics: { metrics: ['meanLatency', 'meanCompletion', 'throughput'] },
      },
      'iso.yaml',
    );
    const out = join(dir, 'iso.jsonl');
    const s = await runSweep(e, 'iso.yaml', { out, workers: 0, fresh: true, progress: quiet() });
    expect(s.points).toBe(2);
    const pts = [...readStore(out).points.values()].sort((a, b) => a.config.dests - b.config.dests);
    for (const p of pts) {
      expect(p.config).toMatchObject({ traffic: 'isolated', sets: 12 });
      expect(p.replications).toHaveLength(2);
      expect(p.replications[0]!.result).toMatchObject({ traffic: 'isolated', sets: 12 });
      expect(p.summary.metrics.meanLatency!.n).toBe(24);
      // no load: no throughput
      expect(p.summary.metrics.throughput!.n).toBe(0);
    }
    // a broadcast in a 4-cube takes longer than a multicast to 3
    expect(pts[1]!.summary.metrics.meanCompletion!.mean).toBeGreaterThan(pts[0]!.summary.metrics.meanCompletion!.mean);
  });
  it('examples/experiments/seed004-fig7.9.yaml: seed 004 units and dests mean, converted', () => {
    const file = 'examples/experiments/seed004-fig7.9.yaml';
    const e = readExperimentFile(file);
    const pts = expandGrid(e, file);
    expect(pts.length).toBeGreaterThan(0);
    for (const p of pts) {
      expect(p.config.load).toBeCloseTo(16 / 750, 12);
      expect(p.config.flits).toBe(16);
      expect(p.config.destsMean).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('what a reproduction entry writes (sweepFigure with the new keys)', () => {
  it('a figure in seed 004 units with destsMean on x, and the same as isolated sets', async () => {
    const { sweepFigure } = await import('../src/report/reproductions/sweep-figure.ts');
    const ctx = { quick: true, workers: 0, dir: join(dir, 'fig'), log: () => {} };
    const dynamic = await sweepFigure(ctx, {
      name: 'api-dyn',
      base: {
        topology: 'mesh:4x4',
        units: 'seed004',
        interarrivalUs: 300,
        warmup: 100,
        cycles: 1000,
        drain: 2000,
      },
      series: { key: 'algorithm', values: [{ value: 'dual-path', name: 'dual-path' }] },
      x: { key: 'destsMean', values: [2, 8], plotted: (v) => v as number },
      y: { metric: 'meanNetworkLatency', scale: (c) => c * 0.4 },
      replications: 2,
    });
    expect(dynamic[0]!.points.map((p) => p.x)).toEqual([2, 8]);
    expect(dynamic[0]!.points.every((p) => p.state === 'measured' && p.y > 0)).toBe(true);
    const stored = [...readStore(join(dir, 'fig', 'api-dyn.results.jsonl')).points.values()];
    // each replication's result has its latencies in microseconds
    const rep = stored[0]!.replications[0]!.result as { meanLatency: number; inUs: { meanLatency: number } };
    expect(rep.inUs.meanLatency).toBeCloseTo(rep.meanLatency * 0.4, 3);
    const isolated = await sweepFigure(ctx, {
      name: 'api-iso',
      base: { topology: 'mesh:4x4', units: 'seed004', traffic: 'isolated', sets: 10 },
      series: { key: 'algorithm', values: [{ value: 'dual-path', name: 'dual-path' }] },
      x: { key: 'destsMean', values: [2, 8], plotted: (v) => v as number },
      y: { metric: 'meanNetworkLatency', scale: (c) => c * 0.4 },
      replications: 2,
    });
    const pts = isolated[0]!.points;
    // intervals over the 20 sets of each point
    expect(pts.every((p) => p.state === 'measured' && p.lo! < p.y && p.hi! > p.y)).toBe(true);
  });
});
