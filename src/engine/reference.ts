import { DELIVER, INJECT, type RoutingFunction } from '../routing/types.ts';
import { checkRoutable, prepare, wormTree, type ResolvedOptions, type WormTree } from './input.ts';
import {
  nameVcOf,
  waitForCycle,
  type DeadlockReport,
  type SlotUse,
  type VcSpace,
  type WaitEdge,
  type WormTimes,
} from './results.ts';
import { wormKey } from './worm-key.ts';
import type { Engine, EngineCounters, EngineInput, EngineStatus, WormPlace, WormSpec } from './types.ts';

// The JS reference engine: the executable specification of docs/model-flit.md. Each section of
// the page has its function here, named after it; the data are plain objects and arrays, and the
// cycle is evaluated exactly as the page states it (step 2 for every worm, then which moves are
// ready, then arbitration, then the end of the cycle), with none of the wasm engine's shortcuts
// (assembly/engine/engine.ts: walk, ready list, parked requests, read-ahead). The two engines are
// held equal on their results (test/engine-differential*.test.ts), never on their memory.

/** A slot: one VC a worm has requested or holds ("Worms and slots"). */
export interface Slot {
  worm: Worm;
  kind: 'injection' | 'network' | 'ejection';
  /** The VC held; while requested, the first of the `choices` VCs it may take. */
  vc: number;
  choices: number;
  granted: boolean;
  parent: Slot | null;
  children: Slot[];
  /** Flits in and out of its buffer (an ejection slot has no buffer: out follows in). */
  in: number;
  out: number;
  /** The router its buffer sits at, and the header's arrival time there (-1 before). */
  node: number;
  head: number;
  routed: boolean;
  /** An ejection slot whose tail was delivered: it returns to the free list after the next step 2. */
  dead: boolean;
  /** vcRelease 'tail-sent': a network slot that freed its VC when its tail came in (its flits still queue there). */
  released: boolean;
  /** Unicast, path: index of the destination it heads for; tree: its tree entry; ejection: the destination delivered. */
  target: number;
  /** VC class of the channel (the vcIn of its route); INJECT on the injection channel. */
  cls: number;
  /** Port of its channel at the upstream node (injection and ejection: the channel's q). */
  port: number;
  /** Physical network channel (node * P + port) of a network slot. */
  chan: number;
  /** Cycles its flits were sent into it (network slots; linkLatency > 1). */
  sent: number[];
}

/** A worm ("Worms and slots", "The source") and its results. */
export interface Worm {
  n: number;
  spec: WormSpec;
  group: number;
  /** Its routing key (docs/model-flit.md "Routing keys"), passed to every route of the worm. */
  key: number;
  /** Creation cycle, -1 for a worm started by a trigger. */
  created: number;
  tree: WormTree | null;
  /** Worms this worm's deliveries start (software forwarding), in list order. */
  triggers: Worm[];
  state: 'waiting' | 'queued' | 'request' | 'sending' | 'done';
  injQ: number;
  injVc: number;
  injSlot: Slot | null;
  /** Flits still at the source, and the first cycle the source may send (after startup). */
  toSend: number;
  start: number;
  /** Live slots, oldest first (visited newest first). */
  slots: Slot[];
  /** Slots neither freed nor dead. */
  live: number;
  activated: number;
  injected: number;
  done: number;
  waits: number;
  destHead: number[];
  destTail: number[];
}

