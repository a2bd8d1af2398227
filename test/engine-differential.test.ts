import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../src/engine/reference.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { firstResultDifference } from './engine-compare.ts';
import { randomConfig } from './engine-random.ts';

describe('differential: the wasm engine and the JS reference report the same results (issues 6, 15)', () => {
  it('on 240 random small configurations: status, cycle, every counter, per-worm and per-destination times, channel flits, slots, deadlock report', async () => {
    const statuses = new Map<string, number>();
    for (let seed = 0; seed < 240; seed++) {
      const cfg = randomConfig(seed);
      const input = { routing: cfg.routing, worms: cfg.worms, options: cfg.options };
      const ref = new ReferenceEngine(input);
      const wasm = await WasmEngine.create(input);
      const until = 20_000;
      const s1 = ref.runUntil(until);
      const s2 = wasm.runUntil(until);
      // the label is the configuration: randomConfig(seed) rebuilds it alone
      expect(firstResultDifference(`randomConfig(${seed}) ${cfg.label}`, ref, s1, wasm, s2)).toBeNull();
      statuses.set(s1, (statuses.get(s1) ?? 0) + 1);
    }
    // the sample exercises both ordinary completion and deadlock
    expect(statuses.get('finished') ?? 0).toBeGreaterThan(100);
    expect(statuses.get('deadlock') ?? 0).toBeGreaterThan(0);
  });
});
