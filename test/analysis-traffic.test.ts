import { describe, expect, it } from 'vitest';
import { broadcastTraffic, trafficOf, unicastTraffic } from '../src/analysis/traffic.ts';
import { mulberry32, randomDestinations } from '../src/multicast/destinations.ts';
import { NONE, PlanBuilder } from '../src/multicast/plan.ts';
import { createPlan } from '../src/multicast/registry.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';

const mesh6 = parseTopology('mesh:6x6');
const src6 = mesh6.parse('3,2');
const dests6 = ['0,0', '0,2', '0,5', '1,3', '4,5', '5,0', '5,1', '5,3', '5,4'].map((a) => mesh6.parse(a));

describe('static traffic metrics (seed 004 section 7.1)', () => {
  it('traffic, additional traffic = traffic - k, worms, max and mean hops of the 6x6 example', () => {
    const dual = trafficOf(createPlan('dual-path', mesh6, src6, dests6));
    expect(dual).toMatchObject({ traffic: 33, additionalTraffic: 24, worms: 2, maxHops: 18 });
    // hops along the worms: high worm 3 7 12 14 18, low worm 3 9 10 15
    expect(Array.from(dual.hops).sort((a, b) => a - b)).toEqual([3, 3, 7, 9, 10, 12, 14, 15, 18]);
    expect(dual.meanHops).toBeCloseTo(91 / 9, 10);
    const multi = trafficOf(createPlan('multi-path', mesh6, src6, dests6));
    expect(multi).toMatchObject({ traffic: 21, additionalTraffic: 12, worms: 4, maxHops: 6 });
    const fixed = trafficOf(createPlan('fixed-path', mesh6, src6, dests6));
    expect(fixed).toMatchObject({ traffic: 35, additionalTraffic: 26, worms: 2, maxHops: 20 });
  });

  it('baselines: multiple one-to-one sums the unicast routes; broadcast is N - 1 (1023 on 1024 nodes)', () => {
    const dor = createRouting('dor', mesh6);
    expect(unicastTraffic(dor, src6, dests6)).toBe(dests6.reduce((s, d) => s + mesh6.distance(src6, d), 0));
    expect(unicastTraffic(dor, src6, dests6)).toBe(35);
    expect(broadcastTraffic(parseTopology('mesh:32x32'))).toBe(1023);
    expect(broadcastTraffic(parseTopology('hypercube:10'))).toBe(1023);
    // separate addressing is the multiple one-to-one baseline as a plan
    const sep = trafficOf(createPlan('separate', createRouting('dor', mesh6), src6, dests6));
    expect(sep.traffic).toBe(35);
    expect(sep.worms).toBe(9);
  });

  it('hops through software forwarding add up: source -> a (3 hops), a -> b (2 hops) gives b 5', () => {
    const t = parseTopology('mesh:4x4');
    const r = createRouting('dor', t);
    const a = t.parse('3,0');
    const b = t.parse('3,2');
    const builder = new PlanBuilder(2);
    const first = builder.add({ from: 0, dests: [a], after: NONE, order: 0 });
    builder.add({ from: a, dests: [b], after: first, order: 0 });
    const plan = builder.build(t, r, 'manual', 0, Int32Array.from([a, b].sort((x, y) => x - y)));
    const m = trafficOf(plan);
    expect(m.traffic).toBe(5);
    expect(m.additionalTraffic).toBe(3);
    expect(m.maxHops).toBe(5);
    expect(m.meanHops).toBe(4);
  });

  // On the 10-cube with 10 destinations the two are level (about 39 and 40 additional units), so
  // the hypercube comparison starts at 50 (docs/algorithms-path.md, static metrics).
  it('sorted MP needs less traffic than multiple one-to-one and broadcast (seed 004 Figs. 7.1, 7.2)', () => {
    for (const [spec, ks] of [
      ['mesh:32x32', [10, 100, 500, 900]],
      ['hypercube:10', [50, 100, 500, 900]],
    ] as const) {
      const t = parseTopology(spec);
      const r = createRouting(spec.startsWith('mesh') ? 'dor' : 'ecube', t);
      for (const k of ks) {
        const random = mulberry32(k);
        let mp = 0;
        let uni = 0;
        for (let i = 0; i < 5; i++) {
          const s = Math.floor(random() * t.nodes);
          const ds = randomDestinations(t, s, k, random);
          mp += trafficOf(createPlan('sorted-mp', t, s, ds)).additionalTraffic;
          uni += unicastTraffic(r, s, ds) - k;
        }
        expect(mp / 5, `${spec} k=${k}`).toBeLessThan(uni / 5);
        expect(mp / 5, `${spec} k=${k}`).toBeLessThan(broadcastTraffic(t) - k);
      }
    }
  });

  it('a broadcast by a path plan on 1024 nodes: fixed-path walks every node once (traffic 1023)', () => {
    const t = parseTopology('mesh:32x32');
    const all = Array.from({ length: t.nodes - 1 }, (_, i) => i + 1);
    const m = trafficOf(createPlan('fixed-path', t, 0, all));
    expect(m.traffic).toBe(1023);
    expect(m.additionalTraffic).toBe(0);
    expect(m.worms).toBe(1);
  });
});
