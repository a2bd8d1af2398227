import type { RoutingFunction } from '../routing/types.ts';
import type { Topology } from '../topology/types.ts';
import { prepare, writeInput, type Prepared } from './input.ts';
import * as L from './layout.ts';
import { readCounters, statusName } from './results.ts';
import type { Engine, EngineCounters, EngineInput, EngineStatus } from './types.ts';

const DELIVER = -1;
const INJECT = -1;

/**
 * The JavaScript twin of the WebAssembly engine (assembly/engine/engine.ts): the same
 * algorithm over the same flat layout (layout.ts), written for clarity; every rule is in
 * docs/model-flit.md and both engines leave byte-identical memory behind.
 */
export class ReferenceEngine implements Engine {
  readonly name = 'reference' as const;
  readonly prepared: Prepared;
  private readonly buf: ArrayBuffer;
  private readonly m: Int32Array;
  private readonly cnt: Float64Array;
  private readonly routing: RoutingFunction;
  private readonly topo: Topology;
  // configuration, read once from the header
  private readonly P: number;
  private readonly V: number;
  private readonly K: number;
  private readonly Q: number;
  private readonly QE: number;
  private readonly B: number;
  private readonly R: number;
  private readonly S: number;
  private readonly mux: boolean;
  private readonly chanUse: boolean;
  private readonly oOwner: number;
  private readonly oArb: number;
  private readonly oBest: number;
  private readonly oCount: number;
  private readonly oChFlits: number;
  private readonly oQHead: number;
  private readonly oQTail: number;
  private readonly oWorm: number;
  private readonly oDest: number;
  private readonly oTree: number;
  private readonly oSlot: number;
  private readonly oActive: number;
  private readonly oReady: number;
  private readonly oWait: number;
  private readonly oRoute: number;
  private readonly oInjl: number;
  private readonly readyAt: number;
  private readonly inj: number;
  private readonly ej: number;
  // per-run counters (written to the region at the end of every runUntil)
  private flitHops = 0;
  private injected = 0;
  private ejected = 0;
  private vcWait = 0;
  private sameGroup = 0;
  private sharing = 0;
  /** Sharing events of the current cycle, committed at the end of its step 2. */
  private sharingNow = 0;
  private grants = 0;
  private t = 0;
  // pass 2 of the walk: posted moves and moves (network hops included) so far
  private npost = 0;
  private moved = 0;

  constructor(input: EngineInput) {
    this.prepared = prepare(input);
    this.routing = input.routing;
    this.topo = input.routing.topology;
    this.buf = new ArrayBuffer(this.prepared.layout.bytes);
    writeInput(this.buf, 0, input, this.prepared);
    const m = new Int32Array(this.buf);
    this.m = m;
    this.cnt = new Float64Array(this.buf, L.COUNTERS_BYTE, L.COUNTERS);
    this.P = m[L.H_PORTS]!;
    this.V = m[L.H_V]!;
    this.K = m[L.H_K]!;
    this.Q = m[L.H_Q]!;
    this.QE = m[L.H_QE]!;
    this.B = m[L.H_B]!;
    this.R = m[L.H_R]!;
    this.S = m[L.H_S]!;
    this.mux = (m[L.H_FLAGS]! & L.FLAG_MUX) !== 0;
    this.chanUse = (m[L.H_FLAGS]! & L.FLAG_CHANNEL_USE) !== 0;
    // word offsets
    this.oOwner = m[L.H_O_OWNER]! >> 2;
    this.oArb = m[L.H_O_ARB]! >> 2;
    this.oBest = m[L.H_O_BEST]! >> 2;
    this.oCount = m[L.H_O_COUNT]! >> 2;
    this.oChFlits = m[L.H_O_CHFLITS]! >> 2;
    this.oQHead = m[L.H_O_QHEAD]! >> 2;
    this.oQTail = m[L.H_O_QTAIL]! >> 2;
    this.oWorm = m[L.H_O_WORM]! >> 2;
    this.oDest = m[L.H_O_DEST]! >> 2;
    this.oTree = m[L.H_O_TREE]! >> 2;
    this.oSlot = m[L.H_O_SLOT]! >> 2;
    this.oActive = m[L.H_O_ACTIVE]! >> 2;
    this.oReady = m[L.H_O_READY]! >> 2;
    this.oWait = m[L.H_O_WAIT]! >> 2;
    this.oRoute = m[L.H_O_ROUTE]! >> 2;
    this.oInjl = m[L.H_O_INJL]! >> 2;
    this.readyAt = m[L.H_READY_AT]!;
    this.inj = m[L.H_INJ]!;
    this.ej = m[L.H_EJ]!;
  }

  get cycle(): number {
    return this.m[L.H_CYCLE]!;
  }

  region(): Uint8Array {
    return new Uint8Array(this.buf);
  }

  counters(): EngineCounters {
    return readCounters(this.cnt);
  }

  /** Simulate cycles until `until`, completion, deadlock or an error (docs/model-flit.md). */
  runUntil(until: number): EngineStatus {
    const m = this.m;
    if (m[L.H_STATUS] === L.ST_LIMIT) m[L.H_STATUS] = L.ST_RUNNING;
    if (m[L.H_STATUS] !== L.ST_RUNNING) return statusName(m[L.H_STATUS]!);
    const c = this.cnt;
    this.flitHops = c[L.C_FLITHOPS]!;
    this.injected = c[L.C_INJECTED]!;
    this.ejected = c[L.C_EJECTED]!;
    this.vcWait = c[L.C_VCWAIT]!;
    this.sameGroup = c[L.C_SAMEGROUP]!;
    this.sharing = c[L.C_SHARING]!;
    this.grants = c[L.C_GRANTS]!;
    const worms = m[L.H_WORMS]!;
    const wcap = m[L.H_WCAP]!;
    const W = m[L.H_WATCHDOG]!;
    let t = m[L.H_CYCLE]!;
    for (;;) {
      if (m[L.H_ACTIVE_N] === 0) {
        let nc = m[L.H_NEXTCREATE]!;
        while (nc < worms && m[this.oWorm + (nc % wcap) * L.WORM_STRIDE + L.W_CREATED]! < 0) nc++;
        m[L.H_NEXTCREATE] = nc;
        if (nc === worms) { m[L.H_STATUS] = L.ST_FINISHED; break; }
        const created = m[this.oWorm + (nc % wcap) * L.WORM_STRIDE + L.W_CREATED]!;
        if (created > t) {
          t = created < until ? created : until;
          m[L.H_LASTPROGRESS] = t;
        }
      }
      if (t >= until) { m[L.H_STATUS] = L.ST_LIMIT; break; }
      this.step(t);
      t++;
      if (m[L.H_STATUS] !== L.ST_RUNNING) break;
      if (m[L.H_ACTIVE_N]! > 0 && t - 1 - m[L.H_LASTPROGRESS]! >= W) { m[L.H_STATUS] = L.ST_DEADLOCK; break; }
    }
    m[L.H_CYCLE] = t;
    c[L.C_FLITHOPS] = this.flitHops;
    c[L.C_INJECTED] = this.injected;
    c[L.C_EJECTED] = this.ejected;
    c[L.C_VCWAIT] = this.vcWait;
    c[L.C_SAMEGROUP] = this.sameGroup;
    c[L.C_SHARING] = this.sharing;
    c[L.C_GRANTS] = this.grants;
    return statusName(m[L.H_STATUS]!);
  }

