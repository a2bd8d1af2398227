import { describe, expect, it } from 'vitest';
import { evaluateSteps, lowerBound, planLowerBound } from '../src/analysis/steps.ts';
import { NONE, PlanBuilder } from '../src/multicast/plan.ts';
import { createPlan } from '../src/multicast/registry.ts';
import { createRouting } from '../src/routing/registry.ts';
import { INJECT, portOf } from '../src/routing/types.ts';
import { parseTopology } from '../src/topology/registry.ts';

const SEED004 = ['0,0', '0,2', '0,5', '1,3', '4,5', '5,0', '5,1', '5,3', '5,4'];
const mesh6 = parseTopology('mesh:6x6');
const ids = (t = mesh6, list = SEED004): number[] => list.map((a) => t.parse(a));

/** The port of the first hop of each message: its explicit route, and the routing function's. */
function firstPorts(plan: ReturnType<typeof createPlan>): { route: number[]; routing: number[] } {
  const V = plan.routing.vcClasses.length;
  const route: number[] = [];
  const routing: number[] = [];
  for (let id = 0; id < plan.count; id++) {
    route.push(Math.floor(plan.routes!.channels[plan.routes!.offsets[id]!]! / V) % plan.topology.ports);
    routing.push(portOf(plan.routing.route(plan.source, plan.receiver(id), INJECT)));
  }
  return { route, routing };
}

describe('the lower bound by message kind (docs/model.md "What is reported")', () => {
  it('a plan of multidestination worms: 1, whatever the port model (one worm can deliver to all)', () => {
    for (const alg of ['dual-path', 'multi-path', 'sorted-mp', 'fixed-path']) {
      const plan = createPlan(alg, mesh6, mesh6.parse('3,2'), ids());
      for (const port of ['one', 'all'] as const)
        expect(evaluateSteps(plan, port).lowerBound, `${alg} ${port}`).toBe(1);
    }
    for (const alg of ['x-first', 'greedy-st', 'divided-greedy', 'double-channel-x-first']) {
      expect(planLowerBound(createPlan(alg, mesh6, mesh6.parse('3,2'), ids()), 'one'), alg).toBe(1);
    }
    expect(planLowerBound(createPlan('dual-path', mesh6, 0, []), 'one')).toBe(0);
  });

  it('a plan of unicasts keeps the unicast bound: ceil(log2 10) = 4 one-port, 2 all-port on the mesh', () => {
    const plan = createPlan('u-mesh', mesh6, mesh6.parse('3,2'), ids());
    expect(planLowerBound(plan, 'one')).toBe(lowerBound(10, 'one', 4));
    expect(evaluateSteps(plan, 'one').lowerBound).toBe(4);
    expect(evaluateSteps(plan, 'all').lowerBound).toBe(2);
  });

  it('seed 004 dual-path example: 1 step all-port, 2 one-port (two worms), bound 1', () => {
    const plan = createPlan('dual-path', mesh6, mesh6.parse('3,2'), ids());
    expect(evaluateSteps(plan, 'all')).toMatchObject({ steps: 1, lowerBound: 1 });
    expect(evaluateSteps(plan, 'one')).toMatchObject({ steps: 2, lowerBound: 1 });
  });
});

describe('all-port steps use the channels the worms really take (plan.routes, plan.trees)', () => {
  it('hcm-uniform: the two worms leave on different ports, though the routing function from the source would send both the same way', () => {
    const t = parseTopology('torus:4x4');
    const plan = createPlan('hcm-uniform', t, t.parse('1,1'), ids(t, ['0,1', '0,2']));
    const { route, routing } = firstPorts(plan);
    expect(new Set(route).size).toBe(2);
    expect(new Set(routing).size).toBe(1);
    expect(Array.from(evaluateSteps(plan, 'all').messageStep)).toEqual([1, 1]);
  });

  it('multi-path: the forced first hop to each neighbour counts, not the route to the first destination', () => {
    const plan = createPlan('multi-path', mesh6, mesh6.parse('1,3'), ids(mesh6, ['3,3', '0,5', '2,5', '4,5']));
    const { route, routing } = firstPorts(plan);
    expect(new Set(route).size).toBe(plan.count);
    expect(new Set(routing).size).toBeLessThan(plan.count);
    expect(evaluateSteps(plan, 'all').steps).toBe(1);
  });

  it('a tree worm occupies every branch that leaves the sender', () => {
    // mesh 3 x 3, dor (one class): worm 0 branches at 0 onto +x (to 1) and +y (to 3); worm 1 leaves on +y
    const r = createRouting('dor', parseTopology('mesh:3x3'));
    const P = r.topology.ports;
    const b = new PlanBuilder(2);
    b.add({ from: 0, dests: [1, 3], after: NONE, order: 0, kind: 'tree' });
    b.add({ from: 0, dests: [6], after: NONE, order: 1, kind: 'tree' });
    const channels = Int32Array.from([0 * P + 0, 0 * P + 2, 0 * P + 2, 3 * P + 2]);
    const trees = {
      offsets: Int32Array.from([0, 2, 4]),
      nodes: Int32Array.from([1, 3, 3, 6]),
      channels,
      parents: Int32Array.from([-1, -1, -1, 0]),
    };
    const plan = b.build(
      r.topology,
      r,
      'hand',
      0,
      Int32Array.from([1, 3, 6]),
      { offsets: trees.offsets, channels },
      trees,
    );
    expect(Array.from(evaluateSteps(plan, 'all').messageStep)).toEqual([1, 2]);
    expect(Array.from(evaluateSteps(plan, 'one').messageStep)).toEqual([1, 2]);
  });

  it('double-channel X-first: the four subnetwork worms go at once (each leaves on its own copy of a doubled channel)', () => {
    const plan = createPlan('double-channel-x-first', mesh6, mesh6.parse('3,2'), ids(mesh6, [...SEED004, '3,4']));
    expect(plan.count).toBe(4);
    expect(Array.from(evaluateSteps(plan, 'all').messageStep)).toEqual([1, 1, 1, 1]);
  });

  it('unicasts still take the physical channel: two classes of one link go in successive steps (seed 001 Fig. 3(d))', () => {
    // from (1,1) on the doubled mesh: (3,2) is reached on class xy, (3,0) on class yx, both over +x
    const r = createRouting('xy-double', mesh6);
    const plan = createPlan('separate', r, mesh6.parse('1,1'), ids(mesh6, ['3,2', '3,0']));
    const words = Array.from({ length: plan.count }, (_, id) => r.route(plan.source, plan.receiver(id), INJECT));
    expect(words.map(portOf)).toEqual([0, 0]);
    expect(new Set(words.map((w) => w >> 8)).size).toBe(2);
    expect(Array.from(evaluateSteps(plan, 'all').messageStep)).toEqual([1, 2]);
  });
});
