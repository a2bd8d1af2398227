import { WormcastError } from '../errors.ts';
import { DELIVER, INJECT, type RoutingFunction } from '../routing/types.ts';

/**
 * The deadlock argument for a routing function that offers choices (docs/routing-adaptive.md
 * "What the checker proves"). Two arguments, tried in this order:
 *
 * 1. **Acyclic over every choice** (Dally and Seitz; Glass and Ni's turn model is this argument):
 *    the channel dependency graph with an edge c -> c' for every admissible output c' of every
 *    state (c, destination) some route reaches has no cycle. Then no set of worms can wait in a
 *    circle, whatever the selection function picks.
 * 2. **Duato's condition** (Duato, IEEE TPDS 4(12), 1993, Theorem 1, and TPDS 6(10), 1995, for
 *    wormhole switching): the escape sub-function (the choices on the function's escape classes)
 *    offers an output at every state and connects every pair, and its *extended* channel
 *    dependency graph is acyclic. The extended graph has an edge e -> e' between escape channels
 *    when a worm that holds e can ask for e' next (direct) or after a run of adaptive channels
 *    (indirect), toward the same destination.
 *
 * The walk is per destination b, over the virtual channels a header can hold toward b (as
 * src/analysis/dependency-graph.ts walks unicast routes): vc id = (node * ports + port) * V + class.
 */

/** One channel dependency cycle, as vc ids (each waits for the next, the last for the first). */
export type VcCycle = number[];

export type AdaptiveVerdict =
  | { readonly verdict: 'acyclic'; readonly argument: string; readonly channels: number; readonly dependencies: number }
  | {
      readonly verdict: 'cyclic';
      readonly argument: string;
      readonly cycle: VcCycle;
      readonly channels: number;
      readonly dependencies: number;
    };

/** Successor lists per vc, built up as sets of vc ids. */
export type Edges = Map<number, Set<number>>;

export function addEdge(e: Edges, a: number, b: number): void {
  let s = e.get(a);
  if (!s) e.set(a, (s = new Set()));
  s.add(b);
}

/** The states (vc, b) a header heading for b can be in, with their successors, for one destination b. */
interface DestWalk {
  /** vc -> the vcs it may ask for next toward b (empty when its head is b). */
  readonly next: Map<number, number[]>;
}

/** Every admissible output of r at (node, b, class k), over every key, checked. */
export function outputs(r: RoutingFunction, node: number, b: number, k: number, inPort: number, only = -1): number[] {
  const t = r.topology;
  const keys = only >= 0 ? only + 1 : (r.keys ?? 1);
  const V = r.vcClasses.length;
  const out: number[] = [];
  for (let key = Math.max(only, 0); key < keys; key++) {
    const words = r.choices ? r.choices(node, b, k, key, inPort) : [r.route(node, b, k, key, inPort)];
    if (words.length === 0)
      throw new WormcastError(`deadlock ${r.name} on ${t.spec}: no output at ${t.format(node)} toward ${t.format(b)}`);
    for (const w of words) {
      const port = w & 0xff;
      const cls = w >> 8;
      if (w === DELIVER || t.neighbor(node, port) < 0 || cls < 0 || cls >= V)
        throw new WormcastError(
          `deadlock ${r.name} on ${t.spec}: output ${w} at ${t.format(node)} toward ${t.format(b)} is no (port, class) of a link`,
        );
      const vc = (node * t.ports + port) * V + cls;
      if (!out.includes(vc)) out.push(vc);
    }
  }
  return out;
}

/** The states toward b and their successors; with key >= 0 only the routes of that key. */
function walkDestination(r: RoutingFunction, b: number, key = -1): DestWalk {
  const t = r.topology;
  const P = t.ports;
  const V = r.vcClasses.length;
  const next = new Map<number, number[]>();
  const queue: number[] = [];
  const visit = (vc: number): void => {
    if (next.has(vc)) return;
    next.set(vc, []);
    queue.push(vc);
  };
  for (let a = 0; a < t.nodes; a++) if (a !== b) for (const vc of outputs(r, a, b, INJECT, -1, key)) visit(vc);
  for (let h = 0; h < queue.length; h++) {
    const c = queue[h]!;
    const ch = (c / V) | 0;
    const head = t.neighbor((ch / P) | 0, ch % P);
    if (head === b) continue;
    const succ = outputs(r, head, b, c % V, ch % P, key);
    next.set(c, succ);
    for (const s of succ) visit(s);
  }
  return { next };
}

/** A cycle of the graph (iterative three-colour search), the shortest through the first vc met on one. */
export function findEdgesCycle(e: Edges): VcCycle | undefined {
  const colour = new Map<number, number>();
  for (const root of e.keys()) {
    if (colour.get(root)) continue;
    const stack: Array<[number, number[]]> = [[root, [...(e.get(root) ?? [])]]];
    colour.set(root, 1);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const w = top[1].pop();
      if (w === undefined) {
        colour.set(top[0], 2);
        stack.pop();
        continue;
      }
      const c = colour.get(w) ?? 0;
      if (c === 1) return shortestCycle(e, w);
      if (c === 0) {
        colour.set(w, 1);
        stack.push([w, [...(e.get(w) ?? [])]]);
      }
    }
  }
  return undefined;
}

