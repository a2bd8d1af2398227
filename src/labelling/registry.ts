import { WormcastError } from '../errors.ts';
import { TOPOLOGY_FAMILIES, topologyFamily } from '../topology/registry.ts';
import type { Topology } from '../topology/types.ts';
import type { Labelling } from './types.ts';

/**
 * The seeds' Hamiltonian labelling of a topology, as its family's entry in
 * src/topology/registry.ts names it: mesh snake (seed 004 section 6.2.2), hypercube reflected
 * Gray code (seed 004 section 6.3), 2D torus (seed 003 section 4.1), star graph cycle (seed 003
 * section 4.2).
 */
export function defaultLabelling(topology: Topology): Labelling {
  const make = topologyFamily(topology.kind)?.labelling;
  if (!make) {
    const having = Object.entries(TOPOLOGY_FAMILIES)
      .filter(([, f]) => f.labelling !== undefined)
      .map(([name]) => name);
    throw new WormcastError(
      `${topology.spec}: no Hamiltonian labelling is defined for ${topology.kind}; families with one: ${having.join(', ')}`,
    );
  }
  return make(topology);
}
