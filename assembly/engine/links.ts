// Steps 2-4 with one VC per link (V = 1, or option vcLinks; docs/model-flit.md "One cycle t" 3):
// the same steps as a multiplexed cycle, no arbitration. Step 2 over the active list, then one
// pass that moves as it goes, newest slot first (a child that passed a flit on is flagged F_MOVED
// and counted as still holding it).
import {
  H_ACTIVE_N, H_STATUS, H_LASTPROGRESS, ST_RUNNING, W_STATE, W_KIND, W_SLOTS, W_TOSEND, W_LIVE,
  KIND_TREE, WS_REQUEST, WS_SENDING, S_FLAGS, S_NEXT, S_HEAD, F_PENDING, F_EJECT, F_ROUTED, F_DEAD,
  F_BEHIND, F_MOVED, S_CHILD, S_SIB, S_CHAN, S_IN, S_OUT, WS_DONE, S_WORM, H_LIVESLOTS, W_INJVC, S_VC, S_NODE,
} from "./layout";
import { ACTIVE, OWNER, B, P, V, LAT, TAILSENT, LOCKSTEP, R, SLOT, READY_AT } from "./state";
import { header, setHeader, sget, sset, wget, entry, slotRec, wormRec, ld, st, slotIn } from "./records";
import { GEN } from "../traffic/generator";
import { tryGrant, requestTree } from "./vcs";
import { routeSlot } from "./route-step";
import { unlink, freeSlot } from "./slots";
import { childrenReady, treeBlocked } from "./readiness";
import { move } from "./move";
import { finish } from "./worms";
import { requestInjection, sourceMaySend, inject, injectFlit } from "./injection";
import { DEBUG } from "./invariants";
import { countLogged } from "./channel-use";
import { hasFlit } from "./wire";

// Kernel traffic takes linksLanes from 32 x readyListAt live slots (by default 65,536: 4 MB of
// slot records, past a core's L2 cache; readyListAt 0: always). Below, where the records are in
// the cache, the lanes cost more than they save (the 10-cube at 0.2 ran at 0.7 of linksMove's rate
// with them). Not tuned further.
@inline function lanesAt(): i32 { return READY_AT >= 1 << 25 ? i32.MAX_VALUE : READY_AT << 5; }

// the variants of the cycle for the run's rules, as the walk's (walk.ts, engine.ts); the default
// rules' takes the lanes at scale
export function stepLinksDefault(t: i32): void {
  if (GEN != 0 && !LOCKSTEP && header(H_LIVESLOTS) >= lanesAt()) {
    if (!linksRoute(t, true)) return;
    linksLanes(t);
    countLogged();
  } else linksCycle(t, false, false);
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
  if (!linksRoute(t, false)) return;
  linksMove(t, wire, tail);
  // option channelUse (channel-use.ts)
  countLogged();
}

