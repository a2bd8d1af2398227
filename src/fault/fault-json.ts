import type { Topology } from '../topology/types.ts';
import { type Components, unreachablePairs } from './components.ts';
import { deadLinkCount, type FaultSet } from './fault-set.ts';

/** The `faults` field of every `--json` (docs/faults.md): the faults in the topology's addresses. */
export interface FaultsJson {
  links: [string, string][];
  nodes: string[];
  /** Undirected links out of service: those listed and those of the faulty nodes. */
  deadLinks: number;
}

/** The `unreachable` field: what the fault set disconnects. */
export interface UnreachableJson {
  /** Ordered pairs (source != destination) with a faulty end or in different components. */
  pairs: number;
  /** nodes * (nodes - 1). */
  of: number;
  components: number;
  largestComponent: number;
}

export function faultsJson(t: Topology, f: FaultSet): FaultsJson {
  return {
    links: f.links.map(([a, b]) => [t.format(a), t.format(b)]),
    nodes: f.nodes.map((v) => t.format(v)),
    deadLinks: deadLinkCount(t, f),
  };
}

export function unreachableJson(t: Topology, c: Components): UnreachableJson {
  return {
    pairs: unreachablePairs(t, c),
    of: t.nodes * (t.nodes - 1),
    components: c.sizes.length,
    largestComponent: c.sizes.reduce((m, s) => Math.max(m, s), 0),
  };
}

/** One line for text output: `faults: 2 links, 1 node (5 links dead); 3 components, 120 of 4032 pairs unreachable`. */
export function faultLine(t: Topology, f: FaultSet, c: Components): string {
  const u = unreachableJson(t, c);
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  return `faults: ${plural(f.links.length, 'link')}, ${plural(f.nodes.length, 'node')} (${plural(deadLinkCount(t, f), 'link')} dead); ${plural(u.components, 'component')}, ${u.pairs} of ${u.of} ordered pairs unreachable`;
}
