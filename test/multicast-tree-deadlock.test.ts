import { describe, expect, it } from 'vitest';
import { checkTreeDeadlock, treeDependencyGraph, type TreeHoldModel } from '../src/analysis/deadlock-tree.ts';
import { ReferenceEngine } from '../src/engine/reference.ts';
import { createPlan } from '../src/multicast/registry.ts';
import { treeEdges } from '../src/engine/plan-worms.ts';
import { scenarioWorms, TREE_SCENARIOS, treeScenario } from '../src/engine/scenarios.ts';
import { createRouting } from '../src/routing/registry.ts';
import type { RoutingFunction } from '../src/routing/types.ts';
import { parseTopology } from '../src/topology/registry.ts';

const MODELS: TreeHoldModel[] = ['lock-step', 'branch'];
const setup = (alg: string, spec: string, routing: string, lowFirst = false): [string, RoutingFunction] => [
  alg,
  createRouting(routing, parseTopology(spec), { lowFirst }),
];
const build = (alg: string, r: RoutingFunction) => (s: number, d: Int32Array) => createPlan(alg, r, s, d);

describe('channel dependencies of tree worms (docs/algorithms-tree.md)', () => {
  it('broadcast trees give exactly the dependencies of every multicast (3-cube, 3 x 3 and 4 x 3 meshes)', () => {
    for (const [alg, r] of [
      setup('ecube-tree', 'hypercube:3', 'ecube', true),
      setup('x-first', 'mesh:3x3', 'dor'),
      setup('double-channel-x-first', 'mesh:4x3', 'xy-double'),
    ]) {
      for (const model of MODELS) {
        const b = treeDependencyGraph(r, build(alg, r), model, 'broadcast');
        const all = treeDependencyGraph(r, build(alg, r), model, 'all-subsets');
        expect(b.contains(all) && all.contains(b)).toBe(true);
        expect(b.dependencies()).toBeGreaterThan(0);
      }
    }
  });

  it('x-first on a 3 x 4 mesh is cyclic under both models; the lock-step cycle is two worms crossing', () => {
    const [alg, r] = setup('x-first', 'mesh:4x3', 'dor');
    for (const model of MODELS) {
      const rep = checkTreeDeadlock(alg, r, build(alg, r), model);
      expect(rep.verdict).toBe('cyclic');
      if (rep.verdict === 'cyclic') expect(rep.cycle.length).toBe(2);
    }
    // the Fig. 6.4 pair: [(1,1),(0,1)] -> [(2,1),(3,1)] (M0) and back (M1)
    const g = treeDependencyGraph(r, build(alg, r), 'lock-step');
    const t = r.topology;
    const vc = (a: string, b: string): number => {
      const from = t.parse(a);
      for (let p = 0; p < t.ports; p++) if (t.neighbor(from, p) === t.parse(b)) return from * t.ports + p;
      throw new Error('not adjacent');
    };
    expect(g.has(vc('1,1', '0,1'), vc('2,1', '3,1'))).toBe(true);
    expect(g.has(vc('2,1', '3,1'), vc('1,1', '0,1'))).toBe(true);
  });

  it('ecube-tree on a 3-cube is cyclic under both models (Fig. 6.1), for either dimension order', () => {
    for (const low of [true, false]) {
      const [alg, r] = setup('ecube-tree', 'hypercube:3', 'ecube', low);
      for (const model of MODELS) expect(checkTreeDeadlock(alg, r, build(alg, r), model).verdict).toBe('cyclic');
    }
    const [alg, r] = setup('ecube-tree', 'hypercube:3', 'ecube', true);
    const g = treeDependencyGraph(r, build(alg, r), 'lock-step');
    // M0 holds [000,010] and waits for [001,011]; M1 holds [001,011] and waits for [000,010]
    expect(g.has(0 * 3 + 1, 1 * 3 + 1)).toBe(true);
    expect(g.has(1 * 3 + 1, 0 * 3 + 1)).toBe(true);
  });

  it('double-channel-x-first is acyclic under lock-step (Assertion 1) on 4 x 3 and 6 x 6 meshes, cyclic under the branch model', () => {
    for (const spec of ['mesh:4x3', 'mesh:6x6']) {
      const [alg, r] = setup('double-channel-x-first', spec, 'xy-double');
      expect(checkTreeDeadlock(alg, r, build(alg, r), 'lock-step').verdict).toBe('acyclic');
      const rep = checkTreeDeadlock(alg, r, build(alg, r), 'branch');
      expect(rep.verdict).toBe('cyclic');
      // the cycle stays in one subnetwork copy
      if (rep.verdict === 'cyclic') expect(new Set(rep.cycle.map((c) => c.class)).size).toBe(1);
    }
  });

  it('x-first on one channel class but in the +X+Y subnetwork only is lock-step acyclic: the cure is the partition', () => {
    const [alg, r] = setup('double-channel-x-first', 'mesh:4x4', 'xy-double');
    const only = (s: number, d: Int32Array) => {
      const k0 = 4;
      const q = Array.from(d).filter((v) => v % k0 > s % k0 && ((v / k0) | 0) >= ((s / k0) | 0));
      return createPlan(alg, r, s, q.length > 0 ? q : []);
    };
    const g = treeDependencyGraph(r, (s, d) => only(s, d), 'lock-step');
    expect(g.findCycle()).toBeUndefined();
  });
});

