// The walk evaluation of a multiplexed cycle (docs/model-flit.md "Evaluation order", the walk), for
// small networks whose live state fits the caches, under every rule: the rule flags `wire`
// (linkLatency > 1) and `tail` ('tail-sent') are parameters of the inlined cycle, chosen once per
// cycle, constant false on the default path (wire.ts says why). Pass 1: step 2 (routing, allocation) over the routing list,
// newest slots first. Pass 2: each worm's slots newest first; a ready move whose network channels
// have no other VC held (A_HELD == 1: no other move can use them this cycle, all grants being
// made) happens at once, as with one VC per link (F_MOVED); the others enter the arbitration and
// are posted, with every move that may trigger worms (so that deliveries keep visit order).
// Pass 3 performs the posted moves that won their channels.
import {
  H_ACTIVE_N, H_ROUTE_N, H_NODES, H_STATUS, ST_RUNNING, W_STATE, W_KIND, W_SLOTS, W_FLITS, W_LIVE,
  W_TOSEND, W_FIRSTTRIG, KIND_TREE, KIND_UNICAST, WS_DONE, WS_REQUEST, S_FLAGS, S_NEXT, S_HEAD,
  S_IN, S_OUT, S_CHAN, S_VC, S_CHILD, WIRE_MASK, F_RELEASED, F_PENDING, F_EJECT, F_ROUTED, F_DEAD, F_BEHIND, F_MOVED, A_HELD, A_FLITS,
} from "./layout";
import { OWNER, ACTIVE, ROUTE, READY, SLOT, ARB, P, V, B, R, T, LAT, CLAT, WIRE, TAILSENT, LOCKSTEP, SPAREVC, NPOST, MOVED, flitHops, sharing, sharingNow } from "./state";
import { ld, st, header, setHeader, entry, slotRec, slotIn, arbIn, arbRec, wormRec, slotWire } from "./records";
import { tryGrant, requestTree } from "./vcs";
import { routeSlot } from "./route-step";
import { unlink, freeSlot } from "./slots";
import { readyAlone, register, treeBlocked } from "./readiness";
import { enter, arbitrated } from "./arbitration";
import { move, tailLeft } from "./move";
import { starting, finish } from "./worms";
import { requestInjection, sourceMaySend, inject, injectFlit } from "./injection";
import { hasFlit, onWire, creditsOut, wireEvent, creditEvent } from "./wire";
import { queued, queueLeft, queueDone, release } from "./tail-sent";
import { performPosted } from "./perform";

// Back to the walk evaluation: the routing list becomes the active list (a superset of the worms
// whose routing is not over; pass 1 drops the others) and A_HELD is counted afresh.
export function enterWalk(): void {
  const n = header(H_ACTIVE_N);
  for (let k: i32 = 0; k < n; k++) store<i32>(entry(ROUTE, k), load<i32>(entry(ACTIVE, k)));
  setHeader(H_ROUTE_N, n);
  const channels = header(H_NODES) * P;
  for (let ch: i32 = 0; ch < channels; ch++) {
    let h: i32 = 0;
    // a VC freed by 'tail-sent' with its last holder's flits still there (-2) has no holder
    for (let v: i32 = 0; v < V; v++) if (load<i32>(entry(OWNER, ch * V + v)) >= 0) h++;
    st(arbRec(ch), A_HELD, h);
  }
}

// The variants of the cycle, one per combination of the rule flags `wire` and `tail` (wire.ts says
// why they are parameters). The run calls the one for its rules through a function reference
// (engine.ts), so that each is a function of its own that V8 compiles only when a run uses it
// (docs/kernel.md "The cold run").
export function stepWalkDefault(t: i32): void {
  walkCycle(t, false, false, false);
}
export function stepWalkTail(t: i32): void {
  walkCycle(t, false, true, false);
}
export function stepWalkWire(t: i32): void {
  walkCycle(t, true, false, false);
}
export function stepWalkWireTail(t: i32): void {
  walkCycle(t, true, true, false);
}
// lock-step trees (`gen`: move.ts): every rule read at run time ('per-port' runs on the ready list)
export function stepWalkGeneral(t: i32): void {
  walkCycle(t, WIRE, TAILSENT, true);
}

