import { describe, expect, it } from 'vitest';
import { TrafficStream } from '../src/experiment/run/traffic-stream.ts';
import { getScenario } from '../src/engine/scenarios.ts';
import type { WormSpec } from '../src/engine/types.ts';
import type { Workload } from '../src/engine/workload.ts';
import {
  makeEngine,
  runWorkload,
  simulate,
  simulationRouting,
  type SimulationResult,
} from '../src/experiment/run/simulate.ts';
import { runMain } from './cli-main.ts';

/*
 * Issue 10 item 5: the statistics of a run that ends early cover only the cycles it simulated,
 * and the result says which part of the requested window that was.
 */

/**
 * Seed 004 Fig. 6.4's two X-first trees (they deadlock within a few hundred cycles), then two
 * unicasts created long after: messages the run never reaches.
 */
function deadlockThenLate(): { w: Workload; late: number[] } {
  const s = getScenario('lin-fig-6.4');
  const late = [5000, 6000];
  const t = s.routing.topology;
  const worms: WormSpec[] = [...s.worms.map((x) => ({ ...x }))];
  const groups = [...new Set(worms.map((x) => x.group ?? 0))];
  const firstWorm = [...groups.map((g) => worms.findIndex((x) => (x.group ?? 0) === g))];
  const dests = groups.map((g) => [...new Set(worms.filter((x) => (x.group ?? 0) === g).flatMap((x) => x.dests))]);
  late.forEach((c, i) => {
    firstWorm.push(worms.length);
    dests.push([t.nodes - 1]);
    worms.push({ kind: 'unicast', src: 0, dests: [t.nodes - 1], flits: 32, created: c, group: groups.length + i });
  });
  firstWorm.push(worms.length);
  return {
    w: {
      worms,
      flits: 32,
      created: Int32Array.from([...groups.map(() => 0), ...late]),
      firstWorm: Int32Array.from(firstWorm),
      dests,
    },
    late,
  };
}

async function runDeadlock(from: number, to: number): Promise<SimulationResult> {
  const s = getScenario('lin-fig-6.4');
  const { w } = deadlockThenLate();
  const engine = await makeEngine('reference', { routing: s.routing, worms: w.worms, options: s.options });
  return runWorkload(engine, s.routing, w, { from, to }, to + 1000);
}

