import type { Topology } from '../topology/types.ts';
import type { Labelling } from './types.ts';

/** STUB: filled in by the labelling work. */
export function torusHcm(topology: Topology): Labelling {
  throw new Error('labelling torus-hcm on ' + topology.spec + ': not implemented yet');
}
