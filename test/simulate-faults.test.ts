import { describe, expect, it } from 'vitest';
import { type SimulateConfig, simulate } from '../src/experiment/run/simulate.ts';
import { resultJson } from '../src/experiment/run/result-json.ts';

/* simulate with static faults (issue 22, docs/faults.md "simulate"). */

const base: SimulateConfig = {
  topology: 'mesh:8x8',
  algorithm: 'dual-path',
  dests: 8,
  load: 0.01,
  flits: 8,
  warmup: 500,
  measure: 3000,
  drain: 20_000,
  seed: 1,
  engine: 'wasm',
  options: { port: 'all', consumption: 'vc' },
};

describe('simulate --faults', () => {
  it("the issue's run (mesh:8x8, links:6, seed 1, dual-path, 8 dests, load 0.01) finishes and counts its undeliverable destinations; both engines agree", async () => {
    const cfg = { ...base, faults: 'links:6', faultSeed: 1 };
    const wasm = await simulate(cfg);
    const ref = await simulate({ ...cfg, engine: 'reference' });
    expect(wasm.status).toBe('finished');
    expect(wasm.faults?.links).toHaveLength(6);
    // dor-routed path worms cross the dead links: some destinations are lost, none hang the run
    expect(wasm.undeliverable).toBeGreaterThan(0);
    expect(wasm.completed).toBe(wasm.multicasts);
    expect(resultJson(ref)).toEqual(resultJson(wasm));
    expect(resultJson(wasm)).toMatchObject({ undeliverable: wasm.undeliverable, faults: { deadLinks: 6 } });
  });

  it('without faults the result carries no fault fields (stored rows unchanged)', async () => {
    const r = await simulate({ ...base, measure: 500 });
    expect(r.faults).toBeUndefined();
    expect(Object.keys(resultJson(r))).not.toContain('undeliverable');
  });

  it('a faulty destination is undeliverable; a disconnected network finishes, counting what it cannot reach', async () => {
    // (0,0) cut off by its two links; unicast traffic from and to it is undeliverable
    const cut = { ...base, algorithm: 'unicast', faults: 'link:0,0-1,0;link:0,0-0,1', load: 0.05 };
    const r = await simulate(cut);
    expect(r.status).toBe('finished');
    expect(r.undeliverable).toBeGreaterThan(0);
    expect(r.completed).toBe(r.multicasts);
    const dead = await simulate({
      ...base,
      algorithm: 'separate',
      routing: 'dim-reversal',
      faults: 'node:3,3',
      load: 0.02,
    });
    expect(dead.status).toBe('finished');
    expect(dead.undeliverable).toBeGreaterThan(0);
  });

  it('every message undeliverable (the one hot spot is a faulty node): the reason says so, not "no message was created"', async () => {
    // it said "no message was created in the measurement window (cycles 1000..2000): raise --load
    // or --cycles", for 122 messages whose one destination, node 5 = (1,1), the faults removed
    const r = await simulate({
      ...base,
      topology: 'mesh:4x4',
      algorithm: 'unicast',
      dests: 0,
      load: 0.1,
      flits: 16,
      warmup: 1000,
      measure: 1000,
      drain: 10_000,
      pattern: 'hotspot',
      hotspots: '5',
      faults: 'node:1,1',
      options: {},
    });
    expect(r.multicasts).toBe(0);
    expect(r.undeliverable).toBeGreaterThan(0);
    expect(r.incomplete).toBe(
      `no message created in the measurement window (cycles 1000..2000) could be delivered: ${r.undeliverable} destinations are unreachable with the faults (--faults)`,
    );
  });
});
