import { describe, expect, it } from 'vitest';
import { simulateProgress } from '../src/cli/simulate-progress.ts';
import { progressSettings } from '../src/cli/progress.ts';
import { runMain } from './cli-main.ts';
import type { Engine, EngineInput } from '../src/engine/types.ts';
import { makeEngine, simulate, type SimulateConfig } from '../src/experiment/run/simulate.ts';
import type { StreamProgress } from '../src/experiment/run/stream-run.ts';

/*
 * Issue 25: simulate on 2^20 nodes at load 0.5 printed nothing for 30 s, because progress was
 * reported only at the end of a stretch. Progress now comes from inside a stretch, the engine
 * running it in pieces; that must change no number of any run (the engine contract: runUntil runs
 * up to a cycle, however the cycles are split).
 */

const base: SimulateConfig = {
  topology: 'mesh:6x6',
  algorithm: 'unicast',
  dests: 0,
  load: 0.3,
  flits: 8,
  warmup: 300,
  measure: 3000,
  drain: 3000,
  seed: 7,
  engine: 'wasm',
  options: {},
};

/** A run, with progress reported or not; the engine's runUntil calls counted. */
async function run(c: SimulateConfig, withProgress: boolean) {
  let calls = 0;
  const seen: StreamProgress[] = [];
  const engine = async (input: EngineInput): Promise<Engine> => {
    const e = await makeEngine(c.engine, input);
    const runUntil = e.runUntil.bind(e);
    e.runUntil = (until: number) => {
      calls++;
      return runUntil(until);
    };
    return e;
  };
  const result = await simulate(c, withProgress ? { engine, onProgress: (p) => seen.push(p) } : { engine });
  return { result, calls, seen };
}

describe('progress inside a streamed run changes no number', () => {
  const cases: Array<[string, SimulateConfig, string]> = [
    ['unicast below saturation (wasm)', base, 'finished'],
    ['unicast below saturation (reference)', { ...base, engine: 'reference', measure: 1000, drain: 1000 }, 'finished'],
    [
      'multicasts, dual-path: the watchdog across pieces',
      { ...base, algorithm: 'dual-path', dests: 5, load: 0.05 },
      'deadlock',
    ],
    ['saturated: the records fill', { ...base, load: 2, inFlight: 64 }, 'saturated'],
    ['out of slots', { ...base, load: 1, options: { slots: 40 } }, 'out-of-slots'],
  ];
  for (const [name, c, status] of cases) {
    it(`${name}: ${status}`, async () => {
      const plain = await run(c, false);
      expect(plain.result.status).toBe(status);
      const reported = await run(c, true);
      expect(reported.result).toEqual(plain.result);
      // the stretches were run in more pieces, and every piece was reported
      expect(reported.calls).toBeGreaterThan(plain.calls);
      expect(reported.seen.filter((p) => p.step === 'run')).toHaveLength(reported.calls);
    }, 60_000);
  }
});

describe("simulate's progress line", () => {
  it('names the step under way with its own estimate, after the cycles', () => {
    const lines: string[] = [];
    let now = 0;
    const saved = { ...progressSettings };
    Object.assign(progressSettings, {
      delayMs: 0,
      intervalMs: 0,
      stream: { write: (s: string) => lines.push(s) > 0, isTTY: false },
      now: () => now,
    });
    try {
      const p = simulateProgress(11_200);
      now = 1000;
      p.hooks.onProgress!({ cycle: 0, step: 'traffic', done: 40, total: 1000 });
      now = 2000;
      p.hooks.onProgress!({ cycle: 31, step: 'results', done: 4096, total: 8192 });
      p.stop();
    } finally {
      Object.assign(progressSettings, saved);
      delete progressSettings.stream;
      delete progressSettings.now;
    }
    expect(lines[0]).toMatch(
      /^wormcast simulate: 0 of 11,200 cycles \(0%\) in 1 s; writing the traffic of cycles up to 1,000: at cycle 40/,
    );
    expect(lines[1]).toMatch(
      /^wormcast simulate: 31 of 11,200 cycles \(0%\) in 2 s; about \d.* left; reading back the multicasts left in flight: 4,096 of 8,192 \(50%\)/,
    );
    expect(lines[2]).toBe('wormcast simulate: finished in 2 s\n');
  });
});

