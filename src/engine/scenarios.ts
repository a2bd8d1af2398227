import { WormcastError } from '../errors.ts';
import { dualPath } from '../multicast/path-based/dual-path.ts';
import { scenarioWorms, treeScenario } from '../multicast/tree-based/scenarios.ts';
import { createRouting } from '../routing/registry.ts';
import type { RoutingFunction } from '../routing/types.ts';
import { Grid } from '../topology/grid.ts';
import { parseTopology } from '../topology/registry.ts';
import type { Topology } from '../topology/types.ts';
import { routeTree } from './trees.ts';
import type { EngineOptions, TreeEdge, WormSpec } from './types.ts';
import { planWorms } from './workload.ts';

/** A fixed traffic pattern from a seed, ready for the engine. */
export interface Scenario {
  name: string;
  title: string;
  routing: RoutingFunction;
  worms: WormSpec[];
  options: EngineOptions;
  /** What the seed says happens. */
  expect: 'deadlock' | 'finished';
}

/** Flits per worm in the scenarios: long enough that every worm spans its whole tree. */
const FLITS = 32;
const OPTIONS: EngineOptions = { buffer: 2, routerDelay: 1, startup: 1, watchdog: 200 };

/** Two multicasts, both created at cycle 0, as dual-path worms (seed 004 section 6.2.2 / 6.3). */
function dualPathWorms(r: RoutingFunction, multicasts: Array<[number, number[]]>): WormSpec[] {
  const worms: WormSpec[] = [];
  multicasts.forEach(([src, dests], k) => {
    const plan = dualPath.build(r, src, Int32Array.from(dests).sort());
    worms.push(...planWorms(plan, 0, FLITS, k, worms.length));
  });
  return worms;
}

/** Seed 004 Fig. 6.1: broadcasts from 000 and 001 on a 3-cube. */
function fig61(t: Topology, variant: string): Scenario {
  const all = (src: number): number[] => Array.from({ length: t.nodes }, (_, i) => i).filter((v) => v !== src);
  const m0 = t.parse('000');
  const m1 = t.parse('001');
  if (variant === 'dual-path') {
    const r = createRouting('label', t);
    return {
      name: 'lin-fig-6.1-dual-path',
      title: 'the broadcasts of Fig. 6.1 as dual-path worms on the 3-cube (seed 004 section 6.3)',
      routing: r,
      worms: dualPathWorms(r, [
        [m0, all(m0)],
        [m1, all(m1)],
      ]),
      options: { ...OPTIONS, port: 'all' },
      expect: 'finished',
    };
  }
  // the seed's trees correct dimension 0 first: M0 reaches 011 and 101 through 001
  const r = createRouting('ecube', t, { lowFirst: true });
  const worms = [m0, m1].map((src, k): WormSpec => {
    const tree = routeTree(r, src, all(src));
    return { kind: 'tree', src, dests: tree.dests, tree: tree.edges, flits: FLITS, created: 0, group: k };
  });
  return {
    name: 'lin-fig-6.1',
    title: 'seed 004 Fig. 6.1: E-cube broadcast trees from 000 and 001 on a 3-cube deadlock',
    routing: r,
    worms,
    options: { ...OPTIONS, port: 'all' },
    expect: 'deadlock',
  };
}

/**
 * Double-channel X-first (seed 004 section 6.2.1, Fig. 6.6): the destinations split into the four
 * quadrants around the source, each reached by an X-first tree in its own subnetwork. Each
 * channel is doubled (vcsPerClass 2): an x channel's copy 0 serves the +y subnetworks and copy 1
 * the -y ones; a y channel's copy 0 serves the +x subnetworks and copy 1 the -x ones.
 * The quadrants: D+x+y = {x >= x0, y > y0}, D-x+y = {x < x0, y >= y0},
 * D-x-y = {x <= x0, y < y0}, D+x-y = {x > x0, y <= y0} (every node but the source in one).
 */
