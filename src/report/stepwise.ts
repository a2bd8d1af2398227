import { evaluateSteps } from '../analysis/steps.ts';
import { randomDestinations } from '../multicast/destinations.ts';
import { createPlan } from '../multicast/registry.ts';
import type { PortModel } from '../multicast/types.ts';
import { mulberry32 } from '../random.ts';
import { createRouting } from '../routing/registry.ts';
import { parseTopology } from '../topology/registry.ts';

/** One point of a stepwise comparison: the mean over random sets of the maximum steps. */
export interface StepwiseRow {
  /** Destinations per multicast. */
  m: number;
  /** Mean, over the random sets, of the number of steps (the maximum over destinations), by algorithm. */
  steps: Record<string, number>;
}

export interface StepwiseOptions {
  /** The n of the n-cube (seed 001: 6 for Fig. 9, 10 for Fig. 10). */
  n: number;
  /** Destination-set sizes to evaluate. */
  sizes: readonly number[];
  /** Random sets per point (seed 001: 100). */
  sets: number;
  seed: number;
  algorithms: readonly string[];
  port: PortModel;
  /** Called after each random set of size m (progress of long runs; src/cli/progress.ts). */
  onSet?: (m: number) => void;
}

/** The algorithms of seed 001 section 5's stepwise comparisons. */
export const SEED001_ALGORITHMS = ['u-cube', 'maxport', 'combine', 'w-sort'] as const;

/**
 * Seed 001 Figs. 9 and 10 ("Stepwise comparisons on a 6-cube / 10-cube"): for each number of
 * destinations, the average over random destination sets (source included in the draw, uniform)
 * of the maximum number of steps to reach the destinations, on the all-port model with E-cube
 * routing. Every algorithm sees the same source and destination sets.
 */
export function stepwise(o: StepwiseOptions): StepwiseRow[] {
  const t = parseTopology(`hypercube:${o.n}`);
  const routing = createRouting('ecube', t);
  const random = mulberry32(o.seed);
  return o.sizes.map((m) => {
    const sum: Record<string, number> = Object.fromEntries(o.algorithms.map((a) => [a, 0]));
    for (let k = 0; k < o.sets; k++) {
      const source = Math.floor(random() * t.nodes);
      const dests = randomDestinations(t, source, m, random);
      for (const a of o.algorithms) sum[a]! += evaluateSteps(createPlan(a, routing, source, dests), o.port).steps;
      o.onSet?.(m);
    }
    return { m, steps: Object.fromEntries(o.algorithms.map((a) => [a, sum[a]! / o.sets])) };
  });
}

/** The destination counts plotted: every m for small cubes, else a spread up to a broadcast. */
export function defaultSizes(n: number): number[] {
  const max = 2 ** n - 1;
  if (max <= 63) return Array.from({ length: max }, (_, i) => i + 1);
  const out = new Set<number>();
  for (let m = 1; m <= max; m = Math.max(m + 1, Math.round(m * 1.25))) out.add(m);
  for (let e = 0; 2 ** e <= max; e++) for (const d of [-1, 0]) if (2 ** e + d >= 1) out.add(2 ** e + d);
  out.add(max);
  return [...out].sort((a, b) => a - b);
}