  /** One cycle t: activation, routing and allocation, flit movement, end of cycle. */
  private step(t: number): void {
    const m = this.m;
    this.t = t;
    // 1. creations at t (triggered worms were activated at the end of t - 1)
    const worms = m[L.H_WORMS]!;
    const wcap = m[L.H_WCAP]!;
    let nc = m[L.H_NEXTCREATE]!;
    while (nc < worms) {
      // worm number nc lives in record nc mod wcap (H_WCAP)
      const rec = nc % wcap;
      const created = m[this.oWorm + rec * L.WORM_STRIDE + L.W_CREATED]!;
      if (created > t) break;
      if (created >= 0) this.activate(rec, t);
      nc++;
    }
    m[L.H_NEXTCREATE] = nc;
    if (this.mux) this.stepMux(t);
    else this.stepLinks(t);
  }

  /**
   * Steps 2-4 with multiplexed VCs (docs/model-flit.md "Evaluation order"): cycles are evaluated
   * by the walk (stepWalk) until one starts with readyAt live slots or more, then with the ready
   * list (stepReady) until one starts with fewer than half as many; the results are the same.
   *
   * The walk evaluation. Pass 1: step 2
   * (routing and VC allocation) over the routing list, newest slots first. Pass 2: each worm's
   * slots, newest first; a ready move whose network channels have no other VC held (A_HELD = 1:
   * all grants of the cycle are made, so no other move can use them) happens at once, as with
   * one VC per link (F_MOVED); the others enter the arbitration and are posted, with every
   * delivery that may trigger worms (deliveries keep visit order). Pass 3 performs the posted
   * moves that won every channel they need, in posting order.
   */
  private stepMux(t: number): void {
    const m = this.m;
    const live = m[L.H_LIVESLOTS]!;
    if (m[L.H_WALK] === 1) {
      if (live >= this.readyAt) m[L.H_WALK] = 0;
    } else if (live < this.readyAt >> 1) {
      this.enterWalk();
    }
    if (m[L.H_WALK] === 1) this.stepWalk(t);
    else this.stepReady(t);
  }

  /**
   * Back to the walk evaluation, which keeps what the ready list does not: the routing list
   * becomes the active list (a superset of the worms whose routing is not over: pass 1 drops
   * the others) and every channel's held VCs (A_HELD) are counted afresh.
   */
  private enterWalk(): void {
    const m = this.m;
    m[L.H_WALK] = 1;
    const n = m[L.H_ACTIVE_N]!;
    for (let k = 0; k < n; k++) m[this.oRoute + k] = m[this.oActive + k]!;
    m[L.H_ROUTE_N] = n;
    const V = this.V;
    const channels = m[L.H_NODES]! * this.P;
    for (let ch = 0; ch < channels; ch++) {
      let h = 0;
      for (let v = 0; v < V; v++) if (m[this.oOwner + ch * V + v]! >= 0) h++;
      m[this.oArb + ch * L.ARB_STRIDE + L.A_HELD] = h;
    }
  }

  private stepWalk(t: number): void {
    const m = this.m;
    const R = this.R;
    const n0 = m[L.H_ACTIVE_N]!;
    // pass 1 (step 2) over the routing list, which it compacts: a worm leaves it when its
    // routing is over for good (no request, no slot waiting for its header or its routing)
    const nr0 = m[L.H_ROUTE_N]!;
    let j = 0;
    for (let k = 0; k < nr0; k++) {
      const w = m[this.oRoute + k]!;
      const wb = this.oWorm + w * L.WORM_STRIDE;
      const state = m[wb + L.W_STATE]!;
      if (state === L.WS_DONE) continue;
      if (state === L.WS_REQUEST) {
        // out of slots here ends the run after this cycle (a later routing stops it at once)
        this.requestInjection(w, wb);
        m[this.oRoute + j++] = w;
        continue;
      }
      if (this.starting(wb, t)) {
        m[this.oRoute + j++] = w;
        continue;
      }
      const tree = m[wb + L.W_KIND] === L.KIND_TREE;
      let over = true;
      for (let s = m[wb + L.W_SLOTS]!; s >= 0;) {
        const sb = this.oSlot + s * L.SLOT_STRIDE;
        const f = m[sb + L.S_FLAGS]!;
        const next = m[sb + L.S_NEXT]!;
        if ((f & L.F_DEAD) === 0) {
          // a chain (unicast, path) has its requests and its unrouted header among its newest
          // slots: stop at the first routed one
          if (!tree && (f & (L.F_ROUTED | L.F_EJECT)) === L.F_ROUTED) break;
          if ((f & L.F_PENDING) !== 0) {
            this.tryGrant(s, w);
            over = false;
          } else if ((f & (L.F_ROUTED | L.F_EJECT)) === 0) {
            over = false;
            if (m[sb + L.S_HEAD]! >= 0 && t >= m[sb + L.S_HEAD]! + R) {
              this.routeSlot(s, w);
              if (m[L.H_STATUS] !== L.ST_RUNNING) {
                // out of slots, or a bad route: the run stops in step 2, before any move
                this.keepRoute(k, j);
                return;
              }
            }
          }
        }
        s = next;
      }
      if (!over) m[this.oRoute + j++] = w;
    }
    this.keepRoute(nr0, j);
    this.sharingNow = 0;
    this.npost = 0;
    this.moved = 0;
    const B = this.B;
    // the active list is compacted as pass 2 goes: a worm that finishes in it is not kept (no
    // worm joins the list during pass 2; the queue heads of pass 1 follow the kept worms)
    let ja = 0;
    for (let k = 0; k < n0; k++) {
      const w = m[this.oActive + k]!;
      const wb = this.oWorm + w * L.WORM_STRIDE;
      const done = this.starting(wb, t) ? false : m[wb + L.W_KIND] === L.KIND_UNICAST ? this.walkUnicast(w, wb, B) : this.walk(w, wb);
      if (!done) m[this.oActive + ja++] = w;
    }
    const na = m[L.H_ACTIVE_N]!;
    for (let k = n0; k < na; k++) m[this.oActive + ja++] = m[this.oActive + k]!;
    m[L.H_ACTIVE_N] = ja;
    this.sharing += this.sharingNow;
    // pass 3: the worms it finishes leave the active list there
    this.performPosted(t, this.npost, this.moved, 0);
  }

