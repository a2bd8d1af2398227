import { WormcastError } from '../errors.ts';
import { blockFaults } from '../fault/blocks.ts';
import { isFaultFree, noFaults } from '../fault/fault-set.ts';
import { DELIVER, INJECT, pack, type RoutingFactory } from './types.ts';

/** Ports of a 2D mesh (src/topology/grid.ts: port 2d = +dim d, 2d + 1 = -dim d). */
const PX = 0;
const MX = 1;
const PY = 2;
const MY = 3;

/**
 * VC classes, one per message type (docs/routing-faults.md "fault-ring"): a row message travels
 * +x (we) or -x (ew) until it reaches its destination's column; a column message then travels +y
 * (sn) or -y (ns). A worm changes class only from a row class to a column class.
 */
export const FAULT_RING_CLASSES = ['we', 'ew', 'sn', 'ns'] as const;

/**
 * E-cube (x, then y) on a 2D mesh that goes round rectangular fault blocks on their rings, after
 * Boppana and Chalasani (IEEE Trans. Computers 44(7), 1995); the rule, its differences from the
 * paper and its deadlock argument are in docs/routing-faults.md. The fault set is first completed
 * to blocks (src/fault/blocks.ts); the function's `faults` is the completed set, so the nodes it
 * switches off are dead to it. Wasm twin: assembly/routing/fault-ring.ts.
 */
export const faultRing: RoutingFactory = (topology, options) => {
  const t = topology;
  if (t.kind !== 'mesh' || t.dims.length !== 2)
    throw new WormcastError(`routing fault-ring: needs a 2D mesh (mesh:k0xk1), not ${t.spec}`);
  const given = options.faults ?? noFaults(t);
  if (given.spec !== t.spec) throw new WormcastError(`routing fault-ring: faults of ${given.spec}, not of ${t.spec}`);
  const f = blockFaults(t, given).faults;
  const k0 = t.dims[0]!;
  const k1 = t.dims[1]!;
  const healthy = (v: number, q: number) => t.neighbor(v, q) >= 0 && f.channelMask[v * t.ports + q] === 0;
  return {
    name: 'fault-ring',
    topology: t,
    vcClasses: FAULT_RING_CLASSES,
    minimal: isFaultFree(f),
    wasmOption: 0,
    inPort: true,
    faults: f,
    route(node, dest, vcIn, _key, inPort = -1) {
      if (node === dest) return DELIVER;
      const x = node % k0;
      const y = Math.floor(node / k0);
      const xd = dest % k0;
      const yd = Math.floor(dest / k0);
      const p = vcIn === INJECT ? -1 : inPort;
      const rowClass = vcIn === INJECT || vcIn <= 1;
      if (rowClass && x !== xd) {
        const c = vcIn === INJECT ? (xd > x ? 0 : 1) : vcIn;
        const h = c === 0 ? PX : MX;
        if (healthy(node, h)) return pack(h, c);
        // on the ring's side column, going round: on in the same direction until h is free
        if (p === PY || p === MY) return pack(p, c);
        // a block ahead: its rows are those of this column whose hop h is dead
        let b1 = y;
        while (b1 + 1 < k1 && !healthy(x + k0 * (b1 + 1), h)) b1++;
        let b0 = y;
        while (b0 - 1 >= 0 && !healthy(x + k0 * (b0 - 1), h)) b0--;
        const northOk = b1 + 1 < k1;
        const southOk = b0 - 1 >= 0;
        // stuck: the block spans the column, so the pair is cut off for this function
        if (!northOk && !southOk) return pack(h, c);
        const preferNorth = yd > b1 ? true : yd < b0 ? false : b1 + 1 - yd <= yd - b0 + 1;
        return pack((preferNorth ? northOk : !southOk) ? PY : MY, c);
      }
      const c = rowClass ? (yd > y ? 2 : 3) : vcIn;
      const h = c === 2 ? PY : MY;
      if (x === xd) {
        // past the destination's row only when the destination is inside a block: not routable
        if (c === 2 ? yd < y : yd > y) return pack(h ^ 1, c);
        if (healthy(node, h)) return pack(h, c);
        let a1 = x;
        while (a1 + 1 < k0 && !healthy(a1 + 1 + k0 * y, h)) a1++;
        let a0 = x;
        while (a0 - 1 >= 0 && !healthy(a0 - 1 + k0 * y, h)) a0--;
        const eastOk = a1 + 1 < k0;
        const westOk = a0 - 1 >= 0;
        if (!eastOk && !westOk) return pack(h, c);
        const preferEast = a1 + 1 - x <= x - a0 + 1;
        return pack((preferEast ? eastOk : !westOk) ? PX : MX, c);
      }
      // a column message off its column, going round a block: out along the ring's near row,
      // along its side column, back along its far row
      const toward = xd > x ? PX : MX;
      if (p === toward) return pack(toward, c);
      if (p === PX || p === MX) return pack(healthy(node, h) ? h : p, c);
      // h dead here only past the mesh's edge, when the destination is inside the block: into it
      return pack(healthy(node, toward) || !healthy(node, h) ? toward : h, c);
    },
  };
};
