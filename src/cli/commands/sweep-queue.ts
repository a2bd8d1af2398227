import { WormcastError } from '../../errors.ts';
import { parseQueueUrl } from '../../experiment/queue/queue.ts';
import { runQueueSweep } from '../../experiment/queue/queue-sweep.ts';
import type { Experiment } from '../../experiment/config/schema.ts';
import { sweepProgress } from '../../experiment/sweep/sweep-progress.ts';
import { IncompleteRunError } from '../exit-status.ts';
import { InterruptedError } from '../interrupted.ts';

/*
 * `wormcast sweep --queue redis://...` (docs/distributed.md): the sweep command's queue mode,
 * loaded only when --queue is given (BullMQ and the Redis client are not part of a local sweep's
 * start-up). The queue URL is never printed as given: messages show it without its password.
 */

export interface SweepQueueCliOptions {
  queue: string;
  detach?: boolean;
  fresh?: boolean;
  quiet?: boolean;
}

/** Enqueue the experiment's points and (unless --detach) follow them until every one is stored. */
export async function sweepOnQueue(
  experiment: Experiment,
  source: string,
  out: string,
  o: SweepQueueCliOptions,
): Promise<void> {
  const url = parseQueueUrl(o.queue);
  const ac = new AbortController();
  const onSigint = () => ac.abort();
  process.once('SIGINT', onSigint);
  let summary: Awaited<ReturnType<typeof runQueueSweep>>;
  try {
    summary = await runQueueSweep(experiment, source, {
      url,
      out,
      fresh: o.fresh === true,
      detach: o.detach === true,
      signal: ac.signal,
      progress: sweepProgress(o.quiet === true),
      log: (line) => process.stderr.write(`${line}\n`),
    });
  } finally {
    process.off('SIGINT', onSigint);
  }
  const s = summary;
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  if (s.detached) {
    process.stdout.write(
      `sweep ${s.experiment}: ${plural(s.points, 'point')} (${s.enqueued} enqueued on ${url.shown}, ${s.queued} already queued, ${s.stored} already in ${out}); run the same command without --detach to collect the results into ${out}\n`,
    );
    return;
  }
  const done = s.run + s.stored;
  if (s.interrupted) {
    throw new InterruptedError(
      `sweep interrupted: ${done} of ${s.points} points stored in ${out}; the other points stay queued on ${url.shown} and keep running: run the same command again to collect them`,
    );
  }
  process.stdout.write(
    `sweep ${s.experiment}: ${plural(s.points, 'point')} (${s.run} run on the queue's workers, ${s.stored} already in ${out}); ${s.saturated} saturated${s.failed.length ? `; ${s.failed.length} failed` : ''}; results: wormcast results ${out}\n`,
  );
  if (s.failed.length > 0) {
    const first = s.failed[0]!;
    throw new WormcastError(
      `${source}: ${plural(s.failed.length, 'point')} failed (not stored; a later sweep tries ${s.failed.length === 1 ? 'it' : 'them'} once more), first point ${first.label}: ${first.error}`,
    );
  }
  if (s.incomplete > 0) {
    throw new IncompleteRunError(
      `sweep: ${s.incomplete} point${s.incomplete === 1 ? ' has' : 's have'} runs that measured nothing (deadlock, out of slots, or no message in the window); 'wormcast results ${out}' shows which`,
    );
  }
}
