// The flit-level wormhole engine (docs/model-flit.md), over the flat region laid out by
// src/engine/layout.ts, with the evaluation shortcuts of docs/model-flit.md "Evaluation order".
// Its specification is the JS reference src/engine/reference.ts, which evaluates the page's rules
// as written, one function per step of a cycle; the two are held equal on their results
// (test/engine-differential*.test.ts). Comments name the step of docs/model-flit.md "One cycle t"
// (and the reference function) each function evaluates. Nothing here allocates.
import {
  H_PORTS, H_V, H_K, H_Q, H_B, H_R, H_S, H_WATCHDOG, H_FLAGS, H_WORMS, H_CYCLE, H_NEXTCREATE,
  H_ACTIVE_N, H_FREESLOT, H_DONE, H_STATUS, H_LASTPROGRESS, H_LIVESLOTS, H_MAXSLOTS,
  H_O_OWNER, H_O_ARB, A_RR, A_HELD, A_FLITS, A_STAMP, H_O_BEST, H_O_COUNT, H_O_CHFLITS, H_O_QHEAD, H_O_QTAIL,
  H_O_WORM, H_O_DEST, H_O_TREE, H_O_SLOT, H_O_ACTIVE, H_O_READY, H_O_ROUTE, H_ROUTE_N, H_READY_AT, H_WALK, H_NODES, H_O_INJL, H_INJ, H_EJ, H_QE, H_WCAP, FLAG_MUX, FLAG_CHANNEL_USE,
  COUNTERS_BYTE, C_FLITHOPS, C_INJECTED, C_EJECTED, C_VCWAIT, C_SAMEGROUP, C_SHARING, C_GRANTS,
  ST_RUNNING, ST_FINISHED, ST_DEADLOCK, ST_LIMIT, ST_NO_SLOTS, ST_BAD_ROUTE,
  W_KIND, W_KEY, W_SRC, W_FLITS, W_CREATED, W_DEST, W_NDEST, W_TREE, W_FIRSTTRIG, W_NEXTTRIG, W_STATE,
  W_TOSEND, W_START, W_INJECT, W_SLOTS, W_INJVC, W_NEXTQ, W_GROUP, W_ACT, W_DONE, W_WAIT,
  W_DELIVERED, W_LIVE, W_INJQ, WORM_STRIDE, KIND_TREE, KIND_UNICAST, WS_WAITING, WS_QUEUED, WS_REQUEST,
  WS_SENDING, WS_DONE, D_NODE, D_HEAD, D_TAIL, DEST_STRIDE, T_PORT, T_VC, T_DEST, T_CHILD, T_EXACT,
  T_SIB, TREE_STRIDE, S_WORM, S_VC, S_PARENT, S_CHILD, S_SIB, S_NEXT, S_IN, S_OUT, S_NODE, S_HEAD,
  S_FLAGS, S_TARGET, S_CLASS, S_PREV, S_PORT, SLOT_STRIDE, F_PENDING, F_EJECT, F_ROUTED,
  F_DEAD, F_NET, F_EXACT, F_MOVED, F_PARKED, F_SAMEG, F_WAITED, F_CONTEND, S_CHAN, H_O_WAIT, FLAG_BACK_TO_BACK,
  FLAG_TAIL_SENT, H_O_VCQ, H_LAT, H_O_LAT, H_SLOTCAP, Q_OCC, Q_LAST, Q_DEC, F_RELEASED, F_BEHIND,
} from "./layout";
import { route } from "../routing/dispatch";
import { DELIVER, INJECT, setRouteInPort, setRouteKey } from "../routing/state";
import { neighbor } from "../topology";

// absolute addresses of the regions and the configuration, read at every runUntil
let BASE: usize = 0;
let OWNER: usize = 0;
let ARB: usize = 0;
let BEST: usize = 0;
let COUNT: usize = 0;
let CHFLITS: usize = 0;
let QHEAD: usize = 0;
let QTAIL: usize = 0;
let WORM: usize = 0;
let DEST: usize = 0;
let TREE: usize = 0;
let SLOT: usize = 0;
let ACTIVE: usize = 0;
let READY: usize = 0;
let ROUTE: usize = 0;
let INJL: usize = 0;
let READY_AT: i32 = 0;
// multiplexed VCs evaluated by the walk (H_WALK), kept here while a run lasts
let WALK: bool = false;
let WAIT: usize = 0;
let P: i32 = 0;
let V: i32 = 0;
let K: i32 = 0;
let Q: i32 = 0;
let QE: i32 = 0;
let B: i32 = 0;
let R: i32 = 0;
let S: i32 = 0;
let MUX: bool = false;
let CHANUSE: bool = false;
// option injection 'back-to-back' (docs/model-flit.md "The source"); false: 'after-tail'
let B2B: bool = false;
// option vcRelease 'tail-sent' (docs/model-flit.md "One cycle t" 4b), and its queue records
let TAILSENT: bool = false;
let VCQ: usize = 0;
// option linkLatency and its wire records (H_O_LAT: per slot, then per network VC, two words)
let LAT: i32 = 1;
let LATS: usize = 0;
let LATV: usize = 0;
// the owner word after the last VC's, never owned: a slot that gave its VC up before its tail left
// (back-to-back injection, 'tail-sent') names it, so that freeVc, on the hot path, needs no test
let SPAREVC: i32 = 0;
let INJ: i32 = 0;
let EJ: i32 = 0;
let T: i32 = 0;
// counters, kept in locals of the module while a run lasts
let flitHops: f64 = 0;
let injected: f64 = 0;
let ejected: f64 = 0;
let vcWait: f64 = 0;
let sameGroup: f64 = 0;
let sharing: f64 = 0;
// sharing events of the current cycle, committed at the end of its step 2
let sharingNow: i32 = 0;
let grants: f64 = 0;
// pass 2 of the walk: posted moves, and moves other than network hops
let NPOST: i32 = 0;
let MOVED: i32 = 0;

@inline function hd(f: i32): i32 { return load<i32>(BASE + (<usize>f << 2)); }
@inline function hdSet(f: i32, v: i32): void { store<i32>(BASE + (<usize>f << 2), v); }
@inline function at(region: usize, i: i32): usize { return region + (<usize>i << 2); }
// record base + constant field offset: the record base is shared by the accesses to one record
@inline function wa(w: i32, f: i32): usize { return WORM + <usize>w * <usize>(WORM_STRIDE << 2) + (<usize>f << 2); }
@inline function sa(s: i32, f: i32): usize { return SLOT + <usize>s * <usize>(SLOT_STRIDE << 2) + (<usize>f << 2); }
@inline function ta(e: i32, f: i32): usize { return TREE + ((<usize>e * <usize>TREE_STRIDE + <usize>f) << 2); }
@inline function da(d: i32, f: i32): usize { return DEST + ((<usize>d * <usize>DEST_STRIDE + <usize>f) << 2); }
// record pointers: hot loops compute a slot's (or worm's) address once and read its fields
// at constant offsets from it
@inline function sp(s: i32): usize { return SLOT + <usize>s * <usize>(SLOT_STRIDE << 2); }
@inline function wp(w: i32): usize { return WORM + <usize>w * <usize>(WORM_STRIDE << 2); }
@inline function ld(p: usize, f: i32): i32 { return load<i32>(p + (<usize>f << 2)); }
@inline function st(p: usize, f: i32, v: i32): void { store<i32>(p + (<usize>f << 2), v); }
@inline function wget(w: i32, f: i32): i32 { return load<i32>(wa(w, f)); }
@inline function wset(w: i32, f: i32, v: i32): void { store<i32>(wa(w, f), v); }
@inline function sget(s: i32, f: i32): i32 { return load<i32>(sa(s, f)); }
@inline function sset(s: i32, f: i32, v: i32): void { store<i32>(sa(s, f), v); }
// the arbitration record of network channel ch, field f (multiplexed VCs)
@inline function arb(ch: i32, f: i32): usize { return ARB + (<usize>ch << 4) + (<usize>f << 2); }
// the queue record of network VC vc, field f (vcRelease 'tail-sent')
@inline function vq(vc: i32, f: i32): usize { return VCQ + (<usize>vc << 4) + (<usize>f << 2); }

