/*
 * A 16-point sweep on 2 worker threads against 1 (issue 11: at least 1.8x on 2 cores).
 * Run: npx tsx bench/sweep.bench.ts [--rounds R] [--only small|large]
 *
 * Two workloads of 16 points doing equal work (so that the two lanes finish together and the
 * ratio measures the pool, not the order of the points), 2 replications each:
 * - small: a 4x4 mesh at load 0.3, buffers 4..19 flits, 400,000 cycles (the engine's state fits
 *   in a core's own caches);
 * - large: an 8x8 mesh at load 0.2, 2 VCs, buffers 4..19 flits, 160,000 cycles.
 * Each round runs 1 worker then 2 workers, into fresh result files; medians of the rounds are
 * reported. Start-up (threads loading tsx, the library and the wasm module) is included: it is
 * part of what a user waits for.
 *
 * The ceiling: how much faster two threads do twice the work of one, with no pool at all (two
 * plain worker threads each running the same simulations as one): on a machine whose two cores
 * share caches and memory bandwidth this is below 2 and depends on the workload. The pool's
 * speed-up is to be read against it. "cores available" (two busy-looping threads against one)
 * shows whether other jobs were using the machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { parseExperiment } from '../src/experiment/config/schema.ts';
import { runSweep } from '../src/experiment/sweep/sweep.ts';
import { sweepProgress } from '../src/experiment/sweep/sweep-progress.ts';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const rounds = Number(arg('rounds') ?? 3);
const only = arg('only');

interface Workload {
  name: string;
  base: Record<string, unknown>;
}
const WORKLOADS: Workload[] = [
  { name: 'small', base: { topology: 'mesh:4x4', load: 0.3, warmup: 2000, cycles: 400_000, drain: 4000 } },
  { name: 'large', base: { topology: 'mesh:8x8', load: 0.2, vcs: 2, warmup: 2000, cycles: 160_000, drain: 4000 } },
];

const dir = mkdtempSync(join(tmpdir(), 'wormcast-bench-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Wall milliseconds of one sweep (and CPU of all the process's threads). */
async function sweep(w: Workload, workers: number, round: number): Promise<{ ms: number; cpu: number }> {
  const e = parseExperiment(
    { name: `bench-${w.name}`, base: w.base, grid: { buffer: { from: 4, to: 19, step: 1 } }, replications: 2 },
    'bench',
  );
  const out = join(dir, `${w.name}-w${workers}-${round}.jsonl`);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const s = await runSweep(e, 'bench', {
    out,
    workers,
    fresh: true,
    progress: sweepProgress(true, { write: () => true }),
  });
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  if (s.run !== 16) throw new Error(`ran ${s.run} points`);
  return { ms, cpu: (c.user + c.system) / 1000 };
}

/** Threads each running `runs` simulations of the workload's first point, no pool: wall ms. */
async function plainThreads(w: Workload, threads: number, runs: number): Promise<number> {
  const b = w.base as { topology: string; load: number; vcs?: number; warmup: number; cycles: number; drain: number };
  const cfg = {
    topology: b.topology,
    algorithm: 'unicast',
    dests: 0,
    load: b.load,
    flits: 16,
    warmup: b.warmup,
    measure: b.cycles,
    drain: b.drain,
    seed: 1,
    engine: 'wasm',
    options: { vcsPerClass: b.vcs ?? 1, buffer: 8 },
  };
  const ws = Array.from(
    { length: threads },
    () => new Worker(new URL('./plain-thread.mjs', import.meta.url), { workerData: { cfg, runs } }),
  );
  await Promise.all(ws.map((x) => new Promise((res) => x.once('message', res))));
  const t0 = performance.now();
  await Promise.all(
    ws.map(
      (x) =>
        new Promise((res) => {
          x.once('message', res);
          x.postMessage('go');
        }),
    ),
  );
  const ms = performance.now() - t0;
  await Promise.all(ws.map((x) => x.terminate()));
  return ms;
}

/** Work of two busy threads over one's in the same time: the cores this process can have now. */
async function coresAvailable(): Promise<number> {
  const code =
    "let x = 0; const t = Date.now(); while (Date.now() - t < 1000) x++; require('node:worker_threads').parentPort.postMessage(x);";
  const spin = (n: number) =>
    Promise.all(
      Array.from(
        { length: n },
        () =>
          new Promise<number>((res) => {
            const w = new Worker(code, { eval: true });
            w.on('message', (x: number) => {
              res(x);
              void w.terminate();
            });
          }),
      ),
    ).then((xs) => xs.reduce((a, b) => a + b, 0));
  const one = await spin(1);
  return (await spin(2)) / one;
}

for (const w of WORKLOADS.filter((x) => !only || x.name === only)) {
  const one: number[] = [];
  const two: number[] = [];
  const ceiling: number[] = [];
  const cores: number[] = [];
  for (let r = 0; r < rounds; r++) {
    cores.push(await coresAvailable());
    const a = await sweep(w, 1, r);
    const b = await sweep(w, 2, r);
    const p1 = await plainThreads(w, 1, 4);
    const p2 = await plainThreads(w, 2, 4);
    one.push(a.ms);
    two.push(b.ms);
    ceiling.push((2 * p1) / p2);
    console.log(
      `${w.name} round ${r + 1}: 1 worker ${(a.ms / 1000).toFixed(2)} s (${(a.cpu / 1000).toFixed(2)} s CPU), 2 workers ${(b.ms / 1000).toFixed(2)} s (${(b.cpu / 1000).toFixed(2)} s CPU): ${(a.ms / b.ms).toFixed(2)}x; plain threads ${ceiling[r]!.toFixed(2)}x; cores available ${cores[r]!.toFixed(2)}`,
    );
  }
  console.log(
    `${w.name} (${JSON.stringify(w.base)}, 16 points x 2 replications): 1 worker ${(median(one) / 1000).toFixed(2)} s, 2 workers ${(median(two) / 1000).toFixed(2)} s, speed-up ${(median(one) / median(two)).toFixed(2)}x (medians of ${rounds}); two plain threads on the same engine work: ${median(ceiling).toFixed(2)}x; cores available ${median(cores).toFixed(2)}`,
  );
}
rmSync(dir, { recursive: true, force: true });
