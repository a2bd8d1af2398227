// The ready-list evaluation of a multiplexed cycle (docs/model-flit.md "Evaluation order", the
// ready list), for large loaded networks and for the non-default rules: pass 1 visits each worm
// once (routing, allocation, readiness, arbitration entry); the sources inject; pass 2 performs
// the winners of the ready list. F_MOVED, which the walk leaves on the slots it moved, is cleared
// as pass 1 goes by (a slot's children are visited before it).
import {
  H_ACTIVE_N, H_STATUS, ST_RUNNING, W_STATE, W_SLOTS, W_KIND, WS_REQUEST, KIND_TREE, S_FLAGS, S_NEXT,
  S_HEAD, F_PENDING, F_EJECT, F_ROUTED, F_DEAD, F_BEHIND, F_MOVED, F_INLOST, F_LATE, WS_SENDING,
} from "./layout";
import { ACTIVE, READY, INJL, WIRE, TAILSENT, LOCKSTEP, PERPORT, LATEGRANT, R, NPEND, sharing, sharingNow } from "./state";
import { allocAsk, allocate } from "./vc-allocator";
import { ld, st, header, sget, wget, entry, slotRec, wormRec } from "./records";
import { tryGrant, requestTree } from "./vcs";
import { routeSlot } from "./route-step";
import { unlink, freeSlot } from "./slots";
import { readyEnter, registerOutputs, treeBlocked } from "./readiness";
import { inputWon } from "./arbitration";
import { starting } from "./worms";
import { requestInjection, sourceMaySend, inject } from "./injection";
import { hasFlit } from "./wire";
import { performPosted } from "./perform";

// the variants of the cycle for the run's rules, as the walk's (walk.ts, engine.ts)
export function stepReadyDefault(t: i32): void {
  readyCycle(t, false, false, false);
}
export function stepReadyTail(t: i32): void {
  readyCycle(t, false, true, false);
}
export function stepReadyWire(t: i32): void {
  readyCycle(t, true, false, false);
}
export function stepReadyWireTail(t: i32): void {
  readyCycle(t, true, true, false);
}
// switch 'per-port' or lock-step trees: every rule read at run time
export function stepReadyGeneral(t: i32): void {
  readyCycle(t, WIRE, TAILSENT, true);
}
// vcAllocator 'round-robin' ("BookSim's router"): step 2 of every worm, the VC allocation, then
// the moves' readiness (allocCycle)
export function stepReadyAlloc(t: i32): void {
  allocCycle(t, WIRE, TAILSENT);
}

// pass 1 over the active list, then the injections and pass 2 (readyEnd)
@inline function readyCycle(t: i32, wire: bool, tail: bool, gen: bool): void {
  const n0 = header(H_ACTIVE_N);
  let nready: i32 = 0;
  let ninj: i32 = 0;
  let grave: i32 = -1;
  let aborted = false;
  sharingNow = 0;
  // read-ahead: the flags of the next worm's newest slot and of this worm's next slot are read
  // as soon as their index is known, so their cache misses overlap the work on the current
  // slot; the bits used (DEAD, PENDING, ROUTED, EJECT) change only when that slot is visited
  let hs: i32 = n0 > 0 ? wget(load<i32>(entry(ACTIVE, 0)), W_SLOTS) : -1;
  let hf: i32 = hs >= 0 ? sget(hs, S_FLAGS) : 0;
  for (let k: i32 = 0; k < n0; k++) {
    const w = load<i32>(entry(ACTIVE, k));
    let s = hs;
    let f = hf;
    if (k + 1 < n0) {
      hs = wget(load<i32>(entry(ACTIVE, k + 1)), W_SLOTS);
      hf = hs >= 0 ? sget(hs, S_FLAGS) : 0;
    }
    let blocked = false;
    if (wget(w, W_STATE) == WS_REQUEST) {
      // out of slots here ends the run after this cycle (a later routing stops it at once)
      requestInjection(w);
    } else if (!starting(wormRec(w), t)) {
      // 'lockstep' ("Tree replication"): a tree worm's step 2 comes first (its requests ask
      // together at its end), then its moves, unless it is blocked
      const lock = gen && LOCKSTEP && wget(w, W_KIND) == KIND_TREE;
      while (s >= 0) {
        const p = slotRec(s);
        const next = ld(p, S_NEXT);
        const nf = next >= 0 ? ld(slotRec(next), S_FLAGS) : 0;
        if ((f & F_DEAD) != 0) {
          // an ejection slot whose tail was delivered in an earlier cycle: free it after step 2
          unlink(s, w);
          st(p, S_NEXT, grave);
          grave = s;
        } else {
          const r = readySlot(s, p, f, w, t, wire, tail, lock, gen);
          if (r < 0) {
            aborted = true;
            break;
          }
          if (r > 0) {
            store<i32>(entry(READY, nready), s);
            nready++;
          }
        }
        s = next;
        f = nf;
      }
      if (aborted) break;
      if (lock) {
        requestTree(w, wormRec(w));
        blocked = treeBlocked(wormRec(w));
        if (!blocked) nready = lockstepMoves(w, nready, wire, tail);
      }
    }
    if (!blocked && sourceMaySend(wormRec(w), t)) {
      store<i32>(entry(INJL, ninj), w);
      ninj++;
    }
  }
  readyEnd(t, grave, aborted, nready, ninj, wire, tail, gen);
}