export class ReferenceEngine implements Engine {
  readonly name = 'reference' as const;
  /** The worms from number `dropped` on (a streamed run drops the finished ones: `release`). */
  private worms: Worm[] = [];
  private dropped = 0;
  /** The active list: queue heads and sending worms, in the order they became queue heads. */
  active: Worm[] = [];
  /** Owner slot of every VC (null: free). */
  readonly owner: Array<Slot | null>;
  readonly options: ResolvedOptions;
  private readonly routing: RoutingFunction;
  private readonly P: number;
  private readonly V: number;
  private readonly K: number;
  private readonly Q: number;
  private readonly QE: number;
  private readonly mux: boolean;
  private readonly vcPerVc: boolean;
  private readonly inj: number;
  private readonly ej: number;
  private readonly queues = new Map<number, Worm[]>();
  /** Round-robin pointer of each multiplexed channel: the VC index (class K + copy) it last moved. */
  private readonly rr: Int32Array;
  /** The VC index each channel granted in this cycle's arbitration (read only for channels asked for). */
  private readonly winner: Int32Array;
  private readonly chanFlits: Int32Array;
  /**
   * Per network VC: the slots whose flits are in its buffer, oldest first (the holder last; with
   * vcRelease 'tail-sent' also earlier holders, released, whose flits leave first), and the time
   * the current first one reached the front (the previous first one's tail left).
   */
  private readonly fifo: Slot[][];
  private readonly frontSince: Int32Array;
  /** Per network VC: the cycles flits left its buffer (their credits travel linkLatency cycles). */
  private readonly left: number[][];
  private readonly count: EngineCounters = {
    flitHops: 0,
    injectedFlits: 0,
    ejectedFlits: 0,
    vcWaitCycles: 0,
    sameMulticastWaits: 0,
    sharingEvents: 0,
    grants: 0,
  };
  private status: EngineStatus = 'running';
  private t = 0;
  private nextCreate = 0;
  private lastProgress = 0;
  private liveSlots = 0;
  private peakSlots = 0;

  constructor(input: EngineInput) {
    const { layout, options } = prepare(input);
    const s = layout.sizes;
    this.options = options;
    this.routing = input.routing;
    this.P = s.ports;
    this.V = s.vcs;
    this.K = options.vcsPerClass;
    this.Q = s.q;
    this.QE = s.qe;
    this.mux = s.mux;
    this.vcPerVc = input.options?.consumption === 'vc';
    this.inj = layout.injBase;
    this.ej = layout.ejBase;
    this.owner = new Array<Slot | null>(layout.vcTotal).fill(null);
    this.rr = new Int32Array(s.nodes * s.ports).fill(s.vcs - 1);
    this.winner = new Int32Array(s.nodes * s.ports);
    this.chanFlits = new Int32Array(s.channelUse ? s.nodes * s.ports : 0);
    this.fifo = Array.from({ length: layout.injBase }, () => []);
    this.frontSince = new Int32Array(layout.injBase);
    this.left = Array.from({ length: layout.injBase }, () => []);
    this.append(
      input.worms,
      input.worms.map((w, i) => ({ rec: i, dest: 0, entry: 0, group: w.group ?? i })),
    );
  }

  /** The worms the engine still holds (number `dropped` on), read-only: what a report draws of a run's state. */
  get liveWorms(): readonly Worm[] {
    return this.worms;
  }

  get cycle(): number {
    return this.t;
  }

  counters(): EngineCounters {
    return { ...this.count };
  }

  append(specs: readonly WormSpec[], places: readonly WormPlace[]): void {
    const first = this.dropped + this.worms.length;
    specs.forEach((spec, i) => {
      const n = first + i;
      const tree = spec.kind === 'tree' ? wormTree(this.routing, this.K, spec, n) : null;
      if (!tree) checkRoutable(this.routing, spec, n);
      this.worms.push({
        n,
        spec,
        group: places[i]!.group,
        key: wormKey(this.options.routeSeed, n, this.routing.keys),
        created: spec.after === undefined ? (spec.created ?? 0) : -1,
        tree,
        triggers: [],
        state: 'waiting',
        injQ: -1,
        injVc: -1,
        injSlot: null,
        toSend: spec.flits,
        start: -1,
        slots: [],
        live: 0,
        activated: -1,
        injected: -1,
        done: -1,
        waits: 0,
        destHead: spec.dests.map(() => -1),
        destTail: spec.dests.map(() => -1),
      });
      if (spec.after !== undefined) this.worm(first + spec.after).triggers.push(this.worm(n));
    });
    if (this.status === 'finished') this.status = 'running';
  }

