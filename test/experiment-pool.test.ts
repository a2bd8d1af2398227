import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExperiment } from '../src/experiment/config/schema.ts';
import { readStore, type StoredPoint } from '../src/experiment/sweep/store.ts';
import { runSweep } from '../src/experiment/sweep/sweep.ts';
import { sweepProgress } from '../src/experiment/sweep/sweep-progress.ts';
import { workerFile } from '../src/experiment/sweep/pool.ts';

const dir = mkdtempSync(join(tmpdir(), 'wormcast-pool-'));
const quiet = () => sweepProgress(true, { write: () => true });

/** Six small points of unicast and multicast traffic. */
const experiment = parseExperiment(
  {
    name: 'pool',
    base: { topology: 'mesh:4x4', dests: 3, warmup: 300, cycles: 2000, drain: 2000 },
    grid: { algorithm: ['unicast', 'dual-path'], load: [0.05, 0.15, 0.3] },
    replications: 2,
  },
  't',
);

/** The stored points by key, without how the run went (wall time, date). */
function numbers(file: string): Map<string, Omit<StoredPoint, 'run'>> {
  return new Map([...readStore(file).points].map(([k, { run: _run, ...rest }]) => [k, rest]));
}

describe('the worker pool', () => {
  it('gives the same results, point for point, on 1 and 2 workers and in-process', async () => {
    const files = ['w1', 'w2', 'w0'].map((n) => join(dir, `${n}.jsonl`));
    const s1 = await runSweep(experiment, 't', { out: files[0]!, workers: 1, fresh: false, progress: quiet() });
    const s2 = await runSweep(experiment, 't', { out: files[1]!, workers: 2, fresh: false, progress: quiet() });
    await runSweep(experiment, 't', { out: files[2]!, workers: 0, fresh: false, progress: quiet() });
    expect(s1).toMatchObject({ points: 6, run: 6, stored: 0, interrupted: false });
    expect(s2).toMatchObject({ points: 6, run: 6 });
    const [a, b, c] = files.map(numbers);
    expect(a!.size).toBe(6);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    // every replication did measure something
    for (const p of a!.values())
      for (const r of p.replications) expect((r.result as { completed: number }).completed).toBeGreaterThan(0);
  });
  it('loads the task from the sources through a tsx entry, and the compiled task from dist/', () => {
    expect(workerFile('file:///x/src/experiment/sweep/pool.ts')).toBe(
      'file:///x/src/experiment/sweep/point-worker-dev.mjs',
    );
    expect(workerFile('file:///x/dist/experiment/sweep/pool.js')).toBe('file:///x/dist/experiment/sweep/point-task.js');
  });
  it('runs from a tsc build (dist/, no tsx) with the same numbers', async () => {
    // the package layout in a temporary directory: dist/ compiled now, build/ and node_modules/ linked
    const root = mkdtempSync(join(tmpdir(), 'wormcast-dist-'));
    const repo = new URL('..', import.meta.url).pathname;
    // emitted even if another module has a type error at this moment (the build's own check is not this test's)
    spawnSync(
      process.execPath,
      [
        join(repo, 'node_modules/typescript/bin/tsc'),
        '-p',
        join(repo, 'tsconfig.build.json'),
        '--outDir',
        join(root, 'dist'),
        '--noEmitOnError',
        'false',
      ],
      { stdio: 'pipe' },
    );
    expect(existsSync(join(root, 'dist/experiment/sweep/point-task.js'))).toBe(true);
    symlinkSync(join(repo, 'build'), join(root, 'build'));
    symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'));
    copyFileSync(join(repo, 'package.json'), join(root, 'package.json'));
    const out = join(root, 'r.jsonl');
    const script = `const { main } = await import('./dist/cli/main.js'); process.exitCode = await main(${JSON.stringify(['sweep', '--topology', 'mesh:4x4', '--grid', 'load=0.05,0.15', '--replications', '2', '--warmup', '300', '--cycles', '2000', '--drain', '2000', '--workers', '2', '--quiet', '--out', out])});`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(r.stderr).toMatch(/sweep \[2\/2\]/);
    expect(r.status).toBe(0);
    const fromSources = join(dir, 'dist-ref.jsonl');
    const e = parseExperiment(
      {
        name: 'sweep',
        base: { topology: 'mesh:4x4', warmup: 300, cycles: 2000, drain: 2000 },
        grid: { load: [0.05, 0.15] },
        replications: 2,
      },
      't',
    );
    await runSweep(e, 't', { out: fromSources, workers: 0, fresh: false, progress: quiet() });
    expect(numbers(out)).toEqual(numbers(fromSources));
  }, 60_000);
});

