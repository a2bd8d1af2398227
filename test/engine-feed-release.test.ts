import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../src/engine/reference.ts';
import { simulate, type SimulateConfig } from '../src/experiment/run/simulate.ts';

// Streamed runs (src/engine/feed.ts): the reference engine drops the worms the feed released
// (Engine.release), so its memory does not grow with the run's length, and its results stay the
// wasm engine's (issue 15; before, it kept every worm of the run).
describe('the reference engine releases finished worms in streamed runs', () => {
  it('holds a bounded number of worms and gives the wasm engine results', async () => {
    const config: SimulateConfig = {
      topology: 'mesh:4x4',
      routing: 'dor',
      algorithm: 'unicast',
      dests: 0,
      load: 0.2,
      flits: 8,
      warmup: 1000,
      measure: 40_000,
      drain: 2000,
      seed: 3,
      engine: 'reference',
      options: { vcsPerClass: 2 },
    };
    let held = 0;
    let ref: ReferenceEngine | null = null;
    const r = await simulate(config, {
      engine: async (input) => (ref = new ReferenceEngine(input)),
      onCycle: () => {
        held = Math.max(held, (ref as unknown as { worms: unknown[] }).worms.length);
      },
    });
    const w = await simulate({ ...config, engine: 'wasm' });
    // 16 nodes x 0.2 / 8 flits = 0.4 messages per cycle: about 17,000 worms over the run
    expect(r.multicasts).toBeGreaterThan(15_000);
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(2 * 4096 + 1000);
    expect(r).toEqual(w);
  });
});
