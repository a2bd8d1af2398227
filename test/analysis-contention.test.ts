import { describe, expect, it } from 'vitest';
import { checkContention, physicalSharing } from '../src/analysis/contention.ts';
import { tracePlan } from '../src/analysis/paths.ts';
import { ReachableSets } from '../src/analysis/reachable.ts';
import { evaluateSteps } from '../src/analysis/steps.ts';
import { analyzePlan } from '../src/analysis/verify.ts';
import { mulberry32, randomDestinations } from '../src/multicast/destinations.ts';
import { NONE, PlanBuilder } from '../src/multicast/plan.ts';
import { createPlan } from '../src/multicast/registry.ts';
import { HC_VC } from '../src/routing/hc.ts';
import { createRouting } from '../src/routing/registry.ts';
import type { RoutingFunction } from '../src/routing/types.ts';
import { parseTopology } from '../src/topology/registry.ts';

/** A hand-made unicast plan from [from, to, after, order] rows. */
function plan(r: RoutingFunction, source: number, rows: Array<[number, number, number, number]>) {
  const b = new PlanBuilder(rows.length);
  for (const [from, to, after, order] of rows) b.unicast(from, to, after, order, 0, 0);
  return b.build(r.topology, r, 'hand', source, Int32Array.from(rows.map((x) => x[1])).sort());
}

const q3 = createRouting('ecube', parseTopology('hypercube:3'));

describe('reachable sets (seed 001 Definition 3)', () => {
  it('R_u is u and the subtree of u', () => {
    const p = plan(q3, 0, [
      [0, 4, NONE, 0],
      [0, 1, NONE, 1],
      [4, 6, 0, 0],
      [6, 7, 2, 0],
    ]);
    const R = new ReachableSets(p);
    expect([0, 1, 4, 6, 7].every((x) => R.contains(0, x))).toBe(true);
    expect([4, 6, 7].map((x) => R.contains(4, x))).toEqual([true, true, true]);
    expect([0, 1].map((x) => R.contains(4, x))).toEqual([false, false]);
    expect(R.contains(1, 1)).toBe(true);
    expect(R.contains(7, 6)).toBe(false);
  });

  it('when a node receives twice, R_u is found by search over the messages', () => {
    const b = new PlanBuilder(3);
    b.add({ from: 0, dests: [4, 6], after: NONE, order: 0, kind: 'path' });
    b.add({ from: 4, dests: [5], after: 0, order: 0 });
    b.add({ from: 6, dests: [5], after: 0, order: 0 });
    const R = new ReachableSets(b.build(q3.topology, q3, 'hand', 0, Int32Array.from([4, 5, 6])));
    expect(R.contains(4, 5)).toBe(true);
    expect(R.contains(6, 5)).toBe(true);
    expect(R.contains(4, 6)).toBe(false);
  });
});

describe('contention (seed 001 Definition 4) over the channels of the routing function', () => {
  it('two unicasts of one step that share a channel violate it, wherever they come from', () => {
    // step 2: 000 -> 110 (000, 100, 110) and 100 -> 111 (100, 110, 111) share channel 100 -dim 1->
    const p = plan(q3, 0, [
      [0, 4, NONE, 0],
      [0, 6, NONE, 1],
      [4, 7, 0, 0],
    ]);
    const c = checkContention(p, evaluateSteps(p, 'one'));
    expect(c.violations).toBe(1);
    expect(c.examples[0]).toMatchObject({ first: 1, second: 2, firstStep: 2, secondStep: 2, node: 4, port: 1, vc: 0 });
  });

  it('an earlier unicast (u, v, t) and a later (x, y, tau) sharing a channel violate it when x is not in R_u', () => {
    // 100 -> 110 at step 2 and 000 -> 111 at step 3 share 100 -dim 1->; 000 is not in R_100
    const p = plan(q3, 0, [
      [0, 4, NONE, 0],
      [0, 1, NONE, 1],
      [0, 7, NONE, 2],
      [4, 6, 0, 0],
    ]);
    const s = evaluateSteps(p, 'one');
    expect(Array.from(s.messageStep)).toEqual([1, 2, 3, 2]);
    const c = checkContention(p, s);
    expect(c.violations).toBe(1);
    expect(c.examples[0]).toMatchObject({ first: 3, second: 2, firstStep: 2, secondStep: 3, node: 4, port: 1 });
  });

  it('... and are contention-free when x is in R_u (a descendant sends later on the channel)', () => {
    // 000 -> 111 at step 1 uses 100 -dim 1->; 100 (reached from 000) uses it again at step 3
    const p = plan(q3, 0, [
      [0, 7, NONE, 0],
      [0, 4, NONE, 1],
      [4, 6, 1, 0],
    ]);
    expect(checkContention(p, evaluateSteps(p, 'one')).violations).toBe(0);
  });

  it('unicasts from one sender share channels freely in different steps (seed 001 Theorem 3)', () => {
    const p = plan(q3, 0, [
      [0, 4, NONE, 0],
      [0, 5, NONE, 1],
      [0, 6, NONE, 2],
      [0, 7, NONE, 3],
    ]);
    expect(checkContention(p, evaluateSteps(p, 'one')).violations).toBe(0);
    // all-port puts them in successive steps on their common first channel: still free
    expect(checkContention(p, evaluateSteps(p, 'all')).violations).toBe(0);
  });

  it('finds the violations of U-CCC evaluated on all-port, where Theorem 3 does not apply', () => {
    const t = parseTopology('ccc:4');
    const random = mulberry32(5);
    let violating = 0;
    for (let k = 0; k < 200; k++) {
      const source = Math.floor(random() * t.nodes);
      const p = createPlan('u-ccc', t, source, randomDestinations(t, source, 30, random));
      const c = analyzePlan(p, 'all', 1).contention;
      if (c.violations > 0) {
        violating++;
        const v = c.examples[0]!;
        const paths = tracePlan(p);
        const uses = (id: number): number[] =>
          Array.from(paths.channels.subarray(paths.offsets[id]!, paths.offsets[id + 1]!));
        expect(uses(v.first)).toContain(v.channel);
        expect(uses(v.second)).toContain(v.channel);
      }
    }
    expect(violating).toBeGreaterThan(0);
  });
});

