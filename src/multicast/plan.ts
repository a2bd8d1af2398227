import type { RoutingFunction } from '../routing/types.ts';
import type { Topology } from '../topology/types.ts';

/**
 * The explicit routes of a plan's messages, for path-based worms whose route is not simply the
 * routing function between consecutive destinations (docs/algorithms-path.md): the virtual
 * channels of message id in hop order are channels[offsets[id] .. offsets[id+1]), with
 * vc id = (node * ports + port) * V + class and V = routing.vcClasses.length.
 */
export interface PlanRoutes {
  readonly offsets: Int32Array;
  readonly channels: Int32Array;
}

/**
 * The trees of a plan's tree worms (router-replicated multicast, docs/algorithms-tree.md): the
 * edges of message id are e = offsets[id] .. offsets[id+1]) in breadth-first order (parents
 * first); edge e reaches node nodes[e] by the virtual channel channels[e] =
 * (parent node * ports + port) * V + class, and parents[e] is the index (relative to
 * offsets[id]) of the edge that reaches the parent node, -1 when the parent is the sender.
 * A branch point is a node with two or more child edges: the channels of those edges are the
 * output channels its router replicates the worm onto. Non-tree messages have no edges.
 */
export interface PlanTrees {
  readonly offsets: Int32Array;
  readonly nodes: Int32Array;
  readonly channels: Int32Array;
  readonly parents: Int32Array;
}

/** `after` of a message the source sends on its own initiative (nothing triggers it). */
export const NONE = -1;

/**
 * How a message travels (docs/architecture.md): a unicast forwarded in software, a
 * multidestination path worm, or a tree worm replicated by routers.
 */
export type MessageKind = 'unicast' | 'path' | 'tree';
/** Kind codes stored in Plan.kinds, by index. */
export const MESSAGE_KINDS: readonly MessageKind[] = ['unicast', 'path', 'tree'];

/** One message of a plan, materialised from the plan's columns. */
export interface Message {
  readonly id: number;
  /** The sender. */
  readonly from: number;
  /** The receivers, in delivery order; exactly one (the receiver) for a unicast. */
  readonly dests: readonly number[];
  /**
   * The address field D the message carries: the nodes the receiver is responsible for
   * forwarding to, excluding itself, in chain order (docs/algorithms-unicast.md).
   */
  readonly address: readonly number[];
  /** Id of the message whose arrival at `from` triggers this send; NONE at the source. */
  readonly after: number;
  /** 0-based send order among the messages `from` sends after that arrival. */
  readonly order: number;
  readonly kind: MessageKind;
  /** The channel network the message uses (e.g. high / low), when the algorithm names one. */
  readonly network?: string;
}

/**
 * What every multicast algorithm produces and every evaluator consumes (docs/architecture.md). The messages are stored as columns of typed arrays so that plans of ~10^6 messages
 * fit in memory; `message(id)` and `messages` materialise objects for small plans.
 *
 * Invariants (checked by checkPlan): message ids are 0..count-1; a message's `after` precedes
 * it (after < id); a sender's messages appear in increasing `order`.
 *
 * ```
 * column          index      meaning
 * senders[id]     message    from
 * afters[id]      message    trigger message id or NONE
 * orders[id]      message    send order at the sender
 * kinds[id]       message    MESSAGE_KINDS index
 * networks[id]    message    networkNames index, -1 for none
 * destOffsets     id, id+1   destPool[destOffsets[id] .. destOffsets[id+1]) = dests
 * addrStart/End   message    addressPool[addrStart[id] .. addrEnd[id]) = address field D
 * ```
 */
export class Plan {
  readonly count: number;

  constructor(
    readonly topology: Topology,
    readonly routing: RoutingFunction,
    readonly algorithm: string,
    readonly source: number,
    /** The destinations, in ascending id order, without the source. */
    readonly destinations: Int32Array,
    readonly senders: Int32Array,
    readonly afters: Int32Array,
    readonly orders: Int32Array,
    readonly kinds: Uint8Array,
    readonly networks: Int8Array,
    readonly networkNames: readonly string[],
    readonly destOffsets: Int32Array,
    readonly destPool: Int32Array,
    readonly addrStart: Int32Array,
    readonly addrEnd: Int32Array,
    readonly addressPool: Int32Array,
    /** Explicit worm routes (path-based plans); absent: follow `routing` between destinations. */
    readonly routes?: PlanRoutes,
    /** The trees of tree worms (tree-based plans), parents first; see PlanTrees. */
    readonly trees?: PlanTrees,
  ) {
    this.count = senders.length;
  }

  /** The first (for a unicast, the only) receiver of message `id`. */
  receiver(id: number): number {
    return this.destPool[this.destOffsets[id]!]!;
  }

  /** Message `id` as an object. */
  message(id: number): Message {
    const net = this.networks[id]!;
    const m: Message = {
      id,
      from: this.senders[id]!,
      dests: Array.from(this.destPool.subarray(this.destOffsets[id]!, this.destOffsets[id + 1]!)),
      address: Array.from(this.addressPool.subarray(this.addrStart[id]!, this.addrEnd[id]!)),
      after: this.afters[id]!,
      order: this.orders[id]!,
      kind: MESSAGE_KINDS[this.kinds[id]!]!,
    };
    return net >= 0 ? { ...m, network: this.networkNames[net]! } : m;
  }

