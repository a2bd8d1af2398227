import { WormcastError } from '../errors.ts';
import { HIGH, LOW, label } from './label.ts';
import { selectionOption } from './selection.ts';
import { DELIVER, pack, portOf, type RoutingFactory } from './types.ts';

/**
 * Label-monotone adaptive routing, the routing of `adaptive-dual-path` (docs/routing-adaptive.md
 * "Adaptive multicast"). The deadlock argument of seed 004's dual-path (section 6.2.2, Theorem
 * 6.1) needs only that labels rise strictly along every hop of the high-channel network and fall
 * strictly along every hop of the low one; R picks one such hop, this function offers every
 * profitable one: the neighbours w of u one hop closer to v with
 *   l(u) < l(w) <= l(v)  toward a higher label (class high),
 *   l(v) <= l(w) < l(u)  toward a lower label (class low).
 * R's own hop comes first (so first-free on an idle network is dual-path), then the others in port
 * order; where R's hop is not profitable (the hypercube, seed 004 Lemma 6.4's errata) it is still
 * offered, so a leg always has a choice. `route` is R's hop. Wasm twin:
 * assembly/routing/label-adaptive.ts.
 */
export const labelAdaptive: RoutingFactory = (topology, options) => {
  let base: ReturnType<RoutingFactory>;
  try {
    base = label(topology, { ...(options.labelling ? { labelling: options.labelling } : {}) });
  } catch (e) {
    if (e instanceof WormcastError)
      throw new WormcastError(e.message.replace(/^routing label/, 'routing label-adaptive'));
    throw e;
  }
  const labelOf = base.labelling!.labelOf;
  const ports = topology.ports;
  return {
    ...base,
    name: 'label-adaptive',
    ...selectionOption(options.selection),
    choices(node, dest) {
      const r = base.route(node, dest, -1);
      const out = [r];
      const lu = labelOf[node]!;
      const lv = labelOf[dest]!;
      const high = lu < lv;
      const closer = topology.distance(node, dest) - 1;
      for (let p = 0; p < ports; p++) {
        if (p === portOf(r)) continue;
        const w = topology.neighbor(node, p);
        if (w < 0 || topology.distance(w, dest) !== closer) continue;
        const l = labelOf[w]!;
        if (high ? l > lu && l <= lv : l < lu && l >= lv) out.push(pack(p, high ? HIGH : LOW));
      }
      return out;
    },
    route: (node, dest, vcIn) => (node === dest ? DELIVER : base.route(node, dest, vcIn)),
  };
};
