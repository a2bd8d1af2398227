import { NONE, PlanBuilder } from '../plan.ts';
import type { MulticastAlgorithm } from '../types.ts';

/**
 * Separate addressing (seed 000 section 6, Fig. 10): the source sends its own unicast to every
 * destination, in ascending id order (the dimension order), with an empty address field.
 */
export const separate: MulticastAlgorithm = {
  name: 'separate',
  summary: 'separate addressing: the source unicasts to every destination (seed 000 Fig. 10 baseline)',
  topologies: 'any',
  routings: 'any',
  port: 'one',
  build(routing, source, destinations) {
    const b = new PlanBuilder(destinations.length);
    for (let i = 0; i < destinations.length; i++) b.unicast(source, destinations[i]!, NONE, i, 0, 0);
    return b.build(routing.topology, routing, 'separate', source, destinations);
  },
};