  /** Simulate cycles until `until`, the end of the traffic, a deadlock or a stop ("Watchdog"). */
  runUntil(until: number): EngineStatus {
    if (this.status === 'limit') this.status = 'running';
    while (this.status === 'running') {
      if (this.active.length === 0) {
        // an idle network costs nothing: the clock jumps to the next creation ("Cost")
        const total = this.dropped + this.worms.length;
        while (this.nextCreate < total && this.worm(this.nextCreate).created < 0) this.nextCreate++;
        if (this.nextCreate === total) {
          this.status = 'finished';
          break;
        }
        const c = this.worm(this.nextCreate).created;
        if (c > this.t) this.t = this.lastProgress = Math.min(c, until);
      }
      if (this.t >= until) {
        this.status = 'limit';
        break;
      }
      this.oneCycle(this.t);
      this.t++;
      if (
        this.status === 'running' &&
        this.active.length > 0 &&
        this.t - 1 - this.lastProgress >= this.options.watchdog
      )
        this.status = 'deadlock';
    }
    return this.status;
  }

  /** "One cycle t, in this order". */
  private oneCycle(t: number): void {
    this.activation(t);
    const completed = this.routingAndAllocation(t);
    this.freeDeadEjectionSlots();
    if (!completed) return;
    const { moves, sources } = this.readyMoves(t);
    const won = this.mux ? this.arbitration(moves) : moves;
    this.endOfCycle(t, won, sources);
  }

  // ---- step 1: activation ----

  /** Step 1: the worms created at cycle t, in input order (triggered worms were activated by rule 4d). */
  private activation(t: number): void {
    for (; this.nextCreate < this.dropped + this.worms.length; this.nextCreate++) {
      const w = this.worm(this.nextCreate);
      if (w.created > t) break;
      if (w.created >= 0) this.activate(w, t);
    }
  }

  /** "The source": the worm joins the FIFO queue of its injection channel; a new queue head joins the active list. */
  private activate(w: Worm, time: number): void {
    w.activated = time;
    w.injQ = w.spec.src * this.Q + (this.Q === 1 ? 0 : this.firstPort(w));
    w.injVc = this.inj + w.injQ;
    let queue = this.queues.get(w.injQ);
    if (!queue) this.queues.set(w.injQ, (queue = []));
    queue.push(w);
    if (queue.length === 1) this.becomeHead(w, time);
    else w.state = 'queued';
  }

  /**
   * A worm becomes the head of its injection queue at `time`. Back-to-back injection: its startup
   * runs from then, or from the end of the startup of the worm holding the channel if that is
   * later (one startup at a time per channel); `start` is then the cycle its startup ends.
   */
  private becomeHead(w: Worm, time: number): void {
    w.state = 'request';
    if (this.options.injection === 'back-to-back') {
      const holder = this.owner[w.injVc];
      w.start = Math.max(time, holder ? holder.worm.start : time) + this.options.startup;
    }
    this.active.push(w);
  }

  /** All-port injection channel ("Channels"): the port of the first hop, 0 for a worm that crosses no link. */
  private firstPort(w: Worm): number {
    if (w.tree) {
      const first = w.tree.children[0]![0];
      return first === undefined ? 0 : w.tree.port[first]!;
    }
    const r = this.routing.route(w.spec.src, w.spec.dests[0]!, INJECT, w.key);
    return r === DELIVER ? 0 : r & 0xff;
  }

  // ---- step 2: routing and VC allocation ----

