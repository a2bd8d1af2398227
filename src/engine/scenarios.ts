import { WormcastError } from '../errors.ts';
import type { Plan } from '../multicast/plan.ts';
import { dualPath } from '../multicast/path-based/dual-path.ts';
import { createPlan } from '../multicast/registry.ts';
import { routeUnion, treePlan } from '../multicast/tree-based/tree.ts';
import { createRouting } from '../routing/registry.ts';
import type { RoutingFunction } from '../routing/types.ts';
import type { Grid } from '../topology/grid.ts';
import { parseTopology } from '../topology/registry.ts';
import type { Topology } from '../topology/types.ts';
import { planWorms } from './plan-worms.ts';
import type { EngineOptions, WormSpec } from './types.ts';

/*
 * The one registry of seed 004's deadlock scenarios (section 6.1 and 6.2) and their deadlock-free
 * variants, for `wormcast simulate --scenario`, the web app, the tests and the reproductions. Each
 * scenario's multicasts are Plans of the multicast layer; their worms come from the one Plan ->
 * worms conversion (src/engine/plan-worms.ts).
 */

/** A plan created at a given cycle. */
export interface TimedPlan {
  readonly plan: Plan;
  readonly created: number;
}

/** A fixed traffic pattern from a seed, ready for the engine. */
export interface Scenario {
  name: string;
  title: string;
  routing: RoutingFunction;
  /** The multicasts, in creation order: plan k's worms are multicast (worm group) k. */
  plans: readonly TimedPlan[];
  /** Flits per worm: long enough that every worm spans its whole tree. */
  flits: number;
  /** The plans' worms (scenarioWorms), in plan order. */
  worms: WormSpec[];
  options: EngineOptions;
  /** What the seed says happens. */
  expect: 'deadlock' | 'finished';
}

/** A channel [from, to] by human addresses. */
export type NamedChannel = readonly [string, string];

/**
 * A tree deadlock of seed 004 (or one wormcast found): the channels the seed says each plan's
 * worms hold and wait for in the deadlock. The deadlock happens with the scenario's options and
 * with the engine's defaults (B = 8) alike: the worms are longer than any tree's buffers.
 */
export interface TreeScenario extends Scenario {
  /** Per plan: the channels it holds and waits for in the deadlock. */
  readonly holds: readonly (readonly NamedChannel[])[];
  readonly waits: readonly (readonly NamedChannel[])[];
}

const FLITS = 32;
const OPTIONS: EngineOptions = { buffer: 2, routerDelay: 1, startup: 1, watchdog: 200 };

/**
 * The worms of a scenario's plans (each plan its own multicast group, created at its cycle), in
 * plan order.
 */
export function scenarioWorms(s: { readonly plans: readonly TimedPlan[]; readonly flits: number }): WormSpec[] {
  const out: WormSpec[] = [];
  s.plans.forEach(({ plan, created }, k) => out.push(...planWorms(plan, created, s.flits, k, out.length)));
  return out;
}

const atZero = (plans: Plan[]): TimedPlan[] => plans.map((plan) => ({ plan, created: 0 }));

/** Every node of `t` but `src`. */
const allBut = (t: Topology, src: number): number[] =>
  Array.from({ length: t.nodes }, (_, i) => i).filter((v) => v !== src);

/** Two multicasts as dual-path worms (seed 004 section 6.2.2 / 6.3). */
function dualPathPlans(r: RoutingFunction, multicasts: Array<[number, number[]]>): TimedPlan[] {
  return atZero(multicasts.map(([src, dests]) => dualPath.build(r, src, Int32Array.from(dests).sort())));
}

