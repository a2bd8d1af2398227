import type { Topology } from '../topology/types.ts';
import type { Labelling } from './types.ts';

/** STUB: filled in by the labelling work. */
export function hypercubeGray(topology: Topology): Labelling {
  throw new Error('labelling hypercube-gray on ' + topology.spec + ': not implemented yet');
}