  /**
   * The listed moves (ready list, or the walk's posted moves) that won every channel they
   * need, in list order (the order of deliveries); finished worms leave the active list.
   */
  private performPosted(t: number, n: number, moved: number, finished: number): void {
    const m = this.m;
    for (let i = 0; i < n; i++) {
      const s = m[this.oReady + i]!;
      const sb = this.oSlot + s * L.SLOT_STRIDE;
      const f = m[sb + L.S_FLAGS]!;
      if ((f & L.F_CONTEND) !== 0) {
        m[sb + L.S_FLAGS] = f & ~L.F_CONTEND;
        if (!this.wins(s)) continue;
      }
      const w = m[sb + L.S_WORM]!;
      moved++;
      // a worm can only finish by a move that freed one of its slots (move returns true)
      if (this.move(s, w)) {
        const wb = this.oWorm + w * L.WORM_STRIDE;
        if (m[wb + L.W_LIVE] === 0 && m[wb + L.W_TOSEND] === 0) {
          this.finish(w, t);
          finished++;
        }
      }
    }
    if (moved > 0) m[L.H_LASTPROGRESS] = t;
    if (finished > 0) {
      let j = 0;
      const na = m[L.H_ACTIVE_N]!;
      for (let k = 0; k < na; k++) {
        const w = m[this.oActive + k]!;
        if (m[this.oWorm + w * L.WORM_STRIDE + L.W_STATE] !== L.WS_DONE) m[this.oActive + j++] = w;
      }
      m[L.H_ACTIVE_N] = j;
    }
  }

  private stepReady(t: number): void {
    const m = this.m;
    const R = this.R;
    const n0 = m[L.H_ACTIVE_N]!;
    let nready = 0;
    let ninj = 0;
    let grave = -1;
    let aborted = false;
    this.sharingNow = 0;
    // Read-ahead: the flags of the next worm's newest slot, and of the current worm's next
    // slot, are read as soon as their index is known, so that the memory traffic of the next
    // record overlaps the work on the current one. Exact: the bits read (DEAD, PENDING, ROUTED,
    // EJECT) change only when that slot itself is visited (step 2) or moves (pass 2).
    let hs = n0 > 0 ? m[this.oWorm + m[this.oActive]! * L.WORM_STRIDE + L.W_SLOTS]! : -1;
    let hf = hs >= 0 ? m[this.oSlot + hs * L.SLOT_STRIDE + L.S_FLAGS]! : 0;
    for (let k = 0; k < n0; k++) {
      const w = m[this.oActive + k]!;
      const wb = this.oWorm + w * L.WORM_STRIDE;
      let s = hs;
      let f = hf;
      if (k + 1 < n0) {
        hs = m[this.oWorm + m[this.oActive + k + 1]! * L.WORM_STRIDE + L.W_SLOTS]!;
        hf = hs >= 0 ? m[this.oSlot + hs * L.SLOT_STRIDE + L.S_FLAGS]! : 0;
      }
      if (m[wb + L.W_STATE] === L.WS_REQUEST) {
        // out of slots here ends the run after this cycle (a later routing stops it at once)
        this.requestInjection(w, wb);
      } else if (!this.starting(wb, t)) {
        while (s >= 0) {
          const sb = this.oSlot + s * L.SLOT_STRIDE;
          const next = m[sb + L.S_NEXT]!;
          const nf = next >= 0 ? m[this.oSlot + next * L.SLOT_STRIDE + L.S_FLAGS]! : 0;
          if ((f & L.F_DEAD) !== 0) {
            // an ejection slot whose tail was delivered in an earlier cycle: free it after step 2
            this.unlink(s, wb);
            m[sb + L.S_NEXT] = grave;
            grave = s;
            s = next;
            f = nf;
            continue;
          }
          if ((f & L.F_MOVED) !== 0) {
            // left by the walk evaluation on a slot it moved
            f &= ~L.F_MOVED;
            m[sb + L.S_FLAGS] = m[sb + L.S_FLAGS]! & ~L.F_MOVED;
          }
          if ((f & L.F_PENDING) !== 0) this.tryGrant(s, w);
          else if ((f & (L.F_ROUTED | L.F_EJECT)) === 0 && m[sb + L.S_HEAD]! >= 0 && t >= m[sb + L.S_HEAD]! + R) {
            this.routeSlot(s, w);
            if (m[L.H_STATUS] !== L.ST_RUNNING) {
              // out of slots, or a bad route: the run stops in step 2, before any move
              aborted = true;
              break;
            }
            f |= L.F_ROUTED;
          }
          if ((f & (L.F_ROUTED | L.F_EJECT)) === L.F_ROUTED && m[sb + L.S_IN]! - m[sb + L.S_OUT]! > 0 && this.readyRegister(s)) {
            m[this.oReady + nready++] = s;
          }
          s = next;
          f = nf;
        }
        if (aborted) break;
      }
      if (m[wb + L.W_STATE] === L.WS_SENDING && m[wb + L.W_TOSEND]! > 0 && t >= m[wb + L.W_START]!) m[this.oInjl + ninj++] = w;
    }
    // end of step 2: dead ejection slots return to the free list
    while (grave >= 0) {
      const g = grave;
      grave = m[this.oSlot + g * L.SLOT_STRIDE + L.S_NEXT]!;
      this.freeSlot(g);
    }
    if (aborted) return;
    this.sharing += this.sharingNow;
    // the sources inject (buffer room at the start of the cycle: no move has happened yet)
    for (let i = 0; i < ninj; i++) this.inject(this.oWorm + m[this.oInjl + i]! * L.WORM_STRIDE);
    this.performPosted(t, nready, 0, 0);
  }

