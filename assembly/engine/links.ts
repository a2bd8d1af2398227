// Steps 2-4 with one VC per link (V = 1, or option vcLinks; docs/model-flit.md "One cycle t" 3):
// the same steps as a multiplexed cycle, no arbitration. Step 2 over the active list, then one
// pass that moves as it goes, newest slot first (a child that passed a flit on is flagged F_MOVED
// and counted as still holding it).
import {
  H_ACTIVE_N, H_STATUS, H_LASTPROGRESS, ST_RUNNING, W_STATE, W_KIND, W_SLOTS, W_TOSEND, W_LIVE,
  KIND_TREE, WS_REQUEST, WS_SENDING, S_FLAGS, S_NEXT, S_HEAD, F_PENDING, F_EJECT, F_ROUTED, F_DEAD,
  F_BEHIND, F_MOVED,
} from "./layout";
import { ACTIVE, LAT, TAILSENT, LOCKSTEP, R } from "./state";
import { header, setHeader, sget, sset, wget, entry, slotRec, wormRec } from "./records";
import { tryGrant, requestTree } from "./vcs";
import { routeSlot } from "./route-step";
import { unlink, freeSlot } from "./slots";
import { childrenReady, treeBlocked } from "./readiness";
import { move } from "./move";
import { finish } from "./worms";
import { requestInjection, sourceMaySend, inject } from "./injection";
import { hasFlit } from "./wire";

// the variants of the cycle for the run's rules, as the walk's (walk.ts, engine.ts)
export function stepLinksDefault(t: i32): void {
  linksCycle(t, false, false);
}
export function stepLinksTail(t: i32): void {
  linksCycle(t, false, true);
}
export function stepLinksWire(t: i32): void {
  linksCycle(t, true, false);
}
export function stepLinksWireTail(t: i32): void {
  linksCycle(t, true, true);
}

@inline function linksCycle(t: i32, wire: bool, tail: bool): void {
  if (linksRoute(t)) linksMove(t, wire, tail);
}

// step 2 over the active list; false if the run stopped (out of slots, or a bad route)
@inline function linksRoute(t: i32): bool {
  const n0 = header(H_ACTIVE_N);
  for (let k: i32 = 0; k < n0; k++) {
    const w = load<i32>(entry(ACTIVE, k));
    if (wget(w, W_STATE) == WS_REQUEST) {
      requestInjection(w);
      continue;
    }
    const tree = wget(w, W_KIND) == KIND_TREE;
    // 'lockstep' ("Tree replication"): the tree's requests ask together after its routings
    const lock = LOCKSTEP && tree;
    for (let s = wget(w, W_SLOTS); s >= 0; s = sget(s, S_NEXT)) {
      const f = sget(s, S_FLAGS);
      if ((f & F_DEAD) != 0) continue;
      // a chain (unicast, path): its requests and unrouted header are among its newest slots
      if (!tree && (f & (F_ROUTED | F_EJECT)) == F_ROUTED) break;
      if ((f & F_PENDING) != 0) {
        if (!lock) tryGrant(s, w);
      } else if ((f & (F_ROUTED | F_EJECT | F_BEHIND)) == 0 && sget(s, S_HEAD) >= 0 && t >= sget(s, S_HEAD) + R) {
        routeSlot(s, w);
        if (header(H_STATUS) != ST_RUNNING) return false;
      }
    }
    if (lock) requestTree(w, wormRec(w));
  }
  return true;
}

// steps 3-4: each worm's slots newest first, then its source; finished worms leave the list
@inline function linksMove(t: i32, wire: bool, tail: bool): void {
  let j: i32 = 0;
  for (let k: i32 = 0; k < header(H_ACTIVE_N); k++) {
    const w = load<i32>(entry(ACTIVE, k));
    const blocked = treeBlocked(wormRec(w));
    let s = wget(w, W_SLOTS);
    while (s >= 0) {
      const next = sget(s, S_NEXT);
      const f = sget(s, S_FLAGS) & ~F_MOVED;
      if ((f & F_DEAD) != 0) {
        unlink(s, w);
        freeSlot(s);
      } else {
        sset(s, S_FLAGS, f);
        if (
          !blocked &&
          (f & (F_ROUTED | F_EJECT)) == F_ROUTED &&
          hasFlit(s, slotRec(s), wire) &&
          childrenReady(slotRec(s), wire, tail)
        ) {
          move(s, slotRec(s), w, wire, tail);
          setHeader(H_LASTPROGRESS, t);
        }
      }
      s = next;
    }
    if (!blocked && sourceMaySend(wormRec(w), t)) inject(w);
    if (wget(w, W_STATE) == WS_SENDING && wget(w, W_TOSEND) == 0 && wget(w, W_LIVE) == 0) finish(w, t);
    else {
      store<i32>(entry(ACTIVE, j), w);
      j++;
    }
  }
  setHeader(H_ACTIVE_N, j);
}
