import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineVersion } from '../src/experiment/sweep/engine-version.ts';
import { readExperimentFile } from '../src/experiment/config/experiment-file.ts';
import { expandGrid } from '../src/experiment/config/grid.ts';
import { parseQueueUrl, QUEUE_NAME } from '../src/experiment/queue/queue.ts';
import { JOB_NAME, pointJob } from '../src/experiment/queue/queue-job.ts';
import type { StoredPoint } from '../src/experiment/sweep/store.ts';
import { bin } from './cli.ts';
import { localSweepPoints } from './local-sweep.ts';
import { runMain } from './cli-main.ts';
import { flushDb, noRedisReason, OwnRedis, redisServerOnPath, testRedis, type TestRedis } from './redis-server.ts';

/*
 * Distributed sweeps on a real redis-server (docs/distributed.md): `wormcast sweep --queue` and
 * `wormcast worker` processes (the CLI from the sources, in child processes), killed and started
 * again as the failure cases ask. Each test has its own Redis database. Points are short
 * (4x4 and 8x8 meshes, few cycles) so that the file runs in about a minute on two cores.
 */

const skip = noRedisReason();
if (skip) console.warn(`test/queue.test.ts skipped: ${skip}`);

const dir = mkdtempSync(join(tmpdir(), 'wormcast-queue-'));
let redis: TestRedis;
const children = new Set<ChildProcess>();

/** A child process of the CLI with its stderr and stdout collected. */
interface Proc {
  p: ChildProcess;
  out: () => string;
  err: () => string;
  done: Promise<{ status: number | null; signal: NodeJS.Signals | null }>;
}

function start(...args: string[]): Proc {
  const p = spawn(process.execPath, [bin, ...args]);
  children.add(p);
  let out = '';
  let err = '';
  p.stdout!.on('data', (d) => {
    out += d;
  });
  p.stderr!.on('data', (d) => {
    err += d;
  });
  const done = new Promise<{ status: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    p.on('close', (status, signal) => {
      children.delete(p);
      resolve({ status, signal });
    });
  });
  return { p, out: () => out, err: () => err, done };
}

const worker = (url: string, concurrency: number, idleExit = 4) =>
  start('worker', '--queue', url, '--concurrency', String(concurrency), '--idle-exit', String(idleExit));
const sweep = (file: string, url: string, out: string, ...more: string[]) =>
  start('sweep', file, '--queue', url, '--out', out, '--quiet', ...more);

/** Wait until `cond` holds (every 20 ms), at most `ms`. */
async function until(cond: () => boolean, ms: number, what: string): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** An end within `ms`, or a failure that says what the process printed. */
async function ended(x: Proc, ms: number, what: string) {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      x.p.kill('SIGKILL');
      reject(new Error(`${what} did not end within ${ms} ms; stderr: ${x.err()}`));
    }, ms);
  });
  try {
    return await Promise.race([x.done, limit]);
  } finally {
    clearTimeout(timer);
  }
}

function lines(path: string): StoredPoint[] {
  return existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as StoredPoint)
    : [];
}

/** Keys a worker's log says it started running (one line per run). */
const runs = (log: string) => [...log.matchAll(/^worker: running ([0-9a-f]{32})/gm)].map((m) => m[1]!);

const numbers = (p: StoredPoint) => {
  const { run: _run, ...rest } = p;
  return rest;
};

function experiment(name: string, lines: string[]): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, [`name: ${name}`, ...lines, ''].join('\n'));
  return file;
}

/** 40 short points: a 4x4 mesh, 1500 cycles. */
const short40 = () =>
  experiment('short40', [
    'base: {topology: "mesh:4x4", warmup: 100, cycles: 1500, drain: 500}',
    'grid:',
    '  load: {from: 0.02, to: 0.2, step: 0.02}',
    '  buffer: [2, 4]',
    '  vcs: [1, 2]',
    'replications: 1',
  ]);

/** `n` points of about half a second each on a warm thread: an 8x8 mesh, 600,000 cycles. */
const long = (name: string, n: number) =>
  experiment(name, [
    'base: {topology: "mesh:8x8", warmup: 500, cycles: 600000, drain: 2000}',
    'grid:',
    `  load: {from: 0.01, to: ${(0.01 * n).toFixed(2)}, step: 0.01}`,
    'replications: 1',
  ]);

/** The job counts of database `db`. */
async function counts(url: string): Promise<Record<string, number>> {
  const q = new Queue(QUEUE_NAME, { connection: parseQueueUrl(url).connection });
  try {
    return await q.getJobCounts();
  } finally {
    await q.close();
  }
}

