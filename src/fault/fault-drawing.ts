import type { Topology } from '../topology/types.ts';
import type { FaultSet } from './fault-set.ts';

/** What a drawing of the network marks as out of service (node ids, links as a < b). */
export interface FaultDrawing {
  /** Faulty nodes, ascending. */
  readonly nodes: readonly number[];
  /** Every dead undirected link: those given and those a faulty node takes down, in node-then-port order. */
  readonly links: readonly (readonly [number, number])[];
}

/**
 * The faulty nodes and dead links of a parsed fault set, for the browser drawing (src/web; issue
 * 22 "the fault sets ... show in the browser drawing"). For fault-ring's blocks, pass the
 * routing's own set (RoutingFunction.faults, src/fault/blocks.ts): its nodes include the healthy
 * nodes the blocks switch off.
 */
export function faultDrawing(t: Topology, f: FaultSet): FaultDrawing {
  const links: [number, number][] = [];
  for (let v = 0; v < t.nodes; v++)
    for (let p = 0; p < t.ports; p++) {
      const w = t.neighbor(v, p);
      if (w > v && f.channelMask[v * t.ports + p] === 1) links.push([v, w]);
    }
  return { nodes: f.nodes, links };
}
