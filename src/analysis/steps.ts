import { NONE, type Plan } from '../multicast/plan.ts';
import type { PortModel } from '../multicast/types.ts';
import { INJECT, portOf } from '../routing/types.ts';

/** The step-level evaluation of a plan (docs/model.md "Step-level model"). */
export interface StepResult {
  readonly port: PortModel;
  /** The step in which each message is sent and received, by message id (steps count from 1). */
  readonly messageStep: Int32Array;
  /** The step at which each destination first receives, aligned with plan.destinations (0: never). */
  readonly receiveStep: Int32Array;
  /** The maximum over the destinations: the seeds' "number of steps". */
  readonly steps: number;
  /** The mean over the destinations. */
  readonly meanSteps: number;
  /** The fewest steps any plan needs for this many nodes on this port model (lowerBound()). */
  readonly lowerBound: number;
}

/**
 * The fewest message-passing steps in which m nodes (the source included) can all hold the
 * message. One-port: ceil(log2 m), since the holders at most double each step (seed 000
 * section 1; seed 001 section 2 gives ceil(log2(m'+1)) for m' destinations). All-port on a
 * network of degree p: each holder sends at most p messages per step, so the holders grow at
 * most (p+1)-fold: the least t with (p+1)^t >= m.
 */
export function lowerBound(m: number, port: PortModel, degree: number): number {
  const base = port === 'one' ? 2 : degree + 1;
  let t = 0;
  for (let reach = 1; reach < m; reach *= base) t++;
  return t;
}

/**
 * Evaluate a plan in message-passing steps (docs/model.md):
 * - a message is sent no earlier than the step after the one in which its trigger (`after`)
 *   arrived at the sender (the source holds the message at step 0);
 * - one-port: a sender sends one message per step, in plan order;
 * - all-port: a sender sends in one step on distinct outgoing channels; messages that leave on
 *   the same channel go in successive steps (seed 001 Fig. 3(d)), in plan order. The outgoing
 *   channel is the first hop of the message's route (plan.routes, else the routing function);
 * - a message is received in the step it is sent (contention is checked separately).
 */
export function evaluateSteps(plan: Plan, port: PortModel): StepResult {
  const count = plan.count;
  const width = port === 'one' ? 1 : plan.topology.ports;
  const messageStep = new Int32Array(count);
  // A sender's queue state: its last send step (one-port) or per outgoing channel (all-port).
  // Senders are usually contiguous in a plan; a sender that comes back after another has its
  // state parked in `parked` (found by a first pass counting each sender's runs).
  const runs = new Uint8Array(plan.topology.nodes);
  for (let id = 0; id < count; id++) {
    const from = plan.senders[id]!;
    if (id === 0 || plan.senders[id - 1] !== from) runs[from] = Math.min(2, runs[from]! + 1);
  }
  const parked = new Map<number, Int32Array>();
  let state: Int32Array = new Int32Array(width);
  let current = -1;
  for (let id = 0; id < count; id++) {
    const from = plan.senders[id]!;
    if (from !== current) {
      if (current >= 0 && runs[current]! > 1) parked.set(current, state);
      state = parked.get(from) ?? new Int32Array(width);
      current = from;
    }
    const after = plan.afters[id]!;
    if (after >= id) throw new Error(`plan ${plan.algorithm}: message ${id} is triggered by a later message ${after}`);
    const ready = after === NONE ? 0 : messageStep[after]!;
    const slot = width === 1 ? 0 : firstPort(plan, id);
    const step = Math.max(ready, state[slot]!) + 1;
    state[slot] = step;
    messageStep[id] = step;
  }
  const receiveStep = new Int32Array(plan.destinations.length);
  for (let id = 0; id < count; id++) {
    for (let k = plan.destOffsets[id]!; k < plan.destOffsets[id + 1]!; k++) {
      const i = indexOf(plan.destinations, plan.destPool[k]!);
      if (i >= 0 && (receiveStep[i] === 0 || messageStep[id]! < receiveStep[i]!)) receiveStep[i] = messageStep[id]!;
    }
  }
  let steps = 0;
  let sum = 0;
  for (const s of receiveStep) {
    if (s > steps) steps = s;
    sum += s;
  }
  const m = plan.destinations.length;
  return { port, messageStep, receiveStep, steps, meanSteps: m === 0 ? 0 : sum / m, lowerBound: lowerBound(m + 1, port, plan.topology.ports) };
}

/** The outgoing port of message id at its sender: the first hop of its route. */
function firstPort(plan: Plan, id: number): number {
  const routes = plan.routes;
  if (routes && routes.offsets[id + 1]! > routes.offsets[id]!) {
    return Math.floor(routes.channels[routes.offsets[id]!]! / plan.routing.vcClasses.length) % plan.topology.ports;
  }
  return portOf(plan.routing.route(plan.senders[id]!, plan.receiver(id), INJECT));
}

/** Position of v in the sorted array a, or -1. */
function indexOf(a: Int32Array, v: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = a[mid]!;
    if (x === v) return mid;
    if (x < v) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