describe('simulate --process batch and --warmup auto: no total they cannot know', () => {
  it('counts cycles without a percentage (it said "35,727 of 21,000 cycles (170%)" for a batch)', async () => {
    // a batch runs until its last message is delivered, not warm-up + window + drain; --warmup
    // auto's run ends at the warm-up its pilot finds: the total given was that of the defaults
    const lines: string[] = [];
    const saved = { ...progressSettings };
    Object.assign(progressSettings, {
      delayMs: 0,
      intervalMs: 0,
      stream: { write: (s: string) => lines.push(s) > 0, isTTY: false },
    });
    try {
      for (const extra of [
        ['--process', 'batch', '--batch', '150', '--flits', '4', '--load', '1'],
        ['--load', '0.1', '--cycles', '3000', '--warmup', 'auto'],
      ]) {
        lines.length = 0;
        const r = await runMain(['simulate', '--topology', 'mesh:4x4', ...extra, '--json']);
        expect(r.status, extra.join(' ')).toBe(0);
        const counts = lines.filter((l) => /cycles/.test(l));
        expect(counts.length, extra.join(' ')).toBeGreaterThan(0);
        for (const l of counts) expect(l, extra.join(' ')).toMatch(/^wormcast simulate: [\d,]+ cycles in /);
      }
    } finally {
      Object.assign(progressSettings, saved);
      delete progressSettings.stream;
    }
  }, 60_000);
});

describe('--warmup auto reports its pilot run too', () => {
  it('the pilot reports its cycles and the run goes on from there: rising cycles, none silent', async () => {
    // the pilot (a whole run of --cycles from cycle 0) had no progress hooks: mesh:4x4 at 0.1
    // over 100,000,000 cycles printed nothing for 24 s, then 'wormcast simulate: 1 cycles in 24 s'
    const cycles: number[] = [];
    const steps: StreamProgress[] = [];
    const r = await simulate(
      { ...base, topology: 'mesh:4x4', load: 0.1, measure: 6000, warmupAuto: true },
      { onCycle: (c) => cycles.push(c), onProgress: (p) => steps.push(p) },
    );
    const pilotCycles = r.warmupAuto!.pilotCycles;
    expect(pilotCycles).toBe(6000);
    // the pilot's reports come first, below its length; the run's after them, above it
    expect(cycles.some((c) => c < pilotCycles)).toBe(true);
    expect(Math.max(...cycles)).toBeGreaterThan(r.cycles);
    for (let i = 1; i < cycles.length; i++) expect(cycles[i]).toBeGreaterThanOrEqual(cycles[i - 1]!);
    for (let i = 1; i < steps.length; i++) expect(steps[i]!.cycle).toBeGreaterThanOrEqual(steps[i - 1]!.cycle);
  });
});

describe('progress of a whole run (--plan, --scenario) and of isolated sets (issue 25)', () => {
  it('a workload run in pieces with onCycle gives the same result as one run, and reports rising cycles', async () => {
    const { buildWorkload } = await import('../src/engine/workload.ts');
    const { runWorkload, simulationRouting, RUN_END } = await import('../src/experiment/run/simulate.ts');
    const routing = simulationRouting('mesh:16x16', 'dual-path');
    const t = routing.topology;
    const dests = [5, 40, 77, 130, 201, 255];
    for (const engineKind of ['wasm', 'reference'] as const) {
      const results = [];
      const cycles: number[] = [];
      for (const pieces of [false, true]) {
        const w = buildWorkload([{ created: 0, src: 0, dests }], 'dual-path', routing, 20000);
        const engine = await makeEngine(engineKind, { routing, worms: w.worms, options: {} });
        const onCycle = pieces ? (c: number) => cycles.push(c) : undefined;
        results.push(runWorkload(engine, routing, w, { from: 0, to: RUN_END }, RUN_END, 'finished', onCycle));
      }
      expect(results[1]).toEqual(results[0]);
      expect(results[0]!.status).toBe('finished');
      // a 20,000-flit worm takes more than one piece of 4096 cycles
      expect(cycles.length).toBeGreaterThan(2);
      expect(cycles).toEqual([...cycles].sort((a, b) => a - b));
      expect(t.nodes).toBe(256);
    }
  });

  it('isolated sets report each set done, in order', async () => {
    const { runIsolated } = await import('../src/experiment/run/isolated.ts');
    const done: number[] = [];
    const r = await runIsolated({
      topology: 'mesh:4x4',
      algorithm: 'dual-path',
      dests: 3,
      sets: 5,
      flits: 8,
      seed: 3,
      options: {},
      onSet: (k) => done.push(k),
    });
    expect(r.sets).toBe(5);
    expect(done).toEqual([1, 2, 3, 4, 5]);
  });
});