// pass 1 at live slot s of worm w (record p, flags f as read ahead): steps 2b-c, then, unless
// `lock` (its moves wait for the worm's step 2: lockstepMoves), whether its move is ready (entered
// in the arbitration): 1 ready, 0 not, -1 the run stopped in step 2 (out of slots, or a bad route:
// before any move)
@inline function readySlot(s: i32, p: usize, f: i32, w: i32, t: i32, wire: bool, tail: bool, lock: bool, gen: bool): i32 {
  if ((f & (F_MOVED | F_LATE)) != 0) {
    f &= ~(F_MOVED | F_LATE);
    st(p, S_FLAGS, ld(p, S_FLAGS) & ~(F_MOVED | F_LATE));
  }
  if ((f & F_PENDING) != 0) {
    if (!lock) {
      tryGrant(s, w);
      // lateGrant 'next-cycle' ("BookSim's router"): a request granted after waiting passes no flit
      // this cycle (its parent, visited after it, reads F_LATE)
      if (gen && LATEGRANT && (sget(s, S_FLAGS) & F_PENDING) == 0) st(p, S_FLAGS, ld(p, S_FLAGS) | F_LATE);
    }
  } else if (
    (f & (F_ROUTED | F_EJECT)) == 0 &&
    ld(p, S_HEAD) >= 0 &&
    (ld(p, S_FLAGS) & F_BEHIND) == 0 &&
    t >= ld(p, S_HEAD) + R
  ) {
    routeSlot(s, w);
    if (header(H_STATUS) != ST_RUNNING) return -1;
    f |= F_ROUTED;
  }
  return !lock && (f & (F_ROUTED | F_EJECT)) == F_ROUTED && hasFlit(s, p, wire) && readyEnter(s, p, wire, tail, gen)
    ? 1
    : 0;
}

// the ready moves of lock-step tree worm w after its step 2, newest slot first, appended to the
// ready list from entry n; returns its new length
function lockstepMoves(w: i32, n: i32, wire: bool, tail: bool): i32 {
  for (let s = wget(w, W_SLOTS); s >= 0; s = ld(slotRec(s), S_NEXT)) {
    const p = slotRec(s);
    if ((ld(p, S_FLAGS) & (F_ROUTED | F_EJECT)) == F_ROUTED && hasFlit(s, p, wire) && readyEnter(s, p, wire, tail)) {
      store<i32>(entry(READY, n), s);
      n++;
    }
  }
  return n;
}

