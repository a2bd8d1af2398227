import { WormcastError } from '../errors.ts';
import type { WormScheme } from '../multicast/path-based/worm-scheme.ts';
import { type AdaptiveVerdict, addEdge, type Edges, edgeCount, findEdgesCycle, outputs } from './deadlock-adaptive.ts';

/**
 * The first argument of docs/routing-adaptive.md "What the checker proves" (acyclic over every
 * choice) for a path-based scheme whose legs are moved by a routing function with choices
 * (adaptive-dual-path over label-adaptive): the dependency graph of every multidestination worm
 * the scheme can send, each hop any admissible output, has no cycle. As for deterministic schemes
 * (docs/deadlock.md), a worm keeps its channels at a destination, so the VC it arrived on depends
 * on every first hop of every leg the junction rule lets it take next. States are (VC, the
 * destination the header heads for), walked once each; vc id = (node * ports + port) * V + class.
 * Duato's escape argument is not extended to worms with junctions: a scheme over a function with
 * escape classes, or with routes per key, is refused.
 */
export function checkAdaptivePath(scheme: WormScheme): AdaptiveVerdict {
  const { edges, channels } = adaptivePathGraph(scheme);
  const r = scheme.routing;
  const dependencies = edgeCount(edges);
  const cycle = findEdgesCycle(edges);
  if (!cycle)
    return {
      verdict: 'acyclic',
      argument: `acyclic over every choice: every worm ${scheme.name} can send, each hop any of ${r.name}'s choices and each junction by the scheme's rule, depends on channels in an order with no cycle`,
      channels,
      dependencies,
    };
  return {
    verdict: 'cyclic',
    argument: `the graph over every choice of ${r.name}'s hops, junctions by the scheme's rule, has a cycle`,
    cycle,
    channels,
    dependencies,
  };
}

/** The graph checkAdaptivePath decides on, and the number of VCs some worm uses. */
export function adaptivePathGraph(scheme: WormScheme): { edges: Edges; channels: number } {
  const r = scheme.routing;
  const t = r.topology;
  if (r.escapeClasses || (r.keys ?? 1) > 1 || r.keyedStates || scheme.nextFrom)
    throw new WormcastError(
      `deadlock ${scheme.name} on ${t.spec}: the checker takes a path scheme over an adaptive function only when its graph over every choice can be acyclic (no escape classes, no per-key routes, no arrival-dependent junction rule); ${r.name} is not such a function`,
    );
  const n = t.nodes;
  const P = t.ports;
  const V = r.vcClasses.length;
  const edges: Edges = new Map();
  const seen = new Set<number>();
  const used = new Set<number>();
  const queue: number[] = [];
  const visit = (vc: number, b: number): void => {
    const id = vc * n + b;
    if (seen.has(id)) return;
    seen.add(id);
    used.add(vc);
    queue.push(vc, b);
  };
  // the first hops of the legs a worm that arrived at node a on class k may start (junction rule)
  const junctions = new Map<number, number[]>();
  const junctionFirsts = (a: number, k: number, inPort: number): number[] => {
    const key = (a * V + k) * P + inPort;
    let firsts = junctions.get(key);
    if (firsts) return firsts;
    firsts = [];
    for (let b = 0; b < n; b++)
      if (b !== a && scheme.next!(a, b, k)) for (const vc of outputs(r, a, b, k, inPort)) firsts.push(vc, b);
    junctions.set(key, firsts);
    return firsts;
  };
  for (let b = 0; b < n; b++)
    for (let a = 0; a < n; a++) {
      if (a === b) continue;
      for (const k of scheme.startClasses)
        if (!scheme.first || scheme.first(a, b, k)) for (const vc of outputs(r, a, b, k, -1)) visit(vc, b);
    }
  for (let h = 0; h < queue.length; h += 2) {
    const c = queue[h]!;
    const b = queue[h + 1]!;
    const ch = (c / V) | 0;
    const inPort = ch % P;
    const head = t.neighbor((ch / P) | 0, inPort);
    const k = c % V;
    if (head === b) {
      if (!scheme.next) continue;
      const firsts = junctionFirsts(head, k, inPort);
      for (let i = 0; i < firsts.length; i += 2) {
        addEdge(edges, c, firsts[i]!);
        visit(firsts[i]!, firsts[i + 1]!);
      }
      continue;
    }
    for (const s of outputs(r, head, b, k, inPort)) {
      addEdge(edges, c, s);
      visit(s, b);
    }
  }
  return { edges, channels: used.size };
}
