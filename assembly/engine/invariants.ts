// Invariants of the region, asserted in the debug build only (build/wormcast.debug.wasm; the
// release target's noAssert, and DEBUG false there, remove them and their loads). checkCycle runs
// after every cycle of a running simulation; a few point checks sit where the state changes
// (grant, freeVc, move). test/engine-debug.test.ts runs engine differentials on the debug module
// and corrupts regions on purpose to see these fire. docs/kernel.md lists them.
import {
  H_ACTIVE_N, H_ROUTE_N, H_FREESLOT, H_LIVESLOTS, H_SLOTCAP, H_WCAP, H_NODES, W_SLOTS, W_LIVE,
  W_FLITS, S_WORM, S_VC, S_IN, S_OUT, S_NEXT, S_PREV, S_FLAGS, S_HEAD, F_PENDING, F_DEAD, F_EJECT,
  F_RELEASED, F_PARKED, A_HELD,
} from "./layout";
import { OWNER, ACTIVE, ROUTE, WAITERS, MUX, WALK, P, V, B, SPAREVC } from "./state";
import { ld, header, entry, slotRec, wormRec, arbRec } from "./records";

/** True in the debug build: `if (DEBUG) assert(...)` compiles to nothing in the release build. */
export const DEBUG: bool = !ASC_NO_ASSERT;

// every invariant, after a cycle (O(region): the debug build only)
export function checkCycle(): void {
  if (!DEBUG) return;
  const slots = header(H_SLOTCAP);
  const worms = header(H_WCAP);
  const live = header(H_LIVESLOTS);
  assert(live >= 0 && live <= slots, "H_LIVESLOTS in 0..slot capacity");
  checkFreeList(slots, live);
  const n = header(H_ACTIVE_N);
  assert(n >= 0 && n <= worms, "H_ACTIVE_N in 0..worm capacity");
  let listed: i32 = 0;
  for (let k: i32 = 0; k < n; k++) {
    const w = load<i32>(entry(ACTIVE, k));
    assert(w >= 0 && w < worms, "active list entry is a worm record");
    listed += checkWormSlots(w, slots);
  }
  assert(listed == live, "the active worms' slots are the live slots");
  if (MUX && WALK) {
    const nr = header(H_ROUTE_N);
    assert(nr >= 0 && nr <= worms, "H_ROUTE_N in 0..worm capacity");
    for (let k: i32 = 0; k < nr; k++) {
      const w = load<i32>(entry(ROUTE, k));
      assert(w >= 0 && w < worms, "routing list entry is a worm record");
    }
    checkHeld();
  }
  checkOwners(slots);
  checkWaiters(slots);
}

// the free list holds the slots not in use, each once
function checkFreeList(slots: i32, live: i32): void {
  let free: i32 = 0;
  for (let s = header(H_FREESLOT); s >= 0; s = ld(slotRec(s), S_NEXT)) {
    assert(s < slots, "free list entry is a slot record");
    free++;
    assert(free <= slots - live, "free list length is the slots not in use");
  }
  assert(free == slots - live, "free list length is the slots not in use");
}

// worm w's slot list is doubly linked, its slots are its own, W_LIVE counts its live ones, and
// every slot holds 0..B flits (an ejection slot none); returns the list's length
function checkWormSlots(w: i32, slots: i32): i32 {
  const wq = wormRec(w);
  let n: i32 = 0;
  let alive: i32 = 0;
  let prev: i32 = -1;
  for (let s = ld(wq, W_SLOTS); s >= 0; s = ld(slotRec(s), S_NEXT)) {
    assert(s < slots, "slot list entry is a slot record");
    const p = slotRec(s);
    assert(ld(p, S_WORM) == w, "a worm's slot names the worm");
    assert(ld(p, S_PREV) == prev, "slot lists are doubly linked");
    const held = ld(p, S_IN) - ld(p, S_OUT);
    const f = ld(p, S_FLAGS);
    assert(held >= 0 && held <= B && ld(p, S_IN) <= ld(wq, W_FLITS), "0 <= in - out <= B");
    assert((f & F_EJECT) == 0 || held == 0, "an ejection slot holds no flit");
    if ((f & F_DEAD) == 0) alive++;
    prev = s;
    n++;
    assert(n <= slots, "slot list ends");
  }
  assert(alive == ld(wq, W_LIVE), "W_LIVE counts the worm's live slots");
  return n;
}

// one owner per VC: a granted live slot owns the VC it names (unless it gave it up: SPAREVC, or
// released by 'tail-sent'), and a VC's owner names that VC; the spare word is never owned
function checkOwners(slots: i32): void {
  for (let v: i32 = 0; v < SPAREVC; v++) {
    const o = load<i32>(entry(OWNER, v));
    assert(o >= -2 && o < slots, "an owner is -2, -1 or a slot record");
    if (o >= 0) {
      const f = ld(slotRec(o), S_FLAGS);
      assert(ld(slotRec(o), S_VC) == v, "a VC's owner names the VC");
      assert((f & (F_PENDING | F_DEAD | F_RELEASED)) == 0, "a VC's owner is a granted live slot");
    }
  }
  assert(load<i32>(entry(OWNER, SPAREVC)) == -1, "the spare owner word is never owned");
  const n = header(H_ACTIVE_N);
  for (let k: i32 = 0; k < n; k++) {
    for (let s = ld(wormRec(load<i32>(entry(ACTIVE, k))), W_SLOTS); s >= 0; s = ld(slotRec(s), S_NEXT)) {
      const p = slotRec(s);
      const vc = ld(p, S_VC);
      if ((ld(p, S_FLAGS) & (F_PENDING | F_DEAD | F_RELEASED)) != 0 || vc == SPAREVC) continue;
      assert(load<i32>(entry(OWNER, vc)) == s, "a granted live slot owns its VC");
    }
  }
}

// the walk's held counts: A_HELD is the number of the channel's VCs with a holder (a VC freed by
// 'tail-sent' with its last holder's flits still in its buffer, -2, has none)
function checkHeld(): void {
  const channels = header(H_NODES) * P;
  for (let ch: i32 = 0; ch < channels; ch++) {
    let h: i32 = 0;
    for (let v: i32 = 0; v < V; v++) if (load<i32>(entry(OWNER, ch * V + v)) >= 0) h++;
    assert(ld(arbRec(ch), A_HELD) == h, "A_HELD counts the channel's VCs held");
  }
}

// every waiter list links parked slots (S_HEAD while parked), and ends
function checkWaiters(slots: i32): void {
  const nodes = header(H_NODES);
  for (let v: i32 = 0; v < nodes; v++) {
    let n: i32 = 0;
    for (let s = load<i32>(entry(WAITERS, v)) - 1; s >= 0; s = ld(slotRec(s), S_HEAD)) {
      assert(s < slots, "waiter list entry is a slot record");
      assert((ld(slotRec(s), S_FLAGS) & F_PARKED) != 0, "a waiter is parked");
      n++;
      assert(n <= slots, "waiter list ends");
    }
  }
}
