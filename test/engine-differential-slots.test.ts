import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../src/engine/reference.ts';
import { readTimes } from '../src/engine/results.ts';
import type { Engine, EngineStatus } from '../src/engine/types.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { randomConfig } from './engine-random.ts';

/** FNV-1a over 16-bit halves of every result a run reports: status, cycle, counters, times. */
function digest(e: Engine, status: EngineStatus, h: number): number {
  const mix = (x: number): void => {
    h = Math.imul(h ^ (x & 0xffff), 16777619) >>> 0;
    h = Math.imul(h ^ ((x >>> 16) & 0xffff), 16777619) >>> 0;
  };
  const c = e.counters();
  const t = readTimes(e.region());
  for (const x of [status.length, e.cycle, c.flitHops, c.injectedFlits, c.ejectedFlits, c.vcWaitCycles, c.sameMulticastWaits, c.sharingEvents, c.grants]) mix(x);
  for (const a of [t.activated, t.injected, t.done, t.waits, t.destHead, t.destTail]) for (const x of a) mix(x);
  return h;
}

describe('differential with tiny slot capacities (docs/model-flit.md "Evaluation order")', () => {
  it('wasm and reference stop out of slots at the same cycle, in the same state, byte for byte', async () => {
    // every evaluation of a multiplexed cycle (walk, ready list, and runs switching between
    // them at 12 or 40 live slots) gives the results of the three-pass engine of commit aa79030
    // (one walk per step, no ready list, no parked requests), whose digest of these 200 runs
    // this is: the evaluation shortcuts of docs/model-flit.md change no result, out-of-slots
    // runs included
    for (const readyListAt of [2048, 0, 12, 40]) {
      const statuses = new Map<string, number>();
      let h = 2166136261;
      for (let seed = 0; seed < 200; seed++) {
        const cfg = randomConfig(seed + 1000);
        // 16..39 slots: many runs run out, some in an injection request (the cycle completes),
        // some in a routing (step 2 stops before any move)
        const input = { routing: cfg.routing, worms: cfg.worms, options: { ...cfg.options, slots: 16 + (seed % 24), readyListAt } };
        const ref = new ReferenceEngine(input);
        const wasm = await WasmEngine.create(input);
        const s1 = ref.runUntil(20_000);
        expect(wasm.runUntil(20_000), cfg.label).toBe(s1);
        expect(wasm.cycle, cfg.label).toBe(ref.cycle);
        expect(Buffer.compare(ref.region(), wasm.region()), `${cfg.label} slots ${input.options.slots} readyListAt ${readyListAt}`).toBe(0);
        statuses.set(s1, (statuses.get(s1) ?? 0) + 1);
        h = digest(ref, s1, h);
      }
      expect(statuses.get('out-of-slots') ?? 0).toBeGreaterThan(50);
      expect(statuses.get('finished') ?? 0).toBeGreaterThan(50);
      expect(h.toString(16), `readyListAt ${readyListAt}`).toBe('9145faef');
    }
  });
});