describe('the result store', () => {
  const small = parseExperiment(
    {
      name: 'store',
      base: { topology: 'mesh:4x4', warmup: 200, cycles: 1000, drain: 1000 },
      grid: { load: [0.05, 0.1, 0.2] },
      replications: 1,
    },
    't',
  );
  it('skips finished points, and --fresh runs them again with the later line winning', async () => {
    const out = join(dir, 'store.jsonl');
    expect((await runSweep(small, 't', { out, workers: 0, fresh: false, progress: quiet() })).run).toBe(3);
    const again = await runSweep(small, 't', { out, workers: 0, fresh: false, progress: quiet() });
    expect(again).toMatchObject({ run: 0, stored: 3 });
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(3);
    const fresh = await runSweep(small, 't', { out, workers: 0, fresh: true, progress: quiet() });
    expect(fresh).toMatchObject({ run: 3, stored: 0 });
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(6);
    expect(readStore(out).points.size).toBe(3);
    // a different engine version is a different key: the points run again
    expect(
      (await runSweep(small, 't', { out, workers: 0, fresh: false, progress: quiet(), engineVersion: 'other' })).run,
    ).toBe(3);
  });
  it('cuts off a torn last line before appending, and skips a damaged line', async () => {
    const out = join(dir, 'torn.jsonl');
    await runSweep(small, 't', { out, workers: 0, fresh: false, progress: quiet() });
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    // killed in the middle of writing the third point, after a hand-damaged second line
    writeFileSync(out, `${lines[0]}\nnot json\n`);
    appendFileSync(out, lines[2]!.slice(0, 100));
    const before = readStore(out);
    expect(before).toMatchObject({ badLines: [2], tornBytes: 100 });
    expect(before.points.size).toBe(1);
    const s = await runSweep(small, 't', { out, workers: 0, fresh: false, progress: quiet() });
    expect(s).toMatchObject({ run: 2, stored: 1 });
    const text = readFileSync(out, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const after = readStore(out);
    expect(after.points.size).toBe(3);
    expect(after.tornBytes).toBe(0);
    expect(numbers(out)).toEqual(new Map([...readStore(out).points].map(([k, { run: _run, ...rest }]) => [k, rest])));
  });
});

describe('run until the interval is narrow enough', () => {
  it('adds replications until converged, or stops at the cycle cap, and says which', async () => {
    const base = {
      name: 'ci',
      base: { topology: 'mesh:4x4', load: 0.1, warmup: 300, cycles: 2000, drain: 2000 },
      replications: 2,
    };
    const loose = parseExperiment({ ...base, runUntil: { relativeHalfWidth: 0.2, maxCycles: 40_000 } }, 't');
    const tight = parseExperiment({ ...base, runUntil: { relativeHalfWidth: 0.0001, maxCycles: 10_000 } }, 't');
    const [a, b] = [join(dir, 'ci-a.jsonl'), join(dir, 'ci-b.jsonl')];
    await runSweep(loose, 't', { out: a, workers: 0, fresh: false, progress: quiet() });
    await runSweep(tight, 't', { out: b, workers: 0, fresh: false, progress: quiet() });
    const pa = [...readStore(a).points.values()][0]!;
    const pb = [...readStore(b).points.values()][0]!;
    expect(pa.summary.ci).toMatchObject({ method: 'replications', stop: 'converged' });
    expect(pa.summary.ci!.relativeHalfWidth).toBeLessThanOrEqual(0.2);
    expect(pb.summary.ci).toMatchObject({ method: 'replications', stop: 'cycle-cap', measuredCycles: 10_000 });
    expect(pb.replications).toHaveLength(5);
    // the first replications are the same runs as without runUntil
    expect(pb.replications[0]!.seed).toBe(pa.replications[0]!.seed);
  });
  it('with one replication, doubles its window (batch means) until converged or capped', async () => {
    const e = parseExperiment(
      {
        name: 'bm',
        base: { topology: 'mesh:4x4', load: 0.1, warmup: 300, cycles: 1000, drain: 2000 },
        replications: 1,
        runUntil: { relativeHalfWidth: 0.0001, maxCycles: 4000 },
      },
      't',
    );
    const out = join(dir, 'bm.jsonl');
    await runSweep(e, 't', { out, workers: 0, fresh: false, progress: quiet() });
    const p = [...readStore(out).points.values()][0]!;
    expect(p.summary.ci).toMatchObject({ method: 'batch-means', stop: 'cycle-cap', measuredCycles: 4000 });
    expect(p.replications[0]!.cycles).toBe(4000);
    expect(p.replications[0]!.batchMeans).toHaveLength(10);
    expect(p.summary.batchMeans!.n).toBe(10);
  });
});
