import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../src/engine/reference.ts';
import type { EngineStatus } from '../src/engine/types.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { firstResultDifference } from './engine-compare.ts';
import { randomConfig } from './engine-random.ts';
import { storedDifference, storedResults } from './engine-stored.ts';

// The stored results of these 200 runs, field by field (test/engine-slots-results.json: single
// values as they are, long arrays by length and FNV hash). They are the results of the three-pass
// engine of commit aa79030 (one walk per step, no ready list, no parked requests): the file was
// written from the issue-15 reference, whose runs give that engine's stored digest 9145faef
// (docs/validation.md "Engine equivalence"), and channel flits and slot peaks were added from it.
const STORED = JSON.parse(readFileSync(new URL('./engine-slots-results.json', import.meta.url), 'utf8')) as Array<
  Record<string, string | number>
>;

describe('differential with tiny slot capacities (docs/model-flit.md "Evaluation order")', () => {
  it('the reference gives the stored results of 200 runs, many of them out of slots, field by field', () => {
    const statuses = new Map<string, number>();
    for (let seed = 0; seed < 200; seed++) {
      const cfg = randomConfig(seed + 1000);
      const run = `randomConfig(${seed + 1000}) slots ${16 + (seed % 24)}`;
      // 16..39 slots: many runs run out, some in an injection request (the cycle completes),
      // some in a routing (step 2 stops before any move)
      const ref = new ReferenceEngine({
        routing: cfg.routing,
        worms: cfg.worms,
        options: { ...cfg.options, slots: 16 + (seed % 24) },
      });
      const s = ref.runUntil(20_000);
      const { run: storedRun, ...stored } = STORED[seed] ?? {};
      expect(storedRun).toBe(run);
      expect(storedDifference(`${run} ${cfg.label}`, storedResults(ref, s), stored)).toBeNull();
      statuses.set(s, (statuses.get(s) ?? 0) + 1);
    }
    expect(statuses.get('out-of-slots') ?? 0).toBeGreaterThan(50);
    expect(statuses.get('finished') ?? 0).toBeGreaterThan(50);
  });

  it('wasm stops out of slots at the same cycle, in the same state, under every evaluation of a multiplexed cycle', async () => {
    // every evaluation (walk, ready list, and runs switching between them at 12 or 40 live slots)
    for (const readyListAt of [2048, 0, 12, 40]) {
      for (let seed = 0; seed < 200; seed++) {
        const cfg = randomConfig(seed + 1000);
        const input = {
          routing: cfg.routing,
          worms: cfg.worms,
          options: { ...cfg.options, slots: 16 + (seed % 24), readyListAt },
        };
        const ref = new ReferenceEngine(input);
        const wasm = await WasmEngine.create(input);
        const s1: EngineStatus = ref.runUntil(20_000);
        const s2 = wasm.runUntil(20_000);
        expect(
          firstResultDifference(
            `randomConfig(${seed + 1000}) slots ${input.options.slots} readyListAt ${readyListAt} ${cfg.label}`,
            ref,
            s1,
            wasm,
            s2,
          ),
        ).toBeNull();
      }
    }
  });
});
