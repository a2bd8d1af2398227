import { describe, expect, it } from 'vitest';
import { READY_LIST_SLOTS, resolveOptions } from '../src/engine/input.ts';
import * as L from '../src/engine/layout.ts';
import { ReferenceEngine } from '../src/engine/reference.ts';
import type { Engine, EngineInput, EngineStatus } from '../src/engine/types.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { buildWorkload } from '../src/engine/workload.ts';
import { simulationRouting } from '../src/experiment/run/simulate.ts';
import { generateTraffic } from '../src/experiment/run/traffic.ts';
import { firstResultDifference } from './engine-compare.ts';

/** Everything a run reports, as one comparable value. */
function results(e: Engine, status: string): string {
  const t = e.times();
  return JSON.stringify([
    status,
    e.cycle,
    e.counters(),
    [t.activated, t.injected, t.done, t.waits, t.destHead, t.destTail].map((a) => Array.from(a)),
  ]);
}

function workload(
  topology: string,
  routing: string,
  algorithm: string,
  dests: number,
  load: number,
  readyListAt: number,
): EngineInput {
  const r = simulationRouting(topology, algorithm, routing);
  const events = generateTraffic({ nodes: r.topology.nodes, load, flits: 8, dests, cycles: 1500, seed: 7 });
  return {
    routing: r,
    worms: buildWorkload(events, algorithm, r, 8).worms,
    options: { buffer: 4, vcsPerClass: 2, readyListAt },
  };
}

describe('the two evaluations of a multiplexed cycle (docs/model-flit.md "Evaluation order")', () => {
  it('option readyListAt: default, range, and the header word the wasm engine reads', async () => {
    expect(resolveOptions({}).readyAt).toBe(READY_LIST_SLOTS);
    expect(resolveOptions({ readyListAt: 0 }).readyAt).toBe(0);
    expect(() => resolveOptions({ readyListAt: -1 })).toThrow(/engine option readyListAt: -1 must be an integer 0\.\./);
    expect(() => resolveOptions({ readyListAt: 2.5 })).toThrow(/readyListAt/);
    const e = await WasmEngine.create(workload('mesh:4x4', 'dor', 'unicast', 0, 0.1, 77));
    expect(new Int32Array(e.region().buffer, e.region().byteOffset, L.HEADER_WORDS)[L.H_READY_AT]).toBe(77);
  });

  // loaded networks whose live slots cross the threshold many times: walk, ready list and
  // switching runs give the same results, and wasm reports the reference's results
  for (const [topology, routing, algorithm, dests, load, switchAt] of [
    ['mesh:8x8', 'dor', 'unicast', 0, 0.35, 300],
    ['torus:8x8', 'dor', 'unicast', 0, 0.25, 150],
    ['torus:8x8', 'hcm', 'hp-dual-path', 6, 0.02, 55],
    ['ccc:5', 'hc', 'u-ccc', 12, 0.01, 300],
  ] as const) {
    it(`${algorithm} on ${topology}: same results with readyListAt 0, ${switchAt} (switching) and never`, async () => {
      const seen: string[] = [];
      const switches: number[] = [];
      for (const readyListAt of [0, switchAt, 1 << 30]) {
        const input = workload(topology, routing, algorithm, dests, load, readyListAt);
        const ref = new ReferenceEngine(input);
        const wasm = await WasmEngine.create(input);
        let status = 'limit';
        let walk = 1;
        let n = 0;
        // run wasm cycle by cycle to count the switches between the evaluations (header word H_WALK)
        while (status === 'limit') {
          status = wasm.runUntil(wasm.cycle + 1);
          const w = new Int32Array(wasm.region().buffer, wasm.region().byteOffset, L.HEADER_WORDS)[L.H_WALK]!;
          if (w !== walk) n++;
          walk = w;
        }
        switches.push(n);
        const s1 = ref.runUntil(1 << 30);
        expect(status).toBe('finished');
        expect(
          firstResultDifference(
            `${algorithm} on ${topology} readyListAt ${readyListAt}`,
            ref,
            s1,
            wasm,
            status as EngineStatus,
          ),
        ).toBeNull();
        seen.push(results(wasm, status));
      }
      expect(seen[1]).toBe(seen[0]);
      expect(seen[2]).toBe(seen[0]);
      // the ready list from the first cycle, the walk throughout, and a run that switched from
      // the walk to the ready list and back (live slots above the threshold, then below half)
      expect(switches[0]).toBe(1);
      expect(switches[2]).toBe(0);
      expect(switches[1]).toBeGreaterThanOrEqual(2);
    });
  }
});

