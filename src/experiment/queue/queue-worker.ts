import { hostname } from 'node:os';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { engineVersion as currentEngineVersion } from '../sweep/engine-version.ts';
import type { MemoryEnvironment } from '../run/memory-estimate.ts';
import type { PointFailure, PointOutcome } from '../sweep/point-run.ts';
import { workerPool, type PointRunner } from '../sweep/pool.ts';
import {
  LOCK_MS,
  MAX_STALLED,
  QUEUE_NAME,
  STALLED_MS,
  probeRedis,
  redact,
  redisErrorLine,
  type QueueUrl,
} from './queue.ts';
import { checkJob, shownId } from './queue-job.ts';

/*
 * `wormcast worker` (docs/distributed.md): take points from the queue, `concurrency` at a time,
 * each on a thread of the sweep's worker pool (src/experiment/sweep/pool.ts), and hand each point's
 * outcome back through Redis as the job's return value; the sweeping process stores it. Every
 * job is checked first (src/experiment/queue/queue-job.ts): a job that is not a wormcast point, or a
 * point whose run throws, fails once with its error (UnrecoverableError: never retried); the
 * worker goes on with the next job. A worker that dies mid-job loses nothing: its lock expires and
 * another worker takes the job again (src/experiment/queue/queue.ts LOCK_MS).
 */

export interface QueueWorkerOptions {
  url: QueueUrl;
  /** Points at a time (threads of the pool). */
  concurrency: number;
  /** The memory one point may use (checked before a run starts). */
  memory?: MemoryEnvironment;
  /** Stop after this long without a job (batch schedulers, tests); absent: serve until stopped. */
  idleExitMs?: number;
  /** Aborted: take no new job, finish the running ones, stop. */
  signal?: AbortSignal;
  /** One line per event (stderr). */
  log: (line: string) => void;
  /** The engine version this worker runs (default: this installation's). */
  engineVersion?: string;
  /** Where points run (default: a pool of `concurrency` threads). */
  runner?: PointRunner;
}

export interface QueueWorkerSummary {
  /** Points run to the end, failed (their run threw) and rejected (not a wormcast point). */
  ran: number;
  failed: number;
  rejected: number;
  /** Why it stopped. */
  stopped: 'signal' | 'idle';
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this replaces (one log line per job)
const short = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n)}...` : s).replace(/[\u0000-\u001f\u007f]/g, ' ');

function isFailure(x: PointOutcome | PointFailure): x is PointFailure {
  return typeof (x as PointFailure).error === 'string';
}

/** Serve the queue until `signal` aborts or (with idleExitMs) no job came for that long. */
export async function serveQueue(o: QueueWorkerOptions): Promise<QueueWorkerSummary> {
  const version = o.engineVersion ?? currentEngineVersion();
  const summary: QueueWorkerSummary = { ran: 0, failed: 0, rejected: 0, stopped: 'signal' };
  // first contact, bounded: a wrong host or password is one error line, not endless retries
  await probeRedis(o.url, 'worker');

  const runner = o.runner ?? workerPool(o.concurrency);
  let active = 0;
  let lastActivity = Date.now();
  let lastError = '';
  const name = `${hostname()}:${process.pid}`;
  const processor = async (job: Job): Promise<PointOutcome> => {
    active++;
    try {
      let checked: ReturnType<typeof checkJob>;
      try {
        checked = checkJob(job.id, job.name, job.data, version, o.memory);
      } catch (err) {
        summary.rejected++;
        const msg = err instanceof Error ? err.message.replace(/^wormcast: /, '') : String(err);
        o.log(`worker: rejected ${short(msg, 400)}`);
        throw new UnrecoverableError(msg);
      }
      const label = short(checked.label);
      o.log(`worker: running ${job.id} ${label}`);
      const t0 = performance.now();
      const out = await runner.run(checked.task, new AbortController().signal);
      if (isFailure(out)) {
        summary.failed++;
        const msg = out.error.replace(/^wormcast: /, '');
        o.log(`worker: failed ${job.id} ${label}: ${short(msg, 400)}`);
        throw new UnrecoverableError(msg);
      }
      summary.ran++;
      o.log(`worker: done ${job.id} ${label} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      return out;
    } finally {
      active--;
      lastActivity = Date.now();
    }
  };
  const worker = new Worker(QUEUE_NAME, processor, {
    connection: o.url.connection,
    concurrency: o.concurrency,
    lockDuration: LOCK_MS,
    stalledInterval: STALLED_MS,
    maxStalledCount: MAX_STALLED,
    name,
    autorun: false,
  });
  worker.on('error', (err) => {
    // the Redis client retries on its own; say so once per kind of trouble, not at every attempt
    const line = redact(err.message, o.url);
    if (line !== lastError) o.log(`worker: ${redisErrorLine(o.url, err, 'Redis at')} (retrying)`);
    lastError = line;
  });
  worker.on('ready', () => {
    if (lastError !== '') o.log(`worker: Redis at ${o.url.shown} is back`);
    lastError = '';
  });
  worker.on('failed', (job, err) => {
    // a job the processor never saw fails too (stalled too often): say which
    if (job && /stalled/i.test(err.message)) o.log(`worker: failed ${shownId(job.id)}: ${short(err.message)}`);
  });
  o.log(
    `worker ${name}: serving ${o.url.shown} (queue ${QUEUE_NAME}), ${o.concurrency} point${o.concurrency === 1 ? '' : 's'} at a time, engine ${version}`,
  );

  let stop: (why: 'signal' | 'idle') => void = () => undefined;
  const stopped = new Promise<'signal' | 'idle'>((resolve) => {
    stop = resolve;
  });
  const onAbort = () => stop('signal');
  o.signal?.addEventListener('abort', onAbort);
  if (o.signal?.aborted) stop('signal');
  const idle =
    o.idleExitMs === undefined
      ? undefined
      : setInterval(
          () => {
            if (active === 0 && Date.now() - lastActivity >= o.idleExitMs!) stop('idle');
          },
          Math.min(500, Math.max(50, o.idleExitMs / 4)),
        );
  const running = worker.run().catch((err: unknown) => {
    o.log(`worker: ${redisErrorLine(o.url, err, 'stopped by Redis at')}`);
    stop('signal');
  });
  try {
    summary.stopped = await stopped;
  } finally {
    if (idle) clearInterval(idle);
    o.signal?.removeEventListener('abort', onAbort);
    // take no new job, let the running ones finish and hand their results over
    await worker.close();
    await running;
    await runner.destroy().catch(() => undefined);
  }
  return summary;
}