  /** Step 2 over the active list; false if the run stopped in it (out of slots in a routing, bad route). */
  private routingAndAllocation(t: number): boolean {
    // queue heads appended during the step (at the end of the list) are served from the next cycle (2a)
    const heads = this.active.length;
    for (let k = 0; k < heads; k++) {
      const w = this.active[k]!;
      if (w.state === 'request') {
        this.requestInjection(w, t);
        continue;
      }
      // newest slot first; children created by a routing (appended) are requested at once, not visited again
      for (let i = w.slots.length - 1; i >= 0; i--) {
        const s = w.slots[i]!;
        if (s.dead) continue;
        if (!s.granted) this.request(s, t);
        else if (!s.routed && s.kind !== 'ejection' && s.head >= 0 && this.atFront(s, t)) {
          this.route(s);
          // a stop here ends the cycle before any move (also when an injection request ran out of slots before)
          if (this.status !== 'running') return false;
        }
      }
    }
    return true;
  }

  /**
   * 2b: whether the header of granted slot `s` (arrived at s.head) is routed in cycle t: R cycles
   * after it reached the front of its VC's buffer: its arrival, or (vcRelease 'tail-sent') the
   * time the last flit of the earlier holders left.
   */
  private atFront(s: Slot, t: number): boolean {
    if (s.kind !== 'network') return t >= s.head + this.options.routerDelay;
    if (this.fifo[s.vc]![0] !== s) return false;
    return t >= Math.max(s.head, this.frontSince[s.vc]!) + this.options.routerDelay;
  }

  /** Entries of `times` within the last linkLatency - 1 cycles before t (still on the wire). */
  private onWire(times: number[], t: number): number {
    let n = 0;
    for (let i = times.length - 1; i >= 0 && times[i]! > t - this.options.linkLatency; i--) n++;
    return n;
  }

  /** Flits in the buffer of network VC `vc` (its holder's and, 'tail-sent', its earlier holders'). */
  private held(vc: number): number {
    let n = 0;
    for (const s of this.fifo[vc]!) n += s.in - s.out;
    return n;
  }

  /**
   * 2a: the queue head takes its injection VC if free (after-tail: its startup begins) and the next
   * worm of the queue becomes head.
   */
  private requestInjection(w: Worm, t: number): void {
    if (this.owner[w.injVc]) {
      this.count.vcWaitCycles++;
      w.waits++;
      return;
    }
    // running out of slots here lets the cycle finish (the run stops after it)
    const s = this.newSlot(w, 'injection', null, w.spec.src, w.injVc, 1, 0, INJECT, w.injQ - w.spec.src * this.Q, -1);
    if (!s) return;
    this.grant(s, w.injVc, t);
    w.injSlot = s;
    w.state = 'sending';
    // after-tail: the startup begins now; back-to-back: it began when the worm became head
    w.start = this.options.injection === 'back-to-back' ? Math.max(t, w.start) : t + this.options.startup;
    const queue = this.queues.get(w.injQ)!;
    queue.shift();
    if (queue.length > 0) this.becomeHead(queue[0]!, t);
  }

  /** 2c: a request takes the lowest-numbered free VC of its choices, or waits one cycle. */
  private request(s: Slot, t: number): void {
    for (let i = 0; i < s.choices; i++) {
      if (!this.owner[s.vc + i]) {
        this.grant(s, s.vc + i, t);
        return;
      }
    }
    this.count.vcWaitCycles++;
    s.worm.waits++;
    // the holder of the class's first copy decides a same-multicast wait (network VCs only)
    if (s.kind === 'network' && this.owner[s.vc]!.worm.group === s.worm.group) this.count.sameMulticastWaits++;
  }

  private grant(s: Slot, vc: number, t: number): void {
    this.owner[vc] = s;
    if (s.kind === 'network') this.fifo[vc]!.push(s);
    s.vc = vc;
    s.granted = true;
    this.count.grants++;
    this.lastProgress = t;
  }

