import { Job, Queue, QueueEvents } from 'bullmq';
import { WormcastError } from '../../errors.ts';
import { engineVersion as currentEngineVersion } from '../sweep/engine-version.ts';
import { expandGrid, pointLabel, type Point } from '../config/grid.ts';
import { CONNECT_MS, KEEP_SECONDS, QUEUE_NAME, probeRedis, redisErrorLine, within, type QueueUrl } from './queue.ts';
import { isPointOutcome, JOB_NAME, pointJob } from './queue-job.ts';
import type { Experiment } from '../config/schema.ts';
import { pointKey, ResultStore, type StoredPoint } from '../sweep/store.ts';
import { checkTracePoints, pointSettings, type SweepSummary } from '../sweep/sweep.ts';
import type { SweepProgress } from '../sweep/sweep-progress.ts';
import { pointStatus } from '../sweep/point-status.ts';

/*
 * `wormcast sweep --queue` (docs/distributed.md): the sweep of src/experiment/sweep/sweep.ts with the
 * points run by `wormcast worker` processes anywhere instead of this machine's threads.
 *
 * - Every point the result file does not hold becomes one job whose id is the point's store key
 *   (the hash of its configuration, settings and engine version): adding a job whose id is in
 *   the queue adds nothing, so two sweeps of the same points, or one sweep started again, never
 *   make a second job of a point.
 * - A worker returns the point's outcome as the job's return value; this process alone writes
 *   the result file (the one truth), once per key: a key leaves `pending` before its line is
 *   appended, and a key already stored is never enqueued.
 * - Killed and started again, the sweep finds the jobs where they are: finished ones (kept in
 *   Redis KEEP_SECONDS) are stored, running ones are waited for, missing ones are added again.
 * - A job that failed (its point's run threw, or it was not a valid point) is reported, not run
 *   again by this sweep; a later sweep of the same file tries it once more.
 */

export interface QueueSweepOptions {
  url: QueueUrl;
  /** Result file (JSON lines). */
  out: string;
  /** Run every point again, even those stored or finished in the queue. */
  fresh: boolean;
  /** Enqueue and return, without waiting for the results. */
  detach: boolean;
  progress: SweepProgress;
  /** Lines for the user (failures, lost connection): stderr. */
  log: (line: string) => void;
  /** Aborted: stop following (the points stay queued and keep running). */
  signal?: AbortSignal;
  /** The engine version of the keys (default: this installation's). */
  engineVersion?: string;
  /** Give up when Redis has not answered for this long (default 5 minutes). */
  lostMs?: number;
  /** A full check of every pending job at least this often (default 5 s); events wake the sweep sooner. */
  pollMs?: number;
}

/** A point whose job failed. */
export interface FailedPoint {
  index: number;
  label: string;
  error: string;
}

export interface QueueSweepSummary extends SweepSummary {
  /** Jobs this sweep added, and jobs of its points it found already queued (another sweep's, or its own before a restart). */
  enqueued: number;
  queued: number;
  failed: FailedPoint[];
  detached: boolean;
}

/** Jobs fetched or added per Redis round of calls. */
const CHUNK = 500;

interface Pending {
  p: Point;
  key: string;
  label: string;
}

