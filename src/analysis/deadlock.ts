import type { WormScheme } from '../multicast/path-based/worm-scheme.ts';
import { DELIVER, INJECT, portOf, type RoutingFunction } from '../routing/types.ts';
import { type ConsumptionModel, consumptionChannelsPerNode, findCsrCycle, withConsumption } from './consumption.ts';
import { checkAdaptive } from './deadlock-adaptive.ts';
import { checkAdaptivePath } from './deadlock-adaptive-path.ts';
import { buildDependencyGraph, type DependencyGraph } from './dependency-graph.ts';

export type { WormScheme };
export { buildDependencyGraph, type DependencyGraph };

/** A channel of a reported cycle, named for people. */
export interface NamedChannel {
  readonly vc: number;
  readonly from: string;
  readonly to: string;
  readonly port: string;
  readonly class: string;
}

interface ReportBase {
  readonly scheme: string;
  readonly topology: string;
  /** Virtual channels that some route uses. */
  readonly channels: number;
  /** Dependency edges. */
  readonly dependencies: number;
  readonly millis: number;
  /**
   * The consumption channels the graph includes (docs/deadlock.md "Consumption channels"), or
   * null when it has none: a unicast routing function (worms end at the consumption channel, which
   * adds no cycle), or a check asked without a node model.
   */
  readonly consumption: (ConsumptionModel & { readonly perNode: number }) | null;
  /**
   * For a routing function that offers choices, the argument the verdict rests on (acyclic over
   * every choice, or Duato's condition; src/analysis/deadlock-adaptive.ts); absent otherwise.
   */
  readonly argument?: string;
}

/** The checker's verdict: acyclic (deadlock-free), or one shortest dependency cycle. */
export type DeadlockReport =
  | (ReportBase & { readonly verdict: 'acyclic' })
  | (ReportBase & { readonly verdict: 'cyclic'; readonly cycle: readonly NamedChannel[] });

/** The scheme of a unicast routing function: every source, INJECT, no junctions. */
export function unicastScheme(routing: RoutingFunction): WormScheme {
  return { name: routing.name, routing, startClasses: [INJECT] };
}

const bitCount = (x: number): number => {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
};

/** Number of dependency edges of a graph. */
export function dependencyCount(g: DependencyGraph): number {
  let e = 0;
  for (let c = 0; c < g.succ.length; c++) e += bitCount(g.succ[c]!);
  return e;
}

/** The global id of successor bit `bit` of VC c. */
function successor(g: DependencyGraph, c: number, bit: number): number {
  const P = g.routing.topology.ports;
  return g.headOf[(c / g.vcs) | 0]! * P * g.vcs + bit;
}

/**
 * One dependency cycle of the graph as a list of VC ids (each depends on the next, the last on
 * the first), the shortest through the first VC on a cycle the depth-first search meets;
 * undefined when the graph is acyclic. Iterative (no recursion).
 */
export function findCycle(g: DependencyGraph): number[] | undefined {
  const NV = g.succ.length;
  const colour = new Uint8Array(NV); // 0 new, 1 on the stack, 2 done
  const stackV = new Int32Array(NV);
  const stackM = new Uint32Array(NV);
  for (let root = 0; root < NV; root++) {
    if (colour[root] !== 0 || g.succ[root] === 0) continue;
    let top = 0;
    stackV[0] = root;
    stackM[0] = g.succ[root]!;
    colour[root] = 1;
    while (top >= 0) {
      const m = stackM[top]!;
      if (m === 0) {
        colour[stackV[top]!] = 2;
        top--;
        continue;
      }
      const bit = 31 - Math.clz32(m);
      stackM[top] = m & ~(1 << bit);
      const w = successor(g, stackV[top]!, bit);
      if (colour[w] === 1) return shortestCycleThrough(g, w);
      if (colour[w] === 0) {
        colour[w] = 1;
        top++;
        stackV[top] = w;
        stackM[top] = g.succ[w]!;
      }
    }
  }
  return undefined;
}

