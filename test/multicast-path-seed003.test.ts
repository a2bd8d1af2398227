import { describe, expect, it } from 'vitest';
import { trafficOf } from '../src/analysis/traffic.ts';
import { checkPlan } from '../src/multicast/plan-check.ts';
import { prepareFixed, prepareUniform } from '../src/multicast/path-based/hcm-prepare.ts';
import { createPlan } from '../src/multicast/registry.ts';
import { VC_PH, VC_PL, VC_QH, VC_QL } from '../src/routing/hcm-model.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { routeClasses, routeLength } from './path-helpers.ts';

describe('seed 003 section 4.1: 4x4 torus, source (3,2) = label 11, destinations labelled 0 1 2 6 8 10 12 13 15', () => {
  const t = parseTopology('torus:4x4');
  const lab = createRouting('hcm', t).labelling!;
  const src = t.parse('3,2');
  // the seed's K, with (2,0) for the node it misprints as (0,2)^2 (shared/seeds/INDEX.md)
  const dests = ['0,0', '1,0', '2,0', '1,1', '0,2', '2,2', '3,3', '2,3', '0,3'].map((a) => t.parse(a));
  const labels = (ids: ArrayLike<number>): number[] => Array.from(ids, (d) => lab.labelOf[d]!);

  it('the labels are the printed superscripts', () => {
    expect(lab.labelOf[src]).toBe(11);
    expect(labels(dests)).toEqual([0, 1, 2, 6, 8, 10, 12, 13, 15]);
  });

  it('uniform: D^h = 12 13 15 0 1 (path length 6), D^l = 10 8 6 2 (7)', () => {
    const plan = createPlan('hcm-uniform', t, src, dests);
    expect(checkPlan(plan)).toEqual([]);
    const [h, l] = plan.messages;
    expect(labels(h!.dests)).toEqual([12, 13, 15, 0, 1]);
    expect(labels(l!.dests)).toEqual([10, 8, 6, 2]);
    expect([routeLength(plan, 0), routeLength(plan, 1)]).toEqual([6, 7]);
    expect(trafficOf(plan).maxHops).toBe(7);
    // M^h crosses the boundary (15 -> 0) and continues on q; M^l stays on p (it never wraps)
    expect(routeClasses(plan, 0)).toEqual([VC_PH, VC_PH, VC_PH, VC_PH, VC_QH, VC_QH]);
    expect(new Set(routeClasses(plan, 1))).toEqual(new Set([VC_PL]));
  });

  it('fixed: D^h = 12 13 15 0 1 2 (7), D^l = 10 8 6 (5)', () => {
    const plan = createPlan('hcm-fixed', t, src, dests);
    expect(checkPlan(plan)).toEqual([]);
    const [h, l] = plan.messages;
    expect(labels(h!.dests)).toEqual([12, 13, 15, 0, 1, 2]);
    expect(labels(l!.dests)).toEqual([10, 8, 6]);
    expect([routeLength(plan, 0), routeLength(plan, 1)]).toEqual([7, 5]);
    expect(trafficOf(plan).maxHops).toBe(7);
  });

  it('fixed preparation with the source below the pivot (l(s) < ceil(N/2)): the high worm keeps (l(s), l(s)+8)', () => {
    const s = lab.nodeAt[2]!;
    const ds = Int32Array.from([0, 1, 3, 9, 10, 14].map((l) => lab.nodeAt[l]!));
    const { high, low } = prepareFixed(lab, s, ds);
    expect(labels(high)).toEqual([3, 9]);
    expect(labels(low)).toEqual([1, 0, 14, 10]);
    const u = prepareUniform(lab, s, ds);
    expect(labels(u.high)).toEqual([3, 9, 10]);
    expect(labels(u.low)).toEqual([1, 0, 14]);
  });
});

describe('seed 003 section 4.2: 4-star, source 1432 (label 17)', () => {
  const t = parseTopology('star:4');
  const lab = createRouting('hcm', t).labelling!;
  const src = t.parse('1432');
  const dests = ['2134', '3124', '2314', '1243', '4123', '3412', '3421', '2341', '3241'].map((a) => t.parse(a));
  const labels = (ids: ArrayLike<number>): number[] => Array.from(ids, (d) => lab.labelOf[d]!);

  it('the labels are the printed superscripts', () => {
    expect(lab.labelOf[src]).toBe(17);
    expect(labels(dests)).toEqual([1, 2, 4, 7, 9, 12, 19, 21, 22]);
  });

  it('uniform: D^h = 19 21 22 1 2 (9 hops), D^l = 12 9 7 4 (9 hops); the seed lists 2314^4 in both (Errata)', () => {
    const plan = createPlan('hcm-uniform', t, src, dests);
    expect(checkPlan(plan)).toEqual([]);
    expect(labels(plan.message(0).dests)).toEqual([19, 21, 22, 1, 2]);
    expect(labels(plan.message(1).dests)).toEqual([12, 9, 7, 4]);
    expect([routeLength(plan, 0), routeLength(plan, 1)]).toEqual([9, 9]);
    expect(routeClasses(plan, 0).includes(VC_QH)).toBe(true);
    expect(routeClasses(plan, 1).includes(VC_QL)).toBe(false);
  });

  it('fixed: D^h = 19 21 22 1 2 4 (11 hops), D^l = 12 9 7 (6 hops); the seed adds 2413^11, not a destination (Errata)', () => {
    const plan = createPlan('hcm-fixed', t, src, dests);
    expect(checkPlan(plan)).toEqual([]);
    expect(labels(plan.message(0).dests)).toEqual([19, 21, 22, 1, 2, 4]);
    expect(labels(plan.message(1).dests)).toEqual([12, 9, 7]);
    expect([routeLength(plan, 0), routeLength(plan, 1)]).toEqual([11, 6]);
  });

  it('hp-dual-path, the Hamiltonian path baseline: no wrap, so the high worm stops at 22 and the low worm runs down to 1', () => {
    const plan = createPlan('hp-dual-path', t, src, dests);
    expect(checkPlan(plan)).toEqual([]);
    expect(plan.routing.name).toBe('hp');
    expect(labels(plan.message(0).dests)).toEqual([19, 21, 22]);
    expect(labels(plan.message(1).dests)).toEqual([12, 9, 7, 4, 2, 1]);
    const m = trafficOf(plan);
    expect(m.maxHops).toBeGreaterThan(trafficOf(createPlan('hcm-uniform', t, src, dests)).maxHops);
  });
});
