import { WormcastError } from '../errors.ts';
import { DELIVER, INJECT, pack, type RoutingFactory } from './types.ts';

/**
 * O1TURN (Seo, Ali, Lim, Rafique and Thottethodi, "Near-optimal worst-case throughput routing for
 * two-dimensional mesh networks", ISCA 2005, section 3): each packet takes XY or YX dimension order,
 * chosen at random at the source, on its own VC class (xy or yx), so neither order's dependencies
 * meet the other's. The choice is bit 0 of the worm's routing key (keys = 2; BookSim's xy_yx_mesh
 * draws it the same way, per packet). Wasm twin: assembly/routing/o1turn.ts.
 */
export const O1TURN_CLASSES = ['xy', 'yx'] as const;

export const o1turn: RoutingFactory = (topology) => {
  if (topology.kind !== 'mesh' || topology.dims.length !== 2)
    throw new WormcastError(`routing o1turn: needs a 2D mesh (mesh:k0xk1), not ${topology.spec}`);
  const k0 = topology.dims[0]!;
  return {
    name: 'o1turn',
    topology,
    vcClasses: O1TURN_CLASSES,
    minimal: true,
    wasmOption: 0,
    keys: 2,
    route(node, dest, vcIn, key = 0) {
      if (node === dest) return DELIVER;
      const vc = vcIn === INJECT ? key & 1 : vcIn;
      const dx = (dest % k0) - (node % k0);
      const dy = ((dest / k0) | 0) - ((node / k0) | 0);
      const xPort = dx > 0 ? 0 : 1;
      const yPort = dy > 0 ? 2 : 3;
      if (vc === 0) return pack(dx !== 0 ? xPort : yPort, 0);
      return pack(dy !== 0 ? yPort : xPort, 1);
    },
  };
};
