import type { Topology } from '../topology/types.ts';
import type { Labelling } from './types.ts';

/** STUB: filled in by the labelling work. */
export function meshSnake(topology: Topology): Labelling {
  throw new Error('labelling mesh-snake on ' + topology.spec + ': not implemented yet');
}