// linkLatency > 1: events (one a cycle at most) recorded at a wire record `r` (last cycle, mask)
// that happened during t - LAT + 1 .. t - 1 (still on the wire at the start of cycle t; an event
// of cycle t itself, recorded during it, is not counted: the state is the cycle's start)
function onWire(r: usize, t: i32): i32 {
  const a = load<i32>(r);
  const hi = a - t + LAT - 1;
  if (hi < 0) return 0;
  const lo = a - t + 1 > 0 ? a - t + 1 : 0;
  const width = hi - lo + 1;
  if (width <= 0) return 0;
  return popcnt<i32>((load<i32>(r, 4) >>> lo) & ((1 << width) - 1));
}
function wireEvent(r: usize, t: i32): void {
  const d = t - load<i32>(r);
  store<i32>(r, t);
  store<i32>(r, d >= 32 ? 1 : (load<i32>(r, 4) << d) | 1, 4);
}
// the wire records of slot s (flits into its buffer) and of network VC vc (credits back)
@inline function slotWire(s: i32): usize { return LATS + (<usize>s << 3); }
@inline function vcWire(vc: i32): usize { return LATV + (<usize>vc << 3); }
// The rule flags `wire` (linkLatency > 1) and `tail` (vcRelease 'tail-sent') are parameters of the
// inlined functions that need them. The run chooses the variant once per cycle (readyCycle,
// linksCycle): with the default rules they are the constants false, and binaryen drops their code,
// so the default path tests nothing per flit (issue 15: testing LAT on every move and readiness
// check cost about 2.5 % of the 16x16 torus bench); the other copy reads LAT > 1 and TAILSENT.
// slot s (record p) has a flit in its buffer at the start of cycle T
@inline function hasFlit(s: i32, p: usize, wire: bool): bool {
  const n = ld(p, S_IN) - ld(p, S_OUT);
  if (wire) return n - onWire(slotWire(s), T) > 0;
  return n > 0;
}
// the credits of network child cp's VC still on the wire (0 with linkLatency 1: nothing is read)
@inline function creditsOut(cp: usize, wire: bool): i32 {
  if (wire) return onWire(vcWire(ld(cp, S_VC)), T);
  return 0;
}
// 'tail-sent': flits of earlier holders in the buffer of network slot cp's VC at the start of the
// cycle (one of them may have left during it: Q_DEC); only called under the flag `tail`, so that
// the default rule's hot paths do not load the VC
@inline function queued(cp: usize): i32 {
  const vc = ld(cp, S_VC);
  return load<i32>(vq(vc, Q_OCC)) + (load<i32>(vq(vc, Q_DEC)) == T ? 1 : 0);
}
@inline function cnt(i: i32): usize { return BASE + <usize>COUNTERS_BYTE + (<usize>i << 3); }

function configure(base: usize): void {
  BASE = base;
  OWNER = base + <usize>hd(H_O_OWNER);
  ARB = base + <usize>hd(H_O_ARB);
  BEST = base + <usize>hd(H_O_BEST);
  COUNT = base + <usize>hd(H_O_COUNT);
  CHFLITS = base + <usize>hd(H_O_CHFLITS);
  QHEAD = base + <usize>hd(H_O_QHEAD);
  QTAIL = base + <usize>hd(H_O_QTAIL);
  WORM = base + <usize>hd(H_O_WORM);
  DEST = base + <usize>hd(H_O_DEST);
  TREE = base + <usize>hd(H_O_TREE);
  SLOT = base + <usize>hd(H_O_SLOT);
  ACTIVE = base + <usize>hd(H_O_ACTIVE);
  READY = base + <usize>hd(H_O_READY);
  ROUTE = base + <usize>hd(H_O_ROUTE);
  INJL = base + <usize>hd(H_O_INJL);
  READY_AT = hd(H_READY_AT);
  WAIT = base + <usize>hd(H_O_WAIT);
  P = hd(H_PORTS);
  V = hd(H_V);
  K = hd(H_K);
  Q = hd(H_Q);
  QE = hd(H_QE);
  B = hd(H_B);
  R = hd(H_R);
  S = hd(H_S);
  MUX = (hd(H_FLAGS) & FLAG_MUX) != 0;
  CHANUSE = (hd(H_FLAGS) & FLAG_CHANNEL_USE) != 0;
  B2B = (hd(H_FLAGS) & FLAG_BACK_TO_BACK) != 0;
  TAILSENT = (hd(H_FLAGS) & FLAG_TAIL_SENT) != 0;
  VCQ = base + <usize>hd(H_O_VCQ);
  LAT = hd(H_LAT);
  LATS = base + <usize>hd(H_O_LAT);
  LATV = LATS + (<usize>hd(H_SLOTCAP) << 3);
  SPAREVC = hd(H_EJ) + hd(H_NODES) * hd(H_QE);
  INJ = hd(H_INJ);
  EJ = hd(H_EJ);
}

/**
 * Simulate the region at `base` up to (not including) cycle `until`, or until it finishes,
 * deadlocks or fails; returns the status code (H_STATUS). Call it in chunks of bounded
 * cycles (V8 tier-up, shared/TOOLCHAIN.md).
 */
export function engineRun(base: usize, until: i32): i32 {
  configure(base);
  if (hd(H_STATUS) == ST_LIMIT) hdSet(H_STATUS, ST_RUNNING);
  if (hd(H_STATUS) != ST_RUNNING) return hd(H_STATUS);
  flitHops = load<f64>(cnt(C_FLITHOPS));
  injected = load<f64>(cnt(C_INJECTED));
  ejected = load<f64>(cnt(C_EJECTED));
  vcWait = load<f64>(cnt(C_VCWAIT));
  sameGroup = load<f64>(cnt(C_SAMEGROUP));
  sharing = load<f64>(cnt(C_SHARING));
  grants = load<f64>(cnt(C_GRANTS));
  WALK = hd(H_WALK) != 0 && !TAILSENT;
  const worms = hd(H_WORMS);
  const wcap = hd(H_WCAP);
  const W = hd(H_WATCHDOG);
  let t = hd(H_CYCLE);
  while (true) {
    if (hd(H_ACTIVE_N) == 0) {
      let nc = hd(H_NEXTCREATE);
      while (nc < worms && wget(nc % wcap, W_CREATED) < 0) nc++;
      hdSet(H_NEXTCREATE, nc);
      if (nc == worms) { hdSet(H_STATUS, ST_FINISHED); break; }
      const created = wget(nc % wcap, W_CREATED);
      if (created > t) {
        t = created < until ? created : until;
        hdSet(H_LASTPROGRESS, t);
      }
    }
    if (t >= until) { hdSet(H_STATUS, ST_LIMIT); break; }
    step(t);
    t++;
    if (hd(H_STATUS) != ST_RUNNING) break;
    if (hd(H_ACTIVE_N) > 0 && t - 1 - hd(H_LASTPROGRESS) >= W) { hdSet(H_STATUS, ST_DEADLOCK); break; }
  }
  hdSet(H_CYCLE, t);
  store<f64>(cnt(C_FLITHOPS), flitHops);
  store<f64>(cnt(C_INJECTED), injected);
  store<f64>(cnt(C_EJECTED), ejected);
  store<f64>(cnt(C_VCWAIT), vcWait);
  store<f64>(cnt(C_SAMEGROUP), sameGroup);
  store<f64>(cnt(C_SHARING), sharing);
  store<f64>(cnt(C_GRANTS), grants);
  hdSet(H_WALK, WALK ? 1 : 0);
  return hd(H_STATUS);
}