@inline function walkCycle(t: i32, wire: bool, tail: bool, gen: bool): void {
  // pass 2 visits the worms active at the start (the queue heads pass 1 appends wait a cycle)
  const n0 = header(H_ACTIVE_N);
  if (!walkRoute(t, gen)) return;
  sharingNow = 0;
  NPOST = 0;
  MOVED = 0;
  walkMoves(t, n0, wire, tail, gen);
  sharing += <f64>sharingNow;
  // pass 3: the worms it finishes leave the active list there
  performPosted(t, NPOST, MOVED, 0, wire, tail, gen);
}

// pass 1 (step 2) over the routing list, which it compacts: a worm leaves it when its routing is
// over for good (docs/model-flit.md "Evaluation order", the routing list); false if the run
// stopped (out of slots, or a bad route: in step 2, before any move)
@inline function walkRoute(t: i32, gen: bool): bool {
  const nr0 = header(H_ROUTE_N);
  let j: i32 = 0;
  for (let k: i32 = 0; k < nr0; k++) {
    const w = load<i32>(entry(ROUTE, k));
    const keep = routeWorm(w, t, gen);
    if (keep < 0) {
      keepRoute(k, j);
      return false;
    }
    if (keep > 0) {
      store<i32>(entry(ROUTE, j), w);
      j++;
    }
  }
  keepRoute(nr0, j);
  return true;
}

// step 2 for worm w: 1 if it stays on the routing list, 0 if its routing is over, -1 if the run
// stopped
@inline function routeWorm(w: i32, t: i32, gen: bool): i32 {
  const wq = wormRec(w);
  const state = ld(wq, W_STATE);
  if (state == WS_DONE) return 0;
  if (state == WS_REQUEST) {
    // out of slots here ends the run after this cycle (a later routing stops it at once)
    requestInjection(w);
    return 1;
  }
  if (starting(wq, t)) return 1;
  const tree = ld(wq, W_KIND) == KIND_TREE;
  // 'lockstep' ("Tree replication"): the tree's requests ask together after its routings
  const lock = gen && LOCKSTEP && tree;
  let over = true;
  for (let s = ld(wq, W_SLOTS); s >= 0;) {
    const p = slotRec(s);
    const f = ld(p, S_FLAGS);
    const next = ld(p, S_NEXT);
    if ((f & F_DEAD) == 0) {
      // a chain (unicast, path) has its requests and its unrouted header among its newest
      // slots: stop at the first routed one
      if (!tree && (f & (F_ROUTED | F_EJECT)) == F_ROUTED) break;
      if ((f & F_PENDING) != 0) {
        if (!lock) tryGrant(s, w);
        over = false;
      } else if ((f & (F_ROUTED | F_EJECT)) == 0) {
        over = false;
        if (ld(p, S_HEAD) >= 0 && (ld(p, S_FLAGS) & F_BEHIND) == 0 && t >= ld(p, S_HEAD) + R) {
          routeSlot(s, w);
          if (header(H_STATUS) != ST_RUNNING) return -1;
        }
      }
    }
    s = next;
  }
  if (lock) requestTree(w, wq);
  return over ? 0 : 1;
}

// close the routing list after pass 1 stopped before entry k: the entries from k on (with the
// queue heads appended during the pass) follow the j entries kept before k
function keepRoute(k: i32, j: i32): void {
  const nr = header(H_ROUTE_N);
  for (let i = k; i < nr; i++) {
    store<i32>(entry(ROUTE, j), load<i32>(entry(ROUTE, i)));
    j++;
  }
  setHeader(H_ROUTE_N, j);
}

