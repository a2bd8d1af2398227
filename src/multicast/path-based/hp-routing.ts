import { labellingFromOrder, type Labelling } from '../../labelling/types.ts';
import { ROUTINGS } from '../../routing/registry.ts';
import { DELIVER, pack, type RoutingFunction } from '../../routing/types.ts';
import type { Topology } from '../../topology/types.ts';

/**
 * The label routing function R of seed 004 section 6.2.2 over any topology and Hamiltonian path
 * labelling: toward a higher label, the neighbour with the largest label not above the target's
 * (VC class 'high'); toward a lower label, the smallest not below it ('low'). It is
 * src/routing/label.ts without its mesh/hypercube restriction, for the Hamiltonian *path* model
 * of the torus and star graph that seed 003 compares against (its Figs. 5, 6); the wasm twin is
 * label's (id 6), which reads the labelling tables. Not minimal.
 */
export function hamiltonianPathRouting(topology: Topology, cycleOrPath: Labelling): RoutingFunction {
  // The same node order read as a path: labels 0 .. N-1, no wrap.
  const labelling = cycleOrPath.cycle
    ? labellingFromOrder(`${cycleOrPath.name}-path`, cycleOrPath.nodeAt, false)
    : cycleOrPath;
  const { labelOf } = labelling;
  const ports = topology.ports;
  return {
    name: 'hp',
    topology,
    vcClasses: ['high', 'low'],
    minimal: false,
    labelling,
    wasmId: ROUTINGS.label!.id,
    wasmOption: 0,
    route(node, dest) {
      if (node === dest) return DELIVER;
      const target = labelOf[dest]!;
      const high = labelOf[node]! < target;
      let bestPort = -1;
      let best = high ? -1 : labelOf.length;
      for (let p = 0; p < ports; p++) {
        const w = topology.neighbor(node, p);
        if (w < 0) continue;
        const l = labelOf[w]!;
        if (high ? l <= target && l > best : l >= target && l < best) {
          best = l;
          bestPort = p;
        }
      }
      return pack(bestPort, high ? 0 : 1);
    },
  };
}
