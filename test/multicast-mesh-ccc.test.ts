import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateSteps } from '../src/analysis/steps.ts';
import { analyzePlan } from '../src/analysis/verify.ts';
import { correctionOrder, meshOrderKey, rChain } from '../src/multicast/chains.ts';
import { mulberry32, randomDestinations } from '../src/multicast/destinations.ts';
import { checkPlan } from '../src/multicast/plan-check.ts';
import type { Plan } from '../src/multicast/plan.ts';
import { createPlan } from '../src/multicast/registry.ts';
import { createRouting } from '../src/routing/registry.ts';
import type { Grid } from '../src/topology/grid.ts';
import { parseTopology } from '../src/topology/registry.ts';

const ccc5 = parseTopology('ccc:5');
const nodes = (xs: readonly string[]): number[] => xs.map((x) => ccc5.parse(x));

// seed 000 section 5: the nodes of a multicast from (3,01010) in a 5-CCC
const SOURCE = ccc5.parse('(3,01010)');
const DESTS = nodes(['(1,00101)', '(0,10000)', '(4,01011)', '(2,10101)', '(3,00000)', '(1,01011)', '(0,11000)']);

/** A valid plan that is contention-free and takes the one-port minimum ceil(log2(m + 1)) steps. */
function expectOptimalOnePort(p: Plan): void {
  const a = analyzePlan(p, 'one', 1);
  expect(checkPlan(p)).toEqual([]);
  expect(a.contention.violations).toBe(0);
  expect(a.steps.steps).toBe(Math.ceil(Math.log2(p.destinations.length + 1)));
}

describe('u-ccc (seed 000 section 5)', () => {
  it('Definition 3: (0,00001) <_d (4,00001) <_d (1,01100) <_d (3,10000) is the order of node ids', () => {
    const ids = nodes(['(0,00001)', '(4,00001)', '(1,01100)', '(3,10000)']);
    expect(ids.slice().sort((a, b) => a - b)).toEqual(ids);
  });

  it('Definition 6: the R-chain of the example is the printed chain', () => {
    expect(Array.from(rChain(SOURCE, DESTS), (v) => ccc5.format(v))).toEqual([
      '(3,01010)',
      '(1,01011)',
      '(4,01011)',
      '(0,10000)',
      '(2,10101)',
      '(0,11000)',
      '(3,00000)',
      '(1,00101)',
    ]);
  });

  it('Fig. 6: the U-CCC tree of the example, 3 = ceil(log2 8) steps, contention-free', () => {
    const p = createPlan('u-ccc', ccc5, SOURCE, DESTS);
    const a = analyzePlan(p, 'one');
    expect(checkPlan(p)).toEqual([]);
    expect(
      p.messages.map((m) => `${ccc5.format(m.from)}>${ccc5.format(m.dests[0]!)}@${a.steps.messageStep[m.id]}`),
    ).toEqual([
      '(3,01010)>(2,10101)@1',
      '(3,01010)>(4,01011)@2',
      '(3,01010)>(1,01011)@3',
      '(2,10101)>(3,00000)@2',
      '(2,10101)>(0,11000)@3',
      '(4,01011)>(0,10000)@3',
      '(3,00000)>(1,00101)@3',
    ]);
    expect(a.steps.steps).toBe(3);
    expect(a.steps.lowerBound).toBe(3);
    expect(a.contention.violations).toBe(0);
  });

  it('Fig. 5: the first unicast carries D = {d_center, ..., d_right} (receiver first, then its address field)', () => {
    const m = createPlan('u-ccc', ccc5, SOURCE, DESTS).message(0);
    expect([m.dests[0]!, ...m.address].map((v) => ccc5.format(v))).toEqual([
      '(2,10101)',
      '(0,11000)',
      '(3,00000)',
      '(1,00101)',
    ]);
  });

  it('Theorem 3 as a property: on every n-CCC, n = 3..10, U-CCC is contention-free and takes exactly ceil(log2 m) steps', () => {
    const routings = new Map<number, ReturnType<typeof createRouting>>();
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 10 }), fc.integer({ min: 1, max: 400 }), fc.integer(), (n, size, seed) => {
        let r = routings.get(n);
        if (!r) routings.set(n, (r = createRouting('hc', parseTopology(`ccc:${n}`))));
        const t = r.topology;
        const random = mulberry32(seed);
        const source = Math.floor(random() * t.nodes);
        const dests = randomDestinations(t, source, Math.min(size, t.nodes - 1), random);
        expectOptimalOnePort(createPlan('u-ccc', r, source, dests));
      }),
      { numRuns: 2000, seed: 11 },
    );
  });

  it('Theorem 3 for broadcasts: U-CCC broadcast on 3- to 6-CCC from every tenth node', () => {
    for (let n = 3; n <= 6; n++) {
      const t = parseTopology(`ccc:${n}`);
      for (let source = 0; source < t.nodes; source += 10) {
        const all: number[] = [];
        for (let v = 0; v < t.nodes; v++) if (v !== source) all.push(v);
        const a = analyzePlan(createPlan('u-ccc', t, source, all), 'one', 1);
        expect(a.contention.violations).toBe(0);
        expect(a.steps.steps).toBe(Math.ceil(Math.log2(t.nodes)));
      }
    }
  });
});