/** Seed 004 Fig. 6.1: E-cube broadcast trees from 000 (M0) and 001 (M1) on a 3-cube. */
function fig61(): TreeScenario {
  const t = parseTopology('hypercube:3');
  // the seed's trees correct dimension 0 first: M0 reaches 011 and 101 through 001
  const r = createRouting('ecube', t, { lowFirst: true });
  const plans = atZero([0, 1].map((src) => createPlan('ecube-tree', r, src, allBut(t, src))));
  return {
    name: 'lin-fig-6.1',
    title: 'seed 004 Fig. 6.1: E-cube broadcast trees from 000 and 001 on a 3-cube deadlock',
    routing: r,
    plans,
    flits: FLITS,
    worms: scenarioWorms({ plans, flits: FLITS }),
    options: { ...OPTIONS, port: 'all' },
    expect: 'deadlock',
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

/** The broadcasts of Fig. 6.1 as dual-path worms: deadlock-free (seed 004 section 6.3). */
function fig61DualPath(): Scenario {
  const t = parseTopology('hypercube:3');
  const r = createRouting('label', t);
  const plans = dualPathPlans(r, [
    [0, allBut(t, 0)],
    [1, allBut(t, 1)],
  ]);
  return {
    name: 'lin-fig-6.1-dual-path',
    title: 'the broadcasts of Fig. 6.1 as dual-path worms on the 3-cube (seed 004 section 6.3)',
    routing: r,
    plans,
    flits: FLITS,
    worms: scenarioWorms({ plans, flits: FLITS }),
    options: { ...OPTIONS, port: 'all' },
    expect: 'finished',
  };
}

/** Seed 004 Fig. 6.4's 3 x 4 mesh (x = 0..3, y = 0..2) and its two multicasts M0 and M1. */
function fig64Traffic(): { g: Grid; multicasts: Array<[number, number[]]> } {
  const g = parseTopology('mesh:4x3') as Grid;
  return {
    g,
    multicasts: [
      [g.parse('1,1'), [g.parse('0,2'), g.parse('3,1')]],
      [g.parse('2,1'), [g.parse('0,1'), g.parse('3,0')]],
    ],
  };
}

/** Seed 004 Fig. 6.4: two single-channel X-first multicast trees in a 3 x 4 mesh. */
function fig64(): TreeScenario {
  const { g, multicasts } = fig64Traffic();
  const r = createRouting('dor', g);
  const plans = atZero(multicasts.map(([src, dests]) => createPlan('x-first', r, src, dests)));
  return {
    name: 'lin-fig-6.4',
    title: 'seed 004 Fig. 6.4: two single-channel X-first multicast trees in a 3 x 4 mesh deadlock',
    routing: r,
    plans,
    flits: FLITS,
    worms: scenarioWorms({ plans, flits: FLITS }),
    options: { ...OPTIONS, port: 'all' },
    expect: 'deadlock',
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

/** The multicasts of Fig. 6.4 as dual-path worms: deadlock-free (seed 004 section 6.2.2). */
function fig64DualPath(): Scenario {
  const { g, multicasts } = fig64Traffic();
  const r = createRouting('label', g);
  const plans = dualPathPlans(r, multicasts);
  return {
    name: 'lin-fig-6.4-dual-path',
    title: 'the multicasts of Fig. 6.4 as dual-path worms (seed 004 section 6.2.2)',
    routing: r,
    plans,
    flits: FLITS,
    worms: scenarioWorms({ plans, flits: FLITS }),
    options: { ...OPTIONS, port: 'all' },
    expect: 'finished',
  };
}

/*
 * Double-channel X-first (seed 004 section 6.2.1, Fig. 6.6) on dimension-order routing with two VCs
 * per channel (vcsPerClass 2): the destinations split into the four quadrants around the source,
 * each reached by an X-first tree (the union of its X-first routes) in its own subnetwork. An x
 * channel's copy 0 serves the +y subnetworks and copy 1 the -y ones; a y channel's copy 0 serves
 * the +x subnetworks and copy 1 the -x ones. The quadrants: D+x+y = {x >= x0, y > y0},
 * D-x+y = {x < x0, y >= y0}, D-x-y = {x <= x0, y < y0}, D+x-y = {x > x0, y <= y0} (every node but
 * the source in one). (The algorithm `double-channel-x-first` does the same with two VC classes,
 * routing xy-double, and the seed's own quadrant boundaries.)
 */
const PLUS_X = [true, false, false, true];
const PLUS_Y = [true, true, false, false];

function quadrant(g: Grid, src: number, d: number): number {
  const [x0, y0] = g.coords(src) as [number, number];
  const [x, y] = g.coords(d) as [number, number];
  if (x >= x0 && y > y0) return 0; // +x+y
  if (x < x0 && y >= y0) return 1; // -x+y
  if (x <= x0 && y < y0) return 2; // -x-y
  return 3; // +x-y
}

/** One multicast as a plan of one X-first tree worm per non-empty quadrant, in quadrant order. */
function quadrantTrees(r: RoutingFunction, g: Grid, src: number, dests: number[]): Plan {
  const parts = [0, 1, 2, 3].map((q) => dests.filter((d) => quadrant(g, src, d) === q)).filter((p) => p.length > 0);
  return treePlan(
    r,
    'x-first-quadrants',
    src,
    Int32Array.from(dests).sort(),
    parts.map((p) => routeUnion(r, src, p)),
  );
}

/** Fig. 6.4's multicasts with double-channel X-first trees: deadlock-free (seed 004 Fig. 6.6). */
function fig64DoubleChannel(): Scenario {
  const { g, multicasts } = fig64Traffic();
  const r = createRouting('dor', g);
  const plans = atZero(multicasts.map(([src, dests]) => quadrantTrees(r, g, src, dests)));
  // each tree worm takes its subnetwork's copy of every channel
  const worms = scenarioWorms({ plans, flits: FLITS }).map((w) => {
    const q = quadrant(g, w.src, w.dests[0]!);
    const copy = (port: number): number => (port >> 1 === 0 ? (PLUS_Y[q] ? 0 : 1) : PLUS_X[q] ? 0 : 1);
    return { ...w, tree: w.tree!.map((e) => ({ ...e, copy: copy(e.port) })) };
  });
  return {
    name: 'lin-fig-6.4-double-channel',
    title: 'the multicasts of Fig. 6.4 with double-channel X-first trees (seed 004 Fig. 6.6)',
    routing: r,
    plans,
    flits: FLITS,
    worms,
    options: { ...OPTIONS, port: 'all', vcsPerClass: 2 },
    expect: 'finished',
  };
}

/**
 * wormcast's own finding (docs/errata.md, docs/algorithms-tree.md errata 3): double-channel X-first
 * in one subnetwork deadlocks when a tree's branches advance independently. Three worms on a 4 x 4
 * mesh, the third created at cycle 12, with the engine's default options.
 */
function branch621(): TreeScenario {
  const t = parseTopology('mesh:4x4');
  const r = createRouting('xy-double', t);
  const p = (s: string, ds: string[]): Plan =>
    createPlan(
      'double-channel-x-first',
      r,
      t.parse(s),
      ds.map((d) => t.parse(d)),
    );
  // W3 holds [(1,1),(1,2)] and delays W1's Y branch while W1's X branch climbs column 2 and takes
  // [(2,2),(2,3)]; W2 then takes both outputs of (1,2) and waits at (2,2) for W1.
  const plans: TimedPlan[] = [
    { plan: p('0,0', ['1,3', '2,3']), created: 0 },
    { plan: p('0,1', ['1,2']), created: 0 },
    { plan: p('0,2', ['1,3', '2,3']), created: 12 },
  ];
  return {
    name: 'lin-6.2.1-branch',
    title:
      'double-channel X-first in N+X+Y deadlocks when branches advance independently (docs/algorithms-tree.md errata 3)',
    routing: r,
    plans,
    flits: FLITS,
    worms: scenarioWorms({ plans, flits: FLITS }),
    options: {},
    expect: 'deadlock',
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

/** The tree deadlocks, by name. */
const TREE_DEADLOCKS: Record<string, () => TreeScenario> = {
  'lin-fig-6.1': fig61,
  'lin-fig-6.4': fig64,
  'lin-6.2.1-branch': branch621,
};

/** The scenarios by the name `wormcast simulate --scenario` takes. */
export const SCENARIOS: Record<string, () => Scenario> = {
  'lin-fig-6.1': fig61,
  'lin-fig-6.1-dual-path': fig61DualPath,
  'lin-fig-6.4': fig64,
  'lin-fig-6.4-double-channel': fig64DoubleChannel,
  'lin-fig-6.4-dual-path': fig64DualPath,
  'lin-6.2.1-branch': branch621,
};

/** The names of the tree deadlock scenarios (those of SCENARIOS that say what each worm holds and waits for). */
export const TREE_SCENARIOS: readonly string[] = Object.keys(TREE_DEADLOCKS);

/** Look `name` up in `table` (own properties only: 'constructor' or '__proto__' find nothing). */
function lookup<T>(table: Record<string, () => T>, name: string, what: string): T {
  const s = Object.hasOwn(table, name) ? table[name] : undefined;
  if (!s) throw new WormcastError(`unknown ${what} '${name}': expected one of ${Object.keys(table).join(', ')}`);
  return s();
}

/** The scenario `name`; unknown names list the known ones. */
export function getScenario(name: string): Scenario {
  return lookup(SCENARIOS, name, 'scenario');
}

/** The tree deadlock scenario `name`; unknown names list the known ones. */
export function treeScenario(name: string): TreeScenario {
  return lookup(TREE_DEADLOCKS, name, 'tree scenario');
}
