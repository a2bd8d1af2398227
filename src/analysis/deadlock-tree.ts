import { WormcastError } from '../errors.ts';
import type { Plan } from '../multicast/plan.ts';
import type { RoutingFunction } from '../routing/types.ts';
import { type ConsumptionModel, consumptionChannelsPerNode } from './consumption.ts';
import { type DeadlockReport, type NamedChannel, nameConsumption, withOneClass } from './deadlock.ts';

/**
 * How a tree worm holds channels while it waits (docs/algorithms-tree.md "Deadlock of tree worms"):
 * - lock-step (seed 004 section 6.1): all branch headers advance together; at depth k the worm holds
 *   its channels of depth <= k and requests those of depth k + 1: c -> w when depth(c) < depth(w);
 * - branch (the flit-level engine, docs/model-flit.md rule 2): each router replicates onto its
 *   children as they are granted, so the worm may hold any channel not below the one it waits for:
 *   c -> w when w is not an ancestor of c and w != c.
 */
export type TreeHoldModel = 'lock-step' | 'branch';

/**
 * A channel dependency graph over virtual channels `(node * ports + port) * V + class`, as a dense
 * bit matrix (row c, bit w: c -> w). Meant for the small networks the seeds' deadlock examples use.
 */
export class TreeDependencyGraph {
  readonly vcs: number;
  /** Network VCs: consumption channel q of node a is vertex network + a * perNode + q. */
  readonly network: number;
  /** Consumption channels per node in the graph (0: none modelled). */
  readonly perNode: number;
  readonly size: number;
  readonly words: number;
  readonly bits: Uint32Array;
  readonly used: Uint8Array;
  /** Per-channel counts for addTree (zero between calls). */
  private readonly scratch: Int32Array;

  /**
   * `consumption`: the node model whose consumption channels become vertices (a tree worm
   * delivering at node d requests d's consumption channel beside its children there, and holds
   * and waits like for a child: docs/deadlock.md "Consumption channels"); none by default.
   */
  constructor(
    readonly routing: RoutingFunction,
    readonly consumption?: Pick<ConsumptionModel, 'port' | 'consumption'>,
  ) {
    const t = routing.topology;
    this.vcs = routing.vcClasses.length;
    this.network = t.nodes * t.ports * this.vcs;
    this.perNode = consumption === undefined ? 0 : consumptionChannelsPerNode(consumption, t.ports, this.vcs);
    this.size = this.network + t.nodes * this.perNode;
    if (this.size > 1 << 14)
      throw new WormcastError(
        `deadlock-tree on ${t.spec}: ${this.size} virtual channels${this.perNode > 0 ? ' and consumption channels' : ''} is over the checker's ${1 << 14}; use a smaller network (the seeds' examples are a 3-cube and a 3 x 4 mesh)`,
      );
    this.words = (this.size + 31) >>> 5;
    this.bits = new Uint32Array(this.size * this.words);
    this.used = new Uint8Array(this.size);
    this.scratch = new Int32Array(this.size);
  }

  has(c: number, w: number): boolean {
    return (this.bits[c * this.words + (w >>> 5)]! & (1 << (w & 31))) !== 0;
  }

  add(c: number, w: number): void {
    this.bits[c * this.words + (w >>> 5)]! |= 1 << (w & 31);
  }