// the end of step 2 (dead ejection slots, chained from `grave`, return to the free list), then,
// unless the run stopped, the sources inject (buffer room at the start of the cycle: no move has
// happened yet) and pass 2 performs the winners
@inline function readyEnd(t: i32, grave: i32, aborted: bool, nready: i32, ninj: i32, wire: bool, tail: bool, gen: bool): void {
  while (grave >= 0) {
    const g = grave;
    grave = sget(g, S_NEXT);
    freeSlot(g);
  }
  if (aborted) return;
  if (gen && PERPORT) outputStage(nready);
  sharing += <f64>sharingNow;
  for (let i: i32 = 0; i < ninj; i++) inject(load<i32>(entry(INJL, i)));
  performPosted(t, nready, 0, 0, wire, tail, gen);
}

// switch 'per-port': the allocator's output stage, over the moves that won their input port (the
// others are flagged F_INLOST, skipped by pass 2)
function outputStage(n: i32): void {
  for (let i: i32 = 0; i < n; i++) {
    const s = load<i32>(entry(READY, i));
    const p = slotRec(s);
    if (inputWon(s, p)) registerOutputs(s, p);
    else st(p, S_FLAGS, ld(p, S_FLAGS) | F_INLOST);
  }
}

// vcAllocator 'round-robin' ("BookSim's router"; the reference's routingAndAllocation with its
// RoundRobinVcAllocator): pass A is step 2 of every active worm, its requests listed (allocAsk);
// the allocator serves them (allocate); pass B enters the ready moves and the sources as pass 1
// does, now that every grant of the cycle is made. A request granted after waiting is flagged
// F_LATE when pass A lists it (lateGrant 'next-cycle'; a request still waiting cannot move anyway).
function allocCycle(t: i32, wire: bool, tail: bool): void {
  const n0 = header(H_ACTIVE_N);
  let grave: i32 = -1;
  let aborted = false;
  sharingNow = 0;
  NPEND = 0;
  for (let k: i32 = 0; k < n0 && !aborted; k++) {
    const w = load<i32>(entry(ACTIVE, k));
    if (wget(w, W_STATE) == WS_REQUEST) {
      requestInjection(w);
      continue;
    }
    if (starting(wormRec(w), t)) continue;
    for (let s = wget(w, W_SLOTS); s >= 0; ) {
      const p = slotRec(s);
      const next = ld(p, S_NEXT);
      let f = ld(p, S_FLAGS);
      if ((f & F_DEAD) != 0) {
        unlink(s, w);
        st(p, S_NEXT, grave);
        grave = s;
      } else {
        f &= ~(F_MOVED | F_LATE);
        if ((f & F_PENDING) != 0) {
          st(p, S_FLAGS, LATEGRANT ? f | F_LATE : f);
          allocAsk(s);
        } else {
          st(p, S_FLAGS, f);
          if (
            (f & (F_ROUTED | F_EJECT)) == 0 &&
            ld(p, S_HEAD) >= 0 &&
            (f & F_BEHIND) == 0 &&
            t >= ld(p, S_HEAD) + R
          ) {
            routeSlot(s, w);
            if (header(H_STATUS) != ST_RUNNING) {
              aborted = true;
              break;
            }
          }
        }
      }
      s = next;
    }
  }
  let nready: i32 = 0;
  let ninj: i32 = 0;
  if (!aborted) {
    allocate();
    for (let k: i32 = 0; k < n0; k++) {
      const w = load<i32>(entry(ACTIVE, k));
      const wq = wormRec(w);
      if (ld(wq, W_STATE) != WS_SENDING) continue;
      if (!starting(wq, t)) {
        for (let s = ld(wq, W_SLOTS); s >= 0; s = ld(slotRec(s), S_NEXT)) {
          const p = slotRec(s);
          if ((ld(p, S_FLAGS) & (F_ROUTED | F_EJECT)) == F_ROUTED && hasFlit(s, p, wire) && readyEnter(s, p, wire, tail)) {
            store<i32>(entry(READY, nready), s);
            nready++;
          }
        }
      }
      if (sourceMaySend(wq, t)) {
        store<i32>(entry(INJL, ninj), w);
        ninj++;
      }
    }
  } else NPEND = 0;
  readyEnd(t, grave, aborted, nready, ninj, wire, tail, true);
}
