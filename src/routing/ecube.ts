import { WormcastError } from '../errors.ts';
import { DELIVER, type RoutingFactory } from './types.ts';

/**
 * E-cube routing (seed 001 section 2): correct the bits in which the current node
 * and the destination differ one dimension at a time, from the highest bit down
 * (option lowFirst: from the lowest up). Deadlock-free with one VC class.
 */
export const ecube: RoutingFactory = (topology, options) => {
  if (topology.kind !== 'hypercube') throw new WormcastError(`routing ecube: needs a hypercube, not ${topology.spec}`);
  const lowFirst = options.lowFirst === true;
  return {
    name: 'ecube',
    topology,
    vcClasses: ['c'],
    minimal: true,
    wasmOption: lowFirst ? 1 : 0,
    route(node, dest) {
      const diff = node ^ dest;
      if (diff === 0) return DELIVER;
      return lowFirst ? 31 - Math.clz32(diff & -diff) : 31 - Math.clz32(diff);
    },
  };
};