// step 2 over the active list; false if the run stopped (out of slots, or a bad route)
@inline function linksRoute(t: i32, ahead: bool): bool {
  const n0 = header(H_ACTIVE_N);
  for (let k: i32 = 0; k < n0; k++) {
    if (ahead && k % BATCH == 0) touchBatch(k, n0);
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

// Kernel traffic at scale: step 2 reads each worm's newest slots, and the owner word of the VC a
// request or a header asks for, memory misses it waits for, worm after worm. Before the worms of
// each batch of BATCH are stepped, their newest slots are read in one loop, then the next slots and
// those owner words in another (a request's VC; for a header, the first and last owner words of
// its router's channels, which lie together), so that the misses of a loop overlap (the loads'
// values go to `touched`, which nothing reads, so that they are not optimised out). Read a few
// worms ahead one at a time, the owner word's miss stayed a miss (hypercube:20, perf: it moved
// from addNet, 13.8 % of the samples, to the read ahead, and the run took as long).
const BATCH: i32 = 32;
// the batch's newest slots
const NEWEST: usize = memory.data(BATCH * 4);
let touched: i32 = 0;

@inline function touchBatch(k0: i32, n: i32): void {
  const k1 = k0 + BATCH < n ? k0 + BATCH : n;
  let acc: i32 = 0;
  for (let k = k0; k < k1; k++) {
    const s = wget(load<i32>(entry(ACTIVE, k)), W_SLOTS);
    store<i32>(NEWEST + (<usize>(k - k0) << 2), s);
    if (s >= 0) acc ^= ld(slotIn(SLOT, s), S_FLAGS);
  }
  for (let k = k0; k < k1; k++) {
    const s = load<i32>(NEWEST + (<usize>(k - k0) << 2));
    if (s < 0) continue;
    const q = slotIn(SLOT, s);
    const u = ld(q, S_NEXT);
    if (u >= 0) acc ^= ld(slotIn(SLOT, u), S_FLAGS);
    const f = ld(q, S_FLAGS);
    if ((f & F_PENDING) != 0) acc ^= load<i32>(entry(OWNER, ld(q, S_VC)));
    else if ((f & (F_ROUTED | F_EJECT)) == 0) {
      const c = ld(q, S_NODE) * P * V;
      acc ^= load<i32>(entry(OWNER, c)) ^ load<i32>(entry(OWNER, c + P * V - 1));
    }
  }
  touched ^= acc;
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
          move(s, slotRec(s), w, wire, tail, true, true);
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

// Steps 3-4 of kernel traffic (unicast worms: no triggers) under the default rules: linksMove
// with the walk and the moves apart. At a million nodes a worm's slots lie anywhere in the region
// and each is a memory miss that a walk waits for. LANES worms are walked at once, a slot of each
// in turn, in a loop that only lists the slots (their misses overlap); then the listed slots
// move, their records now in the cache, a chunk of CHUNK entries at a time. Each worm's slots are
// still visited newest first, and its source sends after them (its entry ~w in the list); the
// worms' moves touch no slot of another worm, and a VC release only wakes requests parked for step
// 2, so the order of the worms changes no result. The finished worms leave the active list after.
const LANES: i32 = 32;
const CHUNK: i32 = 1024;
// per lane: its worm (-1: idle) and the slot it lists next (-1: its source's turn)
const LANE_W: usize = memory.data(LANES * 4);
const LANE_S: usize = memory.data(LANES * 4);
// per lane: the slot it listed last (-1: none yet), its worm's oldest slot once the walk is over
const LANE_LAST: usize = memory.data(LANES * 4);
// the chunk: slots to visit, and ~w for worm w's source
const LIST: usize = memory.data(CHUNK * 4);
// for the entry ~w of a source: its worm's oldest slot (-1: none)
const OLDEST: usize = memory.data(CHUNK * 4);

@inline function linksLanes(t: i32): void {
  const n = header(H_ACTIVE_N);
  let k: i32 = 0;
  let busy: i32 = 0;
  let moved = false;
  for (let g: i32 = 0; g < LANES; g++) {
    store<i32>(LANE_W + (<usize>g << 2), -1);
    if (k < n) {
      laneStart(g, load<i32>(entry(ACTIVE, k)));
      k++;
      busy++;
    }
  }
  while (busy > 0) {
    // the walk: up to CHUNK entries
    let m: i32 = 0;
    while (busy > 0 && m <= CHUNK - LANES) {
      for (let g: i32 = 0; g < LANES; g++) {
        const lw = LANE_W + (<usize>g << 2);
        const w = load<i32>(lw);
        if (w < 0) continue;
        const ls = LANE_S + (<usize>g << 2);
        const s = load<i32>(ls);
        if (s >= 0) {
          store<i32>(LIST + (<usize>m << 2), s);
          store<i32>(ls, ld(slotIn(SLOT, s), S_NEXT));
          store<i32>(LANE_LAST + (<usize>g << 2), s);
        } else {
          store<i32>(LIST + (<usize>m << 2), ~w);
          store<i32>(OLDEST + (<usize>m << 2), load<i32>(LANE_LAST + (<usize>g << 2)));
          if (k < n) {
            laneStart(g, load<i32>(entry(ACTIVE, k)));
            k++;
          } else {
            store<i32>(lw, -1);
            busy--;
          }
        }
        m++;
      }
    }
    // the moves
    for (let i: i32 = 0; i < m; i++) {
      const s = load<i32>(LIST + (<usize>i << 2));
      if (s < 0) {
        const w = ~s;
        const wq = wormRec(w);
        if (sourceMaySend(wq, t)) injectOldest(w, load<i32>(OLDEST + (<usize>i << 2)));
        if (ld(wq, W_STATE) == WS_SENDING && ld(wq, W_TOSEND) == 0 && ld(wq, W_LIVE) == 0) finish(w, t);
        continue;
      }
      const p = slotIn(SLOT, s);
      const w = ld(p, S_WORM);
      const f = ld(p, S_FLAGS) & ~F_MOVED;
      if ((f & F_DEAD) != 0) {
        unlink(s, w);
        freeSlot(s);
        continue;
      }
      st(p, S_FLAGS, f);
      if ((f & (F_ROUTED | F_EJECT)) == F_ROUTED && ld(p, S_IN) > ld(p, S_OUT) && childrenReady(p, false, false)) {
        move(s, p, w, false, false, true, true);
        moved = true;
      }
    }
  }
  if (moved) setHeader(H_LASTPROGRESS, t);
  let j: i32 = 0;
  for (let i: i32 = 0; i < n; i++) {
    const w = load<i32>(entry(ACTIVE, i));
    if (wget(w, W_STATE) != WS_DONE) {
      store<i32>(entry(ACTIVE, j), w);
      j++;
    }
  }
  setHeader(H_ACTIVE_N, j);
}

// lane g walks worm w from its newest slot
@inline function laneStart(g: i32, w: i32): void {
  store<i32>(LANE_W + (<usize>g << 2), w);
  store<i32>(LANE_S + (<usize>g << 2), wget(w, W_SLOTS));
  store<i32>(LANE_LAST + (<usize>g << 2), -1);
}

// inject() for a source whose worm's oldest slot, b, the lane listed: while the source may send,
// that is its injection slot (flits left to send: its tail has not left it), the owner of its
// injection VC, whose read inject() makes (a memory miss at a million nodes: 88 MB of owner words)
@inline function injectOldest(w: i32, b: i32): void {
  if (DEBUG) assert(b == load<i32>(entry(OWNER, wget(w, W_INJVC))), "lanes: the oldest slot is the injection slot");
  const p = slotIn(SLOT, b);
  if (ld(p, S_IN) - ld(p, S_OUT) + ((ld(p, S_FLAGS) & F_MOVED) != 0 ? 1 : 0) < B) injectFlit(w, p, ld(p, S_IN));
}