  /**
   * Pass 2 for a unicast worm. Its slots are a chain, newest first, each the child of the next
   * one in the list (its parent), so the child's start-of-cycle state (flags, in, out) is
   * carried from the previous visit; nothing needs F_MOVED (the child's room is its
   * start-of-cycle in - out, which is what in - out + F_MOVED gives after its move). The
   * injection slot is the oldest while flits remain at the source, so the source injects
   * with the room carried from it. True if the worm finished.
   */
  private walkUnicast(w: number, wb: number, B: number): boolean {
    const m = this.m;
    let cb = 0;
    let cf = L.F_PENDING; // no child yet: nothing can move into it
    let cin = 0;
    let cout = 0;
    for (let s = m[wb + L.W_SLOTS]!; s >= 0;) {
      const sb = this.oSlot + s * L.SLOT_STRIDE;
      const next = m[sb + L.S_NEXT]!;
      const f = m[sb + L.S_FLAGS]!;
      const pin = m[sb + L.S_IN]!;
      const pout = m[sb + L.S_OUT]!;
      // routed, holding a flit, and its child granted
      if ((f & (L.F_ROUTED | L.F_EJECT)) === L.F_ROUTED && pin > pout && (cf & L.F_PENDING) === 0) {
        if ((cf & L.F_EJECT) === 0) {
          if (cin - cout < B) {
            const ch = m[cb + L.S_CHAN]!;
            const a = this.oArb + ch * L.ARB_STRIDE;
            if (m[a + L.A_HELD] === 1) {
              // alone on its channel: the flit crosses now
              m[sb + L.S_OUT] = pout + 1;
              m[cb + L.S_IN] = cin + 1;
              if (cin === 0) m[cb + L.S_HEAD] = this.t + 1;
              this.flitHops++;
              this.moved++;
              m[a + L.A_FLITS]!++;
              m[a + L.A_RR] = m[cb + L.S_VC]!;
              if (pout + 1 === m[wb + L.W_FLITS]) this.tailLeft(s, wb);
            } else {
              this.enter(s, cb);
              this.post(s);
            }
          }
        } else if (m[wb + L.W_FIRSTTRIG]! >= 0) {
          // a delivery that may trigger worms keeps its place in the order of deliveries
          this.post(s);
        } else {
          this.moved++;
          if (this.move(s, w) && m[wb + L.W_LIVE] === 0 && m[wb + L.W_TOSEND] === 0) {
            this.finish(w, this.t);
            return true;
          }
        }
      }
      cb = sb;
      cf = f;
      cin = pin;
      cout = pout;
      s = next;
    }
    if (m[wb + L.W_STATE] === L.WS_SENDING && m[wb + L.W_TOSEND]! > 0 && this.t >= m[wb + L.W_START]! && cin - cout < B) {
      this.injectFlit(wb, cb, cin);
    }
    return false;
  }

  /** Pass 2 for a path or tree worm: readyAlone decides each slot's move (F_MOVED marks moves done); true if the worm finished. */
  private walk(w: number, wb: number): boolean {
    const m = this.m;
    const trig = m[wb + L.W_FIRSTTRIG]! >= 0;
    for (let s = m[wb + L.W_SLOTS]!; s >= 0;) {
      const sb = this.oSlot + s * L.SLOT_STRIDE;
      const next = m[sb + L.S_NEXT]!;
      const f0 = m[sb + L.S_FLAGS]!;
      if ((f0 & L.F_DEAD) !== 0) {
        // an ejection slot whose tail was delivered in an earlier cycle
        this.unlink(s, wb);
        this.freeSlot(s);
        s = next;
        continue;
      }
      const f = f0 & ~L.F_MOVED;
      const go = (f & (L.F_ROUTED | L.F_EJECT)) === L.F_ROUTED && m[sb + L.S_IN]! - m[sb + L.S_OUT]! > 0 ? this.readyAlone(s, trig) : 0;
      if (go === 1) {
        m[sb + L.S_FLAGS] = f | L.F_MOVED;
        this.moved++;
        if (this.move(s, w) && m[wb + L.W_LIVE] === 0 && m[wb + L.W_TOSEND] === 0) {
          this.finish(w, this.t);
          return true;
        }
      } else {
        if (f !== f0) m[sb + L.S_FLAGS] = f;
        if (go === 2) {
          this.register(s);
          this.post(s);
        }
      }
      s = next;
    }
    if (m[wb + L.W_STATE] === L.WS_SENDING && m[wb + L.W_TOSEND]! > 0 && this.t >= m[wb + L.W_START]!) this.inject(wb);
    return false;
  }

  /** Close the routing list after pass 1 stopped before entry k; j entries were kept before k. */
  private keepRoute(k: number, j: number): void {
    const m = this.m;
    const nr = m[L.H_ROUTE_N]!;
    for (let i = k; i < nr; i++) m[this.oRoute + j++] = m[this.oRoute + i]!;
    m[L.H_ROUTE_N] = j;
  }

  /** A new queue head joins the active list and, with multiplexed VCs, the routing list. */
  private appendActive(w: number): void {
    const m = this.m;
    m[this.oActive + m[L.H_ACTIVE_N]!] = w;
    m[L.H_ACTIVE_N]!++;
    if (this.mux && m[L.H_WALK] === 1) m[this.oRoute + m[L.H_ROUTE_N]!++] = w;
  }

  /**
   * A worm in its startup (granted its injection VC, t < W_START) has nothing to do this
   * cycle: its only slot, the injection slot, holds no flit and no header to route, and its
   * source may not send yet.
   */
  private starting(wb: number, t: number): boolean {
    return this.m[wb + L.W_STATE] === L.WS_SENDING && t < this.m[wb + L.W_START]!;
  }

  private post(s: number): void {
    this.m[this.oReady + this.npost++] = s;
  }

  /**
   * Whether routed slot s (holding a flit) moves this cycle: 0 no (a child not granted, or a
   * buffered child without room at the start of the cycle), 1 at once (every network child's
   * channel has no other VC held, and no delivery may trigger worms), 2 through the post list.
   */
  private readyAlone(s: number, trig: boolean): number {
    const m = this.m;
    let r = 1;
    for (let c = m[this.oSlot + s * L.SLOT_STRIDE + L.S_CHILD]!; c >= 0; c = m[this.oSlot + c * L.SLOT_STRIDE + L.S_SIB]!) {
      const cb = this.oSlot + c * L.SLOT_STRIDE;
      const f = m[cb + L.S_FLAGS]!;
      if ((f & L.F_PENDING) !== 0) return 0;
      if ((f & L.F_EJECT) === 0) {
        if (m[cb + L.S_IN]! - m[cb + L.S_OUT]! + ((f & L.F_MOVED) !== 0 ? 1 : 0) >= this.B) return 0;
        if (m[this.oArb + m[cb + L.S_CHAN]! * L.ARB_STRIDE + L.A_HELD] !== 1) r = 2;
      } else if (trig) r = 2;
    }
    return r;
  }