  /** Every message as an object (allocates; meant for small plans, output and tests). */
  get messages(): Message[] {
    const out: Message[] = [];
    for (let id = 0; id < this.count; id++) out.push(this.message(id));
    return out;
  }
}

/** What a general message needs; PlanBuilder.add takes it. */
export interface MessageSpec {
  from: number;
  dests: readonly number[];
  after: number;
  order: number;
  kind?: MessageKind;
  network?: string;
  address?: readonly number[];
}

function grown<T extends Int32Array | Uint8Array | Int8Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  const b = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2, 16));
  b.set(a);
  return b;
}

/**
 * Builds a Plan message by message. Unicast-based algorithms pass their chain as the
 * address pool and give each unicast's address field as a [start, end) range of it, so a
 * plan of m messages takes O(m) memory although the address fields sum to O(m log m).
 */
export class PlanBuilder {
  private n = 0;
  private senders: Int32Array;
  private afters: Int32Array;
  private orders: Int32Array;
  private kinds: Uint8Array;
  private networks: Int8Array;
  private destOffsets: Int32Array;
  private destPool: Int32Array;
  private destLen = 0;
  private addrStart: Int32Array;
  private addrEnd: Int32Array;
  private pool: Int32Array;
  private poolLen: number;
  private readonly networkNames: string[] = [];

  constructor(capacity: number, addressPool: Int32Array = new Int32Array(0)) {
    const c = Math.max(1, capacity);
    this.senders = new Int32Array(c);
    this.afters = new Int32Array(c);
    this.orders = new Int32Array(c);
    this.kinds = new Uint8Array(c);
    this.networks = new Int8Array(c);
    this.destOffsets = new Int32Array(c + 1);
    this.destPool = new Int32Array(c);
    this.addrStart = new Int32Array(c);
    this.addrEnd = new Int32Array(c);
    this.pool = addressPool;
    this.poolLen = addressPool.length;
  }

  get size(): number {
    return this.n;
  }

  private reserve(): void {
    const need = this.n + 1;
    this.senders = grown(this.senders, need);
    this.afters = grown(this.afters, need);
    this.orders = grown(this.orders, need);
    this.kinds = grown(this.kinds, need);
    this.networks = grown(this.networks, need);
    this.destOffsets = grown(this.destOffsets, need + 1);
    this.addrStart = grown(this.addrStart, need);
    this.addrEnd = grown(this.addrEnd, need);
  }

  /** A unicast whose address field is addressPool[addrStart .. addrEnd); returns its id. */
  unicast(from: number, to: number, after: number, order: number, addrStart: number, addrEnd: number): number {
    if (this.n === this.senders.length) this.reserve();
    const id = this.n++;
    this.senders[id] = from;
    this.afters[id] = after;
    this.orders[id] = order;
    this.networks[id] = -1;
    this.destPool = grown(this.destPool, this.destLen + 1);
    this.destPool[this.destLen++] = to;
    this.destOffsets[id + 1] = this.destLen;
    this.addrStart[id] = addrStart;
    this.addrEnd[id] = addrEnd;
    return id;
  }

  /** A message of any kind; its address field is appended to the address pool. */
  add(m: MessageSpec): number {
    this.reserve();
    const id = this.n++;
    this.senders[id] = m.from;
    this.afters[id] = m.after;
    this.orders[id] = m.order;
    this.kinds[id] = MESSAGE_KINDS.indexOf(m.kind ?? 'unicast');
    let net = -1;
    if (m.network !== undefined) {
      net = this.networkNames.indexOf(m.network);
      if (net < 0) net = this.networkNames.push(m.network) - 1;
    }
    this.networks[id] = net;
    this.destPool = grown(this.destPool, this.destLen + m.dests.length);
    for (const d of m.dests) this.destPool[this.destLen++] = d;
    this.destOffsets[id + 1] = this.destLen;
    const address = m.address ?? [];
    this.pool = grown(this.pool, this.poolLen + address.length);
    this.addrStart[id] = this.poolLen;
    for (const a of address) this.pool[this.poolLen++] = a;
    this.addrEnd[id] = this.poolLen;
    return id;
  }

  /** The finished plan (the builder must not be used afterwards). */
  build(
    topology: Topology,
    routing: RoutingFunction,
    algorithm: string,
    source: number,
    destinations: Int32Array,
    routes?: PlanRoutes,
    trees?: PlanTrees,
  ): Plan {
    const n = this.n;
    const cut = <T extends Int32Array | Uint8Array | Int8Array>(a: T, len: number): T =>
      a.length === len ? a : (a.slice(0, len) as T);
    return new Plan(
      topology,
      routing,
      algorithm,
      source,
      destinations,
      cut(this.senders, n),
      cut(this.afters, n),
      cut(this.orders, n),
      cut(this.kinds, n),
      cut(this.networks, n),
      this.networkNames,
      cut(this.destOffsets, n + 1),
      cut(this.destPool, this.destLen),
      cut(this.addrStart, n),
      cut(this.addrEnd, n),
      cut(this.pool, this.poolLen),
      routes,
      trees,
    );
  }
}
