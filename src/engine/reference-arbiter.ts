import type { Slot } from './reference-objects.ts';
import type { EngineCounters } from './types.ts';

// The arbitration seam (docs/model-flit.md "Arbitration"): what a multiplexed physical channel
// does when several ready moves need it in one cycle. A policy is one pair of functions,
// `arbitrate` (the winner among the channel's candidates this cycle) and `arbitrated` (the
// arbiter's state after a grant was used); the wasm engine has the same pair under the same names.
// Adding a policy is adding its name to ArbiterPolicy and its pair to `arbiterOf`; the cycle's
// steps do not change.

/** The channel arbitration policies. Round-robin is the only one (shared/DESIGN.md "Engine model"). */
export type ArbiterPolicy = 'round-robin';

export const ARBITER_POLICY: ArbiterPolicy = 'round-robin';

/** The arbiters of every network channel under one policy. */
export interface Arbiter {
  readonly policy: ArbiterPolicy;
  /** The VC index channel `chan` grants among its candidates this cycle (distinct VC indices, at least one). */
  arbitrate(chan: number, candidates: readonly number[]): number;
  /** A flit of VC index v crossed channel `chan`: the grant was used. */
  arbitrated(chan: number, v: number): void;
}

/** The arbiters of `channels` channels of V VCs each under `policy`, before any move. */
export function arbiterOf(policy: ArbiterPolicy, channels: number, vcs: number): Arbiter {
  switch (policy) {
    case 'round-robin':
      return roundRobin(channels, vcs);
  }
}

/**
 * Round-robin, flit by flit: a channel grants the VC that follows the one it last moved,
 * cyclically (VC 0 first). Only a grant that was used moves the pointer (a move that lost another
 * of its channels does not), as in iSLIP.
 */
function roundRobin(channels: number, vcs: number): Arbiter {
  /** Per channel, the VC index (class K + copy) it last moved. */
  const last = new Int32Array(channels).fill(vcs - 1);
  // 0 for the VC index after the channel's pointer, V - 1 for the pointer's own
  const turn = (chan: number, v: number): number => (v - last[chan]! - 1 + vcs) % vcs;
  return {
    policy: 'round-robin',
    arbitrate(chan, candidates) {
      let best = candidates[0]!;
      for (const v of candidates) if (turn(chan, v) < turn(chan, best)) best = v;
      return best;
    },
    arbitrated(chan, v) {
      last[chan] = v;
    },
  };
}

/**
 * Step 3, "Arbitration", with multiplexed VCs: every channel that ready moves (worm order, newest
 * slot first) need grants one of their VCs (`arbitrate`), and a move happens only if it wins every
 * channel it needs; a channel asked for by two or more counts one sharing event. The step returns
 * the moves that happen, in their order.
 */
export function arbitrationStep(
  arbiter: Arbiter,
  channels: number,
  vcs: number,
  count: EngineCounters,
): (moves: Slot[]) => Slot[] {
  /** Per channel, the VC index it granted in this cycle's arbitration (read only for channels asked for). */
  const winner = new Int32Array(channels);
  return (moves) => {
    const asks = new Map<number, number[]>();
    for (const s of moves) {
      for (const c of s.children) {
        if (c.kind !== 'network') continue;
        const list = asks.get(c.chan);
        if (list) list.push(c.vc % vcs);
        else asks.set(c.chan, [c.vc % vcs]);
      }
    }
    for (const [chan, candidates] of asks) {
      if (candidates.length > 1) count.sharingEvents++;
      winner[chan] = arbiter.arbitrate(chan, candidates);
    }
    return moves.filter((s) => s.children.every((c) => c.kind !== 'network' || winner[c.chan] === c.vc % vcs));
  };
}
