import type { Slot } from './reference-objects.ts';
import type { EngineCounters } from './types.ts';

// The arbitration seam (docs/model-flit.md "Arbitration"): what a multiplexed physical channel
// does when several ready moves need it in one cycle. A policy is one pair of functions,
// `arbitrate` (the winner among the channel's candidates this cycle) and `arbitrated` (the
// arbiter's state after a grant was used); the wasm engine has the same pair under the same names.
// Adding a policy is adding its pair and its name to ArbiterPolicy; the cycle's steps do not change.

/** The channel arbitration policies. Round-robin is the only one (shared/DESIGN.md "Engine model"). */
export type ArbiterPolicy = 'round-robin';

export const ARBITER_POLICY: ArbiterPolicy = 'round-robin';

/** The arbiters of every network channel. */
export interface Arbiter {
  readonly policy: ArbiterPolicy;
  /** VCs per channel (V). */
  readonly vcs: number;
  /** Round-robin: per channel, the VC index (class K + copy) it last moved. */
  readonly last: Int32Array;
  /** Per channel, the VC index it granted in this cycle's arbitration (read only for channels asked for). */
  readonly winner: Int32Array;
}

/** The arbiters of `channels` channels of V VCs, before any move: VC 0 comes first. */
export function newArbiter(channels: number, vcs: number): Arbiter {
  return {
    policy: ARBITER_POLICY,
    vcs,
    last: new Int32Array(channels).fill(vcs - 1),
    winner: new Int32Array(channels),
  };
}

/**
 * Step 3, "Arbitration", with multiplexed VCs: every channel that ready moves (worm order, newest
 * slot first) need grants one of their VCs (`arbitrate`), and a move happens only if it wins every
 * channel it needs; a channel asked for by two or more counts one sharing event. The moves that
 * happen, in their order.
 */
export function channelArbitration(a: Arbiter, moves: Slot[], count: EngineCounters): Slot[] {
  const asks = new Map<number, number[]>();
  for (const s of moves) {
    for (const c of s.children) {
      if (c.kind !== 'network') continue;
      const list = asks.get(c.chan);
      if (list) list.push(c.vc % a.vcs);
      else asks.set(c.chan, [c.vc % a.vcs]);
    }
  }
  for (const [chan, vcs] of asks) {
    if (vcs.length > 1) count.sharingEvents++;
    a.winner[chan] = arbitrate(a, chan, vcs);
  }
  return moves.filter((s) => s.children.every((c) => c.kind !== 'network' || a.winner[c.chan] === c.vc % a.vcs));
}

/**
 * Round-robin: channel `chan` grants, among the VC indices of its candidates (distinct; at least
 * one), the one that follows the VC it last moved, cyclically.
 */
export function arbitrate(a: Arbiter, chan: number, candidates: readonly number[]): number {
  let best = candidates[0]!;
  for (const v of candidates) if (turn(a, chan, v) < turn(a, chan, best)) best = v;
  return best;
}

/**
 * A flit of VC index v crossed channel `chan`: the pointer moves to v. Only a grant that was used
 * moves it (a move that lost another of its channels does not), as in iSLIP.
 */
export function arbitrated(a: Arbiter, chan: number, v: number): void {
  a.last[chan] = v;
}

/** Round-robin order: 0 for the VC index after the channel's pointer, V - 1 for the pointer's own. */
function turn(a: Arbiter, chan: number, v: number): number {
  return (v - a.last[chan]! - 1 + a.vcs) % a.vcs;
}