// readyListAt not given (FLAG_READY_AUTO, assembly/engine/engine.ts stepMux): above the threshold
// the walk is kept while the cycles' moves are dense (at most 3 live slots per flit-hop), the ready
// list taken when they are sparse; the results are those of either evaluation throughout
describe('the evaluation chosen by the moves when readyListAt is not given', () => {
  function input(
    topology: string,
    routing: string,
    algorithm: string,
    dests: number,
    load: number,
    options: EngineInput['options'],
  ): EngineInput {
    const r = simulationRouting(topology, algorithm, routing);
    const events = generateTraffic({ nodes: r.topology.nodes, load, flits: 16, dests, cycles: 1200, seed: 7 });
    return { routing: r, worms: buildWorkload(events, algorithm, r, 16).worms, options };
  }
  /** Cycle by cycle: the run's results, and how many cycles began with READY_LIST_SLOTS live slots or more under each evaluation. */
  async function run(i: EngineInput): Promise<{ results: string; walkAbove: number; readyAbove: number }> {
    const wasm = await WasmEngine.create(i);
    let status = 'limit';
    let walkAbove = 0;
    let readyAbove = 0;
    while (status === 'limit') {
      const h = new Int32Array(wasm.region().buffer, wasm.region().byteOffset, L.HEADER_WORDS);
      const live = h[L.H_LIVESLOTS]!;
      status = wasm.runUntil(wasm.cycle + 1);
      const walk = new Int32Array(wasm.region().buffer, wasm.region().byteOffset, L.HEADER_WORDS)[L.H_WALK]!;
      if (live >= READY_LIST_SLOTS) {
        if (walk === 1) walkAbove++;
        else readyAbove++;
      }
    }
    return { results: results(wasm, status), walkAbove, readyAbove };
  }
  const booksim = {
    buffer: 8,
    vcsPerClass: 2,
    routerDelay: 4,
    vcRelease: 'tail-sent',
    injection: 'back-to-back',
  } as const;

  it('dense moves (hypercube:11 unicast at 0.2 under BookSim rules, about 1.9 live slots per flit-hop): the walk above the threshold', async () => {
    const auto = await run(input('hypercube:11', 'ecube', 'unicast', 0, 0.2, booksim));
    const fixed = await run(
      input('hypercube:11', 'ecube', 'unicast', 0, 0.2, { ...booksim, readyListAt: READY_LIST_SLOTS }),
    );
    const walk = await run(input('hypercube:11', 'ecube', 'unicast', 0, 0.2, { ...booksim, readyListAt: 1 << 30 }));
    expect(auto.walkAbove).toBeGreaterThan(500);
    expect(auto.readyAbove).toBeLessThan(auto.walkAbove / 10);
    // the threshold given: the ready list there, as before
    expect(fixed.readyAbove).toBeGreaterThan(500);
    expect(fixed.walkAbove).toBe(0);
    expect(auto.results).toBe(fixed.results);
    expect(auto.results).toBe(walk.results);
  });

  it('sparse moves (torus:32x32 hp-dual-path to 16 at 0.01, about 13 live slots per flit-hop): the ready list above the threshold', async () => {
    const auto = await run(input('torus:32x32', 'hcm', 'hp-dual-path', 16, 0.01, { buffer: 8 }));
    const walk = await run(input('torus:32x32', 'hcm', 'hp-dual-path', 16, 0.01, { buffer: 8, readyListAt: 1 << 30 }));
    expect(auto.readyAbove).toBeGreaterThan(300);
    expect(auto.walkAbove).toBeLessThan(auto.readyAbove / 10);
    expect(auto.results).toBe(walk.results);
  });
});
