import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../src/engine/reference.ts';
import type { EngineStatus } from '../src/engine/types.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { firstResultDifference } from './engine-compare.ts';
import { randomConfig } from './engine-random.ts';
import { slotRuns } from './engine-slots-runs.ts';
import { storedDifference, storedResults } from './engine-stored.ts';

// The stored results of these 200 runs, field by field (single values as they are, long arrays by
// length and FNV hash), under each injection rule (docs/model-flit.md "The source"):
// - after-tail (test/engine-slots-results.json): the results of the three-pass engine of commit
//   aa79030 (one walk per step, no ready list, no parked requests): the file was written from the
//   issue-15 reference, whose runs give that engine's stored digest 9145faef (docs/validation.md
//   "Engine equivalence"), and channel flits and slot peaks were added from it;
// - back-to-back, the default since issue 15 (test/engine-slots-results-back-to-back.json),
//   written by `npx tsx test/engine-slots-store.ts` from the reference when the rule was added.
const STORED = {
  'after-tail': readStored('./engine-slots-results.json'),
  'back-to-back': readStored('./engine-slots-results-back-to-back.json'),
};

function readStored(file: string): Array<Record<string, string | number>> {
  return JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as Array<Record<string, string | number>>;
}

describe('differential with tiny slot capacities (docs/model-flit.md "Evaluation order")', () => {
  for (const injection of ['after-tail', 'back-to-back'] as const) {
    it(`the reference gives the stored results of 200 runs, many of them out of slots, field by field (injection ${injection})`, () => {
      const statuses = new Map<string, number>();
      slotRuns(injection).forEach(({ run, label, input }, i) => {
        const ref = new ReferenceEngine(input);
        const s = ref.runUntil(20_000);
        const { run: storedRun, ...stored } = STORED[injection][i] ?? {};
        expect(storedRun).toBe(run);
        expect(storedDifference(`${run} ${label} injection ${injection}`, storedResults(ref, s), stored)).toBeNull();
        statuses.set(s, (statuses.get(s) ?? 0) + 1);
      });
      expect(statuses.get('out-of-slots') ?? 0).toBeGreaterThan(50);
      expect(statuses.get('finished') ?? 0).toBeGreaterThan(50);
    });
  }

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
