import type { Topology } from '../topology/types.ts';
import type { Labelling } from './types.ts';

/** STUB: a user-supplied Hamiltonian path or cycle, validated. */
export function customLabelling(topology: Topology, order: readonly number[], cycle: boolean): Labelling {
  throw new Error(`custom labelling on ${topology.spec} (${order.length} nodes, cycle ${cycle}): not implemented yet`);
}