function step(t: i32): void {
  T = t;
  const worms = hd(H_WORMS);
  const wcap = hd(H_WCAP);
  let nc = hd(H_NEXTCREATE);
  while (nc < worms) {
    // worm number nc lives in record nc mod wcap (H_WCAP)
    const rec = nc % wcap;
    const created = wget(rec, W_CREATED);
    if (created > t) break;
    if (created >= 0) activate(rec, t);
    nc++;
  }
  hdSet(H_NEXTCREATE, nc);
  if (MUX) stepMux(t);
  else stepLinks(t);
}

// Steps 2-4 with multiplexed VCs (reference: routingAndAllocation, readyMoves, arbitration,
// endOfCycle): the walk evaluation until a cycle starts
// with READY_AT live slots or more, then the ready-list evaluation until one starts with fewer
// than half as many (the results are the same; docs/model-flit.md "Evaluation order").
function stepMux(t: i32): void {
  // 'tail-sent' is evaluated by the ready list only (the walk's lone moves stay free of its rules)
  // (and linkLatency > 1: flits and credits on the wire are read by the ready list only)
  if (TAILSENT || LAT > 1) {
    stepReady(t);
    return;
  }
  const live = hd(H_LIVESLOTS);
  if (WALK) {
    if (live >= READY_AT) WALK = false;
  } else if (live < READY_AT >> 1) {
    enterWalk();
  }
  if (WALK) stepWalk(t);
  else stepReady(t);
}

// back to the walk evaluation: the routing list becomes the active list (a superset of the
// worms whose routing is not over; pass 1 drops the others) and A_HELD is counted afresh
function enterWalk(): void {
  WALK = true;
  const n = hd(H_ACTIVE_N);
  for (let k: i32 = 0; k < n; k++) store<i32>(at(ROUTE, k), load<i32>(at(ACTIVE, k)));
  hdSet(H_ROUTE_N, n);
  const channels = hd(H_NODES) * P;
  for (let ch: i32 = 0; ch < channels; ch++) {
    let h: i32 = 0;
    // a VC freed by 'tail-sent' with its last holder's flits still there (-2) still counts
    for (let v: i32 = 0; v < V; v++) if (load<i32>(at(OWNER, ch * V + v)) != -1) h++;
    store<i32>(arb(ch, A_HELD), h);
  }
}

// The walk evaluation (docs/model-flit.md "Evaluation order", the walk). Pass 1: step 2 (routing, allocation) over the
// routing list, newest slots first. Pass 2: each worm's slots newest first; a ready move
// whose network channels have no other VC held (HELD == 1: no other move can use them this
// cycle, all grants being made) happens at once, as with one VC per link (F_MOVED); the others
// enter the arbitration and go to the post list, with every move that may trigger worms (so
// that deliveries keep visit order). Pass 3 performs the posted moves that won their channels.
function stepWalk(t: i32): void {
  const n0 = hd(H_ACTIVE_N);
  // pass 1 (step 2) over the routing list, which it compacts: a worm leaves it when its
  // routing is over for good (docs/model-flit.md "Evaluation order", the routing list)
  const nr0 = hd(H_ROUTE_N);
  let j: i32 = 0;
  for (let k: i32 = 0; k < nr0; k++) {
    const w = load<i32>(at(ROUTE, k));
    const wq = wp(w);
    const state = ld(wq, W_STATE);
    if (state == WS_DONE) continue;
    if (state == WS_REQUEST) {
      // out of slots here ends the run after this cycle (a later routing stops it at once)
      requestInjection(w);
      store<i32>(at(ROUTE, j), w);
      j++;
      continue;
    }
    if (starting(wq, t)) {
      store<i32>(at(ROUTE, j), w);
      j++;
      continue;
    }
    const tree = ld(wq, W_KIND) == KIND_TREE;
    let over = true;
    for (let s = ld(wq, W_SLOTS); s >= 0;) {
      const p = sp(s);
      const f = ld(p, S_FLAGS);
      const next = ld(p, S_NEXT);
      if ((f & F_DEAD) == 0) {
        // a chain (unicast, path) has its requests and its unrouted header among its newest
        // slots: stop at the first routed one
        if (!tree && (f & (F_ROUTED | F_EJECT)) == F_ROUTED) break;
        if ((f & F_PENDING) != 0) {
          tryGrant(s, w);
          over = false;
        } else if ((f & (F_ROUTED | F_EJECT)) == 0) {
          over = false;
          if (ld(p, S_HEAD) >= 0 && (ld(p, S_FLAGS) & F_BEHIND) == 0 && t >= ld(p, S_HEAD) + R) {
            routeSlot(s, w);
            if (hd(H_STATUS) != ST_RUNNING) {
              // out of slots, or a bad route: the run stops in step 2, before any move
              keepRoute(k, j);
              return;
            }
          }
        }
      }
      s = next;
    }
    if (!over) {
      store<i32>(at(ROUTE, j), w);
      j++;
    }
  }
  keepRoute(nr0, j);
  sharingNow = 0;
  NPOST = 0;
  MOVED = 0;
  // the hot loop keeps few values live (V8 spills the rest): region bases, B and one counter;
  // rare events count in globals (NPOST, MOVED)
  const slot = SLOT;
  const arbs = ARB;
  const b = B;
  let hops: i32 = 0;
  // the active list is compacted as pass 2 goes: a worm that finishes in it is not kept (no
  // worm joins the list during pass 2; the queue heads of pass 1 follow the kept worms)
  let ja: i32 = 0;
  for (let k: i32 = 0; k < n0; k++) {
    const w = load<i32>(at(ACTIVE, k));
    const wq = wp(w);
    if (starting(wq, t)) {
      store<i32>(at(ACTIVE, ja), w);
      ja++;
      continue;
    }
    let s = ld(wq, W_SLOTS);
    if (ld(wq, W_KIND) == KIND_UNICAST) {
      // A unicast worm's slots are a chain, newest first, each the child of the next one in the
      // list (its parent): the child's start-of-cycle state is carried from the previous visit
      // instead of being read again, and nothing needs F_MOVED (the child's room is its
      // start-of-cycle in - out, which is what in - out + F_MOVED gives after its move).
      let cp: usize = 0;
      let cf: i32 = F_PENDING; // no child yet: nothing can move into it
      let cin: i32 = 0;
      let cout: i32 = 0;
      let fin = false;
      while (s >= 0) {
        const p = slot + (<usize>s << 6);
        const next = ld(p, S_NEXT);
        const f = ld(p, S_FLAGS);
        const pin = ld(p, S_IN);
        const pout = ld(p, S_OUT);
        // one branch for "p is routed, holds a flit, and its child is granted"
        if ((<i32>((f & (F_ROUTED | F_EJECT)) == F_ROUTED) & <i32>(pin > pout) & <i32>((cf & F_PENDING) == 0)) != 0) {
          if ((cf & F_EJECT) == 0) {
            if (cin - cout < b) {
              const ch = ld(cp, S_CHAN);
              const a = arbs + (<usize>ch << 4);
              if (load<i32>(a, A_HELD << 2) == 1) {
                // alone on its channel: the flit crosses now
                st(p, S_OUT, pout + 1);
                st(cp, S_IN, cin + 1);
                if (cin == 0) st(cp, S_HEAD, T + 1);
                hops++;
                store<i32>(a, load<i32>(a, A_FLITS << 2) + 1, A_FLITS << 2);
                store<i32>(a, ld(cp, S_VC), A_RR << 2);
                if (pout + 1 == ld(wq, W_FLITS)) tailLeft(s, w);
              } else {
                enter(s, p, cp);
                post(s);
              }
            }
          } else if (ld(wq, W_FIRSTTRIG) >= 0) {
            // a delivery that may trigger worms keeps its place in the order of deliveries
            post(s);
          } else if (moveFinishes(s, p, w, wq)) {
            fin = true;
            break;
          }
        }
        cp = p;
        cf = f;
        cin = pin;
        cout = pout;
        s = next;
      }
      // the source: its injection slot is the oldest (last visited) while flits remain there
      if (fin) continue;
      if (ld(wq, W_STATE) == WS_SENDING && ld(wq, W_TOSEND) > 0 && T >= ld(wq, W_START) && cin - cout < b) {
        injectFlit(w, cp, cin);
      }
      store<i32>(at(ACTIVE, ja), w);
      ja++;
      continue;
    }
    const trig = ld(wq, W_FIRSTTRIG) >= 0;
    let done = false;
    while (s >= 0) {
      const p = slot + (<usize>s << 6);
      const next = ld(p, S_NEXT);
      const f0 = ld(p, S_FLAGS);
      if ((f0 & F_DEAD) != 0) {
        // an ejection slot whose tail was delivered in an earlier cycle
        unlink(s, w);
        freeSlot(s);
        s = next;
        continue;
      }
      const f = f0 & ~F_MOVED;
      let go: i32 = 0;
      if ((f & (F_ROUTED | F_EJECT)) == F_ROUTED && hasFlit(s, p, false)) go = readyAlone(p, trig);
      if (go == 1) {
        st(p, S_FLAGS, f | F_MOVED);
        if (moveFinishes(s, p, w, wq)) {
          done = true;
          break;
        }
      } else {
        if (f != f0) st(p, S_FLAGS, f);
        if (go == 2) {
          register(s, p);
          post(s);
        }
      }
      s = next;
    }
    if (done) continue;
    if (ld(wq, W_STATE) == WS_SENDING && ld(wq, W_TOSEND) > 0 && T >= ld(wq, W_START)) inject(w);
    store<i32>(at(ACTIVE, ja), w);
    ja++;
  }
  const na = hd(H_ACTIVE_N);
  for (let k: i32 = n0; k < na; k++) {
    store<i32>(at(ACTIVE, ja), load<i32>(at(ACTIVE, k)));
    ja++;
  }
  hdSet(H_ACTIVE_N, ja);
  flitHops += <f64>hops;
  sharing += <f64>sharingNow;
  // pass 3: the worms it finishes leave the active list there
  performPosted(t, NPOST, MOVED + hops, 0, false, false);
}

