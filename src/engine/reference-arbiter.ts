import type { Slot } from './reference-objects.ts';
import type { EngineCounters } from './types.ts';

// The arbitration seam (docs/model-flit.md "Arbitration"): what a multiplexed physical channel
// does when several ready moves need it in one cycle. A policy is one pair of functions,
// `arbitrate` (which of the winner so far and a new candidate wins the channel this cycle: the
// candidates enter one at a time, in the order of the ready moves) and `arbitrated` (the
// arbiter's state after a flit crossed the channel); the wasm engine has the same pair under the
// same names (assembly/engine). Adding a policy is adding its name to ArbiterPolicy and its pair
// to `arbiterOf`; the cycle's steps do not change.

/** The channel arbitration policies. Round-robin is the only one (shared/DESIGN.md "Engine model"). */
export type ArbiterPolicy = 'round-robin';

export const ARBITER_POLICY: ArbiterPolicy = 'round-robin';

/** The arbiters of every network channel under one policy. */
export interface Arbiter {
  readonly policy: ArbiterPolicy;
  /** Which of VC indices `winner` (the winner so far) and `candidate` wins channel `chan` this cycle. */
  arbitrate(chan: number, winner: number, candidate: number): number;
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
    arbitrate: (chan, winner, candidate) => (turn(chan, candidate) < turn(chan, winner) ? candidate : winner),
    arbitrated: (chan, v) => {
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
      let w = candidates[0]!;
      for (let i = 1; i < candidates.length; i++) w = arbiter.arbitrate(chan, w, candidates[i]!);
      winner[chan] = w;
    }
    return moves.filter((s) => s.children.every((c) => c.kind !== 'network' || winner[c.chan] === c.vc % vcs));
  };
}
