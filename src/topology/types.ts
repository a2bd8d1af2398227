import type { TopologyName } from './registry.ts';

/** The topology families of the seeds (docs/seeds.md): the names in src/topology/registry.ts. */
export type TopologyKind = TopologyName;

/**
 * A network whose nodes are the integers 0 .. nodes-1 and whose unidirectional
 * physical channels are (node, port) pairs: channel id = node * ports + port.
 */
export interface Topology {
  readonly kind: TopologyKind;
  /** The spec it was built from, normalised (`ccc:5`, `mesh:6x6`). */
  readonly spec: string;
  readonly nodes: number;
  /** Ports per node (the maximum degree); some ports of some nodes lead nowhere. */
  readonly ports: number;
  /** Dimension sizes: [n] for hypercube, ccc and star; the radices for mesh and torus. */
  readonly dims: readonly number[];
  /** Undirected links. */
  readonly links: number;
  /** Longest shortest path. */
  readonly diameter: number;
  /** The node reached through `port`, or -1 when the port leads nowhere. */
  neighbor(node: number, port: number): number;
  /** Exact shortest-path length in hops. */
  distance(a: number, b: number): number;
  /** A human address to a node id; throws WormcastError naming the address and the valid form. */
  parse(address: string): number;
  /** A node id to its human address. */
  format(node: number): string;
  /**
   * A precomputed neighbour table (node * ports + port), for families whose neighbour
   * function is costly (the star graph); the wasm module then reads the same table.
   */
  neighborTable?(): Int32Array;
  /** A short name for a port (`dim 3`, `+x`, `cube`, `g4`). */
  portName(port: number): string;
}

/** Throws unless node is an integer id of the topology. */
export function checkNode(t: Topology, node: number): void {
  if (!Number.isInteger(node) || node < 0 || node >= t.nodes) {
    throw new RangeError(`node ${node} is not in ${t.spec} (0..${t.nodes - 1})`);
  }
}
