import { WormcastError } from '../errors.ts';
import { checkHamiltonian } from '../labelling/custom.ts';
import { defaultLabelling } from '../labelling/registry.ts';
import { DELIVER, pack, type RoutingFactory } from './types.ts';

/** VC class of the high-channel network (labels rise) and of the low-channel network. */
export const HIGH = 0;
export const LOW = 1;

/**
 * The label-monotone routing function R of seed 004 section 6.2.2 (mesh) and 6.3
 * (hypercube): with l the labelling, R(u, v) is the neighbour w of u with
 *   l(w) = max { l(p) : l(p) <= l(v), p a neighbour of u }  if l(u) < l(v) (high-channel network),
 *   l(w) = min { l(p) : l(p) >= l(v), p a neighbour of u }  if l(u) > l(v) (low-channel network).
 * The hop goes on VC class 'high' or 'low' by its network; labels rise strictly along a
 * high route and fall strictly along a low one, so neither network has a dependency cycle.
 * On a 2D mesh over the snake every route is a shortest path (Lemma 6.1). On the hypercube
 * over the Gray code R as defined is NOT always shortest, contrary to Lemma 6.4 (000 -> 101
 * in a 3-cube takes 4 hops; docs/routing-dor-label.md, Errata), so it is declared non-minimal.
 * Over a user-supplied Hamiltonian path (options.labelling) routes may be longer too, as the
 * seed's Figure 6.10 shows, so the function is then not declared minimal either.
 * Option `shortest` restricts the candidates to neighbours one hop closer to v: still
 * label-monotone (so deadlock-free), and shortest wherever a shortest monotone path exists,
 * which is what Lemma 6.4 claims for the hypercube.
 */
export const label: RoutingFactory = (topology, options) => {
  if (topology.kind !== 'mesh' && topology.kind !== 'hypercube') {
    throw new WormcastError(
      `routing label: needs a 2D mesh or hypercube (mesh:k0xk1, hypercube:n), not ${topology.spec}; for torus and star use hcm`,
    );
  }
  if (topology.kind === 'mesh' && topology.dims.length !== 2) {
    // No Hamiltonian labelling makes R shortest-path on a 2x2x2 mesh (the 3-cube), and on
    // the 3D snake it is not (docs/routing-dor-label.md, Errata): seed 004 defines R for 2D.
    throw new WormcastError(
      `routing label: R is defined for 2D meshes (seed 004 section 6.2.2, Lemma 6.1); ${topology.spec} has ${topology.dims.length} dimensions`,
    );
  }
  const labelling = options.labelling ?? defaultLabelling(topology);
  if (options.labelling) {
    checkHamiltonian(topology, labelling.nodeAt, false, `routing label: labelling '${labelling.name}'`);
    labelling.nodeAt.forEach((node, l) => {
      if (labelling.labelOf[node] !== l)
        throw new WormcastError(
          `routing label: labelling '${labelling.name}': labelOf[${node}] is ${labelling.labelOf[node]}, but nodeAt[${l}] is ${node}`,
        );
    });
  }
  const { labelOf } = labelling;
  const ports = topology.ports;
  const shortest = options.shortest === true;
  return {
    name: 'label',
    topology,
    vcClasses: ['high', 'low'],
    minimal: shortest || (options.labelling === undefined && topology.kind === 'mesh'),
    labelling,
    wasmOption: shortest ? 1 : 0,
    route(node, dest) {
      if (node === dest) return DELIVER;
      const target = labelOf[dest]!;
      const high = labelOf[node]! < target;
      const closer = shortest ? topology.distance(node, dest) - 1 : 0;
      let bestPort = -1;
      let best = high ? -1 : labelOf.length;
      for (let p = 0; p < ports; p++) {
        const w = topology.neighbor(node, p);
        if (w < 0) continue;
        if (shortest && topology.distance(w, dest) !== closer) continue;
        const l = labelOf[w]!;
        if (high ? l <= target && l > best : l >= target && l < best) {
          best = l;
          bestPort = p;
        }
      }
      // The Hamiltonian path's next (or previous) node always qualifies, so bestPort >= 0
      // for R itself; with `shortest`, a closer monotone neighbour exists whenever a shortest
      // label-monotone path does (tested on hypercubes and 2D meshes).
      if (bestPort < 0)
        throw new WormcastError(
          `routing label (shortest): no neighbour of ${topology.format(node)} is one hop closer to ${topology.format(dest)} within the label range`,
        );
      return pack(bestPort, high ? HIGH : LOW);
    },
  };
};