  /**
   * Steps 2-4 with one VC per link (V = 1 or vcLinks): step 2 over the active list, then one
   * pass that moves as it goes, newest slot first, so a slot's children are visited before it
   * and a child that passed a flit on is flagged (F_MOVED) and still counted as holding it.
   */
  private stepLinks(t: number): void {
    const m = this.m;
    // 2. routing and VC allocation, in active-list order. A chain (unicast, path) has its
    //    requests and its unrouted header among its newest slots: stop at the first routed one.
    const n0 = m[L.H_ACTIVE_N]!;
    for (let k = 0; k < n0; k++) {
      const w = m[this.oActive + k]!;
      const wb = this.oWorm + w * L.WORM_STRIDE;
      if (m[wb + L.W_STATE] === L.WS_REQUEST) {
        this.requestInjection(w, wb);
        continue;
      }
      const tree = m[wb + L.W_KIND] === L.KIND_TREE;
      for (let s = m[wb + L.W_SLOTS]!; s >= 0; s = m[this.oSlot + s * L.SLOT_STRIDE + L.S_NEXT]!) {
        const sb = this.oSlot + s * L.SLOT_STRIDE;
        const f = m[sb + L.S_FLAGS]!;
        if ((f & L.F_DEAD) !== 0) continue;
        if (!tree && (f & (L.F_ROUTED | L.F_EJECT)) === L.F_ROUTED) break;
        if ((f & L.F_PENDING) !== 0) this.tryGrant(s, w);
        else if ((f & (L.F_ROUTED | L.F_EJECT)) === 0 && m[sb + L.S_HEAD]! >= 0 && t >= m[sb + L.S_HEAD]! + this.R) {
          this.routeSlot(s, w);
          if (m[L.H_STATUS] !== L.ST_RUNNING) return;
        }
      }
    }
    // 3 + 4. moves, newest slot first; dead slots freed; finished worms leave the list
    let j = 0;
    for (let k = 0; k < m[L.H_ACTIVE_N]!; k++) {
      const w = m[this.oActive + k]!;
      const wb = this.oWorm + w * L.WORM_STRIDE;
      for (let s = m[wb + L.W_SLOTS]!; s >= 0;) {
        const sb = this.oSlot + s * L.SLOT_STRIDE;
        const next = m[sb + L.S_NEXT]!;
        const f = m[sb + L.S_FLAGS]! & ~L.F_MOVED;
        if ((f & L.F_DEAD) !== 0) {
          // an ejection slot whose tail was delivered after the pass went by
          this.unlink(s, wb);
          this.freeSlot(s);
        } else {
          m[sb + L.S_FLAGS] = f;
          // move() unlinks and frees s when its tail leaves
          if ((f & (L.F_ROUTED | L.F_EJECT)) === L.F_ROUTED && m[sb + L.S_IN]! - m[sb + L.S_OUT]! > 0 && this.childrenReady(s)) {
            this.move(s, w);
            m[L.H_LASTPROGRESS] = t;
          }
        }
        s = next;
      }
      if (m[wb + L.W_STATE] === L.WS_SENDING && m[wb + L.W_TOSEND]! > 0 && t >= m[wb + L.W_START]!) this.inject(wb);
      if (m[wb + L.W_STATE] === L.WS_SENDING && m[wb + L.W_TOSEND] === 0 && m[wb + L.W_LIVE] === 0) this.finish(w, t);
      else m[this.oActive + j++] = w;
    }
    m[L.H_ACTIVE_N] = j;
  }

  /** Worm w has no flit left at the source and no live slot: it is done at t + 1. */
  private finish(w: number, t: number): void {
    const m = this.m;
    const wb = this.oWorm + w * L.WORM_STRIDE;
    // ejection slots whose tails were delivered in this cycle are freed with the worm
    for (let d = m[wb + L.W_SLOTS]!; d >= 0;) {
      const next = m[this.oSlot + d * L.SLOT_STRIDE + L.S_NEXT]!;
      this.freeSlot(d);
      d = next;
    }
    m[wb + L.W_SLOTS] = -1;
    m[wb + L.W_STATE] = L.WS_DONE;
    m[wb + L.W_DONE] = t + 1;
    m[L.H_DONE]!++;
  }

  /** Take slot s out of its worm's list (doubly linked: S_NEXT older, S_PREV newer). */
  private unlink(s: number, wb: number): void {
    const m = this.m;
    const sb = this.oSlot + s * L.SLOT_STRIDE;
    const p = m[sb + L.S_PREV]!;
    const n = m[sb + L.S_NEXT]!;
    if (p < 0) m[wb + L.W_SLOTS] = n;
    else m[this.oSlot + p * L.SLOT_STRIDE + L.S_NEXT] = n;
    if (n >= 0) m[this.oSlot + n * L.SLOT_STRIDE + L.S_PREV] = p;
  }

  /** Return slot s (already out of its worm's list) to the free list. */
  private freeSlot(s: number): void {
    const m = this.m;
    m[this.oSlot + s * L.SLOT_STRIDE + L.S_NEXT] = m[L.H_FREESLOT]!;
    m[L.H_FREESLOT] = s;
    m[L.H_LIVESLOTS]!--;
  }

  /** A worm joins its injection queue; a new queue head joins the active list. */
  private activate(w: number, time: number): void {
    const m = this.m;
    const wb = this.oWorm + w * L.WORM_STRIDE;
    const src = m[wb + L.W_SRC]!;
    m[wb + L.W_ACT] = time;
    const q = this.Q === 1 ? 0 : this.firstPort(wb, src);
    const iq = src * this.Q + q;
    m[wb + L.W_INJQ] = iq;
    m[wb + L.W_INJVC] = this.inj + iq;
    const tail = m[this.oQTail + iq]!;
    if (tail < 0) {
      m[this.oQHead + iq] = w;
      m[this.oQTail + iq] = w;
      m[wb + L.W_STATE] = L.WS_REQUEST;
      this.appendActive(w);
    } else {
      m[this.oWorm + tail * L.WORM_STRIDE + L.W_NEXTQ] = w;
      m[this.oQTail + iq] = w;
      m[wb + L.W_STATE] = L.WS_QUEUED;
    }
  }

  /** All-port: the port of the worm's first hop (docs/model-flit.md "Channels"). */
  private firstPort(wb: number, src: number): number {
    const m = this.m;
    if (m[wb + L.W_KIND] === L.KIND_TREE) {
      const child = m[this.oTree + m[wb + L.W_TREE]! * L.TREE_STRIDE + L.T_CHILD]!;
      return child < 0 ? 0 : m[this.oTree + child * L.TREE_STRIDE + L.T_PORT]!;
    }
    const r = this.routing.route(src, m[this.oDest + m[wb + L.W_DEST]! * L.DEST_STRIDE + L.D_NODE]!, INJECT);
    return r === DELIVER ? 0 : r & 0xff;
  }

