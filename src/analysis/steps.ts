import { MESSAGE_KINDS, NONE, type Plan } from '../multicast/plan.ts';
import type { PortModel } from '../multicast/types.ts';
import { INJECT, portOf, vcOf } from '../routing/types.ts';

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
  /**
   * The fewest steps any plan of this plan's message kind needs for its destinations on this
   * port model (planLowerBound): lowerBound() for unicast plans, 1 for multidestination worms.
   */
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
 * The lower bound of a plan by the kind of its messages (docs/model.md "What is reported"): a
 * plan of unicasts needs lowerBound(m + 1, port, degree) steps for m destinations; a plan that
 * sends multidestination worms (path or tree) can deliver to every destination with one worm in
 * the step it is sent (sorted MP, greedy ST do), so its bound is 1 (0 without destinations),
 * whatever the port model.
 */
export function planLowerBound(plan: Plan, port: PortModel): number {
  const m = plan.destinations.length;
  if (m === 0) return 0;
  for (let id = 0; id < plan.count; id++) if (MESSAGE_KINDS[plan.kinds[id]!] !== 'unicast') return 1;
  return lowerBound(m + 1, port, plan.topology.ports);
}

/**
 * Evaluate a plan in message-passing steps (docs/model.md):
 * - a message is sent no earlier than the step after the one in which its trigger (`after`)
 *   arrived at the sender (the source holds the message at step 0);
 * - one-port: a sender sends one message per step, in plan order;
 * - all-port: a sender sends in one step on distinct outgoing channels; messages that need a
 *   channel an earlier message of the sender took go in a later step (seed 001 Fig. 3(d)), in
 *   plan order. A message's outgoing channels are the first hops of its route: the plan's
 *   explicit route (plan.routes) when it has one, else the routing function's; for a tree worm
 *   every branch that leaves the sender (plan.trees). A unicast takes the physical channel; a
 *   multidestination worm the virtual channel of its network (outgoingSlots);
 * - a message is received in the step it is sent (contention is checked separately).
 */
export function evaluateSteps(plan: Plan, port: PortModel): StepResult {
  const count = plan.count;
  const V = plan.routing.vcClasses.length;
  const width = port === 'one' ? 1 : plan.topology.ports * V;
  const slots: number[] = [];
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
    let step = ready;
    if (width === 1) {
      step = Math.max(step, state[0]!) + 1;
      state[0] = step;
    } else {
      outgoingSlots(plan, id, slots);
      for (const slot of slots) step = Math.max(step, state[slot]!);
      step++;
      for (const slot of slots) state[slot] = step;
    }
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
  return {
    port,
    messageStep,
    receiveStep,
    steps,
    meanSteps: m === 0 ? 0 : sum / m,
    lowerBound: planLowerBound(plan, port),
  };
}

/**
 * The all-port slots (port * V + class) message id occupies at its sender, into `out`: the first
 * hops of its route (plan.trees: every edge from the sender; else plan.routes: the first channel;
 * else the routing function toward its first receiver). A unicast occupies the physical channel
 * whatever its class (slot port * V), as seed 001's all-port model has one internal channel per
 * external channel; a path or tree worm the virtual channel of its network, since the seeds'
 * channel networks are separate channels (seed 004 section 6.2.1 doubles the physical channels
 * for the four subnetworks; the high and low networks of section 6.2.2 and of seed 003 share no
 * channel), so double-channel X-first sends its four worms at once.
 */
function outgoingSlots(plan: Plan, id: number, out: number[]): void {
  out.length = 0;
  const V = plan.routing.vcClasses.length;
  const P = plan.topology.ports;
  const unicast = MESSAGE_KINDS[plan.kinds[id]!] === 'unicast';
  const add = (vc: number): void => {
    const slot = unicast ? (Math.floor(vc / V) % P) * V : vc % (P * V);
    if (!out.includes(slot)) out.push(slot);
  };
  const trees = plan.trees;
  if (trees && trees.offsets[id + 1]! > trees.offsets[id]!) {
    for (let e = trees.offsets[id]!; e < trees.offsets[id + 1]!; e++)
      if (trees.parents[e]! < 0) add(trees.channels[e]!);
    return;
  }
  const routes = plan.routes;
  if (routes && routes.offsets[id + 1]! > routes.offsets[id]!) {
    add(routes.channels[routes.offsets[id]!]!);
    return;
  }
  const word = plan.routing.route(plan.senders[id]!, plan.receiver(id), INJECT);
  add((plan.senders[id]! * P + portOf(word)) * V + vcOf(word));
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
