/*
 * Distributed sweeps (issue 12, docs/distributed.md): what the queue costs and how worker
 * processes scale, against the local sweep on worker threads.
 * Run: npx tsx bench/queue.bench.ts [--rounds R] [--only short|long] [--cycles C]
 * Redis: $WORMCAST_BENCH_REDIS_URL, or a redis-server started here on loopback (it must be on PATH).
 *
 * - short: 60 points of a few milliseconds (4x4 mesh, 2,000 cycles). The local sweep on 1 thread
 *   against the queue with 1 worker process (1 point at a time), already started and idle. The
 *   local time includes the start of its pool thread (loading tsx, the library and the wasm),
 *   measured apart as a 1-point sweep and taken off; what remains over the local sweep, per
 *   point, is the queue's overhead: enqueueing, a worker's fetch and lock, the result written
 *   back to Redis, the event and the read that bring it to the sweeping process.
 * - long: 8 points of about a second (8x8 mesh, 2 VCs, C cycles, default 250,000) on 1 and 2
 *   worker processes of 1 point at a time, against the local sweep on 1 and 2 threads: the
 *   speed-up of a second worker, and the queue's overhead in % of the local sweep.
 * Worker start-up is not timed (workers are started once and serve many sweeps); each run
 * starts from an empty Redis database, so no result is found in the queue.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseQueueUrl } from '../src/experiment/queue/queue.ts';
import { runQueueSweep } from '../src/experiment/queue/queue-sweep.ts';
import { parseExperiment, type Experiment } from '../src/experiment/config/schema.ts';
import { runSweep } from '../src/experiment/sweep/sweep.ts';
import { sweepProgress } from '../src/experiment/sweep/sweep-progress.ts';
import { flushDb, OwnRedis } from '../test/redis-server.ts';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const rounds = Number(arg('rounds') ?? 1);
const only = arg('only');
const longCycles = Number(arg('cycles') ?? 250_000);
const bin = fileURLToPath(new URL('../bin/wormcast-dev.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'wormcast-queue-bench-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const quiet = () => sweepProgress(true, { write: () => true });

const shortExp = parseExperiment(
  {
    name: 'bench-short',
    base: { topology: 'mesh:4x4', warmup: 100, cycles: 2000, drain: 500 },
    grid: { load: { from: 0.01, to: 0.3, step: 0.01 }, buffer: [2, 4] },
    replications: 1,
  },
  'bench',
);
const oneExp = parseExperiment(
  {
    name: 'bench-one',
    base: { topology: 'mesh:4x4', load: 0.01, warmup: 100, cycles: 2000, drain: 500 },
    replications: 1,
  },
  'bench',
);
const longExp = parseExperiment(
  {
    name: 'bench-long',
    base: { topology: 'mesh:8x8', load: 0.2, vcs: 2, warmup: 1000, cycles: longCycles, drain: 4000 },
    grid: { buffer: { from: 4, to: 11, step: 1 } },
    replications: 1,
  },
  'bench',
);

let n = 0;
async function local(e: Experiment, workers: number): Promise<number> {
  const t0 = performance.now();
  const s = await runSweep(e, 'bench', {
    out: join(dir, `local-${n++}.jsonl`),
    workers,
    fresh: true,
    progress: quiet(),
  });
  if (s.run !== s.points) throw new Error(`local: ran ${s.run} of ${s.points}`);
  return performance.now() - t0;
}

/** `count` worker processes of 1 point at a time, each ready (pool thread loaded) when this resolves. */
async function workers(url: string, count: number): Promise<ChildProcess[]> {
  const ps = Array.from({ length: count }, () =>
    spawn(process.execPath, [bin, 'worker', '--queue', url, '--concurrency', '1'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
  await Promise.all(
    ps.map(
      (p) =>
        new Promise<void>((resolve, reject) => {
          let err = '';
          const limit = setTimeout(() => reject(new Error(`worker did not start: ${err}`)), 30_000);
          p.stderr!.on('data', (d) => {
            err += d;
            if (err.includes('serving')) {
              clearTimeout(limit);
              resolve();
            }
          });
        }),
    ),
  );
  // the pool's thread loads tsx, the library and the wasm after the worker says it serves
  await new Promise((r) => setTimeout(r, 2000));
  return ps;
}

async function stop(ps: ChildProcess[]): Promise<void> {
  await Promise.all(
    ps.map(
      (p) =>
        new Promise<void>((resolve) => {
          if (p.exitCode !== null) return resolve();
          const limit = setTimeout(() => p.kill('SIGKILL'), 10_000);
          p.once('exit', () => {
            clearTimeout(limit);
            resolve();
          });
          p.kill('SIGTERM');
        }),
    ),
  );
}

async function queued(e: Experiment, url: string): Promise<number> {
  await flushDb(url);
  const t0 = performance.now();
  const s = await runQueueSweep(e, 'bench', {
    url: parseQueueUrl(url),
    out: join(dir, `queue-${n++}.jsonl`),
    fresh: true,
    detach: false,
    progress: quiet(),
    log: () => undefined,
  });
  if (s.run !== s.points) throw new Error(`queue: ran ${s.run} of ${s.points}`);
  return performance.now() - t0;
}

const own = process.env.WORMCAST_BENCH_REDIS_URL ? undefined : await OwnRedis.start();
const url = process.env.WORMCAST_BENCH_REDIS_URL ?? own!.url(0);
const started: ChildProcess[] = [];
try {
  console.log(
    `machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}, ${own ? 'redis-server started here on loopback' : 'Redis from WORMCAST_BENCH_REDIS_URL'}; load average (1 min) ${loadavg()[0]!.toFixed(2)}`,
  );
  if (only !== 'long') {
    const pts = 60;
    const l: number[] = [];
    const one: number[] = [];
    const q: number[] = [];
    const ws = await workers(url, 1);
    started.push(...ws);
    for (let r = 0; r < rounds; r++) {
      one.push(await local(oneExp, 1));
      l.push(await local(shortExp, 1));
      q.push(await queued(shortExp, url));
    }
    await stop(ws);
    const lm = median(l);
    const om = median(one);
    const qm = median(q);
    console.log(`short points (${pts}, 4x4 mesh, 2,000 cycles), medians of ${rounds}:`);
    console.log(
      `  local sweep, 1 thread: ${lm.toFixed(0)} ms (a 1-point sweep, mostly its thread's start: ${om.toFixed(0)} ms), ${((lm - om) / pts).toFixed(1)} ms per point after the start`,
    );
    console.log(`  queue, 1 worker process: ${qm.toFixed(0)} ms, ${(qm / pts).toFixed(1)} ms per point`);
    console.log(`  queue overhead per point: ${((qm - (lm - om)) / pts).toFixed(1)} ms`);
  }
  if (only !== 'short') {
    const pts = 8;
    const l1: number[] = [];
    const l2: number[] = [];
    const q1: number[] = [];
    const q2: number[] = [];
    for (let r = 0; r < rounds; r++) {
      l1.push(await local(longExp, 1));
      l2.push(await local(longExp, 2));
      let ws = await workers(url, 1);
      started.push(...ws);
      q1.push(await queued(longExp, url));
      await stop(ws);
      ws = await workers(url, 2);
      started.push(...ws);
      q2.push(await queued(longExp, url));
      await stop(ws);
    }
    const [a, b, c, d] = [median(l1), median(l2), median(q1), median(q2)];
    console.log(
      `long points (${pts}, 8x8 mesh, 2 VCs, ${longCycles.toLocaleString('en-US')} cycles), medians of ${rounds}:`,
    );
    console.log(
      `  local sweep: 1 thread ${(a / 1000).toFixed(2)} s (${(a / pts / 1000).toFixed(2)} s per point), 2 threads ${(b / 1000).toFixed(2)} s (${(a / b).toFixed(2)}x)`,
    );
    console.log(
      `  queue: 1 worker process ${(c / 1000).toFixed(2)} s, 2 worker processes ${(d / 1000).toFixed(2)} s (${(c / d).toFixed(2)}x)`,
    );
    console.log(
      `  queue against local: ${(((c - a) / a) * 100).toFixed(1)} % with 1, ${(((d - b) / b) * 100).toFixed(1)} % with 2 (the local times include their threads' start)`,
    );
  }
  // other jobs on the machine take cores from the workers: read the numbers against this
  console.log(`load average (1 min) at the end: ${loadavg()[0]!.toFixed(2)}`);
} finally {
  await stop(started);
  await own?.stop();
  rmSync(dir, { recursive: true, force: true });
}