// Pass 3 (walk) or 2 (ready list): the listed moves that won every channel they need, in list
// order (the order of deliveries); finished worms leave the active list
@inline function performPosted(t: i32, n: i32, moved: i32, finished: i32, wire: bool, tail: bool): void {
  for (let i: i32 = 0; i < n; i++) {
    const s = load<i32>(at(READY, i));
    const p = sp(s);
    const f = ld(p, S_FLAGS);
    if ((f & F_CONTEND) != 0) {
      st(p, S_FLAGS, f & ~F_CONTEND);
      if (!wins(p)) continue;
    }
    const w = ld(p, S_WORM);
    moved++;
    // a worm can only finish by a move that freed one of its slots (move returns true)
    if (move(s, p, w, wire, tail) && wget(w, W_LIVE) == 0 && wget(w, W_TOSEND) == 0) {
      finish(w, t);
      finished++;
    }
  }
  if (moved > 0) hdSet(H_LASTPROGRESS, t);
  if (finished > 0) {
    let j: i32 = 0;
    const na = hd(H_ACTIVE_N);
    for (let k: i32 = 0; k < na; k++) {
      const w = load<i32>(at(ACTIVE, k));
      if (wget(w, W_STATE) != WS_DONE) {
        store<i32>(at(ACTIVE, j), w);
        j++;
      }
    }
    hdSet(H_ACTIVE_N, j);
  }
}

// close the routing list after pass 1 stopped before entry k: the entries from k on (with the
// queue heads appended during the pass) follow the j entries kept before k
function keepRoute(k: i32, j: i32): void {
  const nr = hd(H_ROUTE_N);
  for (let i = k; i < nr; i++) {
    store<i32>(at(ROUTE, j), load<i32>(at(ROUTE, i)));
    j++;
  }
  hdSet(H_ROUTE_N, j);
}

// a new queue head joins the active list and, with multiplexed VCs, the routing list
function appendActive(w: i32): void {
  const n = hd(H_ACTIVE_N);
  store<i32>(at(ACTIVE, n), w);
  hdSet(H_ACTIVE_N, n + 1);
  if (MUX && WALK) {
    const r = hd(H_ROUTE_N);
    store<i32>(at(ROUTE, r), w);
    hdSet(H_ROUTE_N, r + 1);
  }
}

// The ready-list evaluation (docs/model-flit.md "Evaluation order", the ready list): pass 1 visits each worm once (routing,
// allocation, readiness, arbitration entry); pass 2 performs the winners of the ready list.
// F_MOVED, which the walk leaves on the slots it moved, is cleared as pass 1 goes by (a slot's
// children are visited before it).
function stepReady(t: i32): void {
  if (LAT > 1 || TAILSENT) readyCycle(t, LAT > 1, TAILSENT);
  else readyCycle(t, false, false);
}