/** Run experiment `e` on the queue's workers (`source` names it in errors). */
export async function runQueueSweep(e: Experiment, source: string, o: QueueSweepOptions): Promise<QueueSweepSummary> {
  const t0 = Date.now();
  const points = expandGrid(e, source);
  checkTracePoints(points, source);
  const settings = pointSettings(e);
  const version = o.engineVersion ?? currentEngineVersion();
  const lostMs = o.lostMs ?? 300_000;
  const pollMs = o.pollMs ?? 5000;
  const store = ResultStore.open(o.out);
  const keyed: Pending[] = points.map((p) => ({
    p,
    key: pointKey(p.config, settings, version),
    label: pointLabel(p.values),
  }));
  const todo = keyed.filter(({ key }) => o.fresh || !store.get(key));
  const summary: QueueSweepSummary = {
    experiment: e.name,
    points: points.length,
    run: 0,
    stored: points.length - todo.length,
    saturated: 0,
    incomplete: 0,
    interrupted: false,
    out: o.out,
    enqueued: 0,
    queued: 0,
    failed: [],
    detached: o.detach,
  };
  for (const { key } of keyed) {
    const s = store.get(key);
    if (!o.fresh && s) {
      // saturated as `results` and `plot` call it: a deadlocked or incomplete point is that instead
      if (pointStatus(s).status === 'saturated') summary.saturated++;
      if (s.summary.incomplete.length > 0) summary.incomplete++;
    }
  }
  if (todo.length === 0) {
    store.close();
    o.progress.start(0, summary.stored, 0);
    o.progress.stop();
    return summary;
  }

  // first contact, bounded: a wrong host or password is one error line at once
  try {
    await probeRedis(o.url, 'sweep');
  } catch (err) {
    store.close();
    throw err;
  }
  const queue = new Queue(QUEUE_NAME, { connection: o.url.connection });
  let events: QueueEvents | undefined;
  let lastError = '';
  queue.on('error', (err) => {
    lastError = err.message;
  });
  const pending = new Map<string, Pending>(todo.map((t) => [t.key, t]));
  const dirty = new Set<string>();
  let wake: () => void = () => undefined;
  let progressStarted = false;
  try {
    await within(queue.waitUntilReady(), CONNECT_MS, 'connect');
    if (!o.detach) {
      // listening before the jobs are added, so that no event of theirs is missed
      events = new QueueEvents(QUEUE_NAME, { connection: o.url.connection });
      events.on('error', () => undefined);
      const touch = ({ jobId }: { jobId: string }) => {
        if (pending.has(jobId)) {
          dirty.add(jobId);
          wake();
        }
      };
      events.on('completed', touch);
      events.on('failed', touch);
      events.on('active', ({ jobId }) => {
        const t = pending.get(jobId);
        if (t) o.progress.started(t.label);
      });
      await within(events.waitUntilReady(), CONNECT_MS, 'queue events');
    }

    // what the queue already holds of these points; add the rest
    const jobOpts = { attempts: 1, removeOnComplete: { age: KEEP_SECONDS }, removeOnFail: { age: KEEP_SECONDS } };
    for (let i = 0; i < todo.length; i += CHUNK) {
      const chunk = todo.slice(i, i + CHUNK);
      const jobs = await Promise.all(chunk.map((t) => Job.fromId(queue, t.key)));
      const add: Pending[] = [];
      for (let j = 0; j < chunk.length; j++) {
        const job = jobs[j];
        const t = chunk[j]!;
        // finished before this sweep began: failed (tried once more by each sweep) or, with --fresh, any
        const stale =
          job?.finishedOn !== undefined && job.finishedOn < t0 && (o.fresh || !isPointOutcome(job.returnvalue));
        if (job && stale) {
          await job.remove().catch(() => undefined);
        }
        if (!job || stale) add.push(t);
        else summary.queued++;
      }
      if (add.length > 0) {
        await queue.addBulk(
          add.map((t) => ({
            name: JOB_NAME,
            data: pointJob(e, t.p, t.label, version),
            opts: { ...jobOpts, jobId: t.key },
          })),
        );
        summary.enqueued += add.length;
      }
    }
    if (o.detach) return summary;

    const workers = await queue.getWorkersCount().catch(() => 0);
    o.progress.start(todo.length, summary.stored, workers);
    progressStarted = true;
    if (workers === 0)
      o.log(
        `sweep: no worker is serving ${o.url.shown} yet; start 'wormcast worker --queue ...' on any machine that reaches it`,
      );

    const abort = () => wake();
    o.signal?.addEventListener('abort', abort);
    let lastContact = Date.now();
    let lastFull = 0;
    let lost = false;
    try {
      while (pending.size > 0 && !o.signal?.aborted) {
        const full = Date.now() - lastFull >= pollMs;
        const keys = full ? [...pending.keys()] : [...dirty];
        dirty.clear();
        try {
          for (let i = 0; i < keys.length && !o.signal?.aborted; i += CHUNK) {
            await within(collect(keys.slice(i, i + CHUNK)), Math.max(pollMs, 10_000), 'reading the jobs');
          }
          if (full) lastFull = Date.now();
          lastContact = Date.now();
          if (lost) o.log(`sweep: Redis at ${o.url.shown} is back`);
          lost = false;
        } catch (err) {
          for (const k of keys) dirty.add(k);
          if (Date.now() - lastContact > lostMs) {
            throw new WormcastError(
              `${redisErrorLine(o.url, lastError || err, 'sweep: lost Redis at')}; no answer for ${Math.round(lostMs / 1000)} s. The queued points keep running: run the same command again to collect them`,
            );
          }
          if (!lost)
            o.log(
              `${redisErrorLine(o.url, lastError || err, 'sweep: Redis at')}; retrying (the workers keep their points)`,
            );
          lost = true;
        }
        if (pending.size === 0 || o.signal?.aborted) break;
        if (dirty.size === 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, lost ? 1000 : Math.max(0, pollMs - (Date.now() - lastFull)));
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = () => undefined;
        }
      }
    } finally {
      o.signal?.removeEventListener('abort', abort);
    }
    summary.interrupted = pending.size > 0;
    return summary;
  } finally {
    if (progressStarted) o.progress.stop();
    store.close();
    await events?.close().catch(() => undefined);
    await queue.close().catch(() => undefined);
  }

  /** Look at the jobs of `keys`: store the finished ones, report the failed ones, add back any that vanished. */
  async function collect(keys: string[]): Promise<void> {
    const jobs = await Promise.all(keys.map((k) => Job.fromId(queue, k)));
    for (let j = 0; j < keys.length; j++) {
      const key = keys[j]!;
      const t = pending.get(key);
      const job = jobs[j];
      if (!t) continue;
      if (!job) {
        // removed (by hand, by age, by a --fresh sweep elsewhere): queue it again
        await queue.add(JOB_NAME, pointJob(e, t.p, t.label, version), {
          attempts: 1,
          removeOnComplete: { age: KEEP_SECONDS },
          removeOnFail: { age: KEEP_SECONDS },
          jobId: key,
        });
        continue;
      }
      if (job.finishedOn === undefined) continue;
      pending.delete(key);
      if (isPointOutcome(job.returnvalue)) {
        const out = job.returnvalue;
        const stored: StoredPoint = {
          v: 1,
          key,
          experiment: e.name,
          index: t.p.index,
          values: t.p.values,
          config: t.p.config,
          settings,
          engineVersion: version,
          replications: out.replications,
          summary: out.summary,
          run: {
            wallMs: Math.max(0, job.finishedOn - (job.processedOn ?? job.finishedOn)),
            finishedAt: new Date(job.finishedOn).toISOString(),
          },
        };
        store.append(stored, `point ${t.label}`);
        summary.run++;
        if (pointStatus(stored).status === 'saturated') summary.saturated++;
        if (out.summary.incomplete.length > 0) summary.incomplete++;
        o.progress.finished(stored, t.label);
      } else {
        const error = (job.failedReason || 'the worker returned no result').replace(/^wormcast: /, '');
        summary.failed.push({ index: t.p.index, label: t.label, error });
        o.log(`sweep: point ${t.label} failed: ${error}`);
      }
    }
  }
}
