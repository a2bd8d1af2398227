import { evaluateSteps } from '../../analysis/steps.ts';
import { createPlan } from '../../multicast/registry.ts';
import type { PortModel } from '../../multicast/types.ts';
import { parseTopology } from '../../topology/registry.ts';
import type { Check, FigureData } from './types.ts';

/*
 * Worked examples: one multicast the seed draws, planned by wormcast, with the seed's printed
 * numbers (steps) beside wormcast's. The detailed trees are pinned by the unit tests named in
 * each entry; the reproduction reruns the numbers the seed prints.
 */

export interface StepCase {
  label: string;
  topology: string;
  algorithm: string;
  port: PortModel;
  source: string;
  dests: string[];
  /** The seed's printed number of steps. */
  seed: number;
}

export function stepTable(cases: readonly StepCase[], setup: string): FigureData {
  const rows = cases.map((c) => {
    const t = parseTopology(c.topology);
    const plan = createPlan(
      c.algorithm,
      t,
      t.parse(c.source),
      c.dests.map((d) => t.parse(d)),
    );
    const s = evaluateSteps(plan, c.port).steps;
    return [c.label, c.algorithm, `${c.port}-port`, c.seed, s];
  });
  return {
    xTitle: '',
    yTitle: '',
    series: [],
    table: { columns: ['case', 'algorithm', 'port model', 'seed: steps', 'wormcast: steps'], rows },
    setup,
  };
}

/** One check per case: wormcast's steps equal the seed's. */
export function stepChecks(cases: readonly StepCase[], cite: (c: StepCase) => string): Check[] {
  return cases.map((c, i) => ({
    claim: `${c.label}: ${c.algorithm} on ${c.port}-port takes ${c.seed} steps`,
    cite: cite(c),
    test: (d: FigureData) => {
      const row = d.table!.rows[i]!;
      return { ok: row[4] === c.seed, detail: `wormcast ${row[4]} steps, seed ${c.seed}` };
    },
  }));
}
