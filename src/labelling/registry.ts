import { WormcastError } from '../errors.ts';
import type { Topology, TopologyKind } from '../topology/types.ts';
import { hypercubeGray } from './hypercube-gray.ts';
import { meshSnake } from './mesh-snake.ts';
import { starCycle } from './star-cycle.ts';
import { torusHcm } from './torus-hcm.ts';
import type { Labelling } from './types.ts';

/**
 * The Hamiltonian labelling of each topology family that has one (label and hcm routing, the
 * path-based algorithms). It lives here, not in the family's entry of src/topology/registry.ts,
 * because labelling is the layer below topology (docs/architecture.md): the labellings import
 * the topology classes, so the topology registry must not import them.
 */
export const LABELLINGS: Readonly<Partial<Record<TopologyKind, (topology: Topology) => Labelling>>> = {
  // reflected Gray code (seed 004 section 6.3)
  hypercube: hypercubeGray,
  // the snake (seed 004 section 6.2.2)
  mesh: meshSnake,
  // 2D torus (seed 003 section 4.1)
  torus: torusHcm,
  // seed 003 section 4.2
  star: starCycle,
};

/**
 * The seeds' Hamiltonian labelling of a topology, as LABELLINGS names it for its family: mesh
 * snake (seed 004 section 6.2.2), hypercube reflected Gray code (seed 004 section 6.3), 2D torus
 * (seed 003 section 4.1), star graph cycle (seed 003 section 4.2).
 */
export function defaultLabelling(topology: Topology): Labelling {
  const make = Object.hasOwn(LABELLINGS, topology.kind) ? LABELLINGS[topology.kind] : undefined;
  if (!make)
    throw new WormcastError(
      `${topology.spec}: no Hamiltonian labelling is defined for ${topology.kind}; families with one: ${Object.keys(LABELLINGS).join(', ')}`,
    );
  return make(topology);
}
