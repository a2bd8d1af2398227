import { WormcastError } from '../../errors.ts';
import { labellingFromOrder, type Labelling } from '../../labelling/types.ts';
import { label } from '../../routing/label.ts';
import { ROUTINGS } from '../../routing/registry.ts';
import { DELIVER, pack, type RoutingFunction } from '../../routing/types.ts';
import { meshCombCycle } from './mesh-cycle.ts';

/**
 * The Hamiltonian cycle sorted MP/MC run on (seed 004 section 5.1): the routing function's
 * labelling when it is a cycle (hypercube Gray code, Table 5.3; a user-supplied cycle), else on
 * a 2D mesh the comb cycle (mesh-cycle.ts).
 */
export function sortedCycle(r: RoutingFunction, algorithm: string): Labelling {
  if (r.labelling?.cycle) return r.labelling;
  if (r.topology.kind === 'mesh' && r.topology.dims.length === 2) return meshCombCycle(r.topology);
  throw new WormcastError(
    `algorithm ${algorithm}: needs a Hamiltonian cycle on ${r.topology.spec}; give the label routing a cycle labelling or use a 2D mesh or hypercube`,
  );
}

/**
 * The cycle renumbered from the source: label f(v) - f(u0) = (h(v) - h(u0)) mod m, so the sort
 * key f of seed 004 Fig. 5.1 is this label plus a constant.
 */
export function rotatedFrom(cycle: Labelling, source: number): Labelling {
  const m = cycle.nodeAt.length;
  const l0 = cycle.labelOf[source]!;
  const order = new Int32Array(m);
  for (let k = 0; k < m; k++) order[k] = cycle.nodeAt[(l0 + k) % m]!;
  return labellingFromOrder(`${cycle.name}-from-${source}`, order, true);
}

/**
 * The routing of Fig. 5.2 step 3 for a worm from `source`: the neighbour with the largest f not
 * above f(d). That is the label routing function R (its high-network rule) over the rotated
 * cycle, which is what the plan records, with the wasm twin of label.
 */
export function sortedRouting(r: RoutingFunction, cycle: Labelling, source: number): RoutingFunction {
  return { ...label(r.topology, { labelling: rotatedFrom(cycle, source) }), wasmId: ROUTINGS.label!.id };
}

/** Fig. 5.1: the destinations in ascending f, i.e. ascending rotated label. */
export function sortedDestinations(rotated: Labelling, destinations: Int32Array): Int32Array {
  const out = Int32Array.from(destinations);
  const key = rotated.labelOf;
  out.sort((a, b) => key[a]! - key[b]!);
  return out;
}

/**
 * The leg rule of sorted MP/MC for any source (analysis only; no wasm twin): among the neighbours
 * in the cyclic interval (a, d] of the cycle, the one closest to d. For a worm from source u0 this
 * is Fig. 5.2 step 3, whatever u0 is, as long as u0 is not inside (a, d], which a sorted worm
 * guarantees (docs/algorithms-path.md). One VC class, 'cycle'.
 */
export function cyclicRouting(r: RoutingFunction, cycle: Labelling): RoutingFunction {
  const t = r.topology;
  const m = t.nodes;
  const { labelOf } = cycle;
  return {
    name: 'sorted-cycle',
    topology: t,
    vcClasses: ['cycle'],
    minimal: false,
    labelling: cycle,
    wasmId: -1,
    wasmOption: 0,
    route(node, dest) {
      if (node === dest) return DELIVER;
      const lu = labelOf[node]!;
      const target = (labelOf[dest]! - lu + m) % m;
      let bestPort = -1;
      let best = 0;
      for (let p = 0; p < t.ports; p++) {
        const w = t.neighbor(node, p);
        if (w < 0) continue;
        const k = (labelOf[w]! - lu + m) % m;
        if (k <= target && k > best) {
          best = k;
          bestPort = p;
        }
      }
      return pack(bestPort, 0);
    },
  };
}
