import { WormcastError } from '../../errors.ts';
import type { WormSpec } from '../../engine/types.ts';
import { createRouting } from '../../routing/registry.ts';
import { parseTopology } from '../../topology/registry.ts';
import type { Plan } from '../plan.ts';
import { createPlan } from '../registry.ts';
import { treeWorms } from './tree.ts';

/** A plan created at a given cycle. */
export interface TimedPlan {
  readonly plan: Plan;
  readonly created: number;
}

/**
 * A deadlock configuration of seed 004 (or one wormcast found), for the flit-level engine: plans
 * with creation cycles, and the channels the seed says each worm holds and waits for.
 */
export interface TreeScenario {
  readonly name: string;
  readonly summary: string;
  readonly plans: readonly TimedPlan[];
  /** Worm length that makes the deadlock certain with the engine's default buffers (B = 8). */
  readonly flits: number;
  /** Per plan: the channels [from, to] (human addresses) it holds and waits for in the deadlock. */
  readonly holds: readonly (readonly (readonly [string, string])[])[];
  readonly waits: readonly (readonly (readonly [string, string])[])[];
}

function scenario3cube(): TreeScenario {
  const t = parseTopology('hypercube:3');
  // Fig. 6.1 resolves the lowest bit first: 000's broadcast branches again at 001
  const r = createRouting('ecube', t, { lowFirst: true });
  const all = (s: number): number[] => [0, 1, 2, 3, 4, 5, 6, 7].filter((d) => d !== s);
  return {
    name: 'lin-fig-6.1',
    summary: 'seed 004 Fig. 6.1: E-cube broadcasts from 000 (M0) and 001 (M1) in a 3-cube deadlock',
    plans: [
      { plan: createPlan('ecube-tree', r, 0, all(0)), created: 0 },
      { plan: createPlan('ecube-tree', r, 1, all(1)), created: 0 },
    ],
    flits: 32,
    holds: [
      [
        ['000', '001'],
        ['000', '010'],
        ['000', '100'],
      ],
      [
        ['001', '011'],
        ['001', '101'],
        ['001', '000'],
      ],
    ],
    // the seed prints M1 waiting on [000,001] and [000,010]; its tree needs [000,010] and [000,100] (docs errata 1)
    waits: [
      [
        ['001', '011'],
        ['001', '101'],
      ],
      [
        ['000', '010'],
        ['000', '100'],
      ],
    ],
  };
}

function scenario3x4mesh(): TreeScenario {
  const t = parseTopology('mesh:4x3');
  const r = createRouting('dor', t);
  const p = (s: string, ds: string[]): Plan =>
    createPlan(
      'x-first',
      r,
      t.parse(s),
      ds.map((d) => t.parse(d)),
    );
  return {
    name: 'lin-fig-6.4',
    summary:
      'seed 004 Fig. 6.4: X-first multicasts M0 (1,1) -> (0,2) (3,1) and M1 (2,1) -> (0,1) (3,0) in a 3 x 4 mesh deadlock',
    plans: [
      { plan: p('1,1', ['0,2', '3,1']), created: 0 },
      { plan: p('2,1', ['0,1', '3,0']), created: 0 },
    ],
    flits: 32,
    holds: [
      [
        ['1,1', '0,1'],
        ['1,1', '2,1'],
      ],
      [
        ['2,1', '1,1'],
        ['2,1', '3,1'],
      ],
    ],
    waits: [[['2,1', '3,1']], [['1,1', '0,1']]],
  };
}

function scenarioDoubleChannel(created = 12): TreeScenario {
  const t = parseTopology('mesh:4x4');
  const r = createRouting('xy-double', t);
  const p = (s: string, ds: string[]): Plan =>
    createPlan(
      'double-channel-x-first',
      r,
      t.parse(s),
      ds.map((d) => t.parse(d)),
    );
  return {
    name: 'lin-6.2.1-branch',
    summary:
      'double-channel X-first in N+X+Y deadlocks when branches advance independently (docs/algorithms-tree.md errata 3)',
    // W3 holds [(1,1),(1,2)] and delays W1's Y branch while W1's X branch climbs column 2 and takes
    // [(2,2),(2,3)]; W2 then takes both outputs of (1,2) and waits at (2,2) for W1.
    plans: [
      { plan: p('0,0', ['1,3', '2,3']), created: 0 },
      { plan: p('0,1', ['1,2']), created: 0 },
      { plan: p('0,2', ['1,3', '2,3']), created },
    ],
    flits: 32,
    holds: [
      [['2,2', '2,3']],
      [],
      [
        ['1,2', '1,3'],
        ['1,2', '2,2'],
      ],
    ],
    waits: [[['1,2', '1,3']], [], [['2,2', '2,3']]],
  };
}

const BUILDERS: Record<string, () => TreeScenario> = {
  'lin-fig-6.1': scenario3cube,
  'lin-fig-6.4': scenario3x4mesh,
  'lin-6.2.1-branch': scenarioDoubleChannel,
};

/** The names of the tree deadlock scenarios. */
export const TREE_SCENARIOS: readonly string[] = Object.keys(BUILDERS);

/** The scenario `name`; unknown names list the known ones. */
export function treeScenario(name: string): TreeScenario {
  const b = Object.hasOwn(BUILDERS, name) ? BUILDERS[name] : undefined;
  if (!b) throw new WormcastError(`unknown tree scenario '${name}': expected one of ${TREE_SCENARIOS.join(', ')}`);
  return b();
}

/** The scenario's worms for the engine (each plan its own multicast group), in creation order. */
export function scenarioWorms(s: TreeScenario, flits = s.flits): WormSpec[] {
  const out: WormSpec[] = [];
  s.plans.forEach(({ plan, created }, k) => out.push(...treeWorms(plan, flits, created, k)));
  return out;
}
