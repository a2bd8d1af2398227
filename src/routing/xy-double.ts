import { WormcastError } from '../errors.ts';
import { DELIVER, INJECT, pack, type RoutingFactory } from './types.ts';

/** Ports of a 2D mesh (src/topology/grid.ts: port 2d = +dim d, 2d + 1 = -dim d). */
const PX = 0;
const MX = 1;
const PY = 2;
const MY = 3;

/**
 * VC classes of the doubled channels (seed 004 section 6.2.1; docs/algorithms-tree.md): `xy` is the
 * copy of subnetworks N+X+Y and N-X-Y, `yx` of N-X+Y and N+X-Y. Each directed channel belongs to
 * two subnetworks, one of each class.
 */
export const XY_DOUBLE_CLASSES = ['xy', 'yx'] as const;

/** The four subnetworks in the seed's order, with their X and Y directions and VC class. */
export const SUBNETWORKS = [
  { name: '+X+Y', xPort: PX, yPort: PY, vc: 0 },
  { name: '-X+Y', xPort: MX, yPort: PY, vc: 1 },
  { name: '-X-Y', xPort: MX, yPort: MY, vc: 0 },
  { name: '+X-Y', xPort: PX, yPort: MY, vc: 1 },
] as const;

/**
 * The subnetwork (index into SUBNETWORKS) of destination (x, y) seen from source (x0, y0)
 * (seed 004 section 6.2.1): D+X+Y = {x > x0, y >= y0}, D-X+Y = {x <= x0, y > y0},
 * D-X-Y = {x < x0, y <= y0}, D+X-Y = {x >= x0, y < y0}; -1 for the source itself.
 */
export function quadrantOf(x0: number, y0: number, x: number, y: number): number {
  if (x > x0 && y >= y0) return 0;
  if (x <= x0 && y > y0) return 1;
  if (x < x0 && y <= y0) return 2;
  if (x >= x0 && y < y0) return 3;
  return -1;
}

/**
 * The unicast route of double-channel X-first on a 2D mesh: X first, then Y (dimension order), on
 * the copy of the subnetwork of the destination's quadrant, chosen at the source and kept (the
 * class of a route is constant). Wasm twin: assembly/routing/xy-double.ts (wasm id 9).
 */
export const xyDouble: RoutingFactory = (topology) => {
  if (topology.kind !== 'mesh' || topology.dims.length !== 2) {
    throw new WormcastError(`routing xy-double: needs a 2D mesh (mesh:k0xk1), not ${topology.spec}`);
  }
  const k0 = topology.dims[0]!;
  return {
    name: 'xy-double',
    topology,
    vcClasses: XY_DOUBLE_CLASSES,
    minimal: true,
    wasmOption: 0,
    route(node, dest, vcIn) {
      if (node === dest) return DELIVER;
      const x0 = node % k0;
      const y0 = (node / k0) | 0;
      const x = dest % k0;
      const y = (dest / k0) | 0;
      const vc = vcIn === INJECT ? SUBNETWORKS[quadrantOf(x0, y0, x, y)]!.vc : vcIn;
      if (x !== x0) return pack(x > x0 ? PX : MX, vc);
      return pack(y > y0 ? PY : MY, vc);
    },
  };
};
