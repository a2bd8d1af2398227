import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../src/engine/reference.ts';
import type { EngineInput } from '../src/engine/types.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { resultJson } from '../src/experiment/run/result-json.ts';
import { type SimulateConfig, simulate } from '../src/experiment/run/simulate.ts';
import { parseFaults } from '../src/fault/parse-faults.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';

/*
 * Issue 22, "engines check masks": a worm given a channel dead to its routing function
 * (RoutingFunction.faults) is an error in the reference engine and an abort in the debug wasm
 * build; the host (src/experiment/run/fault-events.ts) never gives one, which the runs over random
 * fault sets below check with the reference engine's check armed.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEBUG_WASM = join(ROOT, 'build', 'wormcast.debug.wasm');
let debugBytes: Uint8Array;

beforeAll(() => {
  const src = join(ROOT, 'assembly', 'engine', 'route-step.ts');
  if (!existsSync(DEBUG_WASM) || statSync(DEBUG_WASM).mtimeMs < statSync(src).mtimeMs)
    execFileSync('npx', ['asc', 'assembly/index.ts', '--target', 'debug'], { cwd: ROOT, stdio: 'inherit' });
  debugBytes = readFileSync(DEBUG_WASM);
}, 120_000);

/** A dor worm from 0,0 to 3,0 of mesh:4x4 across the dead link 1,0-2,0. */
function acrossTheFault(): EngineInput {
  const t = parseTopology('mesh:4x4');
  const f = parseFaults(t, 'link:1,0-2,0');
  return {
    routing: { ...createRouting('dor', t), faults: f },
    worms: [{ kind: 'unicast', src: t.parse('0,0'), dests: [t.parse('3,0')], flits: 4, created: 0 }],
    options: {},
  };
}

describe('the engines refuse a worm on a faulty channel', () => {
  it('the reference engine throws, naming the channel', () => {
    expect(() => new ReferenceEngine(acrossTheFault()).runUntil(1000)).toThrow(
      /reference engine: a worm from node 0 takes the faulty channel 4/,
    );
  });

  it('the debug wasm build aborts; the release build has no check and runs it', async () => {
    const debug = await WasmEngine.create(acrossTheFault(), debugBytes);
    expect(() => debug.runUntil(1000)).toThrow(/abort: a worm takes a faulty channel/);
    const release = await WasmEngine.create(acrossTheFault());
    expect(release.runUntil(1000)).toBe('finished');
  });

  it('runs over random fault sets never trip the check, and both engines agree (dor unicast, dual-path, u-mesh)', async () => {
    for (const [algorithm, faults] of [
      ['unicast', 'links:5'],
      ['dual-path', 'links:4;nodes:1'],
      ['u-mesh', 'links:6'],
    ] as const)
      for (const faultSeed of [1, 2]) {
        const cfg: SimulateConfig = {
          topology: 'mesh:6x6',
          algorithm,
          dests: algorithm === 'unicast' ? 0 : 5,
          load: 0.02,
          flits: 8,
          warmup: 200,
          measure: 1500,
          drain: 20_000,
          seed: faultSeed,
          faults,
          faultSeed,
          engine: 'reference',
          options: {},
        };
        const ref = await simulate(cfg);
        const wasm = await simulate({ ...cfg, engine: 'wasm' });
        expect(ref.status, `${algorithm} ${faults} ${faultSeed}`).toBe('finished');
        expect(ref.undeliverable!, `${algorithm} ${faults} ${faultSeed}`).toBeGreaterThan(0);
        expect(resultJson(ref)).toEqual(resultJson(wasm));
      }
  });

  it("a path whose explicit route goes on past its last destination (sorted MC's route along its cycle) is cut before a dead channel there", async () => {
    // found by bench/fuzz-simulate.ts: the route of sorted-mc's worm from node 7 went on past both
    // its destinations over the dead node's channel 195; the host cut routes only before a lost
    // destination, so the reference engine threw (exit 1) and the release wasm build ran the worm
    // across the dead channel
    const cfg: SimulateConfig = {
      topology: 'mesh:8x8',
      algorithm: 'sorted-mc',
      dests: 2,
      load: 0.05,
      flits: 16,
      warmup: 1000,
      measure: 1000,
      drain: 10_000,
      seed: 937,
      faults: 'nodes:1',
      faultSeed: 1,
      engine: 'reference',
      options: { buffer: 1, linkLatency: 3 },
    };
    const ref = await simulate(cfg);
    const wasm = await simulate({ ...cfg, engine: 'wasm' });
    expect(ref.cycles).toBeGreaterThan(1000);
    expect(resultJson(ref)).toEqual(resultJson(wasm));
  });

  it('an adaptive routing is refused with faults: its selection could take a dead channel the host did not follow', async () => {
    // before this refusal, west-first over links:4 of mesh:8x8 ran its worms across dead links
    // (the reference engine's check found it: a worm from node 24 took the faulty channel 35)
    const cfg: SimulateConfig = {
      topology: 'mesh:8x8',
      algorithm: 'unicast',
      routing: 'west-first',
      dests: 0,
      load: 0.05,
      flits: 8,
      warmup: 100,
      measure: 500,
      drain: 5000,
      seed: 1,
      faults: 'links:4',
      engine: 'reference',
      options: {},
    };
    await expect(simulate(cfg)).rejects.toThrow(
      'wormcast: --faults: routing west-first is adaptive and its selection could take a dead channel; with faults use a deterministic routing or a fault-tolerant one (dim-reversal, fault-ring)',
    );
  });
});
