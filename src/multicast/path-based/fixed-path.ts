import type { Labelling } from '../../labelling/types.ts';
import type { RoutingFunction } from '../../routing/types.ts';
import type { MulticastAlgorithm } from '../types.ts';
import { labellingOf, splitHighLow } from './split.ts';
import { assemblePathPlan, pushHop, RouteBuffer, type WormPart } from './worms.ts';

/** VC classes of the label routing function: high network 0, low network 1 (src/routing/label.ts). */
const HIGH = 0;
const LOW = 1;

/**
 * A worm that walks the Hamiltonian path from the source one label at a time (up for the high
 * network, down for the low) until its last destination, delivering at every destination it
 * passes (seed 004 section 6.2.2, fixed-path: "the upper path visits all nodes in increasing
 * order until the last destination is reached").
 */
export function walkPath(
  r: RoutingFunction,
  lab: Labelling,
  network: string,
  source: number,
  dests: Int32Array,
  buf: RouteBuffer,
): WormPart {
  const start = buf.length;
  if (dests.length > 0) {
    const up = network === 'high';
    const last = lab.labelOf[dests[dests.length - 1]!]!;
    let l = lab.labelOf[source]!;
    while (l !== last) {
      const next = up ? l + 1 : l - 1;
      pushHop(r, buf, lab.nodeAt[l]!, lab.nodeAt[next]!, up ? HIGH : LOW);
      l = next;
    }
  }
  return { network, dests, start, end: buf.length };
}

/**
 * Fixed-path multicast (seed 004 section 6.2.2, Fig. 6.17; "a fixed-path algorithm can be
 * developed accordingly" for the hypercube, end of section 6.3): the destinations split as in
 * dual-path, but each worm walks the Hamiltonian path itself instead of taking R's shortcuts.
 */
export const fixedPath: MulticastAlgorithm = {
  name: 'fixed-path',
  summary: 'two worms walking the Hamiltonian path up and down (seed 004 section 6.2.2, Fig. 6.17)',
  topologies: ['mesh', 'hypercube'],
  routings: ['label', 'label-detour'],
  port: 'all',
  build(routing, source, destinations) {
    const lab = labellingOf(routing, 'fixed-path');
    const { high, low } = splitHighLow(lab.labelOf, source, destinations);
    const buf = new RouteBuffer(16);
    const worms = [walkPath(routing, lab, 'high', source, high, buf), walkPath(routing, lab, 'low', source, low, buf)];
    return assemblePathPlan(routing, 'fixed-path', source, destinations, worms, buf);
  },
};
