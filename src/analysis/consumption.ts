import type { PortModel } from '../multicast/types.ts';
import type { DependencyGraph } from './dependency-graph.ts';

/**
 * The node model under which consumption (ejection) channels are checked (docs/deadlock.md
 * "Consumption channels"), the same as the flit-level engine's (docs/model-flit.md "Channels"):
 * - one-port: one consumption channel per node;
 * - all-port: one per incoming physical link, chosen by the port the header arrived through;
 * - `consumption: 'vc'` (either port model): one per incoming virtual channel.
 * `copies` is the engine's number of VCs per VC class (`--vcs`): the copies of a class are
 * interchangeable, so they matter only in how many worms can reach one consumption channel at once.
 */
export interface ConsumptionModel {
  readonly port: PortModel;
  readonly consumption: 'port' | 'vc';
  readonly copies: number;
}

/**
 * Consumption channels per node the graph distinguishes: 1 one-port, one per port all-port, one
 * per (port, VC class) with `vc` (the copies of a class each have their own, which the graph
 * counts in `arrivals` instead).
 */
export function consumptionChannelsPerNode(
  m: Pick<ConsumptionModel, 'port' | 'consumption'>,
  ports: number,
  classes: number,
): number {
  if (m.consumption === 'vc') return ports * classes;
  return m.port === 'one' ? 1 : ports;
}

/** A directed graph in compressed rows: the successors of v are targets[offsets[v] .. offsets[v + 1]). */
export interface CsrGraph {
  readonly size: number;
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
}

/**
 * The dependency graph of a path-based scheme with its consumption channels as vertices: the
 * network VCs 0 .. NV - 1 of `g`, then consumption channel q of node a as NV + a * Q + q.
 *
 * A multidestination worm at an intermediate destination a (docs/model-flit.md rule 2b) requests,
 * at once, the consumption channel E of a and the first hop c' onward, and holds whatever it is
 * granted while it waits for the rest (hold and wait). So a worm that arrived on VC c can
 * - hold c and wait for E:           c -> E
 * - hold E and wait for c':          E -> c'
 * - hold c' and wait for E:          c' -> E, kept only when two different VCs (counting the
 *   copies of a class) can bring worms to E at once; with one, the only worm that can hold E while
 *   waiting for c' is the same worm, which does not wait for itself.
 * A worm that reached its last destination holds c and waits for E (c -> E); E then has no
 * successor of that worm, since the processor sinks a flit every cycle. Unicast worms only ever
 * end at E, so their graphs gain no cycle and are not augmented.
 */
export function withConsumption(g: DependencyGraph, model: ConsumptionModel): CsrGraph {
  const t = g.routing.topology;
  const n = t.nodes;
  const P = t.ports;
  const V = g.vcs;
  const NV = g.succ.length;
  const Q = consumptionChannelsPerNode(model, P, V);
  const perVc = model.consumption === 'vc';
  const size = NV + n * Q;
  // eOut: first hops (successor bits at node a) of worms holding E = (a, q); arrivals: VCs that bring worms to E
  const eOut = new Uint32Array(n * Q);
  const arrivals = new Int32Array(n * Q);
  const eOf = (c: number): number => {
    const ch = (c / V) | 0;
    if (perVc) return g.headOf[ch]! * Q + (c % (P * V));
    return g.headOf[ch]! * Q + (Q === 1 ? 0 : ch % P);
  };
  for (let c = 0; c < g.arrived.length; c++) {
    if (g.arrived[c] !== 1) continue;
    const e = eOf(c);
    // with one consumption channel per incoming VC, each copy of a class has its own
    arrivals[e]! += perVc ? 1 : model.copies;
    eOut[e]! |= g.junctionOut[c]!;
  }
  // c' -> E: for every first hop c' of E's worms, when two worms can reach E at once
  const back = new Map<number, number[]>();
  for (let e = 0; e < n * Q; e++) {
    if (arrivals[e]! < 2 || eOut[e] === 0) continue;
    const a = (e / Q) | 0;
    forBits(eOut[e]!, (bit) => {
      const c2 = a * P * V + bit;
      const list = back.get(c2);
      if (list) list.push(NV + e);
      else back.set(c2, [NV + e]);
    });
  }
  const offsets = new Int32Array(size + 1);
  const targets: number[] = [];
  for (let v = 0; v < size; v++) {
    offsets[v] = targets.length;
    if (v < NV) {
      const head = g.headOf[(v / V) | 0]!;
      forBits(g.succ[v]!, (bit) => targets.push(head * P * V + bit));
      if (g.arrived.length > 0 && g.arrived[v] === 1) targets.push(NV + eOf(v));
      const extra = back.get(v);
      if (extra) targets.push(...extra);
    } else {
      const a = ((v - NV) / Q) | 0;
      forBits(eOut[v - NV]!, (bit) => targets.push(a * P * V + bit));
    }
  }
  offsets[size] = targets.length;
  return { size, offsets, targets: Int32Array.from(targets) };
}