  /**
   * Add the dependencies of one tree: its channels and the index of each edge's parent edge (-1:
   * the sender; a parent comes before its children). Rows are OR-ed a whole bit set at a time:
   * - lock-step: c -> w when depth(w) > depth(c): every edge's row gets the set of the channels
   *   deeper than it, built from the deepest level up;
   * - branch: c -> w when w is neither c's edge nor one of its ancestors: the set of the tree's
   *   channels without those (a channel that occurs on two edges stays while one of them counts).
   * A channel that occurs twice in one tree (divided-greedy's shared channels) thus depends on
   * itself when one occurrence waits for the other: the worm would block on itself.
   */
  addTree(channels: ArrayLike<number>, parents: ArrayLike<number>, model: TreeHoldModel): void {
    const n = channels.length;
    if (n === 0) return;
    const set = new Uint32Array(this.words);
    const depth = new Int32Array(n);
    let maxDepth = 0;
    for (let e = 0; e < n; e++) {
      const p = parents[e]!;
      depth[e] = p < 0 ? 1 : depth[p]! + 1;
      if (depth[e]! > maxDepth) maxDepth = depth[e]!;
      this.used[channels[e]!] = 1;
    }
    if (model === 'lock-step') {
      // edges by depth (counting sort), then from the deepest level up: set = channels deeper
      const at = new Int32Array(maxDepth + 2);
      for (let e = 0; e < n; e++) at[depth[e]! + 1]!++;
      for (let d = 1; d <= maxDepth + 1; d++) at[d]! += at[d - 1]!;
      const fill = at.slice();
      const order = new Int32Array(n);
      for (let e = 0; e < n; e++) order[fill[depth[e]!]!++] = e;
      for (let d = maxDepth; d >= 1; d--) {
        for (let i = at[d]!; i < at[d + 1]!; i++) this.orRow(channels[order[i]!]!, set);
        for (let i = at[d]!; i < at[d + 1]!; i++) {
          const c = channels[order[i]!]!;
          set[c >>> 5]! |= 1 << (c & 31);
        }
      }
      return;
    }
    const count = this.scratch;
    for (let e = 0; e < n; e++) {
      const c = channels[e]!;
      count[c]!++;
      set[c >>> 5]! |= 1 << (c & 31);
    }
    for (let e = 0; e < n; e++) {
      // take out e and its ancestors, OR the rest into e's row, put them back
      for (let x = e; x >= 0; x = parents[x]!) {
        const c = channels[x]!;
        if (--count[c]! === 0) set[c >>> 5]! &= ~(1 << (c & 31));
      }
      this.orRow(channels[e]!, set);
      for (let x = e; x >= 0; x = parents[x]!) {
        const c = channels[x]!;
        count[c]!++;
        set[c >>> 5]! |= 1 << (c & 31);
      }
    }
    for (let e = 0; e < n; e++) count[channels[e]!] = 0;
  }

  /** Row c |= set. */
  private orRow(c: number, set: Uint32Array): void {
    const base = c * this.words;
    for (let k = 0; k < this.words; k++) this.bits[base + k]! |= set[k]!;
  }

  /**
   * Add the dependencies of every tree worm of a plan. With `mergeClasses` > 1 (the plan's VC
   * classes per channel) every VC is taken as its physical channel: the graph of the same trees
   * on one class, which this graph's routing function must then have.
   */
  addPlan(plan: Plan, model: TreeHoldModel, mergeClasses = 1): void {
    const tr = plan.trees;
    if (!tr) throw new WormcastError(`deadlock-tree: plan of ${plan.algorithm} has no trees`);
    const t = plan.topology;
    const PV = t.ports * plan.routing.vcClasses.length;
    for (let id = 0; id < plan.count; id++) {
      const a = tr.offsets[id]!;
      const b = tr.offsets[id + 1]!;
      let channels = tr.channels.subarray(a, b);
      let parents = tr.parents.subarray(a, b);
      if (this.perNode > 0) {
        // each destination's consumption channel as a leaf below the edge that reaches it
        const dests = new Set(plan.message(id).dests);
        const ch: number[] = Array.from(channels);
        const pa: number[] = Array.from(parents);
        for (let e = 0; e < b - a; e++) {
          const node = (channels[e]! / PV) | 0;
          const port = ((channels[e]! % PV) / plan.routing.vcClasses.length) | 0;
          const head = t.neighbor(node, port);
          if (!dests.delete(head)) continue;
          // one per incoming VC: (port, class) of this graph's routing (one class when merged)
          const q =
            this.perNode === 1
              ? 0
              : this.consumption!.consumption === 'vc'
                ? port * this.vcs + (this.vcs === 1 ? 0 : channels[e]! % this.vcs)
                : port;
          ch.push(-1 - (head * this.perNode + q));
          pa.push(e);
        }
        channels = Int32Array.from(ch);
        parents = Int32Array.from(pa);
      }
      if (mergeClasses > 1) channels = channels.map((c) => (c < 0 ? c : (c / mergeClasses) | 0));
      channels = channels.map((c) => (c < 0 ? this.network - 1 - c : c));
      this.addTree(channels, parents, model);
    }
  }

  /** Number of dependency edges. */
  dependencies(): number {
    let e = 0;
    for (const x of this.bits) {
      let v = x;
      while (v !== 0) {
        v &= v - 1;
        e++;
      }
    }
    return e;
  }

  /** Is every dependency of `other` one of this graph's? */
  contains(other: TreeDependencyGraph): boolean {
    for (let i = 0; i < this.bits.length; i++) if ((other.bits[i]! & ~this.bits[i]!) !== 0) return false;
    return true;
  }

