import type { RoutingFunction } from '../../routing/types.ts';
import { NONE, type Plan, PlanBuilder } from '../plan.ts';

/**
 * Chooses the next receiver of the node at chain[left] whose sub-chain is chain[left..right]
 * (left < right): a position in left+1..right. The sender hands it chain[next..right].
 */
export type NextReceiver = (left: number, right: number) => number;

/**
 * The loop every chain-splitting algorithm shares (seed 001 Fig. 4; seed 000 Fig. 5): the node
 * at chain[left] repeats, while left < right, `next = pick(left, right)`; send to chain[next]
 * with address field chain[next+1..right]; `right = next - 1`. The receiver runs the same loop
 * on chain[next..right]. Senders are expanded breadth first, so a message's trigger precedes it
 * and each sender's messages are consecutive, in send order.
 */
export function chainTree(
  routing: RoutingFunction,
  algorithm: string,
  chain: Int32Array,
  destinations: Int32Array,
  pick: NextReceiver,
): Plan {
  const m = chain.length;
  const builder = new PlanBuilder(m - 1, chain);
  // work queue of senders: their chain range and the message that reached them
  const qLeft = new Int32Array(m);
  const qRight = new Int32Array(m);
  const qAfter = new Int32Array(m);
  let head = 0;
  let tail = 0;
  qLeft[tail] = 0;
  qRight[tail] = m - 1;
  qAfter[tail++] = NONE;
  while (head < tail) {
    const left = qLeft[head]!;
    let right = qRight[head]!;
    const after = qAfter[head++]!;
    const from = chain[left]!;
    let order = 0;
    while (left < right) {
      const next = pick(left, right);
      if (next <= left || next > right) throw new Error(`${algorithm}: split ${next} outside ${left + 1}..${right}`);
      const id = builder.unicast(from, chain[next]!, after, order++, next + 1, right + 1);
      if (next < right) {
        qLeft[tail] = next;
        qRight[tail] = right;
        qAfter[tail++] = id;
      }
      right = next - 1;
    }
  }
  return builder.build(routing.topology, routing, algorithm, chain[0]!, destinations);
}

/** U-cube's split (seed 001 Fig. 4, steps 3-4): next = center = left + ceil((right - left) / 2). */
export function uCubeCenter(left: number, right: number): number {
  return left + ((right - left + 1) >> 1);
}

/** U-CCC's split (seed 000 Fig. 5): center = left + ceil((right - left + 1) / 2). */
export function uCccCenter(left: number, right: number): number {
  return left + ((right - left + 2) >> 1);
}