  /** 2b: the slot's children are created as requests (and requested at once). */
  private route(s: Slot): void {
    s.routed = true;
    const w = s.worm;
    if (w.tree) {
      const tr = w.tree;
      if (tr.dest[s.target]! >= 0) this.addEjection(s, tr.dest[s.target]!);
      for (const e of tr.children[s.target]!)
        this.addNetwork(s, tr.port[e]!, tr.vc[e]!, Math.floor(tr.vc[e]! / this.K), e, tr.exact[e]!);
      return;
    }
    // unicast and path: deliver if this is the destination headed for, then head for the next one
    let j = s.target;
    if (w.spec.dests[j] === s.node) this.addEjection(s, j++);
    if (j < w.spec.dests.length) {
      // the port the header arrived by (an injection slot's is its q, but then vcIn is INJECT)
      const r = this.routing.route(s.node, w.spec.dests[j]!, s.cls, w.key, s.port);
      if (r === DELIVER) {
        this.status = 'bad-route';
        return;
      }
      this.addNetwork(s, r & 0xff, (r >> 8) * this.K, r >> 8, j, false);
    }
  }

  /** A request for VC index `vi` (class K + copy) of the channel leaving by `port`; any of the class's K unless `exact`. */
  private addNetwork(parent: Slot, port: number, vi: number, cls: number, target: number, exact: boolean): void {
    const next = this.routing.topology.neighbor(parent.node, port);
    if (next < 0) {
      this.status = 'bad-route';
      return;
    }
    const chan = parent.node * this.P + port;
    const s = this.newSlot(
      parent.worm,
      'network',
      parent,
      next,
      chan * this.V + vi,
      exact ? 1 : this.K,
      target,
      cls,
      port,
      chan,
    );
    if (s) this.request(s, this.t);
  }

  /** A request for the ejection channel of the copy delivered at the parent's node ("Channels", ejection q). */
  private addEjection(parent: Slot, dest: number): void {
    const q = this.vcPerVc
      ? parent.kind === 'network'
        ? parent.vc % (this.P * this.V)
        : parent.port * this.V
      : this.Q === 1
        ? 0
        : parent.port;
    const s = this.newSlot(
      parent.worm,
      'ejection',
      parent,
      parent.node,
      this.ej + parent.node * this.QE + q,
      1,
      dest,
      -2,
      q,
      -1,
    );
    if (s) this.request(s, this.t);
  }

  /** A new slot, or null (status out-of-slots) when the slot capacity is in use. */
  private newSlot(
    w: Worm,
    kind: Slot['kind'],
    parent: Slot | null,
    node: number,
    vc: number,
    choices: number,
    target: number,
    cls: number,
    port: number,
    chan: number,
  ): Slot | null {
    if (this.liveSlots >= this.options.slots) {
      this.status = 'out-of-slots';
      return null;
    }
    this.liveSlots++;
    this.peakSlots = Math.max(this.peakSlots, this.liveSlots);
    const s: Slot = {
      worm: w,
      kind,
      vc,
      choices,
      granted: false,
      parent,
      children: [],
      in: 0,
      out: 0,
      node,
      head: -1,
      routed: false,
      dead: false,
      released: false,
      target,
      cls,
      port,
      chan,
      sent: [],
    };
    parent?.children.push(s);
    w.slots.push(s);
    w.live++;
    return s;
  }

  /** 4e: an ejection slot freed by its parent's move returns to the free list in the next cycle, after its step 2. */
  private freeDeadEjectionSlots(): void {
    for (const w of this.active) {
      if (!w.slots.some((s) => s.dead)) continue;
      const kept = w.slots.filter((s) => !s.dead);
      this.liveSlots -= w.slots.length - kept.length;
      w.slots = kept;
    }
  }

  // ---- step 3: flit movement ----

  /** Step 3: the ready moves (worm order, newest slot first) and the sources that may send, on the state after step 2. */
  private readyMoves(t: number): { moves: Slot[]; sources: Worm[] } {
    const B = this.options.buffer;
    const moves: Slot[] = [];
    const sources: Worm[] = [];
    for (const w of this.active) {
      if (w.state !== 'sending') continue;
      for (let i = w.slots.length - 1; i >= 0; i--) {
        const s = w.slots[i]!;
        if (s.kind === 'ejection' || !s.routed || s.in - s.out - this.onWire(s.sent, t) === 0) continue;
        // a network child's buffer also holds the flits of its VC's earlier holders ('tail-sent')
        if (
          s.children.every(
            (c) => c.granted && (c.kind === 'ejection' || this.held(c.vc) + this.onWire(this.left[c.vc]!, t) < B),
          )
        )
          moves.push(s);
      }
      const inj = w.injSlot!;
      if (w.toSend > 0 && t >= w.start && inj.in - inj.out < B) sources.push(w);
    }
    return { moves, sources };
  }

