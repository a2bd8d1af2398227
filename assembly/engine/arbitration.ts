// The arbitration of a multiplexed network channel (docs/model-flit.md "One cycle t" 3,
// arbitration): when two or more ready moves need one channel in a cycle, one wins it. The policy
// is one pair of functions: `arbitrate` (which of two candidates wins) and `arbitrated` (the
// channel's state after a flit crossed it); the rest of the engine only enters candidates (enter)
// and asks whether a move won (wins). Today's policy, the only one, is round-robin; another would
// be a new ARBITER_* value and a branch in the pair (the JS reference has the same pair).
import {
  S_FLAGS, S_VC, S_CHAN, S_CHILD, S_SIB, S_PARENT, S_NODE, S_PORT, F_NET, F_EJECT, F_CONTEND, A_RR, A_STAMP, IN_RR,
  IN_STAMP, IN_WIN, IN_WVC,
} from "./layout";
import { WINNER, ALONE, V, Q, INJ, T, EJVCS, LANES, sharingNow } from "./state";
import { laneIndex } from "./lanes";
import { ld, st, sget, sset, entry, arbRec, slotRec, inRec } from "./records";

/** Round-robin: the VC that follows the one that moved last (the pointer A_RR), cyclically. */
export const ARBITER_ROUND_ROBIN: i32 = 0;
/** The channels' arbitration policy (a constant: no run chooses another yet). */
export const ARBITER: i32 = ARBITER_ROUND_ROBIN;

// Which of two candidate VCs (ids, ch V + index) of the channel with arbitration record `a` wins:
// round-robin, the first after the pointer (ids and indices give the same distances modulo V).
// Candidates enter one at a time; the channel keeps the winner so far (WINNER).
@inline export function arbitrate(a: usize, winner: i32, vc: i32): i32 {
  const rr = ld(a, A_RR);
  return (vc > rr ? vc - rr : vc - rr + V) < (winner > rr ? winner - rr : winner - rr + V) ? vc : winner;
}

// A flit of VC vc crossed the channel with record `a`: round-robin, the pointer moves to it
// (grants that were not used do not move it, as in iSLIP).
@inline export function arbitrated(a: usize, vc: i32): void {
  st(a, A_RR, vc);
}

// enter slot s's move (record p) in the arbitration of its network child cp's channel; the
// first entry of a cycle is alone (ALONE) until a second one flags both F_CONTEND
@inline export function enter(s: i32, p: usize, cp: usize): void {
  const ch = ld(cp, S_CHAN);
  // VCs are compared by their ids (ch V + index): differences are those of the indices
  const vc = ld(cp, S_VC);
  const a = arbRec(ch);
  if (ld(a, A_STAMP) != T) {
    st(a, A_STAMP, T);
    store<i32>(entry(ALONE, ch), s);
    store<i32>(entry(WINNER, ch), vc);
  } else {
    const first = load<i32>(entry(ALONE, ch));
    if (first >= 0) {
      sharingNow++;
      sset(first, S_FLAGS, sget(first, S_FLAGS) | F_CONTEND);
      store<i32>(entry(ALONE, ch), -1);
    }
    st(p, S_FLAGS, ld(p, S_FLAGS) | F_CONTEND);
    const winner = load<i32>(entry(WINNER, ch));
    const win = arbitrate(a, winner, vc);
    if (win != winner) store<i32>(entry(WINNER, ch), win);
  }
}

// the move of slot p (flagged F_CONTEND) won the arbitration of every network channel it needs
// (`gen`, with ejection 'vcs': and of its ejection channels, "BookSim's router")
@inline export function wins(p: usize, gen: bool = true): bool {
  const mask = gen && EJVCS ? F_NET | F_EJECT : F_NET;
  for (let c = ld(p, S_CHILD); c >= 0;) {
    const cp = slotRec(c);
    c = ld(cp, S_SIB);
    if ((ld(cp, S_FLAGS) & mask) == 0) continue;
    if (load<i32>(entry(WINNER, ld(cp, S_CHAN))) != ld(cp, S_VC)) return false;
  }
  return true;
}

// Switch 'per-port' (docs/model-flit.md "Arbitration", the input stage; the reference's
// arbitrateInput / arbitratedInput): the moves out of one input port's buffers compete for its one
// crossbar input first, round-robin over its VC indices; only the winner enters the output
// channels' arbitration. A network slot's buffer is on input port ch (its VC id / V: a released
// slot keeps its VC id until its tail leaves); an injection slot's (no parent) on its node's
// injection port N P + node Q + q, where every message has index 0 (the first to enter wins), or
// with injectionBuffer 'lanes' its lane's ("BookSim's router": lanes.ts).
@inline function inputPort(p: usize): i32 {
  return ld(p, S_PARENT) < 0 ? INJ / V + ld(p, S_NODE) * Q + ld(p, S_PORT) : ld(p, S_VC) / V;
}
@inline function inputVc(s: i32, p: usize): i32 {
  if (ld(p, S_PARENT) < 0) return LANES ? laneIndex(s) : 0;
  return ld(p, S_VC) % V;
}

// enter slot s's ready move (record p) in its input port's arbitration
export function enterInput(s: i32, p: usize): void {
  const r = inRec(inputPort(p));
  const v = inputVc(s, p);
  if (ld(r, IN_STAMP) != T) {
    st(r, IN_STAMP, T);
    st(r, IN_WIN, s);
    st(r, IN_WVC, v);
    return;
  }
  const rr = ld(r, IN_RR);
  const w = ld(r, IN_WVC);
  if ((v - rr - 1 + V) % V < (w - rr - 1 + V) % V) {
    st(r, IN_WIN, s);
    st(r, IN_WVC, v);
  }
}

// slot s's move (record p) won its input port
@inline export function inputWon(s: i32, p: usize): bool {
  return ld(inRec(inputPort(p)), IN_WIN) == s;
}

// a flit left slot p's buffer through its input port: the port's pointer moves to its VC index
@inline export function arbitratedInput(s: i32, p: usize): void {
  st(inRec(inputPort(p)), IN_RR, inputVc(s, p));
}
