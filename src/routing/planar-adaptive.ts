import { WormcastError } from '../errors.ts';
import { selectionOption } from './selection.ts';
import { DELIVER, pack, type RoutingFactory } from './types.ts';

/**
 * Planar-adaptive routing on a 2D mesh (Chien and Kim, "Planar-Adaptive Routing: Low-cost
 * Adaptive Networks for Multiprocessors", ISCA 1992, section 3; BookSim's planar_adapt_mesh): the
 * one adaptive plane of a 2D mesh, whose y channels are split into two virtual networks by the
 * packet's x direction: a packet going +x takes +x hops (class x) and its y hops on class y-inc,
 * one going -x takes -x hops and y hops on class y-dec, minimal and adaptive within its network.
 * Neither network turns back in x, and a packet's y direction is fixed, so neither has a cycle;
 * the two share only x channels of opposite directions. A packet with no x offset left keeps the
 * y class it has (y-inc at its source or after an x hop). The n-D form (a sequence of planes, each
 * with three virtual channels) is not implemented. Wasm twin: assembly/routing/planar-adaptive.ts.
 */
export const PLANAR_CLASSES = ['x', 'y-inc', 'y-dec'] as const;

export const planarAdaptive: RoutingFactory = (topology, options) => {
  if (topology.kind !== 'mesh' || topology.dims.length !== 2)
    throw new WormcastError(`routing planar-adaptive: needs a 2D mesh (mesh:k0xk1), not ${topology.spec}`);
  const k0 = topology.dims[0]!;
  const choices = (node: number, dest: number, vcIn: number): number[] => {
    const dx = (dest % k0) - (node % k0);
    const dy = ((dest / k0) | 0) - ((node / k0) | 0);
    const yPort = dy > 0 ? 2 : 3;
    if (dx > 0) return dy !== 0 ? [pack(0, 0), pack(yPort, 1)] : [pack(0, 0)];
    if (dx < 0) return dy !== 0 ? [pack(1, 0), pack(yPort, 2)] : [pack(1, 0)];
    return [pack(yPort, vcIn === 2 ? 2 : 1)];
  };
  return {
    name: 'planar-adaptive',
    topology,
    vcClasses: PLANAR_CLASSES,
    minimal: true,
    ...selectionOption(options.selection),
    route: (node, dest, vcIn) => (node === dest ? DELIVER : choices(node, dest, vcIn)[0]!),
    choices,
  };
};
