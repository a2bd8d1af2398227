// Option vcRelease 'tail-sent' (docs/model-flit.md "One cycle t" 4b, and "Evaluation order",
// tail-sent in the flat region): a network VC is freed when its holder's tail came in; the
// released slots still in its buffer are counted in the VC's queue record (Q_* of the layout).
import {
  S_VC, S_IN, S_OUT, S_FLAGS, S_CHILD, S_SIB, S_NODE, S_HEAD, S_CHAN, F_NET, F_WAITED, F_RELEASED,
  F_BEHIND, F_FRONTNOW, Q_OCC, Q_LAST, Q_DEC, A_HELD,
} from "./layout";
import { OWNER, WAITERS, MUX, WALK, V, T, BEHIND_LEAD, CHANUSE } from "./state";
import { countChannel } from "./channel-use";
import { ld, st, sget, sset, slotRec, vcqRec, arbRec, entry } from "./records";
import { wake, countHeld } from "./vcs";

// flits of earlier holders in the buffer of network slot cp's VC (flags f) at the start of the
// cycle (one of them may have left during it: Q_DEC); only called under the flag `tail`, so that
// the default rule's hot paths do not load the VC. A holder with neither F_BEHIND nor F_FRONTNOW has
// none: the VC's queue record is not read (most tests). F_FRONTNOW is dropped at the first test
// after the cycle the last earlier holder left (its flags read afresh: others may have changed).
@inline export function queued(cp: usize, f: i32): i32 {
  if ((f & (F_BEHIND | F_FRONTNOW)) == 0) return 0;
  const q = vcqRec(ld(cp, S_VC));
  const dec = ld(q, Q_DEC) == T ? 1 : 0;
  if ((f & F_BEHIND) == 0 && dec == 0) st(cp, S_FLAGS, ld(cp, S_FLAGS) & ~F_FRONTNOW);
  return ld(q, Q_OCC) + dec;
}

// the tail of network slot c (record cp) came in: its VC is free for the next holder (from the
// next cycle: every grant of this cycle is made), who queues behind its flits
export function release(c: i32, cp: usize): void {
  const vc = ld(cp, S_VC);
  const f = ld(cp, S_FLAGS);
  // option channelUse, one VC per link: every flit has come in (channel-use.ts)
  if (!MUX && CHANUSE) countChannel(cp);
  // parked requests wake now (below): freeing the spare later must not wake anything
  st(cp, S_FLAGS, (f | F_RELEASED) & ~F_WAITED);
  // -2: no holder, so the walk's A_HELD no longer counts it (the tail that came in was the last
  // move into it: no other move of this cycle on its channel reads the count again, since a move
  // at once was alone there and a posted one is past pass 2)
  store<i32>(entry(OWNER, vc), -2);
  if (MUX && WALK) countHeld(ld(cp, S_CHAN), -1);
  const q = vcqRec(vc);
  st(q, Q_OCC, ld(q, Q_OCC) + ld(cp, S_IN) - ld(cp, S_OUT));
  st(q, Q_LAST, c);
  st(cp, S_CHAN, -1);
  if ((f & F_WAITED) != 0) wake(entry(WAITERS, ld(cp, S_NODE)), vc);
}

// slot p passed its tail: each network child has received it and frees its VC
export function releaseChildren(p: usize): void {
  for (let c = ld(p, S_CHILD); c >= 0; ) {
    const cp = slotRec(c);
    if ((ld(cp, S_FLAGS) & F_NET) != 0) release(c, cp);
    c = ld(cp, S_SIB);
  }
}

// a flit of a released slot (record p) left its VC's buffer
@inline export function queueLeft(p: usize): void {
  const q = vcqRec(ld(p, S_VC));
  st(q, Q_OCC, ld(q, Q_OCC) - 1);
  st(q, Q_DEC, T);
}

// slot s, queued behind a tail that left during this cycle, reaches the front of its buffer (a
// network VC's, or an injection lane's: lanes.ts): it is no longer F_BEHIND (flags `more` set), and
// its header, if there, is routed R cycles from the next cycle, or with queuedHeader 'pipelined'
// max(1, R - 1) from now (its arrival time moved up to the cycle that gives that)
export function reachFront(s: i32, more: i32): void {
  sset(s, S_FLAGS, (sget(s, S_FLAGS) & ~F_BEHIND) | more);
  const h = sget(s, S_HEAD);
  const front = T + 1 + BEHIND_LEAD;
  if (h >= 0 && h < front) sset(s, S_HEAD, front);
}

// the tail of released slot s left: the slot queued behind it reaches the front (its header, if
// there, is routed R cycles from the next, or with queuedHeader 'pipelined' max(1, R - 1) from
// now: the header's arrival time is moved up to the cycle that gives that); a VC nobody took since
// s, the youngest released slot, came in is free for good
export function queueDone(s: i32, vc: i32): void {
  const behind = sget(s, S_CHAN);
  // its tests read the queue record until this cycle is past (queued: Q_DEC)
  if (behind >= 0) reachFront(behind, F_FRONTNOW);

  const q = vcqRec(vc);
  if (ld(q, Q_LAST) == s) st(q, Q_LAST, -1);
  // free for good only when no released slot is left in the buffer (a younger one may be)
  else return;
  if (load<i32>(entry(OWNER, vc)) == -2) store<i32>(entry(OWNER, vc), -1);
}