function forBits(mask: number, f: (bit: number) => void): void {
  let m = mask;
  while (m !== 0) {
    const bit = 31 - Math.clz32(m);
    m &= ~(1 << bit);
    f(bit);
  }
}

/**
 * One cycle of a CSR graph (each vertex depends on the next, the last on the first): the
 * shortest through the first vertex on a cycle an iterative depth-first search meets; undefined
 * when the graph is acyclic.
 */
export function findCsrCycle(g: CsrGraph): number[] | undefined {
  const colour = new Uint8Array(g.size);
  const stackV = new Int32Array(g.size);
  const stackI = new Int32Array(g.size);
  for (let root = 0; root < g.size; root++) {
    if (colour[root] !== 0 || g.offsets[root] === g.offsets[root + 1]) continue;
    let top = 0;
    stackV[0] = root;
    stackI[0] = g.offsets[root]!;
    colour[root] = 1;
    while (top >= 0) {
      const v = stackV[top]!;
      const i = stackI[top]!;
      if (i === g.offsets[v + 1]) {
        colour[v] = 2;
        top--;
        continue;
      }
      stackI[top] = i + 1;
      const w = g.targets[i]!;
      if (colour[w] === 1) return shortestCsrCycle(g, w);
      if (colour[w] === 0) {
        colour[w] = 1;
        top++;
        stackV[top] = w;
        stackI[top] = g.offsets[w]!;
      }
    }
  }
  return undefined;
}

function shortestCsrCycle(g: CsrGraph, v: number): number[] {
  const parent = new Int32Array(g.size).fill(-1);
  const queue = [v];
  for (let h = 0; h < queue.length; h++) {
    const c = queue[h]!;
    for (let i = g.offsets[c]!; i < g.offsets[c + 1]!; i++) {
      const w = g.targets[i]!;
      if (w === v) {
        const cycle = [c];
        for (let x = c; x !== v; x = parent[x]!) cycle.push(parent[x]!);
        return cycle.reverse();
      }
      if (parent[w]! < 0) {
        parent[w] = c;
        queue.push(w);
      }
    }
  }
  throw new Error(`consumption: ${v} is on a cycle but no cycle returns to it`);
}

/** Strongly connected component ids of every vertex (iterative Tarjan); for tests and reports. */
export function strongComponents(g: CsrGraph): Int32Array {
  const index = new Int32Array(g.size).fill(-1);
  const low = new Int32Array(g.size);
  const comp = new Int32Array(g.size).fill(-1);
  const onStack = new Uint8Array(g.size);
  const stack: number[] = [];
  const callV: number[] = [];
  const callI: number[] = [];
  let counter = 0;
  let comps = 0;
  for (let root = 0; root < g.size; root++) {
    if (index[root]! >= 0) continue;
    callV.push(root);
    callI.push(g.offsets[root]!);
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (callV.length > 0) {
      const v = callV[callV.length - 1]!;
      const i = callI[callI.length - 1]!;
      if (i < g.offsets[v + 1]!) {
        callI[callI.length - 1] = i + 1;
        const w = g.targets[i]!;
        if (index[w]! < 0) {
          index[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          callV.push(w);
          callI.push(g.offsets[w]!);
        } else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!);
        continue;
      }
      callV.pop();
      callI.pop();
      if (callV.length > 0) {
        const u = callV[callV.length - 1]!;
        low[u] = Math.min(low[u]!, low[v]!);
      }
      if (low[v] === index[v]) {
        for (;;) {
          const x = stack.pop()!;
          onStack[x] = 0;
          comp[x] = comps;
          if (x === v) break;
        }
        comps++;
      }
    }
  }
  return comp;
}