  /**
   * Arbitration of multiplexed channels: each channel grants the VC that follows its round-robin
   * pointer cyclically; a move happens only if it wins every channel it needs.
   */
  private arbitration(moves: Slot[]): Slot[] {
    const asks = new Map<number, number[]>();
    for (const s of moves) {
      for (const c of s.children) {
        if (c.kind !== 'network') continue;
        const list = asks.get(c.chan);
        if (list) list.push(c.vc % this.V);
        else asks.set(c.chan, [c.vc % this.V]);
      }
    }
    for (const [chan, vcs] of asks) {
      if (vcs.length > 1) this.count.sharingEvents++;
      let best = vcs[0]!;
      for (const v of vcs) if (this.turn(chan, v) < this.turn(chan, best)) best = v;
      this.winner[chan] = best;
    }
    return moves.filter((s) => s.children.every((c) => c.kind !== 'network' || this.winner[c.chan] === c.vc % this.V));
  }

  /** Round-robin order: 0 for the VC index after the channel's pointer, V - 1 for the pointer's own. */
  private turn(chan: number, v: number): number {
    return (v - this.rr[chan]! - 1 + this.V) % this.V;
  }

  // ---- step 4: end of cycle ----

  /** Step 4: the moves take effect (in list order: the order of deliveries), then finished worms leave. */
  private endOfCycle(t: number, moves: Slot[], sources: Worm[]): void {
    if (moves.length + sources.length > 0) this.lastProgress = t;
    for (const w of sources) this.inject(w, t);
    for (const s of moves) this.move(s, t);
    let done = 0;
    for (const w of this.active) {
      if (w.state === 'sending' && w.toSend === 0 && w.live === 0) {
        // 4e: done; its dead ejection slots return at once
        w.state = 'done';
        w.done = t + 1;
        this.liveSlots -= w.slots.length;
        w.slots = [];
        done++;
      }
    }
    if (done > 0) this.active = this.active.filter((w) => w.state !== 'done');
  }

  /** The source puts its next flit into the injection buffer. */
  private inject(w: Worm, t: number): void {
    const s = w.injSlot!;
    w.toSend--;
    this.count.injectedFlits++;
    if (++s.in === 1) {
      s.head = t + 1;
      w.injected = t;
    }
    // back-to-back: the tail has crossed the injection channel, which is free from the next cycle;
    // the worm's flits still in its injection buffer drain from there
    if (w.toSend === 0 && this.options.injection === 'back-to-back') this.owner[s.vc] = null;
  }

  /** 4a-d: the first waiting flit of `s` goes into every child at once. */
  private move(s: Slot, t: number): void {
    const w = s.worm;
    const L = w.spec.flits;
    s.out++;
    if (s.kind === 'network' && this.options.linkLatency > 1) this.left[s.vc]!.push(t);
    for (const c of s.children) {
      c.in++;
      if (c.kind === 'ejection') {
        c.out = c.in;
        this.count.ejectedFlits++;
        if (c.in === 1) w.destHead[c.target] = t + 1;
        if (c.in === L) {
          // 4c, 4d: the tail is delivered; the VC is freed and the worms this delivery triggers start
          w.destTail[c.target] = t + 1;
          c.dead = true;
          w.live--;
          this.owner[c.vc] = null;
          for (const u of w.triggers) if (u.spec.src === c.node && u.state === 'waiting') this.activate(u, t + 1);
        }
      } else {
        if (c.in === 1) c.head = t + this.options.linkLatency;
        if (this.options.linkLatency > 1) c.sent.push(t);
        if (c.in === L && this.options.vcRelease === 'tail-sent') {
          // 4b, 'tail-sent': the tail has crossed: the VC is free from the next cycle; the slot's
          // flits stay ahead of the next holder's in the buffer
          c.released = true;
          this.owner[c.vc] = null;
        }
        this.count.flitHops++;
        if (this.chanFlits.length > 0) this.chanFlits[c.chan]!++;
        this.rr[c.chan] = c.vc % this.V;
      }
    }
    if (s.out === L) {
      // 4b: the tail has left: the VC is free (from the next cycle) and the slot returns at once
      // (a back-to-back injection slot gave its VC up when its tail crossed the channel)
      w.live--;
      if (this.owner[s.vc] === s) this.owner[s.vc] = null;
      if (s.kind === 'network') {
        // the next slot in the VC's buffer reaches the front
        this.fifo[s.vc]!.shift();
        this.frontSince[s.vc] = t + 1;
      }
      w.slots.splice(w.slots.indexOf(s), 1);
      this.liveSlots--;
    }
  }