/** Nothing any process printed holds the password. */
function noPassword(...texts: string[]): void {
  if (!redis.password) return;
  for (const t of texts) expect(t).not.toContain(redis.password);
}

beforeAll(async () => {
  if (!skip) redis = await testRedis();
}, 30_000);

afterAll(async () => {
  for (const p of children) p.kill('SIGKILL');
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(skip !== undefined)('distributed sweeps (BullMQ on a real redis-server)', () => {
  it('40 points over 2 worker processes: point for point the local sweep; the password is never printed', async () => {
    const url = redis.url(1);
    await flushDb(url);
    const file = short40();
    const w1 = worker(url, 1);
    const w2 = worker(url, 1);
    const out = join(dir, 'short40.jsonl');
    const s = sweep(file, url, out);
    expect(await ended(s, 60_000, 'the sweep')).toEqual({ status: 0, signal: null });
    expect(s.out()).toContain("40 points (40 run on the queue's workers, 0 already in");
    const [e1, e2] = [await ended(w1, 20_000, 'worker 1'), await ended(w2, 20_000, 'worker 2')];
    expect(e1.status).toBe(0);
    expect(e2.status).toBe(0);
    // both workers served, and each point ran once
    const r1 = runs(w1.err());
    const r2 = runs(w2.err());
    expect(r1.length).toBeGreaterThan(0);
    expect(r2.length).toBeGreaterThan(0);
    expect(new Set([...r1, ...r2]).size).toBe(40);
    expect(r1.length + r2.length).toBe(40);
    const got = lines(out);
    expect(got).toHaveLength(40);
    const ref = join(dir, 'short40-local.jsonl');
    const expected = await localSweepPoints(file, ref);
    expect(expected.size).toBe(40);
    for (const p of got) expect(numbers(p)).toEqual(numbers(expected.get(p.key)!));
    expect(await counts(url)).toMatchObject({ completed: 40, failed: 0, active: 0, waiting: 0 });
    // the results command reads it as a local sweep's file
    noPassword(s.out(), s.err(), w1.err(), w2.err());
    if (redis.password) expect(w1.err()).toContain('redis://***@127.0.0.1');
    // running the same command again finds every point stored: nothing enqueued
    const again = sweep(file, url, out);
    expect(await ended(again, 20_000, 'the second sweep')).toEqual({ status: 0, signal: null });
    expect(again.out()).toContain("(0 run on the queue's workers, 40 already in");
  }, 90_000);

  it('isolated multicasts and a trace (its text in the job): point for point the local sweep', async () => {
    // until 2026-11-27 every job of an isolated or trace sweep was refused by the workers (a job
    // carried the resolved configuration, load 0, which an experiment file may not give)
    const url = redis.url(6);
    await flushDb(url);
    const trace = join(dir, 'allgather.trace');
    copyFileSync('examples/traces/ring-allgather-64.trace', trace);
    const files = [
      experiment('isolated', [
        'base: {topology: "mesh:4x4", traffic: isolated, algorithm: dual-path, sets: 5}',
        'grid: {dests: [2, 5]}',
        'replications: 1',
      ]),
      experiment('traced', [
        `base: {topology: "hypercube:6", trace: "${trace}"}`,
        'grid: {startup: [0, 4]}',
        'replications: 1',
      ]),
    ];
    for (const file of files) {
      const ref = `${file}.local.jsonl`;
      const expected = await localSweepPoints(file, ref);
      expect(expected.size).toBe(2);
      const w = worker(url, 1, 2);
      const out = `${file}.queue.jsonl`;
      const s = sweep(file, url, out);
      expect(await ended(s, 60_000, 'the sweep')).toEqual({ status: 0, signal: null });
      expect((await ended(w, 20_000, 'the worker')).status).toBe(0);
      const got = lines(out);
      expect(got).toHaveLength(2);
      for (const p of got) expect(numbers(p)).toEqual(numbers(expected.get(p.key)!));
    }
    expect(await counts(url)).toMatchObject({ completed: 4, failed: 0 });
  }, 90_000);

  it('a worker SIGKILLed while it holds jobs: another takes them after the lock expires; every point stored once', async () => {
    const url = redis.url(2);
    await flushDb(url);
    const file = long('killworker', 8);
    const out = join(dir, 'killworker.jsonl');
    const a = worker(url, 2, 30);
    const s = sweep(file, url, out);
    await until(() => runs(a.err()).length >= 2, 30_000, 'worker A to hold two points');
    a.p.kill('SIGKILL');
    expect((await ended(a, 5000, 'worker A')).signal).toBe('SIGKILL');
    // what it was running when it died (its log is complete now: stderr to a pipe is synchronous)
    const held = runs(a.err()).filter((k) => !a.err().includes(`worker: done ${k}`));
    expect(held.length).toBeGreaterThan(0);
    const b = worker(url, 2);
    expect(await ended(s, 60_000, 'the sweep')).toEqual({ status: 0, signal: null });
    const got = lines(out);
    expect(got).toHaveLength(8);
    expect(new Set(got.map((p) => p.key)).size).toBe(8);
    // the points A held were run again by B, after BullMQ found them stalled
    const rb = runs(b.err());
    for (const k of held) expect(rb).toContain(k);
    const q = new Queue(QUEUE_NAME, { connection: parseQueueUrl(url).connection });
    try {
      expect(await q.getJobCounts()).toMatchObject({ completed: 8, failed: 0, active: 0, waiting: 0 });
      for (const k of held) expect((await q.getJob(k))!.stalledCounter).toBeGreaterThanOrEqual(1);
    } finally {
      await q.close();
    }
    b.p.kill('SIGTERM');
    expect((await ended(b, 20_000, 'worker B')).status).toBe(0);
    noPassword(s.out(), s.err(), a.err(), b.err());
  }, 90_000);

  it('the sweeping process SIGKILLed and started again: completes, every point run once and stored once', async () => {
    const url = redis.url(3);
    await flushDb(url);
    const file = long('killsweep', 10);
    const out = join(dir, 'killsweep.jsonl');
    const w = worker(url, 2);
    const first = sweep(file, url, out);
    await until(() => lines(out).length >= 2, 30_000, 'two stored points');
    first.p.kill('SIGKILL');
    expect((await ended(first, 5000, 'the first sweep')).signal).toBe('SIGKILL');
    const kept = lines(out).length;
    // the worker goes on while nobody collects: those results wait in Redis
    await until(() => runs(w.err()).length >= kept + 2, 30_000, 'the worker to go on');
    const second = sweep(file, url, out);
    expect(await ended(second, 60_000, 'the second sweep')).toEqual({ status: 0, signal: null });
    expect(second.err()).toContain(`${10 - kept} points to run, ${kept} already in the result file`);
    const got = lines(out);
    expect(got).toHaveLength(10);
    expect(new Set(got.map((p) => p.key)).size).toBe(10);
    expect((await ended(w, 20_000, 'the worker')).status).toBe(0);
    const r = runs(w.err());
    expect(r).toHaveLength(10);
    expect(new Set(r).size).toBe(10);
    expect(await counts(url)).toMatchObject({ completed: 10, failed: 0 });
  }, 90_000);

  it('the same sweep enqueued twice at once: every point runs once, both result files get every point', async () => {
    const url = redis.url(4);
    await flushDb(url);
    const file = short40();
    const [o1, o2] = [join(dir, 'twice-1.jsonl'), join(dir, 'twice-2.jsonl')];
    const s1 = sweep(file, url, o1);
    const s2 = sweep(file, url, o2);
    const w = worker(url, 2);
    expect(await ended(s1, 60_000, 'sweep 1')).toEqual({ status: 0, signal: null });
    expect(await ended(s2, 60_000, 'sweep 2')).toEqual({ status: 0, signal: null });
    expect((await ended(w, 20_000, 'the worker')).status).toBe(0);
    const r = runs(w.err());
    expect(r).toHaveLength(40);
    expect(new Set(r).size).toBe(40);
    const [a, b] = [lines(o1), lines(o2)];
    expect(a).toHaveLength(40);
    expect(b).toHaveLength(40);
    const byKey = new Map(b.map((p) => [p.key, p]));
    for (const p of a) expect(numbers(p)).toEqual(numbers(byKey.get(p.key)!));
    expect(await counts(url)).toMatchObject({ completed: 40, failed: 0 });
  }, 90_000);

  it('malformed jobs pushed straight into the queue are rejected with a clear error; a throwing point fails once; the worker keeps serving', async () => {
    const url = redis.url(5);
    await flushDb(url);
    const q = new Queue(QUEUE_NAME, { connection: parseQueueUrl(url).connection });
    const good = readExperimentFile(short40());
    const p0 = expandGrid(good, 'x')[0]!;
    const job = pointJob(good, p0, 'load=0.02', engineVersion());
    try {
      await q.add(JOB_NAME, job, { jobId: 'not-a-point', attempts: 3 });
      await q.add(JOB_NAME, { hello: 'world' }, { jobId: 'c'.repeat(32), attempts: 3 });
      await q.add(
        JOB_NAME,
        { ...job, experiment: { ...job.experiment, base: { ...(job.experiment.base as object), load: 'lots' } } },
        { jobId: 'a'.repeat(32), attempts: 3 },
      );
      await q.add(JOB_NAME, job, { jobId: 'b'.repeat(32), attempts: 3 });
      const w = worker(url, 1);
      // a throwing point (the engine cannot hold a 2^20-node hypercube's traffic) beside a good one
      const file = experiment('throws', [
        'base: {load: 0.1, vcs: 4, buffer: 64, warmup: 100, cycles: 1500, drain: 500}',
        'grid:',
        '  topology: ["mesh:4x4", "hypercube:20"]',
        'replications: 1',
      ]);
      const out = join(dir, 'throws.jsonl');
      const s = sweep(file, url, out);
      expect((await ended(s, 60_000, 'the sweep')).status).toBe(2);
      expect(s.err()).toMatch(/throws\.yaml: 1 point failed .*topology=hypercube:20: simulate: the engine would need/);
      expect(lines(out)).toHaveLength(1);
      expect((await ended(w, 20_000, 'the worker')).status).toBe(0);
      const bad = await q.getJob('not-a-point');
      expect(await bad!.getState()).toBe('failed');
      expect(bad!.attemptsMade).toBe(1);
      expect(bad!.failedReason).toBe(
        'job not-a-point: not a wormcast point: its id is not a point key (32 hex digits of the configuration hash)',
      );
      const noPoint = await q.getJob('c'.repeat(32));
      expect(noPoint!.attemptsMade).toBe(1);
      expect(noPoint!.failedReason).toMatch(/^job c{32}: not a wormcast point: /);
      const badLoad = await q.getJob('a'.repeat(32));
      expect(badLoad!.failedReason).toMatch(/not a wormcast point: experiment: base\.load: 'lots' must be a number/);
      expect(badLoad!.attemptsMade).toBe(1);
      const wrongId = await q.getJob('b'.repeat(32));
      expect(wrongId!.failedReason).toContain('its id is not the configuration hash of its payload');
      expect(w.err()).toMatch(/worker: rejected job not-a-point: not a wormcast point/);
      expect(w.err()).toContain('worker: stopped (idle): 1 point run, 1 failed, 4 rejected');
      // the throwing point's job: failed once, not retried
      const failed = (await q.getFailed()).filter(
        (j) => !['not-a-point', 'a'.repeat(32), 'b'.repeat(32), 'c'.repeat(32)].includes(j.id!),
      );
      expect(failed).toHaveLength(1);
      expect(failed[0]!.attemptsMade).toBe(1);
      expect(failed[0]!.failedReason).toContain('the engine would need');
    } finally {
      await q.close();
    }
  }, 90_000);

  it('a wrong password or a database the server does not have: one error line at once, exit 2, no password printed', async () => {
    const url = new URL(redis.url(99));
    for (const [u, text] of [
      [url.href, 'ERR DB index is out of range; the database number'],
      [
        (() => {
          const v = new URL(redis.url(1));
          v.password = 'wrong-pass';
          return v.href;
        })(),
        redis.password ? 'check the password' : 'AUTH',
      ],
    ] as const) {
      const r = await runMain(['worker', '--queue', u], 10_000);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/^wormcast: worker: cannot reach Redis at redis:\/\/(\*\*\*@)?127\.0\.0\.1:\d+\/\d+: /);
      expect(r.stderr).toContain(text);
      expect(r.stderr).not.toContain('wrong-pass');
      noPassword(r.stderr);
    }
  });

  it.skipIf(!redisServerOnPath())(
    'Redis restarted (append-only file): the sweep and the worker go on; every point stored once',
    async () => {
      const own = await OwnRedis.start();
      try {
        const url = own.url(0);
        const file = long('restart', 8);
        const out = join(dir, 'restart.jsonl');
        const w = worker(url, 1, 20);
        const s = sweep(file, url, out);
        await until(() => lines(out).length >= 2, 30_000, 'two stored points');
        await own.stop();
        await new Promise((r) => setTimeout(r, 1000));
        await own.restart();
        expect(await ended(s, 60_000, 'the sweep')).toEqual({ status: 0, signal: null });
        const got = lines(out);
        expect(got).toHaveLength(8);
        expect(new Set(got.map((p) => p.key)).size).toBe(8);
        w.p.kill('SIGTERM');
        expect((await ended(w, 20_000, 'the worker')).status).toBe(0);
        expect(new Set(runs(w.err())).size).toBe(8);
        for (const t of [s.err(), s.out(), w.err()]) expect(t).not.toContain(own.password);
      } finally {
        await own.remove();
      }
    },
    90_000,
  );
});