@inline function readyCycle(t: i32, wire: bool, tail: bool): void {
  const n0 = hd(H_ACTIVE_N);
  let nready: i32 = 0;
  let ninj: i32 = 0;
  let grave: i32 = -1;
  let aborted = false;
  sharingNow = 0;
  // read-ahead: the flags of the next worm's newest slot and of this worm's next slot are read
  // as soon as their index is known, so their cache misses overlap the work on the current
  // slot; the bits used (DEAD, PENDING, ROUTED, EJECT) change only when that slot is visited
  let hs: i32 = n0 > 0 ? wget(load<i32>(at(ACTIVE, 0)), W_SLOTS) : -1;
  let hf: i32 = hs >= 0 ? sget(hs, S_FLAGS) : 0;
  for (let k: i32 = 0; k < n0; k++) {
    const w = load<i32>(at(ACTIVE, k));
    let s = hs;
    let f = hf;
    if (k + 1 < n0) {
      hs = wget(load<i32>(at(ACTIVE, k + 1)), W_SLOTS);
      hf = hs >= 0 ? sget(hs, S_FLAGS) : 0;
    }
    if (wget(w, W_STATE) == WS_REQUEST) {
      // out of slots here ends the run after this cycle (a later routing stops it at once)
      requestInjection(w);
    } else if (!starting(wp(w), t)) {
      while (s >= 0) {
        const p = sp(s);
        const next = ld(p, S_NEXT);
        const nf = next >= 0 ? ld(sp(next), S_FLAGS) : 0;
        if ((f & F_DEAD) != 0) {
          // an ejection slot whose tail was delivered in an earlier cycle: free it after step 2
          unlink(s, w);
          st(p, S_NEXT, grave);
          grave = s;
          s = next;
          f = nf;
          continue;
        }
        if ((f & F_MOVED) != 0) {
          f &= ~F_MOVED;
          st(p, S_FLAGS, ld(p, S_FLAGS) & ~F_MOVED);
        }
        if ((f & F_PENDING) != 0) tryGrant(s, w);
        else if (
          (f & (F_ROUTED | F_EJECT)) == 0 &&
          ld(p, S_HEAD) >= 0 &&
          (ld(p, S_FLAGS) & F_BEHIND) == 0 &&
          t >= ld(p, S_HEAD) + R
        ) {
          routeSlot(s, w);
          if (hd(H_STATUS) != ST_RUNNING) {
            // out of slots, or a bad route: the run stops in step 2, before any move
            aborted = true;
            break;
          }
          f |= F_ROUTED;
        }
        if ((f & (F_ROUTED | F_EJECT)) == F_ROUTED && hasFlit(s, p, wire) && readyRegister(s, p, wire, tail)) {
          store<i32>(at(READY, nready), s);
          nready++;
        }
        s = next;
        f = nf;
      }
      if (aborted) break;
    }
    if (wget(w, W_STATE) == WS_SENDING && wget(w, W_TOSEND) > 0 && t >= wget(w, W_START)) {
      store<i32>(at(INJL, ninj), w);
      ninj++;
    }
  }
  // end of step 2: dead ejection slots return to the free list
  while (grave >= 0) {
    const g = grave;
    grave = sget(g, S_NEXT);
    freeSlot(g);
  }
  if (aborted) return;
  sharing += <f64>sharingNow;
  // the sources inject (buffer room at the start of the cycle: no move has happened yet)
  for (let i: i32 = 0; i < ninj; i++) inject(load<i32>(at(INJL, i)));
  performPosted(t, nready, 0, 0, wire, tail);
}

// a worm in its startup (granted its injection VC, t < W_START) has nothing to do: its only
// slot, the injection slot, holds no flit and no header to route, and its source may not send
@inline function starting(wq: usize, t: i32): bool {
  return ld(wq, W_STATE) == WS_SENDING && t < ld(wq, W_START);
}

// a move at once in the walk (slot s of worm w, records p and wq); true if the worm finished
// (the walk runs with linkLatency 1 and vcRelease 'tail-credit' only: stepMux)
@inline function moveFinishes(s: i32, p: usize, w: i32, wq: usize): bool {
  MOVED++;
  if (move(s, p, w, false, false) && ld(wq, W_LIVE) == 0 && ld(wq, W_TOSEND) == 0) {
    finish(w, T);
    return true;
  }
  return false;
}

@inline function post(s: i32): void {
  store<i32>(at(READY, NPOST), s);
  NPOST++;
}

// Whether the routed slot p (holding a flit) may move this cycle: 0 no (a child not granted, or
// without room), 1 yes and at once (every network child's channel has no other VC held; no
// delivery that may trigger worms), 2 yes, through the arbitration or in delivery order (post).
@inline function readyAlone(p: usize, trig: bool): i32 {
  let r: i32 = 1;
  for (let c = ld(p, S_CHILD); c >= 0;) {
    const cp = sp(c);
    const f = ld(cp, S_FLAGS);
    if ((f & F_PENDING) != 0) return 0;
    if ((f & F_EJECT) == 0) {
      // (the walk runs with the default rules only)
      if (full(cp, f, false, false)) return 0;
      if (load<i32>(arb(ld(cp, S_CHAN), A_HELD)) != 1) r = 2;
    } else if (trig) r = 2;
    c = ld(cp, S_SIB);
  }
  return r;
}

// Steps 2-4 with one VC per link (the same steps as stepMux, no arbitration): step 2, then one pass that moves as
// it goes, newest slot first (a child that passed a flit on is flagged F_MOVED).
function stepLinks(t: i32): void {
  if (LAT > 1 || TAILSENT) linksCycle(t, LAT > 1, TAILSENT);
  else linksCycle(t, false, false);
}

@inline function linksCycle(t: i32, wire: bool, tail: bool): void {
  const n0 = hd(H_ACTIVE_N);
  for (let k: i32 = 0; k < n0; k++) {
    const w = load<i32>(at(ACTIVE, k));
    if (wget(w, W_STATE) == WS_REQUEST) {
      requestInjection(w);
      continue;
    }
    const tree = wget(w, W_KIND) == KIND_TREE;
    for (let s = wget(w, W_SLOTS); s >= 0; s = sget(s, S_NEXT)) {
      const f = sget(s, S_FLAGS);
      if ((f & F_DEAD) != 0) continue;
      if (!tree && (f & (F_ROUTED | F_EJECT)) == F_ROUTED) break;
      if ((f & F_PENDING) != 0) tryGrant(s, w);
      else if ((f & (F_ROUTED | F_EJECT | F_BEHIND)) == 0 && sget(s, S_HEAD) >= 0 && t >= sget(s, S_HEAD) + R) {
        routeSlot(s, w);
        if (hd(H_STATUS) != ST_RUNNING) return;
      }
    }
  }
  let j: i32 = 0;
  for (let k: i32 = 0; k < hd(H_ACTIVE_N); k++) {
    const w = load<i32>(at(ACTIVE, k));
    let s = wget(w, W_SLOTS);
    while (s >= 0) {
      const next = sget(s, S_NEXT);
      const f = sget(s, S_FLAGS) & ~F_MOVED;
      if ((f & F_DEAD) != 0) {
        unlink(s, w);
        freeSlot(s);
      } else {
        sset(s, S_FLAGS, f);
        if ((f & (F_ROUTED | F_EJECT)) == F_ROUTED && hasFlit(s, sp(s), wire) && childrenReady(sp(s), wire, tail)) {
          move(s, sp(s), w, wire, tail);
          hdSet(H_LASTPROGRESS, t);
        }
      }
      s = next;
    }
    if (wget(w, W_STATE) == WS_SENDING && wget(w, W_TOSEND) > 0 && t >= wget(w, W_START)) inject(w);
    if (wget(w, W_STATE) == WS_SENDING && wget(w, W_TOSEND) == 0 && wget(w, W_LIVE) == 0) finish(w, t);
    else {
      store<i32>(at(ACTIVE, j), w);
      j++;
    }
  }
  hdSet(H_ACTIVE_N, j);
}

function finish(w: i32, t: i32): void {
  for (let d = wget(w, W_SLOTS); d >= 0;) {
    const next = sget(d, S_NEXT);
    freeSlot(d);
    d = next;
  }
  wset(w, W_SLOTS, -1);
  wset(w, W_STATE, WS_DONE);
  wset(w, W_DONE, t + 1);
  hdSet(H_DONE, hd(H_DONE) + 1);
}

