import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SimulateOptions } from '../src/experiment/config/simulate-options.ts';
import { dualPathResult } from './dual-path-result.ts';

/*
 * A streamed dual-path run gives its worms to the engines without routes (MulticastAlgorithm
 * buildUnrouted): the engines route each worm hop by hop by R, which the plan's explicit routes
 * followed too. The two forms must give the same results on both engines: every field of the
 * result but the slot capacity (sized from the plans' shapes) and the timing.
 */

type Options = SimulateOptions;

const TOPOLOGIES = ['mesh:4x4', 'mesh:5x3', 'mesh:8x8', 'mesh:6x6', 'hypercube:3', 'hypercube:4', 'hypercube:6'];

describe('dual-path routed by the engines equals dual-path with explicit routes', () => {
  it('on random networks, loads, destination counts, rules and both engines', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          topology: fc.constantFrom(...TOPOLOGIES),
          routing: fc.constantFrom('label', 'label-detour'),
          load: fc.constantFrom(0.005, 0.02, 0.06, 0.2),
          dests: fc.integer({ min: 1, max: 7 }),
          flits: fc.constantFrom(2, 5, 16),
          vcs: fc.constantFrom(1, 2),
          buffer: fc.constantFrom(1, 2, 8),
          routerDelay: fc.constantFrom(1, 3),
          engine: fc.constantFrom('wasm', 'reference'),
          seed: fc.integer({ min: 1, max: 1000 }),
        }),
        async (c) => {
          const o: Options = { ...c, algorithm: 'dual-path', warmup: 100, cycles: 400, drain: 400 };
          expect(await dualPathResult(o, false)).toEqual(await dualPathResult(o, true));
        },
      ),
      { numRuns: 150, seed: 29 },
    );
  }, 300_000);

  it('with link latency, tail-sent release and a size mix', async () => {
    const o: Options = {
      topology: 'mesh:6x6',
      algorithm: 'dual-path',
      dests: 5,
      load: 0.05,
      sizes: '4:1,16:1',
      vcs: 2,
      linkLatency: 2,
      vcRelease: 'tail-sent',
      warmup: 200,
      cycles: 1000,
      drain: 1000,
    };
    for (const engine of ['wasm', 'reference'] as const) {
      const unrouted = await dualPathResult({ ...o, engine }, false);
      expect(unrouted).toEqual(await dualPathResult({ ...o, engine }, true));
      expect(unrouted.completed).toBeGreaterThan(0);
    }
  }, 120_000);
});