// Pass 2 over the n0 worms active at the start of the cycle. The active list is compacted as it
// goes: a worm that finishes in it is not kept (no worm joins the list during pass 2; the queue
// heads of pass 1 follow the kept worms). A unicast worm's slots are a chain, newest first, each
// the child of the next one in the list (its parent): the child's start-of-cycle state is carried
// from the previous visit instead of being read again, and nothing needs F_MOVED (the child's room
// is its start-of-cycle in - out, which is what in - out + F_MOVED gives after its move). The
// chain's loop stays in this function's worm loop: as a function of its own, even inlined, it
// cost 4 % of the unicast benches (issue 28, bench --ab). The loop keeps few values live (V8
// spills the rest): region bases, B and the hop count; rare events count in globals.
// Under linkLatency > 1 a slot's flits and its child's room leave out what is on the wire, and
// under 'tail-sent' the room also counts the released slots' flits ahead in the child's buffer; a
// move at once is then the whole move (move.ts: wire events, releases, the VC's queue).
@inline function walkMoves(t: i32, n0: i32, wire: bool, tail: bool, gen: bool): void {
  const slots = SLOT;
  const arbs = ARB;
  const b = B;
  let hops: i32 = 0;
  let ja: i32 = 0;
  for (let k: i32 = 0; k < n0; k++) {
    const w = load<i32>(entry(ACTIVE, k));
    const wq = wormRec(w);
    if (starting(wq, t)) {
      store<i32>(entry(ACTIVE, ja), w);
      ja++;
      continue;
    }
    if (ld(wq, W_KIND) != KIND_UNICAST) {
      if (walkWorm(w, wq, t, wire, tail, gen)) continue;
      store<i32>(entry(ACTIVE, ja), w);
      ja++;
      continue;
    }
    let cp: usize = 0;
    let cf: i32 = F_PENDING; // no child yet: nothing can move into it
    let cin: i32 = 0;
    let cout: i32 = 0;
    let fin = false;
    for (let s = ld(wq, W_SLOTS); s >= 0;) {
      const p = slotIn(slots, s);
      const next = ld(p, S_NEXT);
      const f = ld(p, S_FLAGS);
      const pin = ld(p, S_IN);
      const pout = ld(p, S_OUT);
      // one branch for "p is routed, holds a flit, and its child is granted"; under linkLatency > 1
      // the flits still on the wire into p are not there yet (`arrived`), read last: only for a
      // move the other conditions allow (the wire record costs more than every other test)
      if ((<i32>((f & (F_ROUTED | F_EJECT)) == F_ROUTED) & <i32>(pin > pout) & <i32>((cf & F_PENDING) == 0)) != 0) {
        if ((cf & F_EJECT) == 0) {
          if (heldIn(cp, cf, cin, cout, wire, tail) < b && (!wire || arrived(s, pin, pout, t))) {
            const a = arbIn(arbs, ld(cp, S_CHAN));
            if (ld(a, A_HELD) == 1) {
              // alone on its channel: the flit crosses now
              hopAtOnce(s, w, wq, p, pin, pout, cp, cin, a, wire, tail);
              hops++;
            } else {
              enter(s, p, cp);
              post(s);
            }
          }
        } else if (!wire || arrived(s, pin, pout, t)) {
          if (ld(wq, W_FIRSTTRIG) >= 0) {
            // a delivery that may trigger worms keeps its place in the order of deliveries
            post(s);
          } else if (moveFinishes(s, p, w, wq, wire, tail, gen)) {
            fin = true;
            break;
          }
        }
      }
      cp = p;
      cf = f;
      cin = pin;
      cout = pout;
      s = next;
    }
    if (fin) continue;
    // the source: its injection slot is the oldest (last visited) while flits remain there
    if (sourceMaySend(wq, T) && cin - cout < b) injectFlit(w, cp, cin);
    store<i32>(entry(ACTIVE, ja), w);
    ja++;
  }
  keepQueueHeads(n0, ja);
  flitHops += <f64>hops;
  MOVED += hops;
}

// linkLatency > 1: slot s (pin flits in, pout out) holds a flit at the start of cycle t, one at
// least having come off the wire (at most LAT - 1 are on it, one a cycle: with LAT or more held the
// wire record need not be read)
@inline function arrived(s: i32, pin: i32, pout: i32, t: i32): bool {
  return pin - pout >= LAT || pin - pout - onWire(slotWire(s), t, LAT) > 0;
}

