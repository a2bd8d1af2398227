// Step 3, the readiness of a move (docs/model-flit.md "One cycle t" 3; the reference's
// readyMoves): the parent holds a flit, every child is granted, every child with a buffer has room
// at the start of the cycle. F_MOVED (a child passed a flit on during the cycle) and Q_DEC add
// back a flit that left during it.
import {
  S_IN, S_OUT, S_FLAGS, S_CHILD, S_SIB, S_CHAN, S_NEXT, W_SLOTS, W_KIND, KIND_TREE, F_PENDING, F_EJECT, F_NET,
  F_ROUTED, F_MOVED, F_LATE, A_HELD,
} from "./layout";
import { B, CLAT, LOCKSTEP, PERPORT, EJVCS } from "./state";
import { ld, sget, slotRec, arbRec } from "./records";
import { creditsOut } from "./wire";
import { queued } from "./tail-sent";
import { enter, enterInput } from "./arbitration";

// the buffer of network child cp (flags f) has no room for a flit at the start of the cycle (its
// credits on the wire, at most CLAT - 1, are read only when they can fill it)
@inline export function full(cp: usize, f: i32, wire: bool, tail: bool): bool {
  let held = ld(cp, S_IN) - ld(cp, S_OUT) + ((f & F_MOVED) != 0 ? 1 : 0);
  if (tail) held += queued(cp, f);
  if (wire && held + CLAT - 1 >= B) held += creditsOut(cp, true);
  return held >= B;
}

// every child of the slot with record p is granted, with room
@inline export function childrenReady(p: usize, wire: bool, tail: bool): bool {
  for (let c = ld(p, S_CHILD); c >= 0;) {
    const cp = slotRec(c);
    const f = ld(cp, S_FLAGS);
    // lateGrant 'next-cycle' ("BookSim's router"): no flit into a child granted late this cycle
    if ((f & (F_PENDING | F_LATE)) != 0) return false;
    if ((f & F_EJECT) == 0 && full(cp, f, wire, tail)) return false;
    c = ld(cp, S_SIB);
  }
  return true;
}

// childrenReady, then register; a single child (every slot of a unicast worm) is tested and
// entered with one read of its record
@inline export function readyRegister(s: i32, p: usize, wire: bool, tail: bool): bool {
  const c = ld(p, S_CHILD);
  if (c >= 0) {
    const cp = slotRec(c);
    if (ld(cp, S_SIB) < 0) {
      const f = ld(cp, S_FLAGS);
      if ((f & F_PENDING) != 0) return false;
      if ((f & F_EJECT) == 0 && full(cp, f, wire, tail)) return false;
      if ((f & F_NET) != 0) enter(s, p, cp);
      return true;
    }
  }
  if (!childrenReady(p, wire, tail)) return false;
  register(s, p);
  return true;
}

// the ready list's readiness and entry: with switch 'per-port' a ready move enters its input
// port's arbitration first (its output channels only if it wins there: ready-list.ts)
@inline export function readyEnter(s: i32, p: usize, wire: bool, tail: bool, gen: bool = true): bool {
  if (gen && PERPORT) {
    if (!childrenReady(p, wire, tail)) return false;
    enterInput(s, p);
    return true;
  }
  return readyRegister(s, p, wire, tail);
}

// switch 'per-port', the output stage: enter slot s's move (record p) in the arbitration of each
// network channel it needs, and with ejection 'vcs' of each ejection channel ("BookSim's router")
@inline export function registerOutputs(s: i32, p: usize): void {
  const mask = EJVCS ? F_NET | F_EJECT : F_NET;
  for (let c = ld(p, S_CHILD); c >= 0;) {
    const cp = slotRec(c);
    c = ld(cp, S_SIB);
    if ((ld(cp, S_FLAGS) & mask) != 0) enter(s, p, cp);
  }
}

// enter slot s's ready move (record p) in the arbitration of each network channel it needs
@inline export function register(s: i32, p: usize): void {
  for (let c = ld(p, S_CHILD); c >= 0;) {
    const cp = slotRec(c);
    c = ld(cp, S_SIB);
    if ((ld(cp, S_FLAGS) & F_NET) != 0) enter(s, p, cp);
  }
}

// The walk: whether the routed slot p (holding a flit) may move this cycle: 0 no (a child not
// granted, or without room), 1 yes and at once (every network child's channel has no other VC
// held; no delivery that may trigger worms), 2 yes, through the arbitration or in delivery order
// (post). `wire` and `tail` are the run's rule flags (wire.ts).
@inline export function readyAlone(p: usize, trig: bool, wire: bool, tail: bool): i32 {
  let r: i32 = 1;
  for (let c = ld(p, S_CHILD); c >= 0;) {
    const cp = slotRec(c);
    const f = ld(cp, S_FLAGS);
    if ((f & F_PENDING) != 0) return 0;
    if ((f & F_EJECT) == 0) {
      if (full(cp, f, wire, tail)) return 0;
      if (ld(arbRec(ld(cp, S_CHAN)), A_HELD) != 1) r = 2;
    } else if (trig) r = 2;
    c = ld(cp, S_SIB);
  }
  return r;
}

// 'lockstep' (docs/model-flit.md "Tree replication"): tree worm w (record wq), every header of it
// routed, has a request not granted after step 2, so it makes no move this cycle and its source
// sends nothing
@inline export function treeBlocked(wq: usize, gen: bool = true): bool {
  if (!gen || !LOCKSTEP || ld(wq, W_KIND) != KIND_TREE) return false;
  let pending = false;
  for (let s = ld(wq, W_SLOTS); s >= 0; s = sget(s, S_NEXT)) {
    const f = sget(s, S_FLAGS);
    if ((f & F_PENDING) != 0) pending = true;
    else if ((f & (F_ROUTED | F_EJECT)) == 0) return false;
  }
  return pending;
}
