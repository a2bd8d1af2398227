import { WormcastError } from '../errors.ts';
import { isFaultFree, noFaults } from '../fault/fault-set.ts';
import type { Topology } from '../topology/types.ts';
import { DELIVER, INJECT, pack, type RoutingFactory } from './types.ts';

/** VC classes: a worm is in class r<i> after i dimension reversals (docs/routing-faults.md). */
export const DR_CLASSES = ['r0', 'r1', 'r2'] as const;

/** True when the hop from node out of port brings it closer to dest (mesh or hypercube). */
function profitable(t: Topology, node: number, dest: number, port: number): boolean {
  if (t.kind === 'hypercube') return (((node ^ dest) >> port) & 1) === 1;
  const d = port >> 1;
  let stride = 1;
  for (let i = 0; i < d; i++) stride *= t.dims[i]!;
  const k = t.dims[d]!;
  const x = Math.floor(node / stride) % k;
  const xd = Math.floor(dest / stride) % k;
  return (port & 1) === 0 ? xd > x : xd < x;
}

/**
 * Which pass of the selection takes the hop out of port q: 0 profitable, 1 a misroute in a
 * dimension where node and dest agree, 2 a misroute backwards, 3 straight back where it came from.
 */
function kindOf(t: Topology, node: number, dest: number, q: number, back: boolean): number {
  if (back) return 3;
  if (profitable(t, node, dest, q)) return 0;
  // on a hypercube a non-profitable dimension is always aligned; on a mesh, when neither direction gains
  return t.kind === 'hypercube' || !profitable(t, node, dest, q ^ 1) ? 1 : 2;
}

/**
 * Fault-tolerant routing by dimension reversals on 2D/3D meshes and hypercubes, after Dally and
 * Aoki (IEEE TPDS 4(4), 1993): a worm's VC class counts the dimension reversals it has made (a hop
 * out of a lower port than the one it arrived by), so within one class its ports never decrease,
 * and the channel dependency graph is acyclic whatever the faults (docs/routing-faults.md). The
 * selection among the healthy outputs is ours: profitable before misrouting, staying in the class
 * before reversing,
 * detours beside the fault before backwards, lowest port first, straight back only as a last resort. Fault-free it is dimension order,
 * lowest dimension first, in class r0.
 */
export const dimReversal: RoutingFactory = (topology, options) => {
  const t = topology;
  if (t.kind !== 'hypercube' && t.kind !== 'mesh')
    throw new WormcastError(`routing dim-reversal: needs a mesh or hypercube, not ${t.spec}`);
  const f = options.faults ?? noFaults(t);
  if (f.spec !== t.spec) throw new WormcastError(`routing dim-reversal: faults of ${f.spec}, not of ${t.spec}`);
  const last = DR_CLASSES.length - 1;
  const healthy = (v: number, q: number) => t.neighbor(v, q) >= 0 && f.channelMask[v * t.ports + q] === 0;
  return {
    name: 'dim-reversal',
    topology: t,
    vcClasses: DR_CLASSES,
    minimal: isFaultFree(f),
    wasmOption: 0,
    inPort: true,
    faults: f,
    route(node, dest, vcIn, _key, inPort = -1) {
      if (node === dest) return DELIVER;
      const k = vcIn === INJECT ? 0 : vcIn;
      const p = vcIn === INJECT ? -1 : inPort;
      // the port straight back to the upstream node: it crosses the arrival channel's reverse
      const back = (q: number) => p >= 0 && t.neighbor(t.neighbor(node, q), p) === node;
      // eight passes, in order of preference (reverse: a lower port than the arrival port, into
      // the next class): profitable; misrouting in a dimension already aligned with the
      // destination (a detour beside the fault); misrouting backwards; last, straight back
      for (let pass = 0; pass < 8; pass++) {
        const kind = pass >> 1;
        const reverse = (pass & 1) === 1;
        if (reverse && k === last) continue;
        for (let q = 0; q < t.ports; q++) {
          if (reverse ? q >= p : q < p) continue;
          // the same port again keeps the class only going straight on (a mesh line); on a hypercube
          // it is the step back, which would close a dependency cycle of two channels
          if (!reverse && q === p && back(q)) continue;
          if (!healthy(node, q) || kindOf(t, node, dest, q, back(q)) !== kind) continue;
          return pack(q, reverse ? k + 1 : k);
        }
      }
      // stuck: the lowest profitable port, dead or out of class order; reachability analysis
      // (src/analysis/fault-routes.ts) counts the pair unroutable when the port is dead
      for (let q = 0; q < t.ports; q++) if (t.neighbor(node, q) >= 0 && profitable(t, node, dest, q)) return pack(q, k);
      return DELIVER;
    },
  };
};
