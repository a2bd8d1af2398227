import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EngineInput } from '../src/engine/types.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { type SimulateConfig, simulate } from '../src/experiment/run/simulate.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';

// A finished simulate() run recycles its module instance for the next WasmEngine.create of the
// process (src/engine/wasm.ts `recycle`; docs/kernel.md "The host's share"): the next run must not
// see anything of the last one. Each run below is compared with the same run on a fresh instance
// (an engine made from the module's bytes, which is never recycled).

const BYTES = readFileSync(new URL('../build/wormcast.wasm', import.meta.url));
const fresh = { engine: (input: EngineInput) => WasmEngine.create(input, BYTES) };

/** A run's result without its timing (CPU times differ from run to run). */
function outcome(r: Awaited<ReturnType<typeof simulate>>): unknown {
  const { timing: _timing, ...rest } = r as typeof r & { timing?: unknown };
  return JSON.parse(JSON.stringify(rest));
}

const RUNS: SimulateConfig[] = [
  // a large region first, then smaller ones: every region is written afresh on reused memory
  {
    topology: 'torus:16x16',
    routing: 'dor',
    algorithm: 'unicast',
    dests: 0,
    load: 0.1,
    flits: 16,
    warmup: 500,
    measure: 1000,
    drain: 1000,
    seed: 3,
    engine: 'wasm',
  },
  {
    topology: 'hypercube:6',
    routing: 'ecube',
    algorithm: 'u-cube',
    dests: 5,
    load: 0.05,
    flits: 8,
    warmup: 200,
    measure: 800,
    drain: 2000,
    seed: 4,
    engine: 'wasm',
  },
  {
    topology: 'mesh:4x4',
    routing: 'label',
    algorithm: 'dual-path',
    dests: 3,
    load: 0.05,
    flits: 8,
    warmup: 200,
    measure: 800,
    drain: 2000,
    seed: 5,
    engine: 'wasm',
  },
  {
    topology: 'mesh:8x8',
    routing: 'dor',
    algorithm: 'unicast',
    dests: 0,
    load: 0.2,
    flits: 16,
    warmup: 500,
    measure: 1000,
    drain: 1000,
    seed: 6,
    engine: 'wasm',
    options: { vcsPerClass: 2, switch: 'per-port', ejection: 'vcs', injectionBuffer: 'lanes' },
  },
] as SimulateConfig[];

describe('a recycled module instance', () => {
  it('gives every run the results of a fresh instance, runs of other networks and rules in between', async () => {
    for (const c of RUNS) {
      const reused = await simulate(c);
      const own = await simulate(c, fresh);
      expect(outcome(reused), `${c.topology} ${c.algorithm}`).toEqual(outcome(own));
      expect(reused.flitHops, `${c.topology}: the run moved flits`).toBeGreaterThan(0);
    }
  });

  it('is taken by the next engine, and the engine that gave it up refuses to be used again', async () => {
    const routing = createRouting('dor', parseTopology('mesh:4x4'));
    const input: EngineInput = { routing, worms: [{ kind: 'unicast', src: 0, dests: [15], flits: 4, created: 0 }] };
    const a = await WasmEngine.create(input);
    expect(a.runUntil(1000)).toBe('finished');
    const tail = a.times().destTail[0]!;
    a.recycle();
    expect(() => a.runUntil(2000)).toThrow('WasmEngine: used after recycle()');
    expect(() => a.times()).toThrow('WasmEngine: used after recycle()');
    const b = await WasmEngine.create(input);
    expect(b.runUntil(1000)).toBe('finished');
    expect(b.times().destTail[0]).toBe(tail);
  });
});
