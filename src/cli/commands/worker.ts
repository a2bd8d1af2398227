import type { Command } from 'commander';
import { parseIntIn, parseNumberIn, WormcastError } from '../../errors.ts';
import { defaultWorkers } from '../../experiment/sweep/pool.ts';
import { loadQueuePackages, PASSWORD_ENV, parseQueueUrl } from '../../experiment/queue/queue.ts';
import { nodeMemoryEnvironment } from '../memory-environment.ts';

/*
 * `wormcast worker --queue redis://...` (docs/distributed.md): serve the points of distributed
 * sweeps (`wormcast sweep --queue`) until stopped. SIGINT or SIGTERM: take no new point, finish
 * the running ones and exit 0; a second signal exits at once (the running points go back to the
 * queue after the lock expires, and another worker runs them).
 */

interface WorkerCliOptions {
  queue?: string;
  concurrency?: string;
  idleExit?: string;
}

/** The environment variable the queue URL may come from when --queue is not given. */
export const QUEUE_ENV = 'WORMCAST_QUEUE';

/** `wormcast worker`. */
export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description(
      'run the points of distributed sweeps (wormcast sweep --queue): take them from the queue, run them on worker threads, hand the results back through Redis; docs/distributed.md',
    )
    .option(
      '--queue <url>',
      `the queue: redis://[:PASSWORD@]HOST[:PORT][/DB] (default: $${QUEUE_ENV}; the password may come from $${PASSWORD_ENV})`,
    )
    .option('--concurrency <N>', 'points at a time, each on its own thread (default: the number of cores)')
    .option('--idle-exit <seconds>', 'stop after this long without a point (default: serve until stopped)')
    .action(async (o: WorkerCliOptions) => {
      const text = o.queue ?? process.env[QUEUE_ENV];
      if (text === undefined || text === '')
        throw new WormcastError(`worker: give --queue redis://HOST:PORT[/DB] (or set ${QUEUE_ENV})`);
      const url = parseQueueUrl(text, o.queue !== undefined ? '--queue' : QUEUE_ENV);
      const concurrency =
        o.concurrency === undefined ? defaultWorkers() : parseIntIn(o.concurrency, 1, 1024, '--concurrency');
      const idleExitMs =
        o.idleExit === undefined ? undefined : parseNumberIn(o.idleExit, 0.1, 1e9, '--idle-exit') * 1000;
      // bullmq and ioredis are optional peers: one line naming the missing one, before they are loaded
      await loadQueuePackages();
      const { serveQueue } = await import('../../experiment/queue/queue-worker.ts');
      const env = nodeMemoryEnvironment();
      const ac = new AbortController();
      let signals = 0;
      const onSignal = (sig: NodeJS.Signals) => {
        signals++;
        if (signals === 1) {
          process.stderr.write(
            `worker: ${sig}: finishing the running points (${sig} again: stop now, they go back to the queue)\n`,
          );
          ac.abort();
        } else {
          process.exit(sig === 'SIGINT' ? 130 : 143);
        }
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
      try {
        const s = await serveQueue({
          url,
          concurrency,
          signal: ac.signal,
          ...(idleExitMs !== undefined ? { idleExitMs } : {}),
          memory: { heapSizeLimit: env.heapSizeLimit, totalMemory: env.totalMemory / concurrency },
          log: (line) => process.stderr.write(`${line}\n`),
        });
        process.stderr.write(
          `worker: stopped (${s.stopped === 'idle' ? 'idle' : 'signal'}): ${s.ran} point${s.ran === 1 ? '' : 's'} run, ${s.failed} failed, ${s.rejected} rejected\n`,
        );
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    });
}