  private successors(c: number): number[] {
    const out: number[] = [];
    for (let k = 0; k < this.words; k++) {
      let v = this.bits[c * this.words + k]!;
      while (v !== 0) {
        const bit = 31 - Math.clz32(v);
        v &= ~(1 << bit);
        out.push(k * 32 + bit);
      }
    }
    return out;
  }

  /**
   * One dependency cycle as VC ids (each depends on the next, the last on the first): the shortest
   * through the first VC on a cycle the depth-first search meets; undefined when acyclic. The
   * search is iterative and reads the rows in place (row words from the last, bits from the
   * lowest), so a dense graph of 10^4 channels needs no per-vertex lists.
   */
  findCycle(): number[] | undefined {
    const W = this.words;
    const colour = new Uint8Array(this.size);
    const stackV = new Int32Array(this.size);
    const stackK = new Int32Array(this.size);
    const stackM = new Uint32Array(this.size);
    for (let root = 0; root < this.size; root++) {
      if (colour[root] !== 0) continue;
      let top = 0;
      stackV[0] = root;
      stackK[0] = W - 1;
      stackM[0] = this.bits[root * W + W - 1]!;
      colour[root] = 1;
      while (top >= 0) {
        const m = stackM[top]!;
        if (m === 0) {
          if (stackK[top]! > 0) {
            const k = --stackK[top]!;
            stackM[top] = this.bits[stackV[top]! * W + k]!;
            continue;
          }
          colour[stackV[top]!] = 2;
          top--;
          continue;
        }
        const bit = 31 - Math.clz32(m & -m);
        stackM[top] = m & ~(1 << bit);
        const w = stackK[top]! * 32 + bit;
        if (colour[w] === 1) return this.shortestCycleThrough(w);
        if (colour[w] === 0) {
          colour[w] = 1;
          top++;
          stackV[top] = w;
          stackK[top] = W - 1;
          stackM[top] = this.bits[w * W + W - 1]!;
        }
      }
    }
    return undefined;
  }

  private shortestCycleThrough(v: number): number[] {
    const parent = new Map<number, number>();
    const queue = [v];
    for (let h = 0; h < queue.length; h++) {
      const c = queue[h]!;
      for (const w of this.successors(c)) {
        if (w === v) {
          const cycle = [c];
          for (let x = c; x !== v; x = parent.get(x)!) cycle.push(parent.get(x)!);
          return cycle.reverse();
        }
        if (!parent.has(w)) {
          parent.set(w, c);
          queue.push(w);
        }
      }
    }
    throw new Error(`deadlock-tree: ${v} is on a cycle but no cycle returns to it`);
  }

  /** A VC id (or consumption channel) named for people. */
  name(vc: number): NamedChannel {
    const t = this.routing.topology;
    if (vc >= this.network)
      return {
        ...nameConsumption(this.routing, vc - this.network, {
          consumption: this.consumption!.consumption,
          perNode: this.perNode,
        }),
        vc,
      };
    const ch = (vc / this.vcs) | 0;
    const node = (ch / t.ports) | 0;
    const port = ch % t.ports;
    return {
      vc,
      from: t.format(node),
      to: t.format(t.neighbor(node, port)),
      port: t.portName(port),
      class: this.routing.vcClasses[vc % this.vcs]!,
    };
  }
}

/** Which multicasts the graph covers (docs/algorithms-tree.md "Which multicasts"). */
export type TreeEnumeration = 'broadcast' | 'all-subsets';

/**
 * The tree algorithms whose tree for a destination set is the broadcast tree restricted to the
 * routes to those destinations: for them the broadcast enumeration gives exactly the dependencies
 * of every multicast (docs/algorithms-tree.md "Which multicasts"; tested against all-subsets).
 */
export const ROUTE_UNION_TREES: readonly string[] = ['x-first', 'ecube-tree', 'double-channel-x-first'];

/** Largest network the all-subsets enumeration is chosen for by default (12 nodes: 24,564 plans). */
export const ALL_SUBSETS_DEFAULT_NODES = 12;

/**
 * The enumeration that makes the verdict for `algorithm` on `nodes` nodes a proof when one is
 * affordable: broadcast for the route-union algorithms; all-subsets for the others (greedy-st,
 * divided-greedy) up to ALL_SUBSETS_DEFAULT_NODES nodes, else broadcast. `exact` says whether the
 * graph holds the dependencies of every multicast (then an acyclic verdict is a proof); otherwise
 * it holds those of the broadcasts only, and only a cycle is conclusive.
 */
