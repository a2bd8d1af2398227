import { isFaultFree, noFaults } from '../fault/fault-set.ts';
import { HIGH, LOW, label } from './label.ts';
import { DELIVER, pack, type RoutingFactory } from './types.ts';

/**
 * Label routing R (seed 004 section 6.2.2; src/routing/label.ts) that steps round dead channels:
 * toward a higher label it takes, among the neighbours behind a healthy channel, the one with the
 * largest label not above l(dest), and symmetrically toward a lower label. Fault-free it is R
 * itself. Labels still rise strictly on the high-channel network and fall strictly on the low one,
 * so the deadlock argument of R holds for every fault set; a worm is stuck only when every
 * label-monotone neighbour is behind a dead channel, and then it is given R's own (dead) hop, so
 * the faults analysis counts the pair unroutable (docs/routing-faults.md "label-detour"). Our
 * scheme: no source in the seeds. Wasm twin: assembly/routing/label-detour.ts.
 */
export const labelDetour: RoutingFactory = (topology, options) => {
  const base = label(topology, options.labelling ? { labelling: options.labelling } : {});
  const f = options.faults ?? noFaults(topology);
  const { labelOf } = base.labelling!;
  const ports = topology.ports;
  return {
    name: 'label-detour',
    topology,
    vcClasses: base.vcClasses,
    minimal: base.minimal && isFaultFree(f),
    labelling: base.labelling,
    wasmOption: 0,
    faults: f,
    route(node, dest) {
      if (node === dest) return DELIVER;
      const target = labelOf[dest]!;
      const high = labelOf[node]! < target;
      let bestPort = -1;
      // only neighbours past this node's label: R needs no such bound (the Hamiltonian path's next
      // node always qualifies), but with that node's channel dead the best could lie behind
      let best = labelOf[node]!;
      for (let p = 0; p < ports; p++) {
        const w = topology.neighbor(node, p);
        if (w < 0 || f.channelMask[node * ports + p] === 1) continue;
        const l = labelOf[w]!;
        if (high ? l <= target && l > best : l >= target && l < best) {
          best = l;
          bestPort = p;
        }
      }
      return bestPort < 0 ? base.route(node, dest, 0) : pack(bestPort, high ? HIGH : LOW);
    },
  };
};
