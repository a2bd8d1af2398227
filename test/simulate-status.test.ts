import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deadlockSummary, type DeadlockReport } from '../src/engine/results.ts';
import { simulationRouting } from '../src/experiment/run/simulate.ts';
import { runCli } from './cli.ts';
import { computeSimulation, type SimulationRequest } from '../src/web/simulate-panel.ts';
import { runMain } from './cli-main.ts';

/*
 * Issue 10 item 6: a run that did not make the measurement asked for (deadlock, out of slots,
 * no message created, none completed) is printed, marked, warned about on stderr and exits 3;
 * item 10 (part): a deadlock report in text is a short summary, the JSON has it all.
 */

const SMALL = ['simulate', '--topology', 'mesh:4x4', '--cycles', '300', '--warmup', '50', '--drain', '300'];

/**
 * The warning line of an incomplete run: the last line on stderr (a warning before the run, e.g.
 * a cyclic routing function, may precede it).
 */
function warningLine(stderr: string): string {
  expect(stderr.endsWith('\n')).toBe(true);
  const last =
    stderr
      .split('\n')
      .filter((l) => l !== '')
      .at(-1) ?? '';
  expect(last).toMatch(/^wormcast: warning: /);
  return last;
}

describe('exit status of simulate (issue 10 item 6)', () => {
  it('a normal run: exit 0, nothing on stderr, incomplete null', async () => {
    const r = await runMain([...SMALL, '--load', '0.1', '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).incomplete).toBeNull();
  });

  it('out of slots: the result is printed and marked, the warning names --slots and the capacity, exit 3', async () => {
    const text = await runMain([...SMALL, '--load', '0.8', '--slots', '16']);
    expect(text.status).toBe(3);
    expect(text.stdout).toMatch(
      /\n {2}INCOMPLETE: the engine ran out of slots at cycle \d+ \(all 16 in use: raise the slot capacity, --slots, up to 33554432, or lower the load\)/,
    );
    expect(text.stdout).toMatch(/\n {2}status out-of-slots at cycle \d+;/);
    expect(text.stdout).toMatch(/\n {2}slots: all 16 in use \(the slot capacity, --slots\)\n/);
    expect(warningLine(text.stderr)).toMatch(/^wormcast: warning: the engine ran out of slots .*--slots/);
    const json = await runMain([...SMALL, '--load', '0.8', '--slots', '16', '--json']);
    expect(json.status).toBe(3);
    const out = JSON.parse(json.stdout);
    expect(out.status).toBe('out-of-slots');
    expect(out.slots).toEqual({ capacity: 16, peak: 16 });
    expect(out.incomplete).toMatch(/--slots/);
  });

  it('--slots sets the capacity: enough slots and the same run completes', async () => {
    const r = await runMain([...SMALL, '--load', '0.8', '--slots', '4096', '--json']);
    // the run now holds every message it needs (no out-of-slots stop); at 0.8 the 4x4 mesh is past
    // saturation, which simulate says with exit 3 and one warning line (issue 23)
    expect(r.status, r.stderr).toBe(3);
    expect(warningLine(r.stderr)).toMatch(/^wormcast: warning: the network saturated: /);
    const out = JSON.parse(r.stdout);
    expect(out.status).not.toBe('out-of-slots');
    expect(out.incomplete).toBeNull();
    expect(out.saturated).toBe(true);
    expect(out.slots.capacity).toBe(4096);
    const bad = await runMain([...SMALL, '--load', '0.1', '--slots', '8']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^wormcast: --slots: 8 is out of range; must be 16\.\.33554432\n$/);
  });

  it('no message generated in the window (--load 1e-9): exit 3 and a warning saying so', async () => {
    const r = await runMain([...SMALL, '--load', '1e-9']);
    expect(r.status).toBe(3);
    expect(r.stdout).toMatch(/INCOMPLETE: no message was created in the measurement window \(cycles 50\.\.350\)/);
    // nothing to tell of the latencies: '-' for the maxima too (they printed 'max 0')
    expect(r.stdout).toContain('latency (creation to tail delivery) mean -, max -; network latency mean -');
    expect(r.stdout).toContain('multicast completion mean -, max -');
    expect(warningLine(r.stderr)).toBe(
      'wormcast: warning: no message was created in the measurement window (cycles 50..350): raise --load or --cycles',
    );
  });

  it('a run whose network emptied before the window ended still ran to its end: cycles is not the engine idle cycle (was 0)', async () => {
    for (const engine of ['wasm', 'reference']) {
      const r = await runMain([...SMALL, '--load', '1e-9', '--engine', engine, '--json']);
      expect(r.status).toBe(3);
      expect(JSON.parse(r.stdout).cycles).toBe(350);
    }
    // every message undeliverable (all sent to a dead node): the host's clock went to the window's end
    const dead = ['--faults', 'node:1,1', '--pattern', 'hotspot', '--hotspots', '5', '--load', '0.05'];
    for (const engine of ['wasm', 'reference']) {
      const r = await runMain([...SMALL, ...dead, '--engine', engine]);
      expect(r.status).toBe(3);
      expect(r.stdout).toContain('status finished at cycle 350; 0 of 0 messages measured completed');
    }
    // nothing completed: the maxima are null like the means (maxLatency and maxCompletion said 0)
    const none = JSON.parse((await runMain([...SMALL, '--load', '1e-9', '--json'])).stdout);
    expect([none.meanLatency, none.maxLatency, none.meanCompletion, none.maxCompletion]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    // a run that goes on past the window (its drain) still reports where it stopped
    const busy = JSON.parse((await runMain([...SMALL, '--load', '0.1', '--json'])).stdout);
    expect(busy.cycles).toBeGreaterThanOrEqual(350);
  });

  it('nothing completed (no drain after a short window): exit 3', async () => {
    const r = await runMain([
      'simulate',
      '--topology',
      'mesh:4x4',
      '--load',
      '0.5',
      '--warmup',
      '0',
      '--cycles',
      '10',
      '--drain',
      '0',
      '--json',
    ]);
    expect(r.status).toBe(3);
    const out = JSON.parse(r.stdout);
    expect(out.completed).toBe(0);
    expect(out.multicasts).toBeGreaterThan(0);
    expect(out.incomplete).toBe(
      `none of the ${out.multicasts} messages created in the measurement window (cycles 0..10) completed by cycle 10: raise --drain, or lower the load`,
    );
  });

  it('a deadlock of dynamic traffic is a result, printed in full, but not a measurement: exit 3', async () => {
    const r = await runMain(['simulate', '--topology', 'star:5', '--routing', 'star-min', '--load', '0.25', '--json']);
    expect(r.status).toBe(3);
    const out = JSON.parse(r.stdout);
    expect(out.status).toBe('deadlock');
    expect(out.deadlock.waiting.length).toBeGreaterThan(20);
    expect(out.incomplete).toMatch(/^the network deadlocked at cycle \d+/);
    expect(warningLine(r.stderr)).toMatch(/^wormcast: warning: the network deadlocked at cycle/);
  });

  it("a scenario that reproduces its seed's deadlock did what was asked: exit 0", async () => {
    const r = await runMain(['simulate', '--scenario', 'lin-fig-6.1', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.status).toBe('deadlock');
    expect(out.incomplete).toBeNull();
  });

  it('in a real process: the exit status is 3, stdout has the result, stderr one warning line', () => {
    const r = runCli(...SMALL, '--load', '1e-9', '--json');
    expect(r.status).toBe(3);
    expect(JSON.parse(r.stdout).incomplete).toMatch(/^no message was created/);
    expect(r.stderr).toMatch(/^wormcast: warning: no message was created[^\n]*\n$/);
  });
});

describe('deadlock report in text (issue 10 item 10)', () => {
  it('a large report is summarised in short lines that point to --json', () => {
    const routing = simulationRouting('star:8', 'unicast', 'star-min');
    const n = 40_000;
    const ring = Array.from({ length: 30 }, (_, i) => 1000 + i);
    const report: DeadlockReport = {
      cycle: 123_456,
      lastProgress: 122_455,
      worms: ring,
      channels: ring.map((_, i) => ({
        vc: i,
        kind: 'network',
        node: routing.topology.format(i),
        port: 1,
        vcClass: 'c',
      })),
      waiting: Array.from({ length: n }, (_, i) => i),
    };
    const s = deadlockSummary(report, routing);
    const lines = [s.head, ...s.cycle, s.waiting];
    for (const l of lines) expect(l.length).toBeLessThan(300);
    expect(s.head).toBe(
      'DEADLOCK at cycle 123456: a wait-for cycle of 30 worms, 1000 -> 1001 -> 1002 -> 1003 -> 1004 -> 1005 -> 1006 -> 1007 -> ... -> 1000, each waits for a VC the next one holds:',
    );
    expect(s.cycle).toHaveLength(9);
    expect(s.cycle[8]).toBe('... and 22 more worms of the cycle (--json lists them all)');
    expect(s.waiting).toBe(
      `waiting worms: ${n} in all, the first 20: ${Array.from({ length: 20 }, (_, i) => i).join(', ')}, ... (--json lists them all)`,
    );
  });

  it('a small report is printed whole, as before', () => {
    const routing = simulationRouting('hypercube:3', 'unicast');
    const s = deadlockSummary(
      {
        cycle: 209,
        lastProgress: 8,
        worms: [0, 1],
        waiting: [0, 1],
        channels: [
          { vc: 3, kind: 'network', node: '001', port: 1, vcClass: 'c' },
          { vc: 1, kind: 'network', node: '000', port: 1, vcClass: 'c' },
        ],
      },
      routing,
    );
    expect([s.head, ...s.cycle, s.waiting]).toEqual([
      'DEADLOCK at cycle 209: worms 0 -> 1 -> 0 each wait for a VC the next one holds:',
      'worm 0 waits for network channel 001 dim 1 vc c',
      'worm 1 waits for network channel 000 dim 1 vc c',
      'waiting worms: 0, 1',
    ]);
  });

  it('the CLI text of a deadlocked run: every line short, the full list only in --json', async () => {
    const r = await runMain(['simulate', '--topology', 'star:5', '--routing', 'star-min', '--load', '0.25']);
    expect(r.status).toBe(3);
    for (const l of r.stdout.split('\n')) expect(l.length).toBeLessThan(300);
    expect(r.stdout).toMatch(
      /\n {2}waiting worms: \d+ in all, the first 20: [\d, ]+, \.\.\. \(--json lists them all\)\n/,
    );
  });
});

describe("the web app's simulation panel marks the same runs (issue 10 item 6)", () => {
  const wasm = readFileSync(new URL('../build/wormcast.wasm', import.meta.url));
  const SIM: SimulationRequest = {
    scenario: '',
    topology: 'star:5',
    routing: 'star-min',
    algorithm: 'unicast',
    dests: '',
    // 0.25: star-min's random traffic deadlocks under both injection rules (0.2 did only after-tail)
    load: '0.25',
    flits: '16',
    cycles: '10000',
    warmup: '1000',
    drain: '1000',
    seed: '1',
    vcs: '1',
    buffer: '8',
    port: 'one',
  };

  it("a deadlock of random traffic is incomplete; a scenario's expected deadlock and a normal run are not", async () => {
    const dead = await computeSimulation(SIM, wasm);
    expect(dead.result.status).toBe('deadlock');
    expect(dead.result.incomplete).toMatch(/^the network deadlocked at cycle \d+/);
    const scenario = await computeSimulation({ ...SIM, scenario: 'lin-fig-6.1' }, wasm);
    expect(scenario.result.status).toBe('deadlock');
    expect(scenario.result.incomplete).toBeNull();
    expect(scenario.result.window).toEqual({
      from: 0,
      to: scenario.result.deadlock!.lastProgress + 1,
      requestedTo: null,
    });
    const ok = await computeSimulation(
      { ...SIM, topology: 'mesh:4x4', routing: '', load: '0.1', cycles: '1000', warmup: '100' },
      wasm,
    );
    expect(ok.result.incomplete).toBeNull();
  });
});