  /** The queue head asks for its injection VC; on a grant its startup begins. */
  private requestInjection(w: number, wb: number): void {
    const m = this.m;
    const vc = m[wb + L.W_INJVC]!;
    const holder = m[this.oOwner + vc]!;
    if (holder >= 0) {
      this.vcWait++;
      m[wb + L.W_WAIT]!++;
      return;
    }
    const s = this.newSlot(w);
    if (s < 0) return;
    const sb = this.oSlot + s * L.SLOT_STRIDE;
    const iq = m[wb + L.W_INJQ]!;
    m[sb + L.S_VC] = vc;
    m[sb + L.S_PARENT] = -1;
    m[sb + L.S_NODE] = m[wb + L.W_SRC]!;
    m[sb + L.S_TARGET] = m[wb + L.W_KIND] === L.KIND_TREE ? m[wb + L.W_TREE]! : 0;
    m[sb + L.S_CLASS] = INJECT;
    m[sb + L.S_PORT] = iq - m[wb + L.W_SRC]! * this.Q;
    m[this.oOwner + vc] = s;
    m[wb + L.W_STATE] = L.WS_SENDING;
    m[wb + L.W_START] = this.t + this.S;
    this.grants++;
    m[L.H_LASTPROGRESS] = this.t;
    const next = m[wb + L.W_NEXTQ]!;
    m[this.oQHead + iq] = next;
    if (next < 0) m[this.oQTail + iq] = -1;
    else {
      m[this.oWorm + next * L.WORM_STRIDE + L.W_STATE] = L.WS_REQUEST;
      this.appendActive(next);
    }
  }

  /** Take a free slot and put it at the head of the worm's list; -1 (and a status) when none is left. */
  private newSlot(w: number): number {
    const m = this.m;
    const s = m[L.H_FREESLOT]!;
    if (s < 0) {
      m[L.H_STATUS] = L.ST_NO_SLOTS;
      return -1;
    }
    const sb = this.oSlot + s * L.SLOT_STRIDE;
    m[L.H_FREESLOT] = m[sb + L.S_NEXT]!;
    m.fill(0, sb, sb + L.SLOT_STRIDE);
    const wb = this.oWorm + w * L.WORM_STRIDE;
    m[sb + L.S_WORM] = w;
    m[sb + L.S_PARENT] = -1;
    m[sb + L.S_CHILD] = -1;
    m[sb + L.S_SIB] = -1;
    m[sb + L.S_HEAD] = -1;
    m[sb + L.S_PREV] = -1;
    const head = m[wb + L.W_SLOTS]!;
    m[sb + L.S_NEXT] = head;
    if (head >= 0) m[this.oSlot + head * L.SLOT_STRIDE + L.S_PREV] = s;
    m[wb + L.W_SLOTS] = s;
    m[wb + L.W_LIVE]!++;
    const live = ++m[L.H_LIVESLOTS]!;
    if (live > m[L.H_MAXSLOTS]!) m[L.H_MAXSLOTS] = live;
    return s;
  }

  /**
   * Grant the slot the lowest-numbered free VC of its request (the K VCs of its class on a
   * network channel, else its one VC); else count a VC-wait cycle. A request for one VC that
   * finds it held is parked on the waiter list of its router (S_NODE: the node its buffer, and
   * the holder's, sits at) until a VC into that router with parked requests is freed (freeVc):
   * until then the outcome is known (held, by the same holder) and only the counters advance.
   */
  private tryGrant(s: number, w: number): void {
    const m = this.m;
    const sb = this.oSlot + s * L.SLOT_STRIDE;
    const wb = this.oWorm + w * L.WORM_STRIDE;
    const f = m[sb + L.S_FLAGS]!;
    if ((f & L.F_PARKED) !== 0) {
      this.vcWait++;
      m[wb + L.W_WAIT]!++;
      if ((f & L.F_SAMEG) !== 0) this.sameGroup++;
      return;
    }
    const vc = m[sb + L.S_VC]!;
    const k = (f & (L.F_NET | L.F_EXACT)) === L.F_NET ? this.K : 1;
    for (let i = 0; i < k; i++) {
      if (m[this.oOwner + vc + i]! < 0) {
        m[this.oOwner + vc + i] = s;
        if (m[L.H_WALK] === 1 && this.mux && (f & L.F_NET) !== 0) m[this.oArb + m[sb + L.S_CHAN]! * L.ARB_STRIDE + L.A_HELD]!++;
        m[sb + L.S_VC] = vc + i;
        m[sb + L.S_FLAGS] = m[sb + L.S_FLAGS]! & ~L.F_PENDING;
        this.grants++;
        m[L.H_LASTPROGRESS] = this.t;
        return;
      }
    }
    const holder = m[this.oOwner + vc]!;
    this.vcWait++;
    m[wb + L.W_WAIT]!++;
    let same = false;
    if (vc < this.inj) {
      const hw = m[this.oSlot + holder * L.SLOT_STRIDE + L.S_WORM]!;
      same = m[this.oWorm + hw * L.WORM_STRIDE + L.W_GROUP] === m[wb + L.W_GROUP];
      if (same) this.sameGroup++;
    }
    if (k === 1) {
      m[sb + L.S_FLAGS] = f | L.F_PARKED | (same ? L.F_SAMEG : 0);
      const list = this.oWait + m[sb + L.S_NODE]!;
      m[sb + L.S_HEAD] = m[list]! - 1;
      m[list] = s + 1;
      const hb = this.oSlot + holder * L.SLOT_STRIDE;
      m[hb + L.S_FLAGS] = m[hb + L.S_FLAGS]! | L.F_WAITED;
    }
  }

  /**
   * Slot s's VC is free from the next cycle on. If a request is parked on it (F_WAITED), the
   * requests parked at its router for this VC wake up and ask again.
   */
  private freeVc(s: number): void {
    const m = this.m;
    const sb = this.oSlot + s * L.SLOT_STRIDE;
    const vc = m[sb + L.S_VC]!;
    m[this.oOwner + vc] = -1;
    const f = m[sb + L.S_FLAGS]!;
    if (m[L.H_WALK] === 1 && this.mux && (f & L.F_NET) !== 0) m[this.oArb + m[sb + L.S_CHAN]! * L.ARB_STRIDE + L.A_HELD]!--;
    if ((f & L.F_WAITED) === 0) return;
    const list = this.oWait + m[sb + L.S_NODE]!;
    let keep = -1;
    for (let p = m[list]! - 1; p >= 0;) {
      const pb = this.oSlot + p * L.SLOT_STRIDE;
      const next = m[pb + L.S_HEAD]!;
      if (m[pb + L.S_VC] === vc) {
        m[pb + L.S_FLAGS] = m[pb + L.S_FLAGS]! & ~(L.F_PARKED | L.F_SAMEG);
        m[pb + L.S_HEAD] = -1;
      } else {
        // waits for another VC into this router, still held by the same holder
        m[pb + L.S_HEAD] = keep;
        keep = p;
      }
      p = next;
    }
    m[list] = keep + 1;
  }

