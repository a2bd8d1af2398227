import { describe, expect, it } from 'vitest';
import { evaluateSteps } from '../src/analysis/steps.ts';
import { ReferenceEngine } from '../src/engine/reference.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { planWorms } from '../src/engine/plan-worms.ts';
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

/** Seed 000 Theorem 3's runs: 12 random U-CCC plans on each of the 3- to 6-CCC, 3 settings each, VC links. */
function vcLinkRuns(
  injection: 'after-tail' | 'back-to-back',
): Array<{ label: string; sameMulticastWaits: number; sharingEvents: number }> {
  const out = [];
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
          options: { vcLinks: true, startup, routerDelay, buffer: 4, injection },
        });
        expect(e.runUntil(1e7)).toBe('finished');
        const c = e.counters();
        out.push({
          label: `ccc:${n} from ${src}, ${plan.destinations.length} dests, L=${flits} S=${startup} R=${routerDelay}`,
          sameMulticastWaits: c.sameMulticastWaits,
          sharingEvents: c.sharingEvents,
        });
      }
    }
  }
  return out;
}

describe('U-CCC plans on the flit-level engine (seed 000 Theorem 3)', () => {
  it('with every VC its own link, no message waits on a VC held by another message of its multicast', () => {
    // The seeds' one-port model: "the local processor must transmit (receive) messages
    // sequentially" (seed 001 section 1): a node's next message enters the network only after the
    // previous one has left its router, which is injection 'after-tail' (docs/model-flit.md "The
    // source"). With back-to-back injection (the engine's default since issue 15) a node's next
    // message follows the previous tail into the network and meets it (the next test).
    const runs = vcLinkRuns('after-tail');
    expect(runs.length).toBe(144);
    for (const r of runs) {
      expect(r.sameMulticastWaits, r.label).toBe(0);
      expect(r.sharingEvents, r.label).toBe(0);
    }
  });

  it("back-to-back injection breaks it: a node's next message meets the previous one", () => {
    // measured when the option was added (issue 15): 46 of the 48 runs of each setting wait
    const runs = vcLinkRuns('back-to-back');
    for (const setting of ['L=1 S=0 R=0', 'L=16 S=10 R=1', 'L=64 S=3 R=2']) {
      const waiting = runs.filter((r) => r.label.endsWith(setting) && r.sameMulticastWaits > 0);
      expect(waiting.length, setting).toBe(46);
    }
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
