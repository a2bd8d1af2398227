import type { WormTree } from './input.ts';
import type { WormSpec } from './types.ts';

// The reference engine's plain objects (docs/model-flit.md "Worms and slots"): a worm, its slots,
// and the buffers of the network VCs. The rules (reference-rules.ts) read them; the cycle's steps
// (reference.ts) change them.

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
  /** Cycles its last flits were sent into it (network slots; kept only when linkLatency > 1). */
  sent: number[];
  /** The cycle it was made (its request's first cycle). */
  born: number;
  /** lateGrant 'next-cycle': the cycle it was granted in, when that was after `born` (else -1). */
  lateAt: number;
  /** injectionBuffer 'lanes': an injection slot's lane (else 0). */
  lane: number;
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

/** A worm as `append` receives it: waiting for its creation cycle or its trigger, nothing sent. */
export function newWorm(n: number, spec: WormSpec, group: number, key: number, tree: WormTree | null): Worm {
  return {
    n,
    spec,
    group,
    key,
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
  };
}

/** Where a new slot's VC is and what it heads for; the rest of a slot starts empty. */
export type SlotPlace = Pick<Slot, 'kind' | 'node' | 'vc' | 'choices' | 'target' | 'cls' | 'port' | 'chan'>;

/** A requested slot of worm `w` under `parent` (null: the injection slot), not yet granted. */
export function newSlot(w: Worm, parent: Slot | null, place: SlotPlace, born: number): Slot {
  // every field written in one order, so that every slot has one shape
  return {
    worm: w,
    kind: place.kind,
    vc: place.vc,
    choices: place.choices,
    granted: false,
    parent,
    children: [],
    in: 0,
    out: 0,
    node: place.node,
    head: -1,
    routed: false,
    dead: false,
    released: false,
    target: place.target,
    cls: place.cls,
    port: place.port,
    chan: place.chan,
    sent: [],
    born,
    lateAt: -1,
    lane: 0,
  };
}

/**
 * The buffers of the network VCs ("One cycle t" 4b, 'tail-sent'): per VC the slots whose flits are
 * in it, oldest first (the holder last; with 'tail-sent' also earlier holders, released, whose
 * flits leave first), and the time the current first one reached the front (the previous first
 * one's tail left). Per VC also the cycles its last flits left it (their credits travel
 * linkLatency cycles; kept only when linkLatency > 1).
 */
export class VcBuffers {
  readonly fifo: Slot[][];
  readonly frontSince: Int32Array;
  readonly left: number[][];

  constructor(networkVcs: number) {
    this.fifo = Array.from({ length: networkVcs }, () => []);
    this.frontSince = new Int32Array(networkVcs);
    this.left = Array.from({ length: networkVcs }, () => []);
  }

  /** A slot granted network VC `vc` queues its flits behind those already in its buffer. */
  granted(s: Slot): void {
    this.fifo[s.vc]!.push(s);
  }

  /** The tail of the front slot of `vc` left during t: the next slot reaches the front at t + 1. */
  tailLeft(vc: number, t: number): void {
    this.fifo[vc]!.shift();
    this.frontSince[vc] = t + 1;
  }
}

/**
 * Option injectionBuffer 'lanes' (docs/model-flit.md "BookSim's router"): an injection channel's V
 * lanes. A message granted the channel takes the lane after the one taken last and queues there
 * behind the earlier messages' flits; the lane's B flits are shared by its messages.
 */
export class InjectionLanes {
  private readonly last = new Map<number, number>();
  private readonly fifo = new Map<number, Slot[]>();
  private readonly front = new Map<number, number>();

  constructor(private readonly v: number) {}

  /** Injection slot s of channel `injQ` takes its lane. */
  enter(s: Slot, injQ: number): void {
    const lane = ((this.last.get(injQ) ?? this.v - 1) + 1) % this.v;
    this.last.set(injQ, lane);
    s.lane = lane;
    const key = injQ * this.v + lane;
    let q = this.fifo.get(key);
    if (!q) this.fifo.set(key, (q = []));
    q.push(s);
  }

  /** The flits in injection slot s's lane. */
  held(s: Slot): number {
    let n = 0;
    for (const x of this.queue(s)) n += x.in - x.out;
    return n;
  }

  /** s is at its lane's front, there since `frontSince(s)`. */
  atFront(s: Slot): boolean {
    return this.queue(s)[0] === s;
  }

  frontSince(s: Slot): number {
    return this.front.get(s.worm.injQ * this.v + s.lane) ?? 0;
  }

  /** The tail of front slot s left during t: the next message reaches the front at t + 1. */
  tailLeft(s: Slot, t: number): void {
    this.queue(s).shift();
    this.front.set(s.worm.injQ * this.v + s.lane, t + 1);
  }

  private queue(s: Slot): Slot[] {
    return this.fifo.get(s.worm.injQ * this.v + s.lane)!;
  }
}
