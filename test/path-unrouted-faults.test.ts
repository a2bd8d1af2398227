import { describe, expect, it } from 'vitest';
import type { SimulateOptions } from '../src/experiment/config/simulate-options.ts';
import { dualPathResult } from './dual-path-result.ts';

/*
 * A run with faults writes each multicast's plan with its routes (faultyEventWorms cuts them), so
 * its record capacities must be sized from routed plans. Sized from dual-path's unrouted plans (no
 * tree entries), the first message never fitted the empty records and the run looped for ever at
 * cycle 0: 'simulate --topology mesh:6x6 --algorithm dual-path --dests 5 --load 0.02 --faults
 * nodes:3' printed '0 of 7,200 cycles (0%)' for minutes, and the browser app's tab crashed.
 */

describe('dual-path with faults', () => {
  it('runs to its end, with the results of the routed plans, on both engines', async () => {
    for (const faults of ['nodes:3', 'links:1', 'node:2,2'])
      for (const engine of ['wasm', 'reference'] as const) {
        const o: SimulateOptions = {
          topology: 'mesh:6x6',
          algorithm: 'dual-path',
          dests: 5,
          load: 0.02,
          faults,
          engine,
          warmup: 100,
          cycles: 500,
          drain: 1000,
        };
        const r = await dualPathResult(o, false);
        expect(r.status).toBe('finished');
        expect(r.completed).toBeGreaterThan(0);
        expect(r).toEqual(await dualPathResult(o, true));
      }
  }, 60_000);
});
