import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../src/engine/reference.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { firstDifference } from './engine-helpers.ts';
import { randomConfig } from './engine-random.ts';

describe('differential: the wasm engine and the JS reference leave identical memory (issue 6)', () => {
  it('on 240 random small configurations, every counter, every delivery cycle, every byte', async () => {
    const statuses = new Map<string, number>();
    for (let seed = 0; seed < 240; seed++) {
      const cfg = randomConfig(seed);
      const input = { routing: cfg.routing, worms: cfg.worms, options: cfg.options };
      const ref = new ReferenceEngine(input);
      const wasm = await WasmEngine.create(input);
      const until = 20_000;
      const s1 = ref.runUntil(until);
      const s2 = wasm.runUntil(until);
      expect(s2, cfg.label).toBe(s1);
      const diff = firstDifference(ref.region(), wasm.region());
      expect(diff, `${cfg.label}: regions differ at byte ${diff}`).toBe(-1);
      statuses.set(s1, (statuses.get(s1) ?? 0) + 1);
    }
    // the sample exercises both ordinary completion and deadlock
    expect(statuses.get('finished') ?? 0).toBeGreaterThan(100);
  });
});