  /** The header in slot s has waited its router delay: request the VCs it goes on to. */
  private routeSlot(s: number, w: number): void {
    const m = this.m;
    const sb = this.oSlot + s * L.SLOT_STRIDE;
    const wb = this.oWorm + w * L.WORM_STRIDE;
    const node = m[sb + L.S_NODE]!;
    m[sb + L.S_FLAGS] = m[sb + L.S_FLAGS]! | L.F_ROUTED;
    if (m[wb + L.W_KIND] === L.KIND_TREE) {
      const e = this.oTree + m[sb + L.S_TARGET]! * L.TREE_STRIDE;
      if (m[e + L.T_DEST]! >= 0) this.addEject(s, w, node, m[e + L.T_DEST]!);
      for (let ce = m[e + L.T_CHILD]!; ce >= 0; ce = m[this.oTree + ce * L.TREE_STRIDE + L.T_SIB]!) {
        const cb = this.oTree + ce * L.TREE_STRIDE;
        const vi = m[cb + L.T_VC]!;
        this.addNet(s, w, node, m[cb + L.T_PORT]!, vi, (vi / this.K) | 0, ce, m[cb + L.T_EXACT] === 1 ? L.F_NET | L.F_EXACT : L.F_NET);
      }
      return;
    }
    let j = m[sb + L.S_TARGET]!;
    const d0 = m[wb + L.W_DEST]!;
    if (m[this.oDest + (d0 + j) * L.DEST_STRIDE + L.D_NODE] === node) {
      this.addEject(s, w, node, d0 + j);
      j++;
    }
    if (j < m[wb + L.W_NDEST]!) {
      const r = this.routing.route(node, m[this.oDest + (d0 + j) * L.DEST_STRIDE + L.D_NODE]!, m[sb + L.S_CLASS]!);
      if (r === DELIVER) {
        m[L.H_STATUS] = L.ST_BAD_ROUTE;
        return;
      }
      this.addNet(s, w, node, r & 0xff, (r >> 8) * this.K, r >> 8, j, L.F_NET);
    }
  }

  private link(parent: number, s: number): void {
    const m = this.m;
    const pb = this.oSlot + parent * L.SLOT_STRIDE;
    const sb = this.oSlot + s * L.SLOT_STRIDE;
    m[sb + L.S_PARENT] = parent;
    m[sb + L.S_SIB] = m[pb + L.S_CHILD]!;
    m[pb + L.S_CHILD] = s;
  }

  /** Request VC index vi (class cls) of channel (node, port); `flags` say whether any of the class's K VCs will do. */
  private addNet(parent: number, w: number, node: number, port: number, vi: number, cls: number, target: number, flags: number): void {
    const m = this.m;
    const next = this.topo.neighbor(node, port);
    if (next < 0) {
      m[L.H_STATUS] = L.ST_BAD_ROUTE;
      return;
    }
    const s = this.newSlot(w);
    if (s < 0) return;
    const sb = this.oSlot + s * L.SLOT_STRIDE;
    m[sb + L.S_CHAN] = node * this.P + port;
    m[sb + L.S_VC] = (node * this.P + port) * this.V + vi;
    m[sb + L.S_NODE] = next;
    m[sb + L.S_CLASS] = cls;
    m[sb + L.S_PORT] = port;
    m[sb + L.S_TARGET] = target;
    m[sb + L.S_FLAGS] = L.F_PENDING | flags;
    this.link(parent, s);
    this.tryGrant(s, w);
  }

  private addEject(parent: number, w: number, node: number, rec: number): void {
    const m = this.m;
    const s = this.newSlot(w);
    if (s < 0) return;
    const sb = this.oSlot + s * L.SLOT_STRIDE;
    const q = this.ejectionIndex(parent);
    m[sb + L.S_VC] = this.ej + node * this.QE + q;
    m[sb + L.S_NODE] = node;
    m[sb + L.S_CLASS] = -2;
    m[sb + L.S_PORT] = q;
    m[sb + L.S_TARGET] = rec;
    m[sb + L.S_FLAGS] = L.F_PENDING | L.F_EJECT;
    this.link(parent, s);
    this.tryGrant(s, w);
  }

  /**
   * Which of its node's QE ejection channels a copy arriving in slot `parent` takes
   * (docs/model-flit.md "Channels"): 0 with one per node; the port of the link it arrived on with
   * one per link; with one per incoming VC, that VC's index port * V + vc on its channel (a worm
   * that crossed no link: its injection port's first).
   */
  private ejectionIndex(parent: number): number {
    if (this.QE === 1) return 0;
    const pb = this.oSlot + parent * L.SLOT_STRIDE;
    if (this.QE === this.P) return this.m[pb + L.S_PORT]!;
    const vc = this.m[pb + L.S_VC]!;
    return vc < this.inj ? vc % (this.P * this.V) : this.m[pb + L.S_PORT]! * this.V;
  }

  /** Every child granted, and every buffered child has room at the start of the cycle. */
  private childrenReady(s: number): boolean {
    const m = this.m;
    for (let c = m[this.oSlot + s * L.SLOT_STRIDE + L.S_CHILD]!; c >= 0; c = m[this.oSlot + c * L.SLOT_STRIDE + L.S_SIB]!) {
      const cb = this.oSlot + c * L.SLOT_STRIDE;
      const f = m[cb + L.S_FLAGS]!;
      if ((f & L.F_PENDING) !== 0) return false;
      if ((f & L.F_EJECT) === 0 && m[cb + L.S_IN]! - m[cb + L.S_OUT]! + ((f & L.F_MOVED) !== 0 ? 1 : 0) >= this.B) return false;
    }
    return true;
  }

  /**
   * childrenReady(s), and if so register(s). A slot with a single child (every slot of a
   * unicast worm) is tested and entered with one read of the child's record.
   */
  private readyRegister(s: number): boolean {
    const m = this.m;
    const c = m[this.oSlot + s * L.SLOT_STRIDE + L.S_CHILD]!;
    if (c >= 0) {
      const cb = this.oSlot + c * L.SLOT_STRIDE;
      if (m[cb + L.S_SIB]! < 0) {
        const f = m[cb + L.S_FLAGS]!;
        if ((f & L.F_PENDING) !== 0) return false;
        if ((f & L.F_EJECT) === 0 && m[cb + L.S_IN]! - m[cb + L.S_OUT]! + ((f & L.F_MOVED) !== 0 ? 1 : 0) >= this.B) return false;
        if ((f & L.F_NET) !== 0) this.enter(s, cb);
        return true;
      }
    }
    if (!this.childrenReady(s)) return false;
    this.register(s);
    return true;
  }

  /** Enter slot s's move in the arbitration of every network channel it needs. */
  private register(s: number): void {
    const m = this.m;
    for (let c = m[this.oSlot + s * L.SLOT_STRIDE + L.S_CHILD]!; c >= 0; c = m[this.oSlot + c * L.SLOT_STRIDE + L.S_SIB]!) {
      const cb = this.oSlot + c * L.SLOT_STRIDE;
      if ((m[cb + L.S_FLAGS]! & L.F_NET) !== 0) this.enter(s, cb);
    }
  }

