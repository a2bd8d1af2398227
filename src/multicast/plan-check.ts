import { NONE, type Plan } from './plan.ts';

/**
 * The structural contract of a multicast plan (seed 001 section 2: "only source and
 * destination processors should be required to handle the message"). Returns the
 * problems found (at most `limit`), empty when the plan is sound:
 * - every destination receives exactly once, the source never, no other node at all;
 * - every sender is the source or a destination;
 * - `after` is NONE exactly for messages sent by the source on its own initiative, and
 *   otherwise names an earlier message that delivered to the sender;
 * - a sender's messages appear in increasing send order.
 */
export function checkPlan(plan: Plan, limit = 10): string[] {
  const t = plan.topology;
  const problems: string[] = [];
  const say = (s: string): void => {
    if (problems.length < limit) problems.push(s);
  };
  // role: 0 = not in the multicast, 1 = destination, 2 = source
  const role = new Uint8Array(t.nodes);
  for (const d of plan.destinations) role[d] = 1;
  role[plan.source] = 2;
  const received = new Int32Array(t.nodes);
  const lastOrder = new Map<number, number>();
  for (let id = 0; id < plan.count; id++) {
    const from = plan.senders[id]!;
    const after = plan.afters[id]!;
    if (role[from] === 0) say(`message ${id}: sender ${t.format(from)} is neither the source nor a destination`);
    if (after === NONE) {
      if (from !== plan.source) say(`message ${id}: sent by ${t.format(from)} with no triggering message`);
    } else if (after < 0 || after >= id) {
      say(`message ${id}: trigger ${after} does not precede it`);
    } else {
      let delivered = false;
      for (let k = plan.destOffsets[after]!; k < plan.destOffsets[after + 1]!; k++)
        delivered ||= plan.destPool[k] === from;
      if (!delivered) say(`message ${id}: trigger ${after} did not deliver to the sender ${t.format(from)}`);
    }
    const key = after === NONE ? -1 - from : after;
    const prev = lastOrder.get(key);
    if (prev !== undefined && plan.orders[id]! <= prev)
      say(`message ${id}: send order ${plan.orders[id]} after order ${prev} at ${t.format(from)}`);
    lastOrder.set(key, plan.orders[id]!);
    for (let k = plan.destOffsets[id]!; k < plan.destOffsets[id + 1]!; k++) {
      const d = plan.destPool[k]!;
      if (role[d] !== 1) say(`message ${id}: delivers to ${t.format(d)}, which is not a destination`);
      received[d] = received[d]! + 1;
    }
  }
  for (const d of plan.destinations) {
    if (received[d] !== 1) say(`destination ${t.format(d)} receives ${received[d]} times`);
  }
  return problems;
}
