// The arbitration seam (docs/model-flit.md "Arbitration"): what a multiplexed physical channel
// does when several ready moves need it in one cycle. A policy is one pair of functions,
// `arbitrate` (the winner among the channel's candidates this cycle) and `arbitrated` (the
// arbiter's state after a grant was used); the wasm engine has the same pair under the same names.
// Adding a policy is adding its pair and its name to ArbiterPolicy; the cycle's steps do not change.

/** The channel arbitration policies. Round-robin is the only one (shared/DESIGN.md "Engine model"). */
export type ArbiterPolicy = 'round-robin';

export const ARBITER_POLICY: ArbiterPolicy = 'round-robin';

/** The arbiters of every network channel: per channel, the VC index (class K + copy) it last moved. */
export interface Arbiter {
  readonly policy: ArbiterPolicy;
  /** VCs per channel (V). */
  readonly vcs: number;
  readonly last: Int32Array;
}

/** The arbiters of `channels` channels of V VCs, before any move: VC 0 comes first. */
export function newArbiter(channels: number, vcs: number): Arbiter {
  return { policy: ARBITER_POLICY, vcs, last: new Int32Array(channels).fill(vcs - 1) };
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
