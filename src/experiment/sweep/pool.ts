import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { PointFailure, PointOutcome, PointTask } from './point-run.ts';
import { runPointTask } from './point-run.ts';

/*
 * The worker threads of a sweep (piscina): one point per task. A point's numbers depend only on
 * its task, so the pool's size and the order in which points finish change nothing but the
 * time (test/experiment-pool.test.ts compares 1 and 2 workers). Aborting a task that is
 * running ends its worker thread (piscina terminates it), which is how Ctrl-C stops a sweep
 * without waiting for the points in progress.
 */

/** The default number of workers: the cores Node may use. */
export function defaultWorkers(): number {
  return availableParallelism();
}

/**
 * The module a worker loads: from the sources (this file is .ts, under tsx or vitest) a small
 * .mjs that registers tsx first; from a build (dist/experiment/sweep/pool.js) the compiled task.
 */
export function workerFile(here = import.meta.url): string {
  return here.endsWith('.ts') ? new URL('./point-worker-dev.mjs', here).href : new URL('./point-task.js', here).href;
}

/** Where points run: worker threads, or (inProcess) one after the other in this thread. */
export interface PointRunner {
  run(task: PointTask, signal: AbortSignal): Promise<PointOutcome | PointFailure>;
  destroy(): Promise<void>;
}

/** A pool of `workers` threads. */
export function workerPool(workers: number): PointRunner {
  const pool = new Piscina({
    filename: workerFile(),
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 60_000,
    concurrentTasksPerWorker: 1,
  });
  return {
    run: (task, signal) => pool.run(task, { signal }) as Promise<PointOutcome | PointFailure>,
    destroy: () => pool.destroy(),
  };
}

/** Points in this thread, one at a time (tests; a debugger). */
export function inProcessRunner(): PointRunner {
  let chain: Promise<unknown> = Promise.resolve();
  return {
    run(task, signal) {
      const next = chain.then(() => {
        if (signal.aborted) throw new DOMException('aborted', 'AbortError');
        return runPointTask(task);
      });
      chain = next.catch(() => undefined);
      return next;
    },
    destroy: async () => {
      await chain;
    },
  };
}