export function treeEnumerationFor(
  algorithm: string,
  nodes: number,
  asked?: TreeEnumeration,
): { enumeration: TreeEnumeration; exact: boolean } {
  const routeUnion = ROUTE_UNION_TREES.includes(algorithm);
  const enumeration = asked ?? (routeUnion || nodes > ALL_SUBSETS_DEFAULT_NODES ? 'broadcast' : 'all-subsets');
  return { enumeration, exact: routeUnion || enumeration === 'all-subsets' };
}

/**
 * The check refuses graphs whose construction would take more than this many 32-bit row
 * operations (each tree edge ORs one row of `words` words): about a few seconds.
 */
const MAX_ROW_WORDS = 2 ** 32;

/**
 * The dependency graph of a tree algorithm: `build(source, dests)` gives its plan.
 * - broadcast: one plan per source to every other node; exact for the route-union algorithms
 *   (x-first, ecube-tree, double-channel-x-first), whose trees are restrictions of the broadcast tree;
 * - all-subsets: every source and every non-empty destination set (2^(N-1) - 1 per source; N <= 16).
 */
export function treeDependencyGraph(
  routing: RoutingFunction,
  build: (source: number, dests: Int32Array) => Plan,
  model: TreeHoldModel,
  enumeration: TreeEnumeration = 'broadcast',
  mergeClasses = false,
  consumption?: ConsumptionModel,
): TreeDependencyGraph {
  const t = routing.topology;
  const n = t.nodes;
  if (enumeration === 'all-subsets' && n > 16)
    throw new WormcastError(`deadlock-tree: all-subsets enumeration needs at most 16 nodes, not ${n} (${t.spec})`);
  const g = new TreeDependencyGraph(mergeClasses ? withOneClass(routing) : routing, consumption);
  const plans = enumeration === 'broadcast' ? n : n * (2 ** (n - 1) - 1);
  const work = plans * (n - 1) * g.words;
  if (work > MAX_ROW_WORDS) {
    throw new WormcastError(
      `deadlock-tree on ${t.spec}: ${plans} trees of up to ${n - 1} edges over ${g.size} virtual channels is about ${work.toExponential(1)} row operations, over the checker's ${MAX_ROW_WORDS.toExponential(1)}; use a smaller network (the seeds' examples are a 3-cube and a 3 x 4 mesh)`,
    );
  }
  const divisor = mergeClasses ? routing.vcClasses.length : 1;
  for (let s = 0; s < n; s++) {
    const others = Int32Array.from({ length: n - 1 }, (_, i) => (i < s ? i : i + 1));
    if (enumeration === 'broadcast') {
      g.addPlan(build(s, others), model, divisor);
      continue;
    }
    for (let mask = 1; mask < 1 << (n - 1); mask++) {
      const dests: number[] = [];
      for (let i = 0; i < n - 1; i++) if ((mask >> i) & 1) dests.push(others[i]!);
      g.addPlan(build(s, Int32Array.from(dests)), model, divisor);
    }
  }
  return g;
}

/**
 * Check a tree algorithm for deadlock freedom: acyclic, or one shortest dependency cycle. With
 * `mergeClasses` the trees' VCs are taken as their physical channels (one class: what the doubled
 * channels of double-channel-x-first are for).
 */
export function checkTreeDeadlock(
  name: string,
  routing: RoutingFunction,
  build: (source: number, dests: Int32Array) => Plan,
  model: TreeHoldModel = 'lock-step',
  enumeration: TreeEnumeration = 'broadcast',
  mergeClasses = false,
  consumption?: ConsumptionModel,
): DeadlockReport {
  const t0 = performance.now();
  const g = treeDependencyGraph(routing, build, model, enumeration, mergeClasses, consumption);
  const cycle = g.findCycle();
  let channels = 0;
  for (const u of g.used) channels += u;
  const base = {
    scheme: `${name} (${model})`,
    topology: routing.topology.spec,
    channels,
    dependencies: g.dependencies(),
    millis: performance.now() - t0,
    consumption: consumption ? { ...consumption, perNode: g.perNode } : null,
  };
  if (!cycle) return { ...base, verdict: 'acyclic' };
  return { ...base, verdict: 'cyclic', cycle: cycle.map((c) => g.name(c)) };
}