function shortestCycle(e: Edges, v: number): VcCycle {
  const parent = new Map<number, number>();
  const queue = [v];
  for (let h = 0; h < queue.length; h++) {
    const c = queue[h]!;
    for (const w of e.get(c) ?? []) {
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
  throw new Error(`deadlock: ${v} is on a cycle but no cycle returns to it`);
}

export function edgeCount(e: Edges): number {
  let n = 0;
  for (const s of e.values()) n += s.size;
  return n;
}

/**
 * Is the escape sub-function connected? At every state (node a, class k, destination b) some route
 * reaches, an escape output is offered, and following the first escape output from every source
 * reaches every destination. Returns the first failure in words, or undefined.
 */
function escapeFailure(r: RoutingFunction, walks: DestWalk[], escapes: ReadonlySet<number>): string | undefined {
  const t = r.topology;
  const P = t.ports;
  const V = r.vcClasses.length;
  const isEscape = (vc: number): boolean => escapes.has(vc % V);
  for (let b = 0; b < t.nodes; b++) {
    const { next } = walks[b]!;
    for (let a = 0; a < t.nodes; a++) {
      if (a === b) continue;
      if (!outputs(r, a, b, INJECT, -1).some(isEscape))
        return `no escape output at source ${t.format(a)} toward ${t.format(b)}`;
      // follow the first escape output to b
      let node = a;
      let k = INJECT;
      let inPort = -1;
      for (let hops = 0; node !== b; hops++) {
        if (hops > 4 * t.nodes) return `the escape route ${t.format(a)} -> ${t.format(b)} does not arrive`;
        const e = outputs(r, node, b, k, inPort).find(isEscape);
        if (e === undefined) return `no escape output at ${t.format(node)} toward ${t.format(b)}`;
        const ch = (e / V) | 0;
        inPort = ch % P;
        k = e % V;
        node = t.neighbor(node, inPort);
      }
    }
    for (const [c, succ] of next) {
      const ch = (c / V) | 0;
      const head = t.neighbor((ch / P) | 0, ch % P);
      if (head !== b && !succ.some(isEscape))
        return `no escape output at ${t.format(head)} toward ${t.format(b)} for a header on class ${r.vcClasses[c % V]}`;
    }
  }
  return undefined;
}

/** Decide deadlock freedom of a routing function with choices (see the top of this file). */
export function checkAdaptive(r: RoutingFunction): AdaptiveVerdict {
  const t = r.topology;
  const V = r.vcClasses.length;
  const walks: DestWalk[] = [];
  const all: Edges = new Map();
  const used = new Set<number>();
  const merge = (w: DestWalk): void => {
    for (const [c, succ] of w.next) {
      used.add(c);
      if (!all.has(c)) all.set(c, new Set());
      for (const s of succ) addEdge(all, c, s);
    }
  };
  for (let b = 0; b < t.nodes; b++) {
    if (r.keyedStates) {
      for (let key = 0; key < (r.keys ?? 1); key++) merge(walkDestination(r, b, key));
      continue;
    }
    const w = walkDestination(r, b);
    walks.push(w);
    merge(w);
  }
  const channels = used.size;
  const cycle = findEdgesCycle(all);
  if (!cycle)
    return {
      verdict: 'acyclic',
      argument: r.keyedStates
        ? "the channel dependency graph of every key's routes is acyclic (Dally and Seitz; each key followed on its own)"
        : 'the channel dependency graph over every admissible choice is acyclic (Dally and Seitz; turn model)',
      channels,
      dependencies: edgeCount(all),
    };
  const escapes = r.keyedStates ? [] : (r.escapeClasses ?? []);
  if (escapes.length === 0)
    return {
      verdict: 'cyclic',
      argument:
        'the dependency graph over every admissible choice has a cycle, and the function names no escape classes',
      cycle,
      channels,
      dependencies: edgeCount(all),
    };
  const escapeSet = new Set(escapes);
  const names = escapes.map((k) => r.vcClasses[k]).join(', ');
  const failure = escapeFailure(r, walks, escapeSet);
  if (failure)
    return {
      verdict: 'cyclic',
      argument: `the graph over every choice has a cycle, and Duato's condition fails: the escape sub-function (${names}) is not connected: ${failure}`,
      cycle,
      channels,
      dependencies: edgeCount(all),
    };
  // Extended dependency graph of the escape channels: direct and indirect (through adaptive
  // channels) dependencies, per destination, so a dependency never joins two destinations' routes.
  const extended: Edges = new Map();
  for (const { next } of walks) {
    for (const e of next.keys()) {
      if (!escapeSet.has(e % V)) continue;
      if (!extended.has(e)) extended.set(e, new Set());
      const seen = new Set<number>();
      const stack = [...next.get(e)!];
      while (stack.length > 0) {
        const c = stack.pop()!;
        if (seen.has(c)) continue;
        seen.add(c);
        if (escapeSet.has(c % V)) addEdge(extended, e, c);
        else stack.push(...(next.get(c) ?? []));
      }
    }
  }
  const escCycle = findEdgesCycle(extended);
  if (escCycle)
    return {
      verdict: 'cyclic',
      argument: `Duato's condition fails: the extended dependency graph of the escape channels (${names}) has a cycle (the cycle below; a step may pass through adaptive channels)`,
      cycle: escCycle,
      channels,
      dependencies: edgeCount(extended),
    };
  return {
    verdict: 'acyclic',
    argument: `Duato's condition: the escape sub-function (${names}) is connected and its extended dependency graph (direct and indirect dependencies, ${edgeCount(extended)} edges) is acyclic; the graph over every choice has cycles through the adaptive channels, which Duato's theorem allows`,
    channels,
    dependencies: edgeCount(all),
  };
}
