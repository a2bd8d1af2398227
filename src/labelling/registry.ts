import { WormcastError } from '../errors.ts';
import type { Topology } from '../topology/types.ts';
import { hypercubeGray } from './hypercube-gray.ts';
import { meshSnake } from './mesh-snake.ts';
import { starCycle } from './star-cycle.ts';
import { torusHcm } from './torus-hcm.ts';
import type { Labelling } from './types.ts';

/**
 * The seeds' Hamiltonian labelling of a topology: mesh snake (seed 004 section 6.2.2),
 * hypercube reflected Gray code (seed 004 section 6.3), 2D torus (seed 003 section 4.1),
 * star graph cycle (seed 003 section 4.2).
 */
export function defaultLabelling(topology: Topology): Labelling {
  switch (topology.kind) {
    case 'mesh':
      return meshSnake(topology);
    case 'hypercube':
      return hypercubeGray(topology);
    case 'torus':
      return torusHcm(topology);
    case 'star':
      return starCycle(topology);
    default:
      throw new WormcastError(`${topology.spec}: no Hamiltonian labelling is defined for ${topology.kind}`);
  }
}