@inline function unlink(s: i32, w: i32): void {
  const p = sget(s, S_PREV);
  const n = sget(s, S_NEXT);
  if (p < 0) wset(w, W_SLOTS, n);
  else sset(p, S_NEXT, n);
  if (n >= 0) sset(n, S_PREV, p);
}

@inline function freeSlot(s: i32): void {
  sset(s, S_NEXT, hd(H_FREESLOT));
  hdSet(H_FREESLOT, s);
  hdSet(H_LIVESLOTS, hd(H_LIVESLOTS) - 1);
}

function activate(w: i32, time: i32): void {
  const src = wget(w, W_SRC);
  wset(w, W_ACT, time);
  const q = Q == 1 ? 0 : firstPort(w, src);
  const iq = src * Q + q;
  wset(w, W_INJQ, iq);
  wset(w, W_INJVC, INJ + iq);
  const tail = load<i32>(at(QTAIL, iq));
  if (tail < 0) {
    store<i32>(at(QHEAD, iq), w);
    store<i32>(at(QTAIL, iq), w);
    becomeHead(w, time);
  } else {
    wset(tail, W_NEXTQ, w);
    store<i32>(at(QTAIL, iq), w);
    wset(w, W_STATE, WS_QUEUED);
  }
}

// worm w becomes the head of its injection queue at `time`. Back-to-back: its startup runs from
// then, or from the end of the startup of the worm holding the channel if later (W_START: the
// cycle it ends; the reference's becomeHead)
function becomeHead(w: i32, time: i32): void {
  wset(w, W_STATE, WS_REQUEST);
  if (B2B) {
    const holder = load<i32>(at(OWNER, wget(w, W_INJVC)));
    const hs = holder >= 0 ? wget(sget(holder, S_WORM), W_START) : time;
    wset(w, W_START, (hs > time ? hs : time) + S);
  }
  appendActive(w);
}

function firstPort(w: i32, src: i32): i32 {
  if (wget(w, W_KIND) == KIND_TREE) {
    const child = load<i32>(ta(wget(w, W_TREE), T_CHILD));
    return child < 0 ? 0 : load<i32>(ta(child, T_PORT));
  }
  setRouteKey(wget(w, W_KEY));
  const r = route(src, load<i32>(da(wget(w, W_DEST), D_NODE)), INJECT);
  return r == DELIVER ? 0 : r & 0xff;
}

function requestInjection(w: i32): void {
  const vc = wget(w, W_INJVC);
  const holder = load<i32>(at(OWNER, vc));
  if (holder >= 0) {
    vcWait += 1;
    wset(w, W_WAIT, wget(w, W_WAIT) + 1);
    return;
  }
  const s = newSlot(w);
  if (s < 0) return;
  const iq = wget(w, W_INJQ);
  const src = wget(w, W_SRC);
  sset(s, S_VC, vc);
  sset(s, S_PARENT, -1);
  sset(s, S_NODE, src);
  sset(s, S_TARGET, wget(w, W_KIND) == KIND_TREE ? wget(w, W_TREE) : 0);
  sset(s, S_CLASS, INJECT);
  sset(s, S_PORT, iq - src * Q);
  store<i32>(at(OWNER, vc), s);
  wset(w, W_STATE, WS_SENDING);
  // after-tail: the startup begins now; back-to-back: it began when the worm became head
  if (!B2B) wset(w, W_START, T + S);
  else if (wget(w, W_START) < T) wset(w, W_START, T);
  grants += 1;
  hdSet(H_LASTPROGRESS, T);
  const next = wget(w, W_NEXTQ);
  store<i32>(at(QHEAD, iq), next);
  if (next < 0) store<i32>(at(QTAIL, iq), -1);
  else becomeHead(next, T);
}

function newSlot(w: i32): i32 {
  const s = hd(H_FREESLOT);
  if (s < 0) {
    hdSet(H_STATUS, ST_NO_SLOTS);
    return -1;
  }
  hdSet(H_FREESLOT, sget(s, S_NEXT));
  memory.fill(sa(s, 0), 0, <usize>SLOT_STRIDE << 2);
  // no flit on the wire into it yet (a record freed by an earlier slot may name recent cycles)
  if (LAT > 1) store<i32>(slotWire(s), 0, 4);
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
  const live = hd(H_LIVESLOTS) + 1;
  hdSet(H_LIVESLOTS, live);
  if (live > hd(H_MAXSLOTS)) hdSet(H_MAXSLOTS, live);
  return s;
}

// Step 2c (the reference's request): grant the lowest free VC of the request, else count a wait; a request
// for one VC that finds it held parks on the VC's waiter list until freeVc wakes it.
@inline function tryGrant(s: i32, w: i32): void {
  const f = sget(s, S_FLAGS);
  if ((f & F_PARKED) != 0) {
    vcWait += 1;
    wset(w, W_WAIT, wget(w, W_WAIT) + 1);
    if ((f & F_SAMEG) != 0) sameGroup += 1;
    return;
  }
  const vc = sget(s, S_VC);
  const k = (f & (F_NET | F_EXACT)) == F_NET ? K : 1;
  for (let i: i32 = 0; i < k; i++) {
    const prev = load<i32>(at(OWNER, vc + i));
    if (prev < 0) {
      store<i32>(at(OWNER, vc + i), s);
      // -2: freed by 'tail-sent', its last holder's flits still in the buffer (and in A_HELD)
      if (MUX && WALK && (f & F_NET) != 0 && prev == -1) {
        const h = arb(sget(s, S_CHAN), A_HELD);
        store<i32>(h, load<i32>(h) + 1);
      }
      let g = f & ~F_PENDING;
      if (prev == -2) {
        // queue behind the youngest earlier holder still in the buffer
        sset(load<i32>(vq(vc + i, Q_LAST)), S_CHAN, s);
        g |= F_BEHIND;
      }
      sset(s, S_VC, vc + i);
      sset(s, S_FLAGS, g);
      grants += 1;
      hdSet(H_LASTPROGRESS, T);
      return;
    }
  }
  const holder = load<i32>(at(OWNER, vc));
  vcWait += 1;
  wset(w, W_WAIT, wget(w, W_WAIT) + 1);
  let same = false;
  if (vc < INJ) {
    const hw = sget(holder, S_WORM);
    same = wget(hw, W_GROUP) == wget(w, W_GROUP);
    if (same) sameGroup += 1;
  }
  if (k == 1) {
    sset(s, S_FLAGS, f | F_PARKED | (same ? F_SAMEG : 0));
    const list = at(WAIT, sget(s, S_NODE));
    sset(s, S_HEAD, load<i32>(list) - 1);
    store<i32>(list, s + 1);
    sset(holder, S_FLAGS, sget(holder, S_FLAGS) | F_WAITED);
  }
}

// Step 4b: slot s's VC is free from the next cycle on; if a request is parked on it
// (F_WAITED), the requests for it parked at its router wake up
@inline function freeVc(s: i32): void {
  const vc = sget(s, S_VC);
  // a slot that gave its VC up earlier (back-to-back injection, 'tail-sent') names SPAREVC instead
  store<i32>(at(OWNER, vc), -1);
  const f = sget(s, S_FLAGS);
  if (MUX && WALK && (f & F_NET) != 0) {
    const h = arb(sget(s, S_CHAN), A_HELD);
    store<i32>(h, load<i32>(h) - 1);
  }
  if ((f & F_WAITED) != 0) wake(at(WAIT, sget(s, S_NODE)), vc);
}

