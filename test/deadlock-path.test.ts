import { describe, expect, it } from 'vitest';
import { buildDependencyGraph, checkDeadlock, type DependencyGraph } from '../src/analysis/deadlock.ts';
import { tracePlan } from '../src/analysis/paths.ts';
import { mulberry32, randomDestinations } from '../src/multicast/destinations.ts';
import { wormSchemeFor } from '../src/multicast/path-based/schemes.ts';
import { createPlan, getAlgorithm, routingFor } from '../src/multicast/registry.ts';
import { createRouting } from '../src/routing/registry.ts';
import type { RoutingFunction } from '../src/routing/types.ts';
import { parseTopology } from '../src/topology/registry.ts';

const verdict = (algorithm: string, r: RoutingFunction): string => checkDeadlock(wormSchemeFor(algorithm, r)).verdict;
const defaultRouting = (algorithm: string, spec: string): RoutingFunction =>
  routingFor(getAlgorithm(algorithm), parseTopology(spec));

/**
 * Every dependency of `count` random plans of the algorithm (consecutive channels of a worm,
 * across destinations too) is an edge of the scheme's graph: the scheme covers the algorithm.
 */
function expectPlansInside(algorithm: string, r: RoutingFunction, g: DependencyGraph, count: number): void {
  const t = r.topology;
  const random = mulberry32(7);
  let checked = 0;
  for (let i = 0; i < count; i++) {
    const s = Math.floor(random() * t.nodes);
    const m = 1 + Math.floor(random() * (t.nodes - 2));
    const plan = createPlan(algorithm, r, s, randomDestinations(t, s, m, random));
    const paths = tracePlan(plan);
    const P = t.ports;
    const V = g.vcs;
    // the plan's VC ids in the scheme's numbering (sorted MP/MC plans name one class of two)
    const own = (vc: number): number => Math.floor(vc / paths.vcs) * V + (V === paths.vcs ? vc % paths.vcs : 0);
    for (let id = 0; id < plan.count; id++) {
      for (let c = paths.offsets[id]! + 1; c < paths.offsets[id + 1]!; c++) {
        const a = own(paths.channels[c - 1]!);
        const b = own(paths.channels[c]!);
        const head = g.headOf[Math.floor(a / V)]!;
        const bit = b - head * P * V;
        if (bit < 0 || bit >= P * V || ((g.succ[a]! >>> bit) & 1) === 0) {
          throw new Error(
            `${algorithm} on ${t.spec}: plan ${i} message ${id} depends ${a} -> ${b}, not in the scheme graph`,
          );
        }
        checked++;
      }
    }
  }
  expect(checked).toBeGreaterThan(count);
}

describe('deadlock checker on path-based schemes (issue 4 acceptance)', () => {
  it('dual-, multi- and fixed-path are acyclic on mesh and hypercube (seed 004 Assertions 2, 3, Corollaries 6.1, 6.2)', () => {
    for (const alg of ['dual-path', 'multi-path', 'fixed-path']) {
      for (const spec of ['mesh:6x6', 'mesh:5x4', 'hypercube:4', 'hypercube:6']) {
        expect(verdict(alg, defaultRouting(alg, spec)), `${alg} ${spec}`).toBe('acyclic');
      }
      expect(verdict(alg, createRouting('label', parseTopology('hypercube:5'), { shortest: true }))).toBe('acyclic');
    }
  });

  it('hcm-uniform and hcm-fixed are acyclic on torus and star with p/q channels, cyclic with the boundary rule dropped', () => {
    for (const alg of ['hcm-uniform', 'hcm-fixed']) {
      for (const spec of ['torus:4x4', 'torus:6x6', 'star:4', 'star:5']) {
        const t = parseTopology(spec);
        expect(verdict(alg, createRouting('hcm', t)), `${alg} ${spec}`).toBe('acyclic');
        expect(verdict(alg, createRouting('hcm', t, { dropBoundaryRule: true })), `${alg} ${spec} dropped`).toBe(
          'cyclic',
        );
      }
    }
  });

  it('hp-dual-path (the Hamiltonian path baseline) is acyclic on torus and star', () => {
    for (const spec of ['torus:6x6', 'star:5'])
      expect(verdict('hp-dual-path', defaultRouting('hp-dual-path', spec))).toBe('acyclic');
  });

  it('sorted MP and MC (seed 004 chapter 5, before the deadlock-free schemes) are cyclic', () => {
    for (const alg of ['sorted-mp', 'sorted-mc']) {
      for (const spec of ['mesh:4x4', 'hypercube:4']) {
        const rep = checkDeadlock(wormSchemeFor(alg, defaultRouting(alg, spec)));
        expect(rep.verdict, `${alg} ${spec}`).toBe('cyclic');
      }
    }
    // MC: two worms from neighbours on the cycle to each other and back hold each other's channel
    const mc = checkDeadlock(wormSchemeFor('sorted-mc', defaultRouting('sorted-mc', 'mesh:4x4')));
    if (mc.verdict !== 'cyclic') throw new Error('expected a cycle');
    expect(mc.cycle.length).toBe(2);
    expect(mc.cycle[0]!.from).toBe(mc.cycle[1]!.to);
  });

  it('the schemes cover the worms the algorithms build (dependencies of random plans are edges of the graph)', () => {
    const cases: Array<[string, string, object]> = [
      ['dual-path', 'mesh:6x5', {}],
      ['multi-path', 'mesh:6x5', {}],
      ['fixed-path', 'mesh:6x5', {}],
      ['dual-path', 'hypercube:5', {}],
      ['multi-path', 'hypercube:5', { shortest: true }],
      ['fixed-path', 'hypercube:5', {}],
      ['sorted-mp', 'mesh:6x5', {}],
      ['sorted-mc', 'hypercube:5', {}],
      ['hcm-uniform', 'torus:6x6', {}],
      ['hcm-fixed', 'torus:6x6', {}],
      ['hcm-uniform', 'star:5', {}],
      ['hcm-fixed', 'star:5', {}],
      ['hcm-uniform', 'torus:4x4', { dropBoundaryRule: true }],
    ];
    for (const [alg, spec, opts] of cases) {
      const a = getAlgorithm(alg);
      const t = parseTopology(spec);
      const r = createRouting(a.routings === 'any' ? 'label' : a.routings[0]!, t, opts);
      expectPlansInside(alg, r, buildDependencyGraph(wormSchemeFor(alg, r)), 200);
    }
    // hp-dual-path plans carry their own hp routing function, whose VC numbering the scheme shares
    const hcm = createRouting('hcm', parseTopology('torus:6x6'));
    expectPlansInside('hp-dual-path', hcm, buildDependencyGraph(wormSchemeFor('hp-dual-path', hcm)), 200);
  });
});