  /** Enter slot s's move in the arbitration of the channel of its network child (record cb). */
  private enter(s: number, cb: number): void {
    const m = this.m;
    const V = this.V;
    const t = this.t;
    const ch = m[cb + L.S_CHAN]!;
    // VCs are compared by their ids (ch V + index): differences are those of the indices
    const cls = m[cb + L.S_VC]!;
    const a = this.oArb + ch * L.ARB_STRIDE;
    if (m[a + L.A_STAMP] !== t) {
      m[a + L.A_STAMP] = t;
      m[this.oCount + ch] = s;
      m[this.oBest + ch] = cls;
    } else {
      // a second ready move on the channel: a sharing event; both moves must win arbitration
      const first = m[this.oCount + ch]!;
      if (first >= 0) {
        this.sharingNow++;
        m[this.oSlot + first * L.SLOT_STRIDE + L.S_FLAGS] = m[this.oSlot + first * L.SLOT_STRIDE + L.S_FLAGS]! | L.F_CONTEND;
        m[this.oCount + ch] = -1;
      }
      m[this.oSlot + s * L.SLOT_STRIDE + L.S_FLAGS] = m[this.oSlot + s * L.SLOT_STRIDE + L.S_FLAGS]! | L.F_CONTEND;
      const rr = m[a + L.A_RR]!;
      const best = m[this.oBest + ch]!;
      // round-robin priority: the first VC after rr, cyclically, wins
      if ((cls > rr ? cls - rr : cls - rr + V) < (best > rr ? best - rr : best - rr + V)) m[this.oBest + ch] = cls;
    }
  }

  /** Slot s's move won every multiplexed channel it needs. */
  private wins(s: number): boolean {
    const m = this.m;
    for (let c = m[this.oSlot + s * L.SLOT_STRIDE + L.S_CHILD]!; c >= 0; c = m[this.oSlot + c * L.SLOT_STRIDE + L.S_SIB]!) {
      const cb = this.oSlot + c * L.SLOT_STRIDE;
      if ((m[cb + L.S_FLAGS]! & L.F_NET) === 0) continue;
      const ch = m[cb + L.S_CHAN]!;
      if (m[this.oBest + ch] !== m[cb + L.S_VC]!) return false;
    }
    return true;
  }

  /** The source processor puts one flit on the injection channel if its buffer had room at the start of the cycle. */
  private inject(wb: number): void {
    const m = this.m;
    const ib = this.oSlot + m[this.oOwner + m[wb + L.W_INJVC]!]! * L.SLOT_STRIDE;
    if (m[ib + L.S_IN]! - m[ib + L.S_OUT]! + ((m[ib + L.S_FLAGS]! & L.F_MOVED) !== 0 ? 1 : 0) >= this.B) return;
    this.injectFlit(wb, ib, m[ib + L.S_IN]!);
  }

  /** The source puts its next flit into its injection slot (record ib, `n0` flits in so far). */
  private injectFlit(wb: number, ib: number, n0: number): void {
    const m = this.m;
    m[wb + L.W_TOSEND]!--;
    const n = n0 + 1;
    m[ib + L.S_IN] = n;
    if (n === 1) {
      m[ib + L.S_HEAD] = this.t + 1;
      m[wb + L.W_INJECT] = this.t;
    }
    this.injected++;
    m[L.H_LASTPROGRESS] = this.t;
  }

  /**
   * One flit leaves slot s into every child (lock-step); tails free VCs; deliveries trigger
   * sends. Returns true if a slot of the worm was freed (a tail left or a copy was delivered),
   * the only way the worm can finish. The caller records the progress (H_LASTPROGRESS).
   */
  private move(s: number, w: number): boolean {
    const m = this.m;
    const t = this.t;
    const sb = this.oSlot + s * L.SLOT_STRIDE;
    const wb = this.oWorm + w * L.WORM_STRIDE;
    const flits = m[wb + L.W_FLITS]!;
    const out = ++m[sb + L.S_OUT]!;
    let freed = false;
    if (!this.mux) m[sb + L.S_FLAGS] = m[sb + L.S_FLAGS]! | L.F_MOVED;
    for (let c = m[sb + L.S_CHILD]!; c >= 0; c = m[this.oSlot + c * L.SLOT_STRIDE + L.S_SIB]!) {
      const cb = this.oSlot + c * L.SLOT_STRIDE;
      const f = m[cb + L.S_FLAGS]!;
      const n = ++m[cb + L.S_IN]!;
      if ((f & L.F_EJECT) !== 0) {
        m[cb + L.S_OUT] = n;
        this.ejected++;
        const db = this.oDest + m[cb + L.S_TARGET]! * L.DEST_STRIDE;
        if (n === 1) m[db + L.D_HEAD] = t + 1;
        if (n === flits) {
          m[db + L.D_TAIL] = t + 1;
          m[wb + L.W_DELIVERED]!++;
          m[cb + L.S_FLAGS] = f | L.F_DEAD;
          m[wb + L.W_LIVE]!--;
          freed = true;
          this.freeVc(c);
          this.trigger(w, m[cb + L.S_NODE]!, t + 1);
        }
      } else {
        if (n === 1) m[cb + L.S_HEAD] = t + 1;
        this.flitHops++;
        const ch = m[cb + L.S_CHAN]!;
        if (this.mux) {
          const a = this.oArb + ch * L.ARB_STRIDE;
          m[a + L.A_FLITS]!++;
          m[a + L.A_RR] = m[cb + L.S_VC]!;
        } else if (this.chanUse) m[this.oChFlits + ch]!++;
      }
    }
    if (out === flits) {
      this.tailLeft(s, wb);
      freed = true;
    }
    return freed;
  }

  /** The tail has left slot s: its VC is free and it returns to the free list. */
  private tailLeft(s: number, wb: number): void {
    this.m[wb + L.W_LIVE]!--;
    this.freeVc(s);
    this.unlink(s, wb);
    this.freeSlot(s);
  }

  /** Software forwarding: the tail of worm w was delivered at node at `time`. */
  private trigger(w: number, node: number, time: number): void {
    const m = this.m;
    for (let u = m[this.oWorm + w * L.WORM_STRIDE + L.W_FIRSTTRIG]!; u >= 0; u = m[this.oWorm + u * L.WORM_STRIDE + L.W_NEXTTRIG]!) {
      const ub = this.oWorm + u * L.WORM_STRIDE;
      if (m[ub + L.W_SRC] === node && m[ub + L.W_STATE] === L.WS_WAITING) this.activate(u, time);
    }
  }
}