// 'tail-sent': the tail of network slot c (record cp) came in: its VC is free for the next holder
// (from the next cycle: every grant of this cycle is made), who queues behind its flits
function release(c: i32, cp: usize): void {
  const vc = ld(cp, S_VC);
  const f = ld(cp, S_FLAGS);
  // parked requests wake now (below): freeing the spare later must not wake anything
  st(cp, S_FLAGS, (f | F_RELEASED) & ~F_WAITED);
  // -2 keeps the VC counted in A_HELD: its channel carried this tail in this cycle
  store<i32>(at(OWNER, vc), -2);
  store<i32>(vq(vc, Q_OCC), load<i32>(vq(vc, Q_OCC)) + ld(cp, S_IN) - ld(cp, S_OUT));
  store<i32>(vq(vc, Q_LAST), c);
  st(cp, S_CHAN, -1);
  if ((f & F_WAITED) != 0) wake(at(WAIT, ld(cp, S_NODE)), vc);
}

// 'tail-sent': slot p passed its tail: each network child has received it and frees its VC
function releaseChildren(p: usize): void {
  for (let c = ld(p, S_CHILD); c >= 0; ) {
    const cp = sp(c);
    if ((ld(cp, S_FLAGS) & F_NET) != 0) release(c, cp);
    c = ld(cp, S_SIB);
  }
}

// 'tail-sent': a flit of a released slot (record p) left its VC's buffer
@inline function queueLeft(p: usize): void {
  const vc = ld(p, S_VC);
  store<i32>(vq(vc, Q_OCC), load<i32>(vq(vc, Q_OCC)) - 1);
  store<i32>(vq(vc, Q_DEC), T);
}

// 'tail-sent': the tail of released slot s left: the slot queued behind it reaches the front (its
// header, if there, is routed R cycles from now); a VC nobody took since s, the youngest released
// slot, came in is free for good
function queueDone(s: i32, vc: i32): void {
  const behind = sget(s, S_CHAN);
  if (behind >= 0) {
    sset(behind, S_FLAGS, sget(behind, S_FLAGS) & ~F_BEHIND);
    const h = sget(behind, S_HEAD);
    if (h >= 0 && h < T + 1) sset(behind, S_HEAD, T + 1);
  }
  if (load<i32>(vq(vc, Q_LAST)) == s) store<i32>(vq(vc, Q_LAST), -1);
  // free for good only when no released slot is left in the buffer (a younger one may be)
  else return;
  if (load<i32>(at(OWNER, vc)) == -2) {
    store<i32>(at(OWNER, vc), -1);
    if (MUX && WALK) {
      const h = arb(vc / V, A_HELD);
      store<i32>(h, load<i32>(h) - 1);
    }
  }
}

// the requests for vc parked at a router wake up; the others stay parked
function wake(list: usize, vc: i32): void {
  let p = load<i32>(list) - 1;
  let keep: i32 = -1;
  while (p >= 0) {
    const next = sget(p, S_HEAD);
    if (sget(p, S_VC) == vc) {
      sset(p, S_FLAGS, sget(p, S_FLAGS) & ~(F_PARKED | F_SAMEG));
      sset(p, S_HEAD, -1);
    } else {
      sset(p, S_HEAD, keep);
      keep = p;
    }
    p = next;
  }
  store<i32>(list, keep + 1);
}

function routeSlot(s: i32, w: i32): void {
  const node = sget(s, S_NODE);
  sset(s, S_FLAGS, sget(s, S_FLAGS) | F_ROUTED);
  if (wget(w, W_KIND) == KIND_TREE) {
    const e = sget(s, S_TARGET);
    const rec = load<i32>(ta(e, T_DEST));
    if (rec >= 0) addEject(s, w, node, rec);
    for (let ce = load<i32>(ta(e, T_CHILD)); ce >= 0; ce = load<i32>(ta(ce, T_SIB))) {
      const vi = load<i32>(ta(ce, T_VC));
      addNet(s, w, node, load<i32>(ta(ce, T_PORT)), vi, vi / K, ce, load<i32>(ta(ce, T_EXACT)) == 1 ? F_NET | F_EXACT : F_NET);
    }
    return;
  }
  let j = sget(s, S_TARGET);
  const d0 = wget(w, W_DEST);
  if (load<i32>(da(d0 + j, D_NODE)) == node) {
    addEject(s, w, node, d0 + j);
    j++;
  }
  if (j < wget(w, W_NDEST)) {
    setRouteKey(wget(w, W_KEY));
    setRouteInPort(sget(s, S_PORT));
    const r = route(node, load<i32>(da(d0 + j, D_NODE)), sget(s, S_CLASS));
    if (r == DELIVER) {
      hdSet(H_STATUS, ST_BAD_ROUTE);
      return;
    }
    addNet(s, w, node, r & 0xff, (r >> 8) * K, r >> 8, j, F_NET);
  }
}

@inline function link(parent: i32, s: i32): void {
  sset(s, S_PARENT, parent);
  sset(s, S_SIB, sget(parent, S_CHILD));
  sset(parent, S_CHILD, s);
}

function addNet(parent: i32, w: i32, node: i32, port: i32, vi: i32, cls: i32, target: i32, flags: i32): void {
  const next = neighbor(node, port);
  if (next < 0) {
    hdSet(H_STATUS, ST_BAD_ROUTE);
    return;
  }
  const s = newSlot(w);
  if (s < 0) return;
  sset(s, S_CHAN, node * P + port);
  sset(s, S_VC, (node * P + port) * V + vi);
  sset(s, S_NODE, next);
  sset(s, S_CLASS, cls);
  sset(s, S_PORT, port);
  sset(s, S_TARGET, target);
  sset(s, S_FLAGS, F_PENDING | flags);
  link(parent, s);
  tryGrant(s, w);
}

// Which of its node's QE ejection channels a copy arriving in slot `parent` takes
// (docs/model-flit.md "Channels"): 0 with one per node; the port of the link it arrived on with
// one per link; with one per incoming VC, that VC's index port * V + vc (a worm that crossed no
// link: its injection port's first).
@inline function ejectionIndex(parent: i32): i32 {
  if (QE == 1) return 0;
  if (QE == P) return sget(parent, S_PORT);
  const vc = sget(parent, S_VC);
  return vc < INJ ? vc % (P * V) : sget(parent, S_PORT) * V;
}

function addEject(parent: i32, w: i32, node: i32, rec: i32): void {
  const s = newSlot(w);
  if (s < 0) return;
  const q = ejectionIndex(parent);
  sset(s, S_VC, EJ + node * QE + q);
  sset(s, S_NODE, node);
  sset(s, S_CLASS, -2);
  sset(s, S_PORT, q);
  sset(s, S_TARGET, rec);
  sset(s, S_FLAGS, F_PENDING | F_EJECT);
  link(parent, s);
  tryGrant(s, w);
}

// Step 3, readiness of a move (the reference's readyMoves): every child granted, with buffer room
// at the start of the cycle (F_MOVED and Q_DEC add back a flit that left during it); on the
// slot's record pointer p
@inline function childrenReady(p: usize, wire: bool, tail: bool): bool {
  for (let c = ld(p, S_CHILD); c >= 0;) {
    const cp = sp(c);
    const f = ld(cp, S_FLAGS);
    if ((f & F_PENDING) != 0) return false;
    if ((f & F_EJECT) == 0 && full(cp, f, wire, tail)) return false;
    c = ld(cp, S_SIB);
  }
  return true;
}

