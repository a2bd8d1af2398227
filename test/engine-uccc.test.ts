import { describe, expect, it } from 'vitest';
import { evaluateSteps } from '../src/analysis/steps.ts';
import { ReferenceEngine } from '../src/engine/reference.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { planWorms } from '../src/engine/workload.ts';
import { createPlan } from '../src/multicast/registry.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { firstResultDifference } from './engine-compare.ts';
import { rng } from './utils.ts';

function randomSet(g: () => number, nodes: number, src: number, m: number): number[] {
  const set = new Set<number>();
  while (set.size < m) {
    const d = Math.floor(g() * nodes);
    if (d !== src) set.add(d);
  }
  return [...set];
}

describe('U-CCC plans on the flit-level engine (seed 000 Theorem 3)', () => {
  it('with every VC its own link, no message waits on a VC held by another message of its multicast', () => {
    let runs = 0;
    for (const n of [3, 4, 5, 6]) {
      const t = parseTopology(`ccc:${n}`);
      const r = createRouting('hc', t);
      const g = rng(100 + n);
      for (let k = 0; k < 12; k++) {
        const src = Math.floor(g() * t.nodes);
        const plan = createPlan(
          'u-ccc',
          r,
          src,
          randomSet(g, t.nodes, src, 1 + Math.floor(g() * Math.min(t.nodes - 1, 48))),
        );
        for (const [flits, startup, routerDelay] of [
          [1, 0, 0],
          [16, 10, 1],
          [64, 3, 2],
        ] as const) {
          const e = new ReferenceEngine({
            routing: r,
            worms: planWorms(plan, 0, flits, 0, 0),
            options: { vcLinks: true, startup, routerDelay, buffer: 4 },
          });
          expect(e.runUntil(1e7)).toBe('finished');
          expect(
            e.counters().sameMulticastWaits,
            `ccc:${n} from ${src}, ${plan.destinations.length} dests, L=${flits}`,
          ).toBe(0);
          expect(e.counters().sharingEvents).toBe(0);
          runs++;
        }
      }
    }
    expect(runs).toBe(144);
  });

  it('with multiplexed VCs it completes, shares physical channels, and matches wasm exactly', async () => {
    const t = parseTopology('ccc:5');
    const r = createRouting('hc', t);
    const g = rng(7);
    let sharing = 0;
    for (let k = 0; k < 10; k++) {
      const src = Math.floor(g() * t.nodes);
      const plan = createPlan('u-ccc', r, src, randomSet(g, t.nodes, src, 20 + Math.floor(g() * 100)));
      const input = {
        routing: r,
        worms: planWorms(plan, 0, 32, 0, 0),
        options: { startup: 5, routerDelay: 1, buffer: 4 },
      };
      const ref = new ReferenceEngine(input);
      const wasm = await WasmEngine.create(input);
      const s1 = ref.runUntil(1e7);
      expect(s1).toBe('finished');
      expect(
        firstResultDifference(`u-ccc plan ${k} (rng 7) on ccc:5, hc`, ref, s1, wasm, wasm.runUntil(1e7)),
      ).toBeNull();
      sharing += ref.counters().sharingEvents;
      // every destination is delivered, and no earlier than its step allows: step s needs s sends
      const times = ref.times();
      const steps = evaluateSteps(plan, 'one');
      const last = Math.max(...times.destTail);
      expect(times.destTail.every((x) => x > 0)).toBe(true);
      expect(last).toBeGreaterThanOrEqual(steps.steps * (5 + 2 + 1 + 31));
    }
    expect(sharing).toBeGreaterThan(0);
  });
});
