import type { RoutingFunction } from '../routing/types.ts';
import { checkRoutable, prepare, type ResolvedOptions, wormTree } from './input.ts';
import {
  ARBITER_POLICY,
  type Arbiter,
  arbiterOf,
  arbitrationStep,
  ejectionChannelOf,
  inputOf,
} from './reference-arbiter.ts';
import {
  InjectionLanes,
  newSlot,
  newWorm,
  type Slot,
  type SlotPlace,
  VcBuffers,
  type Worm,
} from './reference-objects.ts';
import { waitForEdges, wormTimes } from './reference-results.ts';
import { childRequests, injectionPlace, type Rules, rulesOf, triggeredBy } from './reference-rules.ts';
import { RoundRobinVcAllocator } from './reference-vc-allocator.ts';
import { type DeadlockReport, nameVcOf, type SlotUse, type VcSpace, waitForCycle, type WormTimes } from './results.ts';
import type { Engine, EngineCounters, EngineInput, EngineStatus, WormPlace, WormSpec } from './types.ts';

export type { Slot, Worm } from './reference-objects.ts';

// The JS reference engine: the executable specification of docs/model-flit.md. One method per step
// of "One cycle t" (activation, routingAndAllocation, readyMoves, arbitration, endOfCycle), each
// evaluated exactly as the page states it (step 2 for every worm, then which moves are ready, then
// arbitration, then the end of the cycle), with none of the wasm engine's shortcuts
// (assembly/engine: walk, ready list, parked requests, read-ahead). The steps read no engine
// option: each rule they ask is a predicate of reference-rules.ts with the options resolved in once
// (rulesOf, in the constructor), and channel arbitration is the seam of reference-arbiter.ts
// (docs/model-flit.md "Rules and their reference predicates", "Arbitration"). The two engines are
// held equal on their results (test/engine-differential*.test.ts), never on their memory.

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
  /** The VC numbering of "Channels and virtual channels". */
  private readonly space: VcSpace;
  private readonly rules: Rules;
  private readonly buffers: VcBuffers;
  private readonly arbiter: Arbiter;
  /** Step 3's arbitration: the channels' when their VCs are multiplexed; none when each VC has its own link. */
  private readonly arbitration: (moves: Slot[]) => Slot[];
  /** Switch 'per-port': a move left its input port (the input stage's pointer). */
  private readonly inputMoved: (s: Slot) => void;
  /** "BookSim's router": the injection lanes (injectionBuffer 'lanes'), the VC allocator (vcAllocator 'round-robin'). */
  private readonly lanes: InjectionLanes | null;
  private readonly allocator: RoundRobinVcAllocator | null;
  /** "BookSim's router", ejection 'vcs': an ejection slot's channel and VC index in the arbitration. */
  private readonly ejectionChannel: ((c: Slot) => [number, number]) | null;
  private readonly chanFlits: Int32Array;
  /** 4a: one flit on a channel's utilisation counter (option channelUse). */
  private readonly countChannelFlit: (chan: number) => void;
  private readonly queues = new Map<number, Worm[]>();
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
    const channels = s.nodes * s.ports;
    this.options = options;
    this.routing = input.routing;
    this.space = {
      ports: s.ports,
      v: s.vcs,
      k: options.vcsPerClass,
      q: s.q,
      qe: s.qe,
      inj: layout.injBase,
      ej: layout.ejBase,
      ejectionVcs: options.ejection === 'vcs',
    };
    this.owner = new Array<Slot | null>(layout.vcTotal).fill(null);
    this.buffers = new VcBuffers(layout.injBase);
    const perVc = input.options?.consumption === 'vc';
    this.lanes = options.injectionBuffer === 'lanes' ? new InjectionLanes(s.vcs) : null;
    this.allocator = options.vcAllocator === 'round-robin' ? new RoundRobinVcAllocator(this.space) : null;
    this.rules = rulesOf(options, perVc, this.space, input.routing, this.buffers, this.owner, this.lanes);
    // switch 'per-port' ("Arbitration"): one crossbar input per input port, allocated input first
    const inputPort = options.switch === 'per-port' ? inputOf(channels, s.vcs) : null;
    // ejection 'vcs' ("BookSim's router"): node a's ejection channel is arbitrated as channel N P + a
    this.ejectionChannel = options.ejection === 'vcs' ? ejectionChannelOf(channels, layout.ejBase, s.vcs) : null;
    const arbitrated = channels + (this.ejectionChannel ? s.nodes : 0);
    this.arbiter = arbiterOf(ARBITER_POLICY, arbitrated, s.vcs, inputPort ? channels + s.nodes * s.q : 0);
    this.arbitration = s.mux
      ? arbitrationStep(this.arbiter, arbitrated, s.vcs, this.count, inputPort, this.ejectionChannel)
      : (moves) => moves;
    this.inputMoved = inputPort
      ? (slot) => {
          const [port, v] = inputPort(slot);
          this.arbiter.arbitratedInput(port, v);
        }
      : () => {};
    this.chanFlits = new Int32Array(s.channelUse ? channels : 0);
    this.countChannelFlit = s.channelUse
      ? (chan) => {
          this.chanFlits[chan]!++;
        }
      : () => {};
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
      const tree = spec.kind === 'tree' ? wormTree(this.routing, this.space.k, spec, n) : null;
      if (!tree) checkRoutable(this.routing, spec, n);
      this.worms.push(newWorm(n, spec, places[i]!.group, this.rules.routingKey(n), tree));
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
      if (this.status === 'running' && this.active.length > 0 && this.rules.frozen(this.t - 1, this.lastProgress))
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
    this.endOfCycle(t, this.arbitration(moves), sources);
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
    w.injQ = w.spec.src * this.space.q + this.rules.injectionQueue(w);
    w.injVc = this.space.inj + w.injQ;
    let queue = this.queues.get(w.injQ);
    if (!queue) this.queues.set(w.injQ, (queue = []));
    queue.push(w);
    if (queue.length === 1) this.becomeHead(w, time);
    else w.state = 'queued';
  }

  /** A worm becomes the head of its injection queue at `time` (and may begin its startup). */
  private becomeHead(w: Worm, time: number): void {
    w.state = 'request';
    this.rules.startupAtHead(w, time, this.owner[w.injVc] ?? null);
    this.active.push(w);
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
        if (!s.granted) {
          if (this.rules.asksAlone(s)) this.request(s, t);
        } else if (this.rules.headerRoutable(s, t)) {
          this.route(s);
          // a stop here ends the cycle before any move (also when an injection request ran out of slots before)
          if (this.status !== 'running') return false;
        }
      }
      const joint = this.rules.jointRequests(w);
      if (joint.length > 0) this.requestTogether(w, joint, t);
    }
    // vcAllocator 'round-robin' ("BookSim's router"): the cycle's requests are served after step 2
    this.allocator?.allocate(
      (s) => this.rules.freeChoice(s),
      (s, vc) => this.grant(s, vc, t),
      (s) => this.wait(s),
    );
    return true;
  }

  /** 2a: the queue head takes its injection VC if free (its startup may begin) and the next worm of the queue becomes head. */
  private requestInjection(w: Worm, t: number): void {
    if (this.owner[w.injVc]) {
      this.count.vcWaitCycles++;
      w.waits++;
      return;
    }
    // running out of slots here lets the cycle finish (the run stops after it)
    const s = this.addSlot(w, null, injectionPlace(this.space, w));
    if (!s) return;
    this.grant(s, w.injVc, t);
    this.lanes?.enter(s, w.injQ);
    w.injSlot = s;
    w.state = 'sending';
    this.rules.startupAtGrant(w, t);
    const queue = this.queues.get(w.injQ)!;
    queue.shift();
    if (queue.length > 0) this.becomeHead(queue[0]!, t);
  }

  /** 2c: a request takes the lowest-numbered free VC of its choices, or waits one cycle. */
  private request(s: Slot, t: number): void {
    if (this.allocator) {
      this.allocator.ask(s);
      return;
    }
    const vc = this.rules.freeChoice(s);
    if (vc >= 0) {
      this.grant(s, vc, t);
      return;
    }
    this.wait(s);
  }

  /** 2c, "Tree replication": w's joint requests are granted together when its headers are all routed and each has a free VC; else each waits. */
  private requestTogether(w: Worm, joint: Slot[], t: number): void {
    if (this.rules.levelComplete(w) && joint.every((s) => this.rules.freeChoice(s) >= 0)) {
      for (const s of joint) this.grant(s, this.rules.freeChoice(s), t);
      return;
    }
    for (const s of joint) this.wait(s);
  }

  /** 2c: request s waits one cycle (a VC-wait cycle, and a same-multicast wait if its class's first copy is held by its multicast). */
  private wait(s: Slot): void {
    this.count.vcWaitCycles++;
    s.worm.waits++;
    if (this.rules.sameMulticastWait(s)) this.count.sameMulticastWaits++;
  }

  private grant(s: Slot, vc: number, t: number): void {
    this.owner[vc] = s;
    s.vc = vc;
    s.granted = true;
    if (s.born < t) s.lateAt = t;
    if (s.kind === 'network') this.buffers.granted(s);
    this.count.grants++;
    this.lastProgress = t;
  }

  /** 2b: the slot's children are created as requests, then each is requested at once (all exist when the first asks: "Tree replication"). */
  private route(s: Slot): void {
    s.routed = true;
    const made: Slot[] = [];
    for (const place of childRequests(this.rules, this.routing, this.space, s, this.t)) {
      if (!place) {
        this.status = 'bad-route';
        continue;
      }
      // issue 22: the host never gives a worm a channel dead to its routing (docs/faults.md)
      if (place.chan >= 0 && this.routing.faults?.channelMask[place.chan] === 1)
        throw new Error(`reference engine: a worm from node ${s.worm.spec.src} takes the faulty channel ${place.chan}`);
      const c = this.addSlot(s.worm, s, place);
      if (c) made.push(c);
    }
    for (const c of made) if (this.rules.asksAlone(c)) this.request(c, this.t);
  }

  /** A new slot, or null (status out-of-slots) when the slot capacity is in use. */
  private addSlot(w: Worm, parent: Slot | null, place: SlotPlace): Slot | null {
    if (this.rules.outOfSlots(this.liveSlots)) {
      this.status = 'out-of-slots';
      return null;
    }
    this.liveSlots++;
    this.peakSlots = Math.max(this.peakSlots, this.liveSlots);
    const s = newSlot(w, parent, place, this.t);
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
    const moves: Slot[] = [];
    const sources: Worm[] = [];
    for (const w of this.active) {
      if (w.state !== 'sending' || this.rules.treeBlocked(w)) continue;
      for (let i = w.slots.length - 1; i >= 0; i--) if (this.rules.moveReady(w.slots[i]!, t)) moves.push(w.slots[i]!);
      if (this.rules.sourceReady(w, t)) sources.push(w);
    }
    return { moves, sources };
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
    // the worm's flits still in its injection buffer drain from there
    if (this.rules.injectionFreedAtTailSent(w)) this.owner[s.vc] = null;
  }

  /** 4a-d: the first waiting flit of `s` goes into every child at once. */
  private move(s: Slot, t: number): void {
    s.out++;
    this.inputMoved(s);
    if (s.kind === 'network') this.rules.flitLeft(s.vc, t);
    for (const c of s.children) {
      c.in++;
      if (c.kind === 'ejection') this.deliver(c, t);
      else this.cross(c, t);
    }
    if (s.out === s.worm.spec.flits) this.tailLeft(s, t);
  }

  /** 4a, 4b: a flit crossed a network channel into child c during t. */
  private cross(c: Slot, t: number): void {
    if (c.in === 1) c.head = this.rules.arrival(t);
    this.rules.flitSent(c, t);
    if (this.rules.releasesOnTailIn(c)) {
      // the VC is free from the next cycle; the slot's flits stay ahead of the next holder's in the buffer
      c.released = true;
      this.owner[c.vc] = null;
    }
    this.count.flitHops++;
    this.countChannelFlit(c.chan);
    this.arbiter.arbitrated(c.chan, c.vc % this.space.v);
  }

  /** 4c, 4d: ejection slot c delivers a flit; at the tail its VC is freed and the worms this delivery triggers start. */
  private deliver(c: Slot, t: number): void {
    const w = c.worm;
    if (this.ejectionChannel) {
      const [chan, v] = this.ejectionChannel(c);
      this.arbiter.arbitrated(chan, v);
    }
    c.out = c.in;
    this.count.ejectedFlits++;
    if (c.in === 1) w.destHead[c.target] = t + 1;
    if (c.in < w.spec.flits) return;
    w.destTail[c.target] = t + 1;
    c.dead = true;
    w.live--;
    this.owner[c.vc] = null;
    for (const u of triggeredBy(w, c.node)) this.activate(u, t + 1);
  }

  /**
   * 4b: the tail has left slot s: its VC is free (from the next cycle; a released slot gave it up
   * before) and the slot returns at once.
   */
  private tailLeft(s: Slot, t: number): void {
    const w = s.worm;
    w.live--;
    if (this.owner[s.vc] === s) this.owner[s.vc] = null;
    if (s.kind === 'network') this.buffers.tailLeft(s.vc, t);
    else if (s.kind === 'injection') this.lanes?.tailLeft(s, t);
    w.slots.splice(w.slots.indexOf(s), 1);
    this.liveSlots--;
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
    return wormTimes(this.worms.slice(first - this.dropped, first - this.dropped + count));
  }

  channelFlits(): Int32Array {
    return this.chanFlits.slice();
  }

  slotUse(): SlotUse {
    return { capacity: this.options.slots, peak: this.peakSlots };
  }

  /** "Watchdog": worm -> the holder of each VC it requests, and one cycle of that graph. */
  deadlock(): DeadlockReport {
    const edges = waitForEdges(this.active, this.owner, this.buffers.fifo);
    return waitForCycle(edges, (vc) => nameVcOf(this.space, this.routing, vc), this.t, this.lastProgress);
  }
}