describe('statistics of a run that stops early (issue 10 item 5)', () => {
  it('a deadlock before the window measures nothing: no message, no rate, an empty window', async () => {
    const r = await runDeadlock(1000, 8000);
    expect(r.status).toBe('deadlock');
    expect(r.cycles).toBeLessThan(1000);
    expect(r.window).toEqual({ from: 1000, to: 1000, requestedTo: 8000 });
    // before: the two messages created after the stop were counted over a one-cycle window
    expect(r.multicasts).toBe(0);
    expect(r.completed).toBe(0);
    expect(r.generated).toBeNaN();
    expect(r.throughput).toBeNaN();
    expect(r.incomplete).toMatch(
      /^the network deadlocked at cycle \d+ \(nothing moved after cycle \d+\), before the measurement window \(cycles 1000\.\.8000\) began: nothing was measured$/,
    );
  });

  it('a deadlock inside the window cuts it after the last progress; later messages never existed', async () => {
    const r = await runDeadlock(0, 8000);
    const d = r.deadlock!;
    expect(d.lastProgress).toBeLessThan(r.cycles);
    expect(r.window).toEqual({ from: 0, to: d.lastProgress + 1, requestedTo: 8000 });
    // the two trees, not the unicasts created at 5000 and 6000
    expect(r.multicasts).toBe(2);
    const { w } = deadlockThenLate();
    const destinations = w.dests[0]!.length + w.dests[1]!.length;
    expect(r.generated).toBe((32 * destinations) / (12 * (d.lastProgress + 1)));
    expect(r.throughput).toBe(r.counters.ejectedFlits / (12 * (d.lastProgress + 1)));
  });

  it('a run that finishes before the window ends measures the whole window (the rest of it was idle)', async () => {
    const routing = simulationRouting('mesh:4x4', 'unicast');
    const worms: WormSpec[] = [
      { kind: 'unicast', src: 0, dests: [15], flits: 16, created: 10, group: 0 },
      { kind: 'unicast', src: 5, dests: [6], flits: 16, created: 20, group: 1 },
    ];
    const w: Workload = {
      worms,
      flits: 16,
      created: Int32Array.from([10, 20]),
      firstWorm: Int32Array.from([0, 1, 2]),
      dests: [[15], [6]],
    };
    const engine = await makeEngine('wasm', { routing, worms });
    const r = runWorkload(engine, routing, w, { from: 0, to: 1000 }, 2000);
    expect(r.status).toBe('finished');
    expect(r.cycles).toBeLessThan(100);
    expect(r.window).toEqual({ from: 0, to: 1000, requestedTo: 1000 });
    // 2 messages x 16 flits over 16 nodes x 1000 cycles (before: over the ~60 cycles the run took)
    expect(r.generated).toBe(0.002);
    expect(r.throughput).toBe(0.002);
    expect(r.incomplete).toBeNull();
  });

  it('a run out of slots inside the window counts only the messages created before it stopped', async () => {
    const config = {
      topology: 'mesh:4x4',
      algorithm: 'unicast',
      dests: 0,
      load: 0.8,
      flits: 16,
      warmup: 0,
      measure: 5000,
      drain: 0,
      seed: 7,
      engine: 'wasm' as const,
      options: { slots: 16 },
    };
    const r = await simulate(config);
    expect(r.status).toBe('out-of-slots');
    expect(r.window).toEqual({ from: 0, to: r.cycles, requestedTo: 5000 });
    // the run's own traffic: drawn as it goes from per-node streams (src/experiment/run/traffic-stream.ts)
    const stream = new TrafficStream({ nodes: 16, load: 0.8, flits: 16, dests: 0, cycles: 5000, seed: 7 });
    const events = [];
    while (stream.peekTime() !== Infinity) events.push(stream.take());
    const before = events.filter((e) => e.created < r.cycles).length;
    expect(before).toBeLessThan(events.length);
    expect(r.multicasts).toBe(before);
    expect(r.generated).toBe((16 * before) / (16 * r.cycles));
  });

  it("the issue's command: no rate over cycles never simulated, and the window it measured (CLI --json)", async () => {
    const argv = [
      'simulate',
      '--topology',
      'mesh:8x8',
      '--algorithm',
      'x-first',
      '--dests',
      '8',
      '--load',
      '0.01',
      '--port',
      'all',
      '--seed',
      '3',
      '--warmup',
      '20000',
      '--json',
    ];
    const r = await runMain(argv);
    const out = JSON.parse(r.stdout) as Record<string, unknown> & {
      window: { from: number; to: number; requestedTo: number };
      cycles: number;
      generated: number | null;
      multicasts: number;
    };
    expect(out).not.toHaveProperty('offered');
    expect(out.window.from).toBe(20000);
    expect(out.window.requestedTo).toBe(30000);
    expect(out.window.to).toBeLessThanOrEqual(Math.max(20000, out.cycles));
    // before: 756 "offered" flits/node/cycle from 378 messages created after the run stopped
    expect(out.generated === null || out.generated < 0.2).toBe(true);
    if (out.status === 'deadlock') {
      expect(r.status).toBe(3);
      expect(out.window.to).toBe(20000);
      expect(out.multicasts).toBe(0);
      expect(out.generated).toBeNull();
    } else expect(r.status).toBe(0);
  });

  it('text output names each load once: the configured load, then generated and accepted', async () => {
    const r = await runMain([
      'simulate',
      '--topology',
      'mesh:4x4',
      '--load',
      '0.1',
      '--cycles',
      '500',
      '--warmup',
      '100',
      '--drain',
      '500',
    ]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/offered/);
    expect(r.stdout.split('\n')[0]).toMatch(/, load 0\.1 flits\/node\/cycle \(configured\),/);
    expect(r.stdout).toMatch(/\n {2}throughput 0\.\d{4} flits\/node\/cycle accepted, 0\.\d{4} generated\n/);
    const j = JSON.parse(
      (
        await runMain([
          'simulate',
          '--topology',
          'mesh:4x4',
          '--load',
          '0.1',
          '--cycles',
          '500',
          '--warmup',
          '100',
          '--drain',
          '500',
          '--json',
        ])
      ).stdout,
    ) as Record<string, unknown>;
    expect(Object.keys(j)).toEqual(
      expect.arrayContaining(['generated', 'accepted', 'throughput', 'window', 'incomplete', 'slots']),
    );
    expect(j.accepted).toBe(j.throughput);
    expect(j.window).toEqual({ from: 100, to: 600, requestedTo: 600 });
  });
});