describe('deadlock scenarios for the flit-level engine', () => {
  it('are listed by name, and an unknown name lists them', () => {
    expect(TREE_SCENARIOS).toEqual(['lin-fig-6.1', 'lin-fig-6.4', 'lin-6.2.1-branch']);
    expect(() => treeScenario('nope')).toThrow(/lin-fig-6.1, lin-fig-6.4/);
  });

  it("lin-fig-6.1: the broadcasts' trees hold and need the channels of Fig. 6.1", () => {
    const s = treeScenario('lin-fig-6.1');
    const t = s.plans[0]!.plan.topology;
    const firstHops = s.plans.map(({ plan }) =>
      treeEdges(plan, 0)
        .filter((e) => e.parent < 0)
        .map((e) => t.format(t.neighbor(plan.source, e.port))),
    );
    expect(firstHops).toEqual([
      ['001', '010', '100'],
      ['000', '011', '101'],
    ]);
    // M0 branches again at 001 onto 011 and 101; M1 at 000 onto 010 and 100
    const at = (k: number, node: string): string[] => {
      const plan = s.plans[k]!.plan;
      const tr = plan.trees!;
      const e = Array.from(tr.nodes).indexOf(t.parse(node));
      return Array.from(tr.parents).flatMap((p, i) => (p === e ? [t.format(tr.nodes[i]!)] : []));
    };
    expect(at(0, '001')).toEqual(['011', '101']);
    expect(at(1, '000')).toEqual(['010', '100']);
  });

  for (const name of ['lin-fig-6.1', 'lin-fig-6.4', 'lin-6.2.1-branch']) {
    it(`${name}: the reference engine reports the deadlock the scenario describes`, () => {
      const s = treeScenario(name);
      const routing = s.plans[0]!.plan.routing;
      const e = new ReferenceEngine({ routing, worms: scenarioWorms(s) });
      expect(e.runUntil(50000)).toBe('deadlock');
      const rep = e.deadlock();
      const t = routing.topology;
      const waited = rep.channels.map((c) => `${c.node}->${t.format(t.neighbor(t.parse(c.node), c.port))}`).sort();
      const expected = s.waits.flatMap((w) => w.map(([a, b]) => `${a}->${b}`));
      for (const w of waited) expect(expected).toContain(w);
      expect(rep.worms.length).toBe(2);
    });
  }

  it('lin-6.2.1-branch needs the third worm: W1 and W2 alone finish for every creation offset', () => {
    const s = treeScenario('lin-6.2.1-branch');
    const routing = s.plans[0]!.plan.routing;
    for (let c = 0; c <= 30; c += 2) {
      const worms = scenarioWorms(s)
        .filter((w) => w.group !== 1)
        .map((w) => (w.group === 2 ? { ...w, created: c } : w));
      expect(new ReferenceEngine({ routing, worms }).runUntil(50000)).toBe('finished');
    }
  });
});
