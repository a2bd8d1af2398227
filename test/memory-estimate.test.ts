import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prepare } from '../src/engine/input.ts';
import { buildWorkload } from '../src/engine/workload.ts';
import { WormcastError } from '../src/errors.ts';
import {
  checkMemory,
  estimateMemory,
  memoryLimits,
  trafficShape,
  WASM_MAX_BYTES,
  type MemoryEnvironment,
} from '../src/experiment/run/memory-estimate.ts';
import { planStream, simulate, simulationRouting } from '../src/experiment/run/simulate.ts';
import { generateTraffic } from '../src/experiment/run/traffic.ts';
import { runCli } from './cli.ts';
import { runMain } from './cli-main.ts';

/*
 * Issue 10 item 9: a run whose traffic cannot fit in memory is refused before it starts, with
 * one line giving the estimate, the limit and how to lower it, instead of V8's heap
 * out-of-memory abort (SIGABRT).
 */

const ENV: MemoryEnvironment = { heapSizeLimit: 4 * 2 ** 30, totalMemory: 16 * 2 ** 30 };

describe('runs that cannot fit are refused (issue 10 item 9)', () => {
  // The issue's commands each ended in a heap out-of-memory abort when traffic was generated up
  // front. Traffic now streams (issue 11): memory holds the messages in flight, not the run, so
  // these are long runs, not impossible ones (docs/cli.md "Memory of a simulate run").
  const commands: Array<[string, number, number]> = [
    ['mesh:4x4', 0.1, 1073741824],
    ['hypercube:20', 0.1, 10_000],
    ['ccc:16', 0.1, 10_000],
    ['torus:1024x1024', 0.1, 10_000],
    ['ccc:10', 0.1, 1_000_000],
  ];
  for (const [topology, load, measure] of commands) {
    it(`simulate --topology ${topology} --load ${load} --cycles ${measure}: accepted by the memory check, whatever its length`, () => {
      const config = {
        topology,
        algorithm: 'unicast',
        dests: 0,
        load,
        flits: 16,
        warmup: 1000,
        measure,
        drain: 10_000,
        seed: 1,
        engine: 'wasm' as const,
        options: {},
      };
      const routing = simulationRouting(topology, 'unicast');
      const plan = planStream(config, routing);
      expect(() => checkMemory(plan.estimate, memoryLimits(ENV, 'wasm'), 'simulate')).not.toThrow();
      // the same memory for a run a thousand times shorter
      expect(planStream({ ...config, measure: Math.ceil(measure / 1000) }, routing).estimate).toEqual(plan.estimate);
    });
  }

  it('what cannot fit is refused in a real process: exit status 2 and one line, not a signal', () => {
    const r = runCli('simulate', '--topology', 'torus:1024x1024', '--load', '0.1', '--slots', '33554432');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /^wormcast: simulate: the engine would need [\d.]+ GiB \([\d,]+ messages in flight at most \(--in-flight\)\) but can hold [^\n]+, or lower --slots\n$/,
    );
  });

  it('a refusal is one line, quickly, before anything runs', async () => {
    const r = await runMain(['simulate', '--topology', 'torus:1024x1024', '--load', '0.1', '--slots', '33554432']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^wormcast: simulate: the engine would need [\d.]+ GiB \([\d,]+ messages in flight at most \(--in-flight\)\) but can hold [^\n]+; lower --load or --in-flight, or simulate a smaller network, or lower --slots\n$/,
    );
    // refused before any traffic is generated: nothing on stdout (a run that started would print its result)
  });

  it('an engine region larger than the wasm memory is refused, naming --slots among what to lower', () => {
    const routing = simulationRouting('mesh:4x4', 'unicast');
    const e = estimateMemory(routing, trafficShape(routing, 'unicast', 0, 0.1, 16, 1000), { slots: 1 << 24 });
    expect(e.engineBytes).toBeGreaterThan(WASM_MAX_BYTES);
    expect(() => checkMemory(e, memoryLimits(ENV, 'wasm'), 'simulate')).toThrow(
      /^wormcast: simulate: the engine would need [\d.]+ GiB \([\d,]+ messages expected\) but can hold [\d.]+ MiB \(the wasm engine's maximum memory of 1\.0 GiB\); .*, or lower --slots$/,
    );
    // the reference engine's region is an ArrayBuffer: its limit is the engine's 31-bit offsets
    expect(() => checkMemory(e, memoryLimits(ENV, 'reference'), 'simulate')).not.toThrow();
  });

  it('the limit is a fraction of the environment: a small heap refuses what a large one allows', () => {
    const routing = simulationRouting('mesh:8x8', 'unicast');
    const e = estimateMemory(routing, trafficShape(routing, 'unicast', 0, 0.5, 16, 200_000));
    expect(() => checkMemory(e, memoryLimits(ENV, 'wasm'), 'simulate')).not.toThrow();
    expect(() =>
      checkMemory(e, memoryLimits({ heapSizeLimit: 256 * 2 ** 20, totalMemory: ENV.totalMemory }, 'wasm'), 'simulate'),
    ).toThrow(WormcastError);
    expect(() =>
      checkMemory(e, memoryLimits({ heapSizeLimit: ENV.heapSizeLimit, totalMemory: 2 ** 20 }, 'wasm'), 'simulate'),
    ).toThrow(/of the machine's/);
  });

  it('a normal run is unaffected: the same result with and without the check', async () => {
    const config = {
      topology: 'mesh:4x4',
      algorithm: 'unicast',
      dests: 0,
      load: 0.1,
      flits: 16,
      warmup: 100,
      measure: 1000,
      drain: 1000,
      seed: 1,
      engine: 'wasm' as const,
      options: {},
    };
    const checked = await simulate({ ...config, memory: ENV });
    expect(checked).toEqual(await simulate(config));
    expect(checked.incomplete).toBeNull();
  });
});

describe('the estimate follows the engine layout and the traffic', () => {
  it("the wasm limit is asconfig.json's maximumMemory", () => {
    const asconfig = JSON.parse(readFileSync(new URL('../asconfig.json', import.meta.url), 'utf8')) as {
      options: { maximumMemory: number };
    };
    expect(WASM_MAX_BYTES).toBe(asconfig.options.maximumMemory * 65536);
  });

  const cases: Array<
    [
      topology: string,
      algorithm: string,
      dests: number,
      options: { port?: 'one' | 'all'; consumption?: 'port' | 'vc'; vcsPerClass?: number },
    ]
  > = [
    ['mesh:8x8', 'unicast', 0, {}],
    ['torus:8x8', 'unicast', 0, { vcsPerClass: 2 }],
    ['hypercube:6', 'u-cube', 8, { port: 'all' }],
    ['mesh:8x8', 'dual-path', 8, { consumption: 'vc' }],
    ['mesh:8x8', 'x-first', 8, { port: 'all', consumption: 'vc' }],
  ];
  for (const [topology, algorithm, dests, options] of cases) {
    it(`${topology} ${algorithm}: the engine estimate is within 20% of the layout the run gets`, () => {
      const routing = simulationRouting(topology, algorithm);
      const t = routing.topology;
      const load = 0.05;
      const cycles = 4000;
      const e = estimateMemory(routing, trafficShape(routing, algorithm, dests, load, 16, cycles), options);
      const events = generateTraffic({ nodes: t.nodes, load, flits: 16, dests, cycles, seed: 3 });
      expect(Math.abs(events.length - e.shape.events) / e.shape.events).toBeLessThan(0.1);
      const w = buildWorkload(events, algorithm, routing, 16);
      const actual = prepare({ routing, worms: w.worms, options }).layout.bytes;
      expect(e.engineBytes / actual).toBeGreaterThan(0.8);
      expect(e.engineBytes / actual).toBeLessThan(1.2);
    });
  }
});
