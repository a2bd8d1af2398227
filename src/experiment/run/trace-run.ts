import { planWorms } from '../../engine/plan-worms.ts';
import type { WormSpec } from '../../engine/types.ts';
import { findAlgorithm, type Workload } from '../../engine/workload.ts';
import { WormcastError } from '../../errors.ts';
import { normalizeDestinations } from '../../multicast/destinations.ts';
import type { RoutingFunction } from '../../routing/types.ts';
import type { TraceMessage } from '../../traffic/trace-file.ts';

/**
 * The worms of a trace (docs/traffic.md "Traces"), written into the engine at once and replayed
 * by it: message k is multicast (worm group) k; a one-destination message is a unicast worm, a
 * multicast the Plan of `algorithm`; a message `after:K` has its first worms started by the
 * delivery of message K at its source (the engine's trigger, docs/model-flit.md rule 4d), and its
 * created cycle is -1 in the workload (runWorkload counts it from its activation).
 */
export function traceWorkload(
  messages: readonly TraceMessage[],
  algorithm: string,
  routing: RoutingFunction,
): Workload {
  const worms: WormSpec[] = [];
  const created = new Int32Array(messages.length);
  const firstWorm = new Int32Array(messages.length + 1);
  const dests: number[][] = [];
  messages.forEach((m, k) => {
    firstWorm[k] = worms.length;
    dests.push(m.dests);
    let ws: WormSpec[];
    if (m.dests.length === 1) ws = [{ kind: 'unicast', src: m.src, dests: m.dests, flits: m.flits, group: k }];
    else {
      if (algorithm === 'unicast') refuseTraceMulticasts(messages, algorithm);
      const plan = findAlgorithm(algorithm).build(
        routing,
        m.src,
        normalizeDestinations(routing.topology, m.src, m.dests),
      );
      ws = planWorms(plan, 0, m.flits, k, worms.length);
    }
    if (m.after === null) {
      created[k] = m.at!;
      for (const w of ws) if (w.after === undefined) w.created = m.at!;
    } else {
      // the worm of message `after` that delivers at this message's source starts its first worms
      const from = firstWorm[m.after]!;
      // message `after` is earlier: its worms end where the next message's begin (set by now)
      const to = firstWorm[m.after + 1]!;
      let trigger = -1;
      for (let i = from; i < to && trigger < 0; i++) if (worms[i]!.dests.includes(m.src)) trigger = i;
      if (trigger < 0)
        throw new WormcastError(
          `${m.where ?? 'trace'}: trace message ${k}: no worm of message ${m.after} delivers at its source`,
        );
      created[k] = -1;
      for (const w of ws)
        if (w.after === undefined) {
          delete w.created;
          w.after = trigger;
        }
    }
    worms.push(...ws);
  });
  firstWorm[messages.length] = worms.length;
  return { worms, created, firstWorm, dests, flits: messages[0]!.flits };
}

/**
 * Refuse a trace with a multicast line when `algorithm` is unicast (nothing would send it): one
 * line naming the file and line. A sweep checks its trace points with it before any runs.
 */
export function refuseTraceMulticasts(messages: readonly TraceMessage[], algorithm: string): void {
  if (algorithm !== 'unicast') return;
  const k = messages.findIndex((m) => m.dests.length > 1);
  if (k < 0) return;
  const m = messages[k]!;
  throw new WormcastError(
    `${m.where ?? 'trace'}: trace message ${k} has ${m.dests.length} destinations: give --algorithm (a multicast algorithm) to send it`,
  );
}

/**
 * A run's drainTime from the cycle of its last tail delivery (-1: none): NaN when nothing was
 * delivered, a quantity with nothing to tell (null in JSON, '-' in text, out of a sweep's interval).
 */
export function drainTimeOf(last: number): number {
  return last >= 0 ? last : Number.NaN;
}

/** The cycle of the last tail delivery of a run's worms (-1 with none): a trace's finish time. */
export function lastDelivery(destTail: ArrayLike<number>): number {
  let last = -1;
  for (let i = 0; i < destTail.length; i++) if (destTail[i]! > last) last = destTail[i]!;
  return last;
}