  // ---- results ----

  /** Worm number n (not released). */
  private worm(n: number): Worm {
    return this.worms[n - this.dropped]!;
  }

  /**
   * Streamed runs (src/engine/feed.ts): worms below number `upTo` are done and never asked for
   * again; their objects are dropped (in batches, so that a run's memory does not grow with its
   * length, like the wasm engine's record rings).
   */
  release(upTo: number): void {
    const n = upTo - this.dropped;
    if (n > 4096 && n * 2 > this.worms.length) {
      this.worms.splice(0, n);
      this.dropped = upTo;
    }
  }

  times(first = 0, count = this.dropped + this.worms.length - first): WormTimes {
    const ws = this.worms.slice(first - this.dropped, first - this.dropped + count);
    const per = (f: (w: Worm) => number): Int32Array => Int32Array.from(ws, f);
    const destBase = new Int32Array(ws.length);
    const destNode: number[] = [];
    const destHead: number[] = [];
    const destTail: number[] = [];
    const destWorm: number[] = [];
    ws.forEach((w, k) => {
      destBase[k] = destNode.length;
      destNode.push(...w.spec.dests);
      destHead.push(...w.destHead);
      destTail.push(...w.destTail);
      destWorm.push(...w.spec.dests.map(() => w.n));
    });
    return {
      activated: per((w) => w.activated),
      injected: per((w) => w.injected),
      done: per((w) => w.done),
      waits: per((w) => w.waits),
      destBase,
      destNode: Int32Array.from(destNode),
      destHead: Int32Array.from(destHead),
      destTail: Int32Array.from(destTail),
      destWorm: Int32Array.from(destWorm),
    };
  }

  channelFlits(): Int32Array {
    return this.chanFlits.slice();
  }

  slotUse(): SlotUse {
    return { capacity: this.options.slots, peak: this.peakSlots };
  }

  /** "Watchdog": worm -> the holder of each VC it requests, and one cycle of that graph. */
  deadlock(): DeadlockReport {
    const edges = new Map<number, WaitEdge[]>();
    for (const w of [...this.active].sort((a, b) => a.n - b.n)) {
      const out: WaitEdge[] = [];
      if (w.state === 'request' && this.owner[w.injVc]) out.push({ to: this.owner[w.injVc]!.worm.n, vc: w.injVc });
      for (const s of w.slots) {
        if (s.granted || s.dead) continue;
        for (let i = 0; i < s.choices; i++) {
          const h = this.owner[s.vc + i];
          if (h) out.push({ to: h.worm.n, vc: s.vc + i });
        }
      }
      out.sort((a, b) => a.to - b.to || a.vc - b.vc);
      if (out.length > 0) edges.set(w.n, out);
    }
    const space: VcSpace = { ports: this.P, v: this.V, k: this.K, q: this.Q, qe: this.QE, inj: this.inj, ej: this.ej };
    return waitForCycle(edges, (vc) => nameVcOf(space, this.routing, vc), this.t, this.lastProgress);
  }
}
