import { WormcastError } from '../errors.ts';
import { dor } from './dor.ts';
import { ecube } from './ecube.ts';
import { DELIVER, INJECT, pack, portOf, vcOf, type RoutingFactory } from './types.ts';

/**
 * Valiant's randomized routing (Valiant and Brebner, "Universal schemes for parallel
 * communication", STOC 1981; as BookSim's valiant: Dally and Towles, "Principles and Practices of
 * Interconnection Networks", section 9.1): a packet goes to an intermediate node drawn per packet
 * (its routing key, keys = N), then to its destination, each phase by the deterministic function
 * (dor on a mesh or torus, E-cube on a hypercube) on its own VC classes: phase 1 on class
 * c, phase 2 on class C + c (C = the deterministic function's classes). Phase 2 never returns to
 * phase 1, and each phase's classes carry a deadlock-free function, so the whole is deadlock-free.
 * A packet that meets its destination during phase 1 is delivered there (BookSim goes on to the
 * intermediate node): a route is a function of (node, destination, class, key), which the deadlock
 * checker's walk needs. Wasm twin: assembly/routing/valiant.ts.
 */
export const valiant: RoutingFactory = (topology) => {
  const kind = topology.kind;
  if (kind !== 'mesh' && kind !== 'torus' && kind !== 'hypercube')
    throw new WormcastError(`routing valiant: needs a mesh, torus or hypercube, not ${topology.spec}`);
  const base = kind === 'hypercube' ? ecube(topology, {}) : dor(topology, {});
  const C = base.vcClasses.length;
  const n = topology.nodes;
  return {
    name: 'valiant',
    topology,
    vcClasses: [...base.vcClasses.map((c) => `v1-${c}`), ...base.vcClasses.map((c) => `v2-${c}`)],
    minimal: false,
    wasmOption: 0,
    keys: n,
    keyedStates: true,
    route(node, dest, vcIn, key = 0) {
      if (node === dest) return DELIVER;
      const mid = key % n;
      // phase 2 once the header has left phase 1's classes or stands on the intermediate node
      const phase2 = (vcIn !== INJECT && vcIn >= C) || node === mid;
      const w = base.route(node, phase2 ? dest : mid, -1);
      return pack(portOf(w), vcOf(w) + (phase2 ? C : 0));
    },
  };
};
