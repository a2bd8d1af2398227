import { WormcastError } from '../../errors.ts';
import { tracePath } from '../../routing/trace.ts';
import type { RoutingFunction } from '../../routing/types.ts';
import { NONE, PlanBuilder, type Plan, type PlanTrees } from '../plan.ts';

/**
 * One tree worm while it is built (docs/algorithms-tree.md "How a tree plan is stored"):
 * tree nodes are indices, 0 the sender; every other tree node is reached from its parent
 * through one (port, VC class). A node of the network may appear twice (two branches crossing
 * it), a channel may not.
 */
export class TreeWorm {
  readonly nodes: number[];
  readonly parents: number[] = [-1];
  readonly ports: number[] = [-1];
  readonly classes: number[] = [-1];
  readonly children: number[][] = [[]];
  /** Destinations delivered, as tree-node indices, in the order they were marked. */
  readonly delivers: number[] = [];
  private readonly used = new Set<number>();

  /**
   * `shared`: the algorithm may send two copies over one channel (divided greedy builds a
   * multicast subgraph, seed 004 Theorem 5.4, not always a tree); the channel is then listed twice.
   */
  constructor(
    readonly routing: RoutingFunction,
    readonly sender: number,
    readonly network?: string,
    readonly shared = false,
  ) {
    this.nodes = [sender];
  }

  /** Node of tree index i. */
  node(i: number): number {
    return this.nodes[i]!;
  }

  /** Add the hop from tree node `parent` out of `port` on class `vc`; returns the new index. */
  hop(parent: number, port: number, vc: number): number {
    const r = this.routing;
    const t = r.topology;
    const from = this.nodes[parent]!;
    const to = t.neighbor(from, port);
    if (to < 0) throw new Error(`${t.spec}: port ${port} of ${t.format(from)} leads nowhere`);
    const ch = (from * t.ports + port) * r.vcClasses.length + vc;
    if (this.used.has(ch) && !this.shared) {
      throw new WormcastError(
        `tree from ${t.format(this.sender)}: channel ${t.format(from)} -> ${t.format(to)} (${r.vcClasses[vc]}) used twice`,
      );
    }
    this.used.add(ch);
    const i = this.nodes.length;
    this.nodes.push(to);
    this.parents.push(parent);
    this.ports.push(port);
    this.classes.push(vc);
    this.children.push([]);
    this.children[parent]!.push(i);
    return i;
  }

  /** The existing child of `parent` through `port` and class `vc`, or -1. */
  child(parent: number, port: number, vc: number): number {
    for (const c of this.children[parent]!) if (this.ports[c] === port && this.classes[c] === vc) return c;
    return -1;
  }

  /** Follow (or extend) the tree from tree node `at` by port/class, sharing existing edges. */
  step(at: number, port: number, vc: number): number {
    const c = this.child(at, port, vc);
    return c >= 0 ? c : this.hop(at, port, vc);
  }

  /** Order every node's children by (port, class): the router's output order of route unions. */
  sortChildren(): void {
    for (const c of this.children)
      c.sort((a, b) => this.ports[a]! - this.ports[b]! || this.classes[a]! - this.classes[b]!);
  }

  deliver(i: number): void {
    this.delivers.push(i);
  }

  /**
   * Tree indices in breadth-first order (the sender first; children in the order they were
   * added, which each algorithm makes its router's output order).
   */
  breadthFirst(): number[] {
    const order = [0];
    for (let h = 0; h < order.length; h++) for (const c of this.children[order[h]!]!) order.push(c);
    return order;
  }
}

/**
 * The plan of a list of tree worms, all sent by the source at once (order = list order):
 * messages of kind `tree`, `trees` and `routes` filled in breadth-first order.
 */
export function treePlan(
  routing: RoutingFunction,
  algorithm: string,
  source: number,
  destinations: Int32Array,
  worms: readonly TreeWorm[],
): Plan {
  const t = routing.topology;
  const V = routing.vcClasses.length;
  const b = new PlanBuilder(worms.length);
  let edges = 0;
  for (const w of worms) edges += w.nodes.length - 1;
  const offsets = new Int32Array(worms.length + 1);
  const nodes = new Int32Array(edges);
  const channels = new Int32Array(edges);
  const parents = new Int32Array(edges);
  let e = 0;
  worms.forEach((w, id) => {
    const order = w.breadthFirst();
    const pos = new Int32Array(w.nodes.length).fill(-1);
    order.forEach((i, k) => (pos[i] = k - 1));
    for (const i of order) {
      if (i === 0) continue;
      const p = w.parents[i]!;
      nodes[e] = w.nodes[i]!;
      channels[e] = (w.nodes[p]! * t.ports + w.ports[i]!) * V + w.classes[i]!;
      parents[e] = pos[p]!;
      e++;
    }
    offsets[id + 1] = e;
    const dests = [...w.delivers].sort((a, c) => pos[a]! - pos[c]!).map((i) => w.nodes[i]!);
    b.add({
      from: w.sender,
      dests,
      after: NONE,
      order: id,
      kind: 'tree',
      ...(w.network !== undefined ? { network: w.network } : {}),
    });
  });
  const trees: PlanTrees = { offsets, nodes, channels, parents };
  return b.build(t, routing, algorithm, source, destinations, { offsets, channels }, trees);
}

/** A branch point of a tree worm: the node and the channels the worm is replicated onto. */
export interface BranchPoint {
  readonly node: number;
  /** Edge index (relative to the message) reaching it, -1 for the sender. */
  readonly edge: number;
  readonly channels: number[];
}

/** The branch points (replicate nodes, seed 004 section 5.2) of tree message `id`. */
export function branchPoints(plan: Plan, id: number): BranchPoint[] {
  const tr = plan.trees!;
  const start = tr.offsets[id]!;
  const count = tr.offsets[id + 1]! - start;
  const kids = new Map<number, number[]>();
  for (let k = 0; k < count; k++) {
    const p = tr.parents[start + k]!;
    const list = kids.get(p) ?? [];
    list.push(tr.channels[start + k]!);
    kids.set(p, list);
  }
  const out: BranchPoint[] = [];
  for (const [edge, channels] of [...kids].sort((a, b) => a[0] - b[0])) {
    if (channels.length < 2) continue;
    out.push({ node: edge < 0 ? plan.senders[id]! : tr.nodes[start + edge]!, edge, channels });
  }
  return out;
}

/**
 * The union of the routing function's routes from the sender to every destination, as one tree
 * worm (seed 004 section 6.1: "a tree is created in which each path from the source to a
 * destination uses E-cube routing"); children in port order. Throws when two routes reach a
 * node by different channels (the union is then no tree).
 */
export function routeUnion(
  routing: RoutingFunction,
  sender: number,
  dests: ArrayLike<number>,
  network?: string,
): TreeWorm {
  const t = routing.topology;
  const w = new TreeWorm(routing, sender, network);
  const at = new Map<number, number>([[sender, 0]]);
  for (let k = 0; k < dests.length; k++) {
    const d = dests[k]!;
    let i = 0;
    for (const h of tracePath(routing, sender, d)) {
      i = w.step(i, h.port, h.vc);
      const seen = at.get(h.to);
      if (seen !== undefined && seen !== i)
        throw new WormcastError(
          `${routing.name}: routes from ${t.format(sender)} reach ${t.format(h.to)} by two channels; not a tree`,
        );
      at.set(h.to, i);
    }
    w.deliver(i);
  }
  w.sortChildren();
  return w;
}