/** Breadth-first search from v back to v: the shortest cycle through v. */
function shortestCycleThrough(g: DependencyGraph, v: number): number[] {
  const parent = new Map<number, number>();
  const queue = [v];
  for (let h = 0; h < queue.length; h++) {
    const c = queue[h]!;
    let m = g.succ[c]!;
    while (m !== 0) {
      const bit = 31 - Math.clz32(m);
      m &= ~(1 << bit);
      const w = successor(g, c, bit);
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

/** A VC id named for people: its channel's two ends, the port and the class. */
export function nameChannel(g: DependencyGraph, vc: number): NamedChannel {
  const r = g.routing;
  const t = r.topology;
  const ch = (vc / g.vcs) | 0;
  const node = (ch / t.ports) | 0;
  const port = ch % t.ports;
  return {
    vc,
    from: t.format(node),
    to: t.format(g.headOf[ch]!),
    port: t.portName(port),
    class: r.vcClasses[vc % g.vcs]!,
  };
}

/**
 * Check a scheme (a path-based multicast scheme, or unicastScheme(routing)) for deadlock freedom.
 * With a consumption model, a scheme of multidestination worms is checked with the consumption
 * channels of that node model as vertices (src/analysis/consumption.ts): the verdict then covers
 * the flit-level engine under the same `--port` and `--vcs`.
 */
export function checkDeadlock(scheme: WormScheme, consumption?: ConsumptionModel): DeadlockReport {
  if (scheme.routing.choices || scheme.routing.keyedStates) return checkAdaptiveScheme(scheme);
  const t0 = performance.now();
  const g = buildDependencyGraph(scheme);
  let channels = 0;
  for (let c = 0; c < g.used.length; c++) channels += g.used[c]!;
  const t = scheme.routing.topology;
  if (consumption && g.arrived.length > 0) {
    const csr = withConsumption(g, consumption);
    const cycle = findCsrCycle(csr);
    const base = {
      scheme: scheme.name,
      topology: t.spec,
      channels,
      dependencies: csr.targets.length,
      millis: performance.now() - t0,
      consumption: { ...consumption, perNode: consumptionChannelsPerNode(consumption, t.ports, g.vcs) },
    };
    if (!cycle) return { ...base, verdict: 'acyclic' };
    return { ...base, verdict: 'cyclic', cycle: cycle.map((v) => nameVertex(g, v, base.consumption)) };
  }
  const cycle = findCycle(g);
  const base = {
    scheme: scheme.name,
    topology: t.spec,
    channels,
    dependencies: dependencyCount(g),
    millis: performance.now() - t0,
    consumption: null,
  };
  if (!cycle) return { ...base, verdict: 'acyclic' };
  return { ...base, verdict: 'cyclic', cycle: cycle.map((c) => nameChannel(g, c)) };
}

/**
 * A vertex of a graph with consumption channels, named for people: a network VC as nameChannel,
 * consumption channel q of node a as `a -> a`, port `consume` (one-port) or `consume<port>` (the
 * all-port channel of the link arriving through that port of the upstream node), class `consumption`.
 */
export function nameVertex(
  g: DependencyGraph,
  v: number,
  model: ConsumptionModel & { readonly perNode: number },
): NamedChannel {
  const NV = g.succ.length;
  if (v < NV) return nameChannel(g, v);
  return nameConsumption(g.routing, v - NV, model);
}

/**
 * Consumption channel i (node * perNode + q) named for people: `a -> a`, port `consume` (one per
 * node), `consume <port>` (the one of the link arriving through that port of the upstream node) or
 * `consume <port> <class>` (one per incoming VC), class `consumption`.
 */
export function nameConsumption(
  r: RoutingFunction,
  i: number,
  model: Pick<ConsumptionModel, 'consumption'> & { readonly perNode: number },
): NamedChannel {
  const t = r.topology;
  const V = r.vcClasses.length;
  const a = (i / model.perNode) | 0;
  const q = i % model.perNode;
  const port =
    model.perNode === 1
      ? 'consume'
      : model.consumption === 'vc'
        ? `consume ${t.portName((q / V) | 0)} ${r.vcClasses[q % V]}`
        : `consume ${t.portName(q)}`;
  return { vc: -1 - i, from: t.format(a), to: t.format(a), port, class: 'consumption' };
}

/**
 * checkDeadlock for a routing function with choices: unicast (issue 26), or a path scheme whose
 * graph over every choice is acyclic (src/analysis/deadlock-adaptive-path.ts). Consumption
 * channels are not part of these graphs (the report says so: consumption null).
 */
function checkAdaptiveScheme(scheme: WormScheme): DeadlockReport {
  const r = scheme.routing;
  const t = r.topology;
  const unicast = scheme.next === undefined && scheme.startClasses.length === 1 && scheme.startClasses[0] === INJECT;
  const t0 = performance.now();
  const v = unicast ? checkAdaptive(r) : checkAdaptivePath(scheme);
  const V = r.vcClasses.length;
  const headOf = new Int32Array(t.nodes * t.ports);
  for (let a = 0; a < t.nodes; a++) for (let p = 0; p < t.ports; p++) headOf[a * t.ports + p] = t.neighbor(a, p);
  const naming = { routing: r, vcs: V, headOf } as DependencyGraph;
  const base = {
    scheme: scheme.name,
    topology: t.spec,
    channels: v.channels,
    dependencies: v.dependencies,
    millis: performance.now() - t0,
    consumption: null,
    argument: v.argument,
  };
  if (v.verdict === 'acyclic') return { ...base, verdict: 'acyclic' };
  return { ...base, verdict: 'cyclic', cycle: v.cycle.map((c) => nameChannel(naming, c)) };
}

/** Check a unicast routing function over all source/destination pairs. */
export function checkRoutingDeadlock(routing: RoutingFunction): DeadlockReport {
  return checkDeadlock(unicastScheme(routing));
}

/** The report as lines of text: the verdict, the sizes, and the cycle one channel per line. */
export function formatDeadlockReport(rep: DeadlockReport): string[] {
  const head = `${rep.scheme} on ${rep.topology}: ${rep.verdict === 'acyclic' ? 'acyclic (deadlock-free)' : `cyclic: a dependency cycle of ${rep.cycle.length} channels`}`;
  const lines = [head];
  if (rep.consumption) {
    const c = rep.consumption;
    const per =
      c.consumption === 'vc'
        ? 'one consumption channel per incoming virtual channel'
        : c.perNode === 1
          ? 'one consumption channel per node'
          : 'one consumption channel per incoming link';
    lines.push(`  ${c.port}-port nodes, ${per}, ${c.copies} VC${c.copies === 1 ? '' : 's'} per class`);
  }
  if (rep.argument) lines.push(`  argument: ${rep.argument}`);
  lines.push(`  ${rep.channels} virtual channels used, ${rep.dependencies} dependencies, ${rep.millis.toFixed(0)} ms`);
  if (rep.verdict === 'cyclic') {
    for (const c of rep.cycle) lines.push(`  ${c.from} -> ${c.to}  ${c.port}  ${c.class}`);
  }
  return lines;
}

/**
 * The routing function r with all its VC classes merged into one (class 'all'): the same paths on
 * one virtual channel per physical channel. Shows what the classes buy: `dor` on a torus is
 * acyclic with its dateline classes and cyclic without them. Meant for functions whose paths do
 * not depend on the input class (dor, ecube, label): the merged function routes as if every
 * header had arrived on class 0.
 */
export function withOneClass(r: RoutingFunction): RoutingFunction {
  return {
    ...r,
    name: `${r.name} (one VC class)`,
    vcClasses: ['all'],
    route: (node, dest, vcIn, key, inPort) => {
      const word = r.route(node, dest, vcIn === INJECT ? INJECT : 0, key, inPort);
      return word === DELIVER ? DELIVER : portOf(word);
    },
    // an adaptive function keeps its choices, on the one class, and has no escape classes left
    ...(r.choices
      ? {
          choices: (node: number, dest: number, vcIn: number, key?: number, inPort?: number) => [
            ...new Set(r.choices!(node, dest, vcIn === INJECT ? INJECT : 0, key, inPort).map(portOf)),
          ],
          escapeClasses: undefined,
        }
      : {}),
  };
}
