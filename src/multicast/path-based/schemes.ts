import { WormcastError } from '../../errors.ts';
import { VC_PH, VC_PL, VC_QH, VC_QL } from '../../routing/hcm-model.ts';
import { INJECT, type RoutingFunction } from '../../routing/types.ts';
import { hamiltonianPathRouting } from './hp-routing.ts';
import { labellingOf } from './split.ts';
import { cyclicRouting, sortedCycle } from './sorted-cycle.ts';
import type { WormScheme } from './worm-scheme.ts';

/**
 * The label schemes (seed 004 section 6.2.2, 6.3): legs by the label rule R, a worm starts in
 * the network its labels pick and stays in it: after arriving on class high (0) it
 * heads for a higher label, on low (1) for a lower one. Dual-, multi- and fixed-path worms all obey
 * it (docs/deadlock.md), and so does hp-dual-path over the hp routing function.
 */
export function labelScheme(name: string, r: RoutingFunction): WormScheme {
  const { labelOf } = labellingOf(r, name);
  // R ignores its input class (the labels pick the network), so a worm injected toward a higher
  // label is a worm starting on class high: start classes high and low, first rule = next rule.
  const inNetwork = (a: number, b: number, k: number): boolean =>
    k === 0 ? labelOf[b]! > labelOf[a]! : labelOf[b]! < labelOf[a]!;
  return {
    name: `${name} (${r.name} on ${r.labelling!.name})`,
    routing: r,
    startClasses: [0, 1],
    first: inNetwork,
    next: inNetwork,
  };
}

/**
 * The HCM scheme (seed 003 section 3): a worm starts on ph (high) or pl (low) with any first
 * destination; on a p class it may head anywhere next (a destination behind it is reached across
 * the boundary, after which the class is q); on a q class only onward: up in the high network,
 * down in the low network, since a worm goes round the cycle at most once.
 */
export function hcmScheme(name: string, r: RoutingFunction): WormScheme {
  const { labelOf } = labellingOf(r, name);
  return {
    name: `${name} (${r.name}${r.wasmOption & 1 ? ', boundary rule dropped' : ''})`,
    routing: r,
    startClasses: [VC_PH, VC_PL],
    next: (a, b, k) => {
      if (k === VC_QH) return labelOf[b]! > labelOf[a]!;
      if (k === VC_QL) return labelOf[b]! < labelOf[a]!;
      return true;
    },
  };
}

/**
 * Sorted MP/MC (seed 004 section 5.1): legs by the cyclic rule; a destination b may follow a
 * when the worm, which came to a from u, does not go more than once round the cycle.
 */
export function sortedScheme(name: string, r: RoutingFunction, closed: boolean): WormScheme {
  const cycle = sortedCycle(r, name);
  const cr = cyclicRouting(r, cycle);
  const m = r.topology.nodes;
  const { labelOf } = cycle;
  const ahead = (x: number, y: number): number => (labelOf[y]! - labelOf[x]! + m) % m;
  return {
    name: `${name} (${cycle.name})`,
    routing: cr,
    startClasses: [INJECT],
    next: () => true,
    // A worm that came from u to a has gone ahead(u, a) round the cycle at least; b fits only
    // if the worm stays within one round (MC: it may close exactly at its source, b = u).
    nextFrom: (a, b, _k, u) => ahead(u, a) + ahead(a, b) < (closed ? m + 1 : m),
  };
}

/** The worm scheme of each path-based algorithm, given the routing function it is planned with. */
export const PATH_SCHEMES: Record<string, (r: RoutingFunction) => WormScheme> = {
  'sorted-mp': (r) => sortedScheme('sorted-mp', r, false),
  'sorted-mc': (r) => sortedScheme('sorted-mc', r, true),
  'dual-path': (r) => labelScheme('dual-path', r),
  'adaptive-dual-path': (r) => labelScheme('adaptive-dual-path', r),
  'multi-path': (r) => labelScheme('multi-path', r),
  'fixed-path': (r) => labelScheme('fixed-path', r),
  'hcm-uniform': (r) => hcmScheme('hcm-uniform', r),
  'hcm-fixed': (r) => hcmScheme('hcm-fixed', r),
  'hp-dual-path': (r) =>
    labelScheme('hp-dual-path', hamiltonianPathRouting(r.topology, labellingOf(r, 'hp-dual-path'))),
};

/** The worm scheme of path-based algorithm `algorithm` on routing function r. */
export function wormSchemeFor(algorithm: string, r: RoutingFunction): WormScheme {
  const make = Object.hasOwn(PATH_SCHEMES, algorithm) ? PATH_SCHEMES[algorithm] : undefined;
  if (!make)
    throw new WormcastError(
      `deadlock: '${algorithm}' is not a path-based algorithm; expected one of ${Object.keys(PATH_SCHEMES).join(', ')}`,
    );
  return make(r);
}
