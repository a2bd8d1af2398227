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
  /** Switch 'per-port' ("Arbitration", the input stage): which of input VC indices `winner` and `candidate` wins input port `port`. */
  arbitrateInput(port: number, winner: number, candidate: number): number;
  /** Switch 'per-port': a flit left input port `port` from its VC index v. */
  arbitratedInput(port: number, v: number): void;
}

/** The arbiters of `channels` channels of V VCs each, and of `inputs` input ports, under `policy`, before any move. */
export function arbiterOf(policy: ArbiterPolicy, channels: number, vcs: number, inputs = 0): Arbiter {
  switch (policy) {
    case 'round-robin':
      return roundRobin(channels, vcs, inputs);
  }
}

/**
 * Round-robin, flit by flit: a channel grants the VC that follows the one it last moved,
 * cyclically (VC 0 first). Only a grant that was used moves the pointer (a move that lost another
 * of its channels does not), as in iSLIP.
 */
function roundRobin(channels: number, vcs: number, inputs: number): Arbiter {
  /** Per channel, the VC index (class K + copy) it last moved. */
  const last = new Int32Array(channels).fill(vcs - 1);
  /** Per input port (switch 'per-port'), the input VC index it last sent a flit from. */
  const lastIn = new Int32Array(inputs).fill(vcs - 1);
  // 0 for the VC index after the pointer, V - 1 for the pointer's own
  const turn = (ptr: Int32Array, i: number, v: number): number => (v - ptr[i]! - 1 + vcs) % vcs;
  return {
    policy: 'round-robin',
    arbitrate: (chan, winner, candidate) =>
      turn(last, chan, candidate) < turn(last, chan, winner) ? candidate : winner,
    arbitrated: (chan, v) => {
      last[chan] = v;
    },
    arbitrateInput: (port, winner, candidate) =>
      turn(lastIn, port, candidate) < turn(lastIn, port, winner) ? candidate : winner,
    arbitratedInput: (port, v) => {
      lastIn[port] = v;
    },
  };
}

/**
 * Switch 'per-port' ("Arbitration"): a move's input port and its VC index there. A network slot's
 * buffer is on its channel's input port (`chan`, its VC index vc mod V); an injection slot's on its
 * node's injection port (channels + the injection channel's number), where every message has index
 * 0, so that the oldest message in the port (the first to enter) goes first; with injectionBuffer
 * 'lanes' ("BookSim's router") its lane's index.
 */
export function inputOf(channels: number, vcs: number): (s: Slot) => [port: number, v: number] {
  return (s) => (s.kind === 'network' ? [s.chan, s.vc % vcs] : [channels + s.worm.injQ, s.lane]);
}

/**
 * Option ejection 'vcs' ("BookSim's router"): an ejection slot's channel in the arbitration (node
 * a's ejection channel is channel `channels` + a) and its VC index there.
 */
export function ejectionChannelOf(
  channels: number,
  ejBase: number,
  vcs: number,
): (c: Slot) => [chan: number, v: number] {
  return (c) => [channels + c.node, (c.vc - ejBase) % vcs];
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
  input: ((s: Slot) => [port: number, v: number]) | null = null,
  ejection: ((c: Slot) => [chan: number, v: number]) | null = null,
): (moves: Slot[]) => Slot[] {
  /** Per channel, the VC index it granted in this cycle's arbitration (read only for channels asked for). */
  const winner = new Int32Array(channels);
  // the channel and VC index a child's flit asks for: a network child's, an ejection child's with
  // ejection 'vcs', none otherwise
  const asked = (c: Slot): [number, number] | null =>
    c.kind === 'network' ? [c.chan, c.vc % vcs] : c.kind === 'ejection' && ejection ? ejection(c) : null;
  // switch 'per-port': the separable allocator's input stage first, one winner per input port
  const inputStage = input
    ? (moves: Slot[]): Slot[] => {
        const best = new Map<number, Slot>();
        for (const s of moves) {
          const [port, v] = input(s);
          const w = best.get(port);
          if (!w || arbiter.arbitrateInput(port, input(w)[1], v) !== input(w)[1]) best.set(port, s);
        }
        return moves.filter((s) => best.get(input(s)[0]) === s);
      }
    : (moves: Slot[]): Slot[] => moves;
  return (ready) => {
    const moves = inputStage(ready);
    const asks = new Map<number, number[]>();
    for (const s of moves) {
      for (const c of s.children) {
        const a = asked(c);
        if (!a) continue;
        const list = asks.get(a[0]);
        if (list) list.push(a[1]);
        else asks.set(a[0], [a[1]]);
      }
    }
    for (const [chan, candidates] of asks) {
      if (candidates.length > 1) count.sharingEvents++;
      let w = candidates[0]!;
      for (let i = 1; i < candidates.length; i++) w = arbiter.arbitrate(chan, w, candidates[i]!);
      winner[chan] = w;
    }
    return moves.filter((s) =>
      s.children.every((c) => {
        const a = asked(c);
        return !a || winner[a[0]] === a[1];
      }),
    );
  };
}
