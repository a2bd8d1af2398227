import { WormcastError } from '../errors.ts';
import type { Grid } from '../topology/grid.ts';
import { dor } from './dor.ts';
import { ecube } from './ecube.ts';
import { selectionOption } from './selection.ts';
import { DELIVER, pack, portOf, vcOf, type RoutingFactory } from './types.ts';

/**
 * Minimal fully adaptive routing with a deterministic escape channel (Duato, "A new theory of
 * deadlock-free adaptive routing in wormhole networks", IEEE TPDS 4(12), 1993, section 5; BookSim's
 * min_adapt). Class 0 (`adaptive`) may take every minimal hop; the escape classes carry the
 * deterministic function: dor on a mesh (class 1), dor with its positional dateline classes on a
 * torus (classes 1, 2 = d0, d1), E-cube on a hypercube (class 1). Choices: the adaptive hops in
 * port order, then the escape hop; `route` is the escape hop (deadlock-free on its own). The
 * output does not depend on the input class: a header may return from escape to adaptive
 * channels, which Duato's condition allows (docs/routing-adaptive.md). Wasm twin:
 * assembly/routing/min-adaptive.ts.
 */
export const minAdaptive: RoutingFactory = (topology, options) => {
  const kind = topology.kind;
  if (kind !== 'mesh' && kind !== 'torus' && kind !== 'hypercube')
    throw new WormcastError(`routing min-adaptive: needs a mesh, torus or hypercube, not ${topology.spec}`);
  const escapeFn = kind === 'hypercube' ? ecube(topology, {}) : dor(topology, {});
  const torus = kind === 'torus';
  const dims = kind === 'hypercube' ? [] : (topology as Grid).dims;
  const escapeWord = (node: number, dest: number): number => {
    const w = escapeFn.route(node, dest, -1);
    return pack(portOf(w), 1 + vcOf(w));
  };
  /** The minimal ports from node toward dest, in port order. */
  const minimalPorts = (node: number, dest: number): number[] => {
    const out: number[] = [];
    if (kind === 'hypercube') {
      const diff = node ^ dest;
      for (let d = 0; d < 31; d++) if ((diff >> d) & 1) out.push(d);
      return out;
    }
    let a = node;
    let b = dest;
    for (let d = 0; d < dims.length; d++) {
      const k = dims[d]!;
      const x = a % k;
      const xd = b % k;
      a = (a - x) / k;
      b = (b - xd) / k;
      if (x === xd) continue;
      if (!torus) {
        out.push(2 * d + (xd > x ? 0 : 1));
        continue;
      }
      const plus = (xd - x + k) % k;
      if (2 * plus <= k) out.push(2 * d);
      if (2 * plus >= k) out.push(2 * d + 1);
    }
    return out;
  };
  return {
    name: 'min-adaptive',
    topology,
    vcClasses: torus ? ['adaptive', 'd0', 'd1'] : ['adaptive', 'escape'],
    minimal: true,
    ...selectionOption(options.selection),
    escapeClasses: torus ? [1, 2] : [1],
    route: (node, dest) => (node === dest ? DELIVER : escapeWord(node, dest)),
    choices: (node, dest) => [...minimalPorts(node, dest).map((p) => pack(p, 0)), escapeWord(node, dest)],
  };
};
