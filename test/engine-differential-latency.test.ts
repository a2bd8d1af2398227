import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../src/engine/reference.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { firstResultDifference } from './engine-compare.ts';
import { randomConfig } from './engine-random.ts';

// Option linkLatency (docs/model-flit.md "Time"): the random configurations of
// engine-differential.test.ts with linkLatency 1, 2 and 3 (taken from the seed, so that the
// configurations of linkLatency 1 are the stored ones unchanged) give the same results on both engines.
describe('differential with link latency: the wasm engine and the JS reference agree (issue 15)', () => {
  it('on 240 random small configurations with linkLatency 1, 2, 3: every result field', async () => {
    const statuses = new Map<string, number>();
    const hops = [0, 0, 0, 0];
    let changed = 0;
    for (let seed = 0; seed < 240; seed++) {
      const cfg = randomConfig(seed);
      const linkLatency = 1 + (seed % 3);
      const input = { routing: cfg.routing, worms: cfg.worms, options: { ...cfg.options, linkLatency } };
      const ref = new ReferenceEngine(input);
      const wasm = await WasmEngine.create(input);
      const s1 = ref.runUntil(20_000);
      const s2 = wasm.runUntil(20_000);
      expect(
        firstResultDifference(`randomConfig(${seed}) linkLatency ${linkLatency} ${cfg.label}`, ref, s1, wasm, s2),
      ).toBeNull();
      statuses.set(`${linkLatency} ${s1}`, (statuses.get(`${linkLatency} ${s1}`) ?? 0) + 1);
      hops[linkLatency]! += ref.counters().flitHops;
      if (linkLatency > 1) {
        // the option acts: the same run with linkLatency 1 ends differently (on the wasm engine)
        const one = await WasmEngine.create({ ...input, options: cfg.options });
        if (firstResultDifference('', one, one.runUntil(20_000), wasm, s2) !== null) changed++;
      }
    }
    expect(changed).toBeGreaterThan(120);
    // every latency completes runs and moves flits (and some deadlock, as with latency 1)
    for (const l of [1, 2, 3]) {
      expect(statuses.get(`${l} finished`) ?? 0, `linkLatency ${l}`).toBeGreaterThan(30);
      expect(hops[l], `linkLatency ${l}`).toBeGreaterThan(0);
    }
  });
});
