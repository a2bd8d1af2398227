// Slot allocation and the two lists a slot is on: its worm's slots (newest first, doubly linked:
// S_NEXT, S_PREV) and the tree of the copies (S_PARENT, S_CHILD, S_SIB); free slots are linked
// through S_NEXT from H_FREESLOT.
import {
  H_FREESLOT, H_LIVESLOTS, H_SLOTCAP, H_MAXSLOTS, H_STATUS, ST_NO_SLOTS, SLOT_STRIDE, S_WORM, S_PARENT, S_CHILD,
  S_SIB, S_NEXT, S_HEAD, S_PREV, W_SLOTS, W_LIVE,
} from "./layout";
import { WIRE } from "./state";
import { DEBUG } from "./invariants";
import { header, setHeader, sget, sset, wget, wset, slotRec } from "./records";
import { clearSlotWire } from "./wire";

// a new slot of worm w, at the head of its list; -1 (and the run stops: ST_NO_SLOTS) if none is free
export function newSlot(w: i32): i32 {
  const s = header(H_FREESLOT);
  if (s < 0) {
    setHeader(H_STATUS, ST_NO_SLOTS);
    return -1;
  }
  if (DEBUG) assert(s < header(H_SLOTCAP), "free list entry is a slot record");
  setHeader(H_FREESLOT, sget(s, S_NEXT));
  memory.fill(slotRec(s), 0, <usize>SLOT_STRIDE * sizeof<i32>());
  if (WIRE) clearSlotWire(s);
  sset(s, S_WORM, w);
  sset(s, S_PARENT, -1);
  sset(s, S_CHILD, -1);
  sset(s, S_SIB, -1);
  sset(s, S_HEAD, -1);
  sset(s, S_PREV, -1);
  const head = wget(w, W_SLOTS);
  sset(s, S_NEXT, head);
  if (head >= 0) sset(head, S_PREV, s);
  wset(w, W_SLOTS, s);
  wset(w, W_LIVE, wget(w, W_LIVE) + 1);
  const live = header(H_LIVESLOTS) + 1;
  setHeader(H_LIVESLOTS, live);
  if (live > header(H_MAXSLOTS)) setHeader(H_MAXSLOTS, live);
  return s;
}

// slot s becomes the newest child of slot `parent`
@inline export function link(parent: i32, s: i32): void {
  sset(s, S_PARENT, parent);
  sset(s, S_SIB, sget(parent, S_CHILD));
  sset(parent, S_CHILD, s);
}

// slot s leaves worm w's list
@inline export function unlink(s: i32, w: i32): void {
  const p = sget(s, S_PREV);
  const n = sget(s, S_NEXT);
  if (p < 0) wset(w, W_SLOTS, n);
  else sset(p, S_NEXT, n);
  if (n >= 0) sset(n, S_PREV, p);
}

@inline export function freeSlot(s: i32): void {
  sset(s, S_NEXT, header(H_FREESLOT));
  setHeader(H_FREESLOT, s);
  setHeader(H_LIVESLOTS, header(H_LIVESLOTS) - 1);
}
