import { describe, expect, it } from 'vitest';
import { simulate, type SimulateConfig } from '../src/experiment/simulate.ts';

/** shared/reference/booksim2-8x8-mesh.md mapped to wormcast (docs/validation.md). */
function config(load: number, routerDelay: number, warmup: number, measure: number): SimulateConfig {
  return {
    topology: 'mesh:8x8',
    routing: 'dor',
    algorithm: 'unicast',
    dests: 0,
    load,
    flits: 16,
    self: true,
    warmup,
    measure,
    drain: 4000,
    seed: 11,
    engine: 'wasm',
    options: { buffer: 8, routerDelay, startup: 1, vcsPerClass: 2 },
  };
}

describe('validation against BookSim2 on an 8x8 mesh, dor, 2 VCs of 8 flits, 16-flit packets', () => {
  for (const [pipeline, R, zeroLoad, saturation] of [
    ['default', 4, 47.5, 0.337],
    ['minimal', 2, 35.4, 0.3425],
  ] as const) {
    it(`${pipeline} pipeline (R = ${R}): zero-load latency and saturation throughput within 10 %`, async () => {
      const low = await simulate(config(0.002, R, 2000, 20_000));
      expect(low.status).toBe('finished');
      expect(low.completed).toBe(low.multicasts);
      // the closed form at E[D] = 5.25: D (R + 1) + R + 3 + 15
      expect(Math.abs(low.meanLatency - (5.25 * (R + 1) + R + 18))).toBeLessThan(1.5);
      expect(Math.abs(low.meanLatency - zeroLoad) / zeroLoad).toBeLessThan(0.1);
      const sat = await simulate(config(0.6, R, 3000, 6000));
      expect(sat.throughput).toBeLessThan(0.6 * 0.9);
      expect(Math.abs(sat.throughput - saturation) / saturation).toBeLessThan(0.1);
    });
  }
});