// the buffer of network child cp (flags f) has no room for a flit at the start of the cycle
@inline function full(cp: usize, f: i32, wire: bool, tail: bool): bool {
  const held = ld(cp, S_IN) - ld(cp, S_OUT) + ((f & F_MOVED) != 0 ? 1 : 0) + creditsOut(cp, wire);
  return held >= B || (tail && held + queued(cp) >= B);
}

// childrenReady, then register; a single child (every slot of a unicast worm) is tested and
// entered with one read of its record
@inline function readyRegister(s: i32, p: usize, wire: bool, tail: bool): bool {
  const c = ld(p, S_CHILD);
  if (c >= 0) {
    const cp = sp(c);
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

@inline function register(s: i32, p: usize): void {
  for (let c = ld(p, S_CHILD); c >= 0;) {
    const cp = sp(c);
    c = ld(cp, S_SIB);
    if ((ld(cp, S_FLAGS) & F_NET) != 0) enter(s, p, cp);
  }
}

// enter slot s's move (record p) in the arbitration of its network child cp's channel
@inline function enter(s: i32, p: usize, cp: usize): void {
  const ch = ld(cp, S_CHAN);
  // VCs are compared by their ids (ch V + index): differences are those of the indices
  const cls = ld(cp, S_VC);
  if (load<i32>(arb(ch, A_STAMP)) != T) {
    store<i32>(arb(ch, A_STAMP), T);
    store<i32>(at(COUNT, ch), s);
    store<i32>(at(BEST, ch), cls);
  } else {
    const first = load<i32>(at(COUNT, ch));
    if (first >= 0) {
      sharingNow++;
      sset(first, S_FLAGS, sget(first, S_FLAGS) | F_CONTEND);
      store<i32>(at(COUNT, ch), -1);
    }
    st(p, S_FLAGS, ld(p, S_FLAGS) | F_CONTEND);
    const rr = load<i32>(arb(ch, A_RR));
    const best = load<i32>(at(BEST, ch));
    if ((cls > rr ? cls - rr : cls - rr + V) < (best > rr ? best - rr : best - rr + V)) store<i32>(at(BEST, ch), cls);
  }
}

@inline function wins(p: usize): bool {
  for (let c = ld(p, S_CHILD); c >= 0;) {
    const cp = sp(c);
    c = ld(cp, S_SIB);
    if ((ld(cp, S_FLAGS) & F_NET) == 0) continue;
    const ch = ld(cp, S_CHAN);
    if (load<i32>(at(BEST, ch)) != ld(cp, S_VC)) return false;
  }
  return true;
}

function inject(w: i32): void {
  const ib = load<i32>(at(OWNER, wget(w, W_INJVC)));
  if (sget(ib, S_IN) - sget(ib, S_OUT) + ((sget(ib, S_FLAGS) & F_MOVED) != 0 ? 1 : 0) >= B) return;
  injectFlit(w, sp(ib), sget(ib, S_IN));
}

// the source puts its next flit into its injection slot (record p, holding `in` flits so far)
@inline function injectFlit(w: i32, p: usize, n0: i32): void {
  const left = wget(w, W_TOSEND) - 1;
  wset(w, W_TOSEND, left);
  // back-to-back: the tail has crossed the injection channel, which is free from the next cycle
  // (every injection request of this cycle was made before any injection)
  if (B2B && left == 0) {
    store<i32>(at(OWNER, wget(w, W_INJVC)), -1);
    st(p, S_VC, SPAREVC);
  }
  const n = n0 + 1;
  st(p, S_IN, n);
  if (n == 1) {
    st(p, S_HEAD, T + 1);
    wset(w, W_INJECT, T);
  }
  injected += 1;
  hdSet(H_LASTPROGRESS, T);
}

// Step 4a-d (the reference's move), on slot s's record pointer p; true if a slot of the worm was freed (its
// tail left, or a copy was delivered). The caller records the progress (H_LASTPROGRESS).
@inline function move(s: i32, p: usize, w: i32, wire: bool, tail: bool): bool {
  const t = T;
  const wq = wp(w);
  const flits = ld(wq, W_FLITS);
  const out = ld(p, S_OUT) + 1;
  let freed = false;
  st(p, S_OUT, out);
  if (wire && ld(p, S_VC) < INJ) wireEvent(vcWire(ld(p, S_VC)), t);
  if (!MUX) st(p, S_FLAGS, ld(p, S_FLAGS) | F_MOVED);
  if (tail && (ld(p, S_FLAGS) & F_RELEASED) != 0) queueLeft(p);
  for (let c = ld(p, S_CHILD); c >= 0;) {
    const cp = sp(c);
    const f = ld(cp, S_FLAGS);
    const n = ld(cp, S_IN) + 1;
    st(cp, S_IN, n);
    if ((f & F_EJECT) != 0) {
      st(cp, S_OUT, n);
      ejected += 1;
      const rec = ld(cp, S_TARGET);
      if (n == 1) store<i32>(da(rec, D_HEAD), t + 1);
      if (n == flits) {
        store<i32>(da(rec, D_TAIL), t + 1);
        st(wq, W_DELIVERED, ld(wq, W_DELIVERED) + 1);
        st(cp, S_FLAGS, f | F_DEAD);
        st(wq, W_LIVE, ld(wq, W_LIVE) - 1);
        freed = true;
        freeVc(c);
        trigger(w, ld(cp, S_NODE), t + 1);
      }
    } else {
      if (wire) {
        if (n == 1) {
          st(cp, S_HEAD, t + LAT);
          store<i32>(slotWire(c), 0, 4);
        }
        wireEvent(slotWire(c), t);
      } else if (n == 1) st(cp, S_HEAD, t + 1);
      flitHops += 1;
      const ch = ld(cp, S_CHAN);
      if (MUX) {
        const a = arb(ch, 0);
        store<i32>(a, load<i32>(a, A_FLITS << 2) + 1, A_FLITS << 2);
        store<i32>(a, ld(cp, S_VC), A_RR << 2);
      } else if (CHANUSE) store<i32>(at(CHFLITS, ch), load<i32>(at(CHFLITS, ch)) + 1);
    }
    c = ld(cp, S_SIB);
  }
  if (out == flits) {
    // 'tail-sent': the tail came into every network child (lock-step): their VCs are released;
    // a released slot's own leaves its VC's queue
    if (tail) {
      releaseChildren(p);
      if ((ld(p, S_FLAGS) & F_RELEASED) != 0) {
        queueDone(s, ld(p, S_VC));
        st(p, S_VC, SPAREVC);
      }
    }
    tailLeft(s, w);
    freed = true;
  }
  return freed;
}

// the tail has left slot s: its VC is free and it returns to the free list
@inline function tailLeft(s: i32, w: i32): void {
  wset(w, W_LIVE, wget(w, W_LIVE) - 1);
  freeVc(s);
  unlink(s, w);
  freeSlot(s);
}

function trigger(w: i32, node: i32, time: i32): void {
  for (let u = wget(w, W_FIRSTTRIG); u >= 0; u = wget(u, W_NEXTTRIG)) {
    if (wget(u, W_SRC) == node && wget(u, W_STATE) == WS_WAITING) activate(u, time);
  }
}
