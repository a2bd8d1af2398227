import type { Labelling } from '../../labelling/types.ts';
import { VC_PH, VC_PL } from '../../routing/hcm-model.ts';
import type { RoutingFunction } from '../../routing/types.ts';
import type { Plan } from '../plan.ts';
import type { DualHeaders } from './hcm-prepare.ts';
import { labellingOf } from './split.ts';
import { assemblePathPlan, RouteBuffer, routeWorm } from './worms.ts';

/**
 * The dual-path plan of the Hamiltonian cycle model (seed 003 section 3.1): the destinations
 * split by `prepare` into the high-channel worm M^h and the low-channel worm M^l, both moved by
 * the hcm routing function R, each starting on its network's p-channel.
 */
export function hcmDualPath(
  name: string,
  routing: RoutingFunction,
  source: number,
  destinations: Int32Array,
  prepare: (lab: Labelling, source: number, dests: Int32Array) => DualHeaders,
): Plan {
  const { high, low } = prepare(labellingOf(routing, name), source, destinations);
  const buf = new RouteBuffer(4 * destinations.length + 16);
  const worms = [
    routeWorm(routing, 'high', source, high, VC_PH, buf),
    routeWorm(routing, 'low', source, low, VC_PL, buf),
  ];
  return assemblePathPlan(routing, name, source, destinations, worms, buf);
}
