import { WormcastError } from '../errors.ts';
import type { Topology } from '../topology/types.ts';

/**
 * Static faults of one network: masks over its channels and nodes, applied before routing
 * (shared/DESIGN.md "Engine model", faults). A faulty link kills both of its channels; a faulty
 * node kills every channel into or out of it, so the channel mask alone says what a worm may cross.
 */
export interface FaultSet {
  /** The topology spec the masks index. */
  readonly spec: string;
  /** The faulty links as given or drawn, each as (a, b) with a < b, in the order given. */
  readonly links: readonly (readonly [number, number])[];
  /** The faulty nodes as given or drawn, ascending. */
  readonly nodes: readonly number[];
  /** 1 for a dead channel (node * ports + port): a faulty link's or a faulty node's. */
  readonly channelMask: Uint8Array;
  /** 1 for a faulty node. */
  readonly nodeMask: Uint8Array;
}

/** The fault set with no faults: every channel and node healthy. */
export function noFaults(t: Topology): FaultSet {
  return {
    spec: t.spec,
    links: [],
    nodes: [],
    channelMask: new Uint8Array(t.nodes * t.ports),
    nodeMask: new Uint8Array(t.nodes),
  };
}

/** True when the set holds no fault. */
export function isFaultFree(f: FaultSet): boolean {
  return f.links.length === 0 && f.nodes.length === 0;
}

/** The ports of `a` that lead to `b` (one in every family of the seeds; all of them are killed). */
function portsBetween(t: Topology, a: number, b: number): number[] {
  const out: number[] = [];
  for (let p = 0; p < t.ports; p++) if (t.neighbor(a, p) === b) out.push(p);
  return out;
}

/**
 * The fault set of the given faulty links and nodes. Throws WormcastError naming a link whose two
 * ends are not neighbours.
 */
export function buildFaultSet(
  t: Topology,
  links: readonly (readonly [number, number])[],
  nodes: readonly number[],
): FaultSet {
  const channelMask = new Uint8Array(t.nodes * t.ports);
  const nodeMask = new Uint8Array(t.nodes);
  const seen = new Set<number>();
  const outLinks: [number, number][] = [];
  for (const [x, y] of links) {
    const a = Math.min(x, y);
    const b = Math.max(x, y);
    const ab = portsBetween(t, a, b);
    if (ab.length === 0)
      throw new WormcastError(
        `faults: link ${t.format(x)}-${t.format(y)} is not a link of ${t.spec}; its two ends must be neighbours`,
      );
    for (const p of ab) channelMask[a * t.ports + p] = 1;
    for (const p of portsBetween(t, b, a)) channelMask[b * t.ports + p] = 1;
    const key = a * t.nodes + b;
    if (!seen.has(key)) {
      seen.add(key);
      outLinks.push([a, b]);
    }
  }
  for (const v of nodes) {
    nodeMask[v] = 1;
    for (let p = 0; p < t.ports; p++) {
      const w = t.neighbor(v, p);
      if (w < 0) continue;
      channelMask[v * t.ports + p] = 1;
      for (const q of portsBetween(t, w, v)) channelMask[w * t.ports + q] = 1;
    }
  }
  const sortedNodes = [...new Set(nodes)].sort((x, y) => x - y);
  return { spec: t.spec, links: outLinks, nodes: sortedNodes, channelMask, nodeMask };
}

/** True when the channel out of `node` by `port` exists and is healthy. */
export function channelHealthy(t: Topology, f: FaultSet, node: number, port: number): boolean {
  return t.neighbor(node, port) >= 0 && f.channelMask[node * t.ports + port] === 0;
}

/** Dead undirected links: those given, and those a faulty node takes down with it. */
export function deadLinkCount(t: Topology, f: FaultSet): number {
  let dead = 0;
  for (let v = 0; v < t.nodes; v++)
    for (let p = 0; p < t.ports; p++) {
      const w = t.neighbor(v, p);
      if (w > v && f.channelMask[v * t.ports + p] === 1) dead++;
    }
  return dead;
}