describe('physical-link sharing (seed 000 section 6)', () => {
  // 3-CCC, source S = (0,010). Step 1: S -> (0,011) over the cube edge. Step 2: S -> (0,000)
  // leaves on h1 of link (0,010) -> (1,010) (x > y), while (0,011) -> (2,010) crosses the cube
  // edge back and climbs the same link on h0 (x = y): one physical link, two virtual channels.
  // Step 3: (2,010) forwards to (2,011).
  const r = createRouting('hc', parseTopology('ccc:3'));
  const t = r.topology;
  const at = (a: string): number => t.parse(a);
  const p = plan(r, at('(0,010)'), [
    [at('(0,010)'), at('(0,011)'), NONE, 0],
    [at('(0,010)'), at('(0,000)'), NONE, 1],
    [at('(0,011)'), at('(2,010)'), 0, 0],
    [at('(2,010)'), at('(2,011)'), 2, 0],
  ]);
  const steps = evaluateSteps(p, 'one');
  const paths = tracePlan(p);

  it('the two step-2 unicasts use h1 and h0 of one link: contention-free, but they share it', () => {
    expect(Array.from(steps.messageStep)).toEqual([1, 2, 2, 3]);
    const link = (t.parse('(0,010)') * t.ports + 1) * paths.vcs;
    expect(paths.channels.subarray(paths.offsets[1]!, paths.offsets[2]!)).toContain(link + HC_VC.h1);
    expect(paths.channels.subarray(paths.offsets[2]!, paths.offsets[3]!)).toContain(link + HC_VC.h0);
    expect(checkContention(p, steps, paths).violations).toBe(0);
  });

  it("one of them is blocked one step and its receiver's subtree moves with it: 3 steps become 4", () => {
    const s = physicalSharing(p, steps, paths);
    expect(s.sharedPairs).toBe(1);
    expect(s.blocked).toBe(1);
    const recv = (a: string): number => s.receiveStep[p.destinations.indexOf(at(a))]!;
    // message 1 (older id) wins; message 2 to (2,010) is received at step 3, and (2,011) at step 4
    expect([recv('(0,011)'), recv('(0,000)'), recv('(2,010)'), recv('(2,011)')]).toEqual([1, 2, 3, 4]);
    expect(s.steps).toBe(4);
    expect(steps.steps).toBe(3);
  });

  it('hypercube plans never share a link in one step without contention (one VC per link)', () => {
    const q = parseTopology('hypercube:6');
    const random = mulberry32(9);
    for (let k = 0; k < 100; k++) {
      const p6 = createPlan('w-sort', q, 0, randomDestinations(q, 0, 1 + Math.floor(random() * 62), random));
      const a = analyzePlan(p6, 'all');
      expect(a.sharing.sharedPairs).toBe(0);
      expect(a.sharing.steps).toBe(a.steps.steps);
    }
  });

  it('U-CCC on random sets of 7-CCC: sharing delays some multicasts, never speeds one up', () => {
    const c7 = parseTopology('ccc:7');
    const random = mulberry32(8);
    let shared = 0;
    for (let k = 0; k < 50; k++) {
      const source = Math.floor(random() * c7.nodes);
      const a = analyzePlan(createPlan('u-ccc', c7, source, randomDestinations(c7, source, 63, random)), 'one');
      shared += a.sharing.sharedPairs;
      expect(a.sharing.steps).toBeGreaterThanOrEqual(a.steps.steps);
      expect(a.sharing.meanSteps).toBeGreaterThanOrEqual(a.steps.meanSteps);
    }
    expect(shared).toBeGreaterThan(0);
  });
});