function doubleChannelXFirst(r: RoutingFunction, g: Grid, src: number, dests: number[], group: number): WormSpec[] {
  const [x0, y0] = g.coords(src) as [number, number];
  const quadrant = (d: number): number => {
    const [x, y] = g.coords(d) as [number, number];
    if (x >= x0 && y > y0) return 0; // +x+y
    if (x < x0 && y >= y0) return 1; // -x+y
    if (x <= x0 && y < y0) return 2; // -x-y
    return 3; // +x-y
  };
  const plusX = [true, false, false, true];
  const plusY = [true, true, false, false];
  const worms: WormSpec[] = [];
  for (let q = 0; q < 4; q++) {
    const part = dests.filter((d) => quadrant(d) === q);
    if (part.length === 0) continue;
    const tree = routeTree(r, src, part);
    const edges: TreeEdge[] = tree.edges.map((e) => ({
      ...e,
      copy: e.port >> 1 === 0 ? (plusY[q] ? 0 : 1) : plusX[q] ? 0 : 1,
    }));
    worms.push({ kind: 'tree', src, dests: tree.dests, tree: edges, flits: FLITS, created: 0, group });
  }
  return worms;
}

/** Seed 004 Fig. 6.4: two X-first multicasts in a 3 x 4 mesh (x = 0..3, y = 0..2). */
function fig64(variant: string): Scenario {
  const g = parseTopology('mesh:4x3') as Grid;
  const m0: [number, number[]] = [g.parse('1,1'), [g.parse('0,2'), g.parse('3,1')]];
  const m1: [number, number[]] = [g.parse('2,1'), [g.parse('0,1'), g.parse('3,0')]];
  if (variant === 'dual-path') {
    const r = createRouting('label', g);
    return {
      name: 'lin-fig-6.4-dual-path',
      title: 'the multicasts of Fig. 6.4 as dual-path worms (seed 004 section 6.2.2)',
      routing: r,
      worms: dualPathWorms(r, [m0, m1]),
      options: { ...OPTIONS, port: 'all' },
      expect: 'finished',
    };
  }
  const r = createRouting('dor', g);
  if (variant === 'double-channel') {
    return {
      name: 'lin-fig-6.4-double-channel',
      title: 'the multicasts of Fig. 6.4 with double-channel X-first trees (seed 004 Fig. 6.6)',
      routing: r,
      worms: [...doubleChannelXFirst(r, g, ...m0, 0), ...doubleChannelXFirst(r, g, ...m1, 1)],
      options: { ...OPTIONS, port: 'all', vcsPerClass: 2 },
      expect: 'finished',
    };
  }
  const worms = [m0, m1].map(([src, dests], k): WormSpec => {
    const tree = routeTree(r, src, dests);
    return { kind: 'tree', src, dests: tree.dests, tree: tree.edges, flits: FLITS, created: 0, group: k };
  });
  return {
    name: 'lin-fig-6.4',
    title: 'seed 004 Fig. 6.4: two single-channel X-first multicast trees in a 3 x 4 mesh deadlock',
    routing: r,
    worms,
    options: { ...OPTIONS, port: 'all' },
    expect: 'deadlock',
  };
}

/**
 * wormcast's own finding (docs/errata.md, docs/algorithms-tree.md errata 3): double-channel X-first
 * in one subnetwork deadlocks when a tree's branches advance independently. Three worms on a 4 x 4
 * mesh, the third created at cycle 12, with the engine's default options (src/multicast/tree-based/scenarios.ts).
 */
function branch621(): Scenario {
  const s = treeScenario('lin-6.2.1-branch');
  return {
    name: s.name,
    title: s.summary,
    routing: s.plans[0]!.plan.routing,
    worms: scenarioWorms(s),
    options: {},
    expect: 'deadlock',
  };
}

/** The scenarios by the name `wormcast simulate --scenario` takes. */
export const SCENARIOS: Record<string, () => Scenario> = {
  'lin-fig-6.1': () => fig61(parseTopology('hypercube:3'), 'ecube'),
  'lin-fig-6.1-dual-path': () => fig61(parseTopology('hypercube:3'), 'dual-path'),
  'lin-fig-6.4': () => fig64('x-first'),
  'lin-fig-6.4-double-channel': () => fig64('double-channel'),
  'lin-fig-6.4-dual-path': () => fig64('dual-path'),
  'lin-6.2.1-branch': branch621,
};

/** The scenario `name`; unknown names list the known ones. */
export function getScenario(name: string): Scenario {
  // own properties only: 'constructor' or '__proto__' must not find Object.prototype's members
  const s = Object.hasOwn(SCENARIOS, name) ? SCENARIOS[name] : undefined;
  if (!s) throw new WormcastError(`unknown scenario '${name}': expected one of ${Object.keys(SCENARIOS).join(', ')}`);
  return s();
}
