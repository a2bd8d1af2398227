import { WormcastError } from '../errors.ts';
import type { Plan } from '../multicast/plan.ts';
import type { RoutingFunction } from '../routing/types.ts';
import type { DeadlockReport, NamedChannel } from './deadlock.ts';

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
  readonly size: number;
  readonly words: number;
  readonly bits: Uint32Array;
  readonly used: Uint8Array;

  constructor(readonly routing: RoutingFunction) {
    const t = routing.topology;
    this.vcs = routing.vcClasses.length;
    this.size = t.nodes * t.ports * this.vcs;
    if (this.size > 1 << 14) throw new WormcastError(`deadlock-tree on ${t.spec}: ${this.size} virtual channels is over the checker's ${1 << 14}`);
    this.words = (this.size + 31) >>> 5;
    this.bits = new Uint32Array(this.size * this.words);
    this.used = new Uint8Array(this.size);
  }

  has(c: number, w: number): boolean {
    return (this.bits[c * this.words + (w >>> 5)]! & (1 << (w & 31))) !== 0;
  }

  add(c: number, w: number): void {
    this.bits[c * this.words + (w >>> 5)]! |= 1 << (w & 31);
  }

  /** Add the dependencies of one tree: its channels in breadth-first order and parent indices. */
  addTree(channels: ArrayLike<number>, parents: ArrayLike<number>, model: TreeHoldModel): void {
    const n = channels.length;
    const depth = new Int32Array(n);
    for (let e = 0; e < n; e++) {
      const p = parents[e]!;
      depth[e] = p < 0 ? 1 : depth[p]! + 1;
      this.used[channels[e]!] = 1;
    }
    for (let a = 0; a < n; a++) {
      for (let b = 0; b < n; b++) {
        if (a === b) continue;
        if (model === 'lock-step') {
          if (depth[a]! >= depth[b]!) continue;
        } else {
          // is b an ancestor of a? (parents come first, so walk up from a)
          let x = parents[a]!;
          while (x > b) x = parents[x]!;
          if (x === b) continue;
        }
        this.add(channels[a]!, channels[b]!);
      }
    }
  }

  /** Add the dependencies of every tree worm of a plan. */
  addPlan(plan: Plan, model: TreeHoldModel): void {
    const tr = plan.trees;
    if (!tr) throw new WormcastError(`deadlock-tree: plan of ${plan.algorithm} has no trees`);
    for (let id = 0; id < plan.count; id++) {
      const a = tr.offsets[id]!;
      const b = tr.offsets[id + 1]!;
      this.addTree(tr.channels.subarray(a, b), tr.parents.subarray(a, b), model);
    }
  }

  /** Number of dependency edges. */
  dependencies(): number {
    let e = 0;
    for (const x of this.bits) {
      let v = x;
      while (v !== 0) { v &= v - 1; e++; }
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
   * through the first VC on a cycle the depth-first search meets; undefined when acyclic.
   */
  findCycle(): number[] | undefined {
    const colour = new Uint8Array(this.size);
    for (let root = 0; root < this.size; root++) {
      if (colour[root] !== 0) continue;
      const stack: { v: number; next: number[] }[] = [{ v: root, next: this.successors(root) }];
      colour[root] = 1;
      while (stack.length > 0) {
        const top = stack[stack.length - 1]!;
        const w = top.next.pop();
        if (w === undefined) {
          colour[top.v] = 2;
          stack.pop();
          continue;
        }
        if (colour[w] === 1) return this.shortestCycleThrough(w);
        if (colour[w] === 0) {
          colour[w] = 1;
          stack.push({ v: w, next: this.successors(w) });
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
        if (!parent.has(w)) { parent.set(w, c); queue.push(w); }
      }
    }
    throw new Error(`deadlock-tree: ${v} is on a cycle but no cycle returns to it`);
  }

  /** A VC id named for people. */
  name(vc: number): NamedChannel {
    const t = this.routing.topology;
    const ch = (vc / this.vcs) | 0;
    const node = (ch / t.ports) | 0;
    const port = ch % t.ports;
    return { vc, from: t.format(node), to: t.format(t.neighbor(node, port)), port: t.portName(port), class: this.routing.vcClasses[vc % this.vcs]! };
  }
}

/** Which multicasts the graph covers (docs/algorithms-tree.md "Which multicasts"). */
export type TreeEnumeration = 'broadcast' | 'all-subsets';

/**
 * The dependency graph of a tree algorithm: `build(source, dests)` gives its plan.
 * - broadcast: one plan per source to every other node; exact for the route-union algorithms
 *   (x-first, ecube-tree, double-channel-x-first), whose trees are restrictions of the broadcast tree;
 * - all-subsets: every source and every non-empty destination set (2^(N-1) - 1 per source; N <= 16).
 */
export function treeDependencyGraph(routing: RoutingFunction, build: (source: number, dests: Int32Array) => Plan, model: TreeHoldModel, enumeration: TreeEnumeration = 'broadcast'): TreeDependencyGraph {
  const n = routing.topology.nodes;
  const g = new TreeDependencyGraph(routing);
  for (let s = 0; s < n; s++) {
    const others = Int32Array.from({ length: n - 1 }, (_, i) => (i < s ? i : i + 1));
    if (enumeration === 'broadcast') {
      g.addPlan(build(s, others), model);
      continue;
    }
    if (n > 16) throw new WormcastError(`deadlock-tree: all-subsets enumeration needs at most 16 nodes, not ${n}`);
    for (let mask = 1; mask < 1 << (n - 1); mask++) {
      const dests: number[] = [];
      for (let i = 0; i < n - 1; i++) if ((mask >> i) & 1) dests.push(others[i]!);
      g.addPlan(build(s, Int32Array.from(dests)), model);
    }
  }
  return g;
}

/** Check a tree algorithm for deadlock freedom: acyclic, or one shortest dependency cycle. */
export function checkTreeDeadlock(name: string, routing: RoutingFunction, build: (source: number, dests: Int32Array) => Plan, model: TreeHoldModel = 'lock-step', enumeration: TreeEnumeration = 'broadcast'): DeadlockReport {
  const t0 = performance.now();
  const g = treeDependencyGraph(routing, build, model, enumeration);
  const cycle = g.findCycle();
  let channels = 0;
  for (const u of g.used) channels += u;
  const base = { scheme: `${name} (${model})`, topology: routing.topology.spec, channels, dependencies: g.dependencies(), millis: performance.now() - t0 };
  if (!cycle) return { ...base, verdict: 'acyclic' };
  return { ...base, verdict: 'cyclic', cycle: cycle.map((c) => g.name(c)) };
}