// the flits held in network child cp's buffer at the start of the cycle (cin in, cout out, as carried),
// compared with B by the caller: with 'tail-sent' the released slots' flits too, with linkLatency > 1
// its credits still on the wire, read only when they can fill the buffer (at most CLAT - 1)
@inline function heldIn(cp: usize, cf: i32, cin: i32, cout: i32, wire: bool, tail: bool): i32 {
  let held = cin - cout;
  if (tail) held += queued(cp, cf);
  if (wire && held + CLAT - 1 >= B) held += creditsOut(cp, true);
  return held;
}

// a unicast worm's flit crosses the channel (record a) from slot s (record p, pout flits out) into
// its child (record cp, cin flits in) at once: move() for one network child, with the rules'
// parts (wire events, 'tail-sent' queues and release) only in their variants
@inline function hopAtOnce(
  s: i32, w: i32, wq: usize, p: usize, pin: i32, pout: i32, cp: usize, cin: i32, a: usize, wire: bool, tail: bool,
): void {
  st(p, S_OUT, pout + 1);
  st(cp, S_IN, cin + 1);
  if (wire) {
    const c = ld(p, S_CHILD);
    creditEvent(p, pin - pout, T, tail);
    if (cin == 0) {
      st(cp, S_HEAD, T + LAT);
      st(slotWire(c), WIRE_MASK, 0);
    }
    wireEvent(slotWire(c), T);
  } else if (cin == 0) st(cp, S_HEAD, T + 1);
  const released = tail && (ld(p, S_FLAGS) & F_RELEASED) != 0;
  if (released) queueLeft(p);
  st(a, A_FLITS, ld(a, A_FLITS) + 1);
  arbitrated(a, ld(cp, S_VC));
  if (pout + 1 == ld(wq, W_FLITS)) {
    if (tail) {
      release(ld(p, S_CHILD), cp);
      if (released) {
        queueDone(s, ld(p, S_VC));
        st(p, S_VC, SPAREVC);
      }
    }
    tailLeft(s, w);
  }
}

// the queue heads appended by pass 1 (entries n0 on) follow the ja worms kept
@inline function keepQueueHeads(n0: i32, ja: i32): void {
  const na = header(H_ACTIVE_N);
  for (let k: i32 = n0; k < na; k++) {
    store<i32>(entry(ACTIVE, ja), load<i32>(entry(ACTIVE, k)));
    ja++;
  }
  setHeader(H_ACTIVE_N, ja);
}

// Pass 2 for a path or tree worm w (record wq); true if the worm finished
@inline function walkWorm(w: i32, wq: usize, t: i32, wire: bool, tail: bool, gen: bool): bool {
  const slots = SLOT;
  const trig = ld(wq, W_FIRSTTRIG) >= 0;
  const blocked = treeBlocked(wq, gen);
  for (let s = ld(wq, W_SLOTS); s >= 0;) {
    const p = slotIn(slots, s);
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
    if (!blocked && (f & (F_ROUTED | F_EJECT)) == F_ROUTED && hasFlit(s, p, wire)) go = readyAlone(p, trig, wire, tail);
    if (go == 1) {
      st(p, S_FLAGS, f | F_MOVED);
      if (moveFinishes(s, p, w, wq, wire, tail, gen)) return true;
    } else {
      if (f != f0) st(p, S_FLAGS, f);
      if (go == 2) {
        register(s, p);
        post(s);
      }
    }
    s = next;
  }
  if (!blocked && sourceMaySend(wq, t)) inject(w);
  return false;
}

// a move at once in the walk (slot s of worm w, records p and wq); true if the worm finished
@inline function moveFinishes(s: i32, p: usize, w: i32, wq: usize, wire: bool, tail: bool, gen: bool): bool {
  MOVED++;
  if (move(s, p, w, wire, tail, gen) && ld(wq, W_LIVE) == 0 && ld(wq, W_TOSEND) == 0) {
    finish(w, T);
    return true;
  }
  return false;
}

// the move of slot s waits for pass 3
@inline function post(s: i32): void {
  store<i32>(entry(READY, NPOST), s);
  NPOST++;
}
