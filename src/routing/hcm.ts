import { WormcastError } from '../errors.ts';
import { checkHamiltonian } from '../labelling/custom.ts';
import { defaultLabelling } from '../labelling/registry.ts';
import { boundaryThreshold, fixedNetworkIsHigh, HCM_VC_CLASSES, VC_PH, VC_PL, VC_QH, VC_QL } from './hcm-model.ts';
import { DELIVER, INJECT, pack, type RoutingFactory } from './types.ts';

/**
 * The routing function R of the Hamiltonian cycle model (seed 003 section 3.1) on a torus
 * (torus-hcm labelling) or a star graph (star-cycle labelling), or over options.labelling
 * (a Hamiltonian cycle). At node u for destination v (labels l):
 *   high-channel network (input ph or qh): among the neighbours x that u reaches by a
 *   high-network channel (common going up, boundary going down), take the largest l(x) not
 *   above l(v); if every such l(x) is above l(v) (only when l(u) > l(v)), the largest of all.
 *   low-channel network (input pl or ql): mirrored; the smallest l(x) not below l(v), else
 *   the smallest of all.
 * beta: the hop goes on the p-channel until it takes a boundary link and on the q-channel
 * from that hop on; with options.dropBoundaryRule it keeps its input class (p) throughout.
 * A worm enters the network of its input class: vcIn = ph (0) or pl (2) at the source
 * picks the high or low network (HCM multicast worms do this); vcIn = INJECT picks it by
 * the fixed message preparation of section 3.2.2 for the single destination
 * (fixedNetworkIsHigh). Routes are not shortest paths.
 * wasm id 7; option bit 0 = dropBoundaryRule.
 */
export const hcm: RoutingFactory = (topology, options) => {
  if (topology.kind !== 'torus' && topology.kind !== 'star') {
    throw new WormcastError(
      `routing hcm: needs a torus or star graph (torus:k0xk1 with k1 even, star:n), not ${topology.spec}`,
    );
  }
  const labelling = options.labelling ?? defaultLabelling(topology);
  if (options.labelling) {
    const what = `routing hcm: labelling '${labelling.name}'`;
    if (!labelling.cycle)
      throw new WormcastError(
        `${what} is a Hamiltonian path; the Hamiltonian cycle model (seed 003 section 2.2) needs a cycle`,
      );
    checkHamiltonian(topology, labelling.nodeAt, true, what);
    labelling.nodeAt.forEach((node, l) => {
      if (labelling.labelOf[node] !== l)
        throw new WormcastError(`${what}: labelOf[${node}] is ${labelling.labelOf[node]}, but nodeAt[${l}] is ${node}`);
    });
  }
  const { labelOf } = labelling;
  const nodes = topology.nodes;
  const ports = topology.ports;
  const half = boundaryThreshold(nodes);
  const dropBoundaryRule = options.dropBoundaryRule === true;
  return {
    name: 'hcm',
    topology,
    vcClasses: HCM_VC_CLASSES,
    minimal: false,
    labelling,
    wasmOption: dropBoundaryRule ? 1 : 0,
    route(node, dest, vcIn) {
      if (node === dest) return DELIVER;
      const lu = labelOf[node]!;
      const lv = labelOf[dest]!;
      const high = vcIn === INJECT ? fixedNetworkIsHigh(lu, lv, nodes) : vcIn === VC_PH || vcIn === VC_QH;
      const crossed = vcIn === VC_QH || vcIn === VC_QL;
      // best: the preferred candidate (not past v); any: the fallback over the whole network
      let bestPort = -1;
      let best = 0;
      let anyPort = -1;
      let any = 0;
      for (let p = 0; p < ports; p++) {
        const x = topology.neighbor(node, p);
        if (x < 0) continue;
        const lx = labelOf[x]!;
        const boundary = Math.abs(lx - lu) > half;
        if (high) {
          if (boundary ? lx > lu : lx < lu) continue; // a low-network channel
          if (lx <= lv && (bestPort < 0 || lx > best)) {
            best = lx;
            bestPort = p;
          }
          if (anyPort < 0 || lx > any) {
            any = lx;
            anyPort = p;
          }
        } else {
          if (boundary ? lx < lu : lx > lu) continue; // a high-network channel
          if (lx >= lv && (bestPort < 0 || lx < best)) {
            best = lx;
            bestPort = p;
          }
          if (anyPort < 0 || lx < any) {
            any = lx;
            anyPort = p;
          }
        }
      }
      const port = bestPort >= 0 ? bestPort : anyPort;
      if (port < 0) throw new Error(`hcm: ${topology.format(node)} has no ${high ? 'high' : 'low'}-network channel`);
      const w = bestPort >= 0 ? best : any;
      const q = crossed || (!dropBoundaryRule && Math.abs(w - lu) > half);
      return pack(port, high ? (q ? VC_QH : VC_PH) : q ? VC_QL : VC_PL);
    },
  };
};