describe('u-mesh (seed 001 reference [9], docs/algorithms-unicast.md)', () => {
  it('the chain order follows dor: x is corrected first, so (x, y) is sorted by x, then y', () => {
    const g = parseTopology('mesh:4x4') as Grid;
    const r = createRouting('dor', g);
    expect(correctionOrder(r, g)).toEqual([0, 1]);
    const { key } = meshOrderKey(g, [0, 1]);
    const list = ['3,0', '0,3', '1,2', '0,1', '1,0'].map((a) => g.parse(a));
    expect(list.sort((a, b) => key(a) - key(b)).map((v) => g.format(v))).toEqual(['0,1', '0,3', '1,0', '1,2', '3,0']);
  });

  it('R-chain and tree of a 6x6 example: source (2,3), 3 = ceil(log2 7) steps', () => {
    const g = parseTopology('mesh:6x6');
    const p = createPlan(
      'u-mesh',
      g,
      g.parse('2,3'),
      ['0,0', '5,4', '1,1', '3,3', '4,0', '2,5'].map((a) => g.parse(a)),
    );
    const s = evaluateSteps(p, 'one');
    // R-chain: (2,3) (2,5) (3,3) (4,0) (5,4) (0,0) (1,1); U-CCC splits it 4 + 3
    expect(p.messages.map((m) => `${g.format(m.from)}>${g.format(m.dests[0]!)}@${s.messageStep[m.id]}`)).toEqual([
      '2,3>5,4@1',
      '2,3>3,3@2',
      '2,3>2,5@3',
      '5,4>1,1@2',
      '5,4>0,0@3',
      '3,3>4,0@3',
    ]);
  });

  it('on 2D and 3D meshes, u-mesh is contention-free under dor and takes ceil(log2 m) steps', () => {
    const specs = ['mesh:8x8', 'mesh:5x9', 'mesh:16x16', 'mesh:4x3x5', 'mesh:6x6x6'];
    fc.assert(
      fc.property(fc.constantFrom(...specs), fc.integer({ min: 1, max: 300 }), fc.integer(), (spec, size, seed) => {
        const g = parseTopology(spec);
        const random = mulberry32(seed);
        const source = Math.floor(random() * g.nodes);
        const dests = randomDestinations(g, source, Math.min(size, g.nodes - 1), random);
        expectOptimalOnePort(createPlan('u-mesh', g, source, dests));
      }),
      { numRuns: 1000, seed: 12 },
    );
  });
});
