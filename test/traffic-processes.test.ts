import { describe, expect, it } from 'vitest';
import { WormcastError } from '../src/errors.ts';
import { resolvePoint, simulateCommand } from '../src/experiment/config/point-config.ts';
import { simulate } from '../src/experiment/config/simulate-options.ts';
import { TrafficStream } from '../src/experiment/run/traffic-stream.ts';
import { mulberry32 } from '../src/random.ts';
import { metricOf } from '../src/experiment/config/metrics.ts';
import { runMain } from './cli-main.ts';

/*
 * The arrival processes of docs/traffic.md "Processes" (issue 29): BookSim's on/off source against
 * its parameters, batch mode's drain time at zero load derived by hand, both engines equal on every
 * process, and the refusals in one line.
 */

describe('on/off source (BookSim on_off: alpha off to on, beta on to off)', () => {
  const alpha = 0.01;
  const beta = 0.04;
  const load = 0.1;
  const flits = 4;
  const nodes = 64;
  const cycles = 200_000;
  const s = new TrafficStream({
    nodes,
    load,
    flits,
    dests: 0,
    cycles,
    seed: 17,
    process: 'onoff',
    onoff: { alpha, beta },
  });
  const last = new Float64Array(nodes).fill(-2);
  let count = 0;
  let backToBack = 0;
  while (s.peekTime() !== Infinity) {
    const e = s.take();
    if (e.created === last[e.src]! + 1) backToBack++;
    last[e.src] = e.created;
    count++;
  }
  const rate = load / flits;
  const onRate = (rate * (alpha + beta)) / alpha;

  it('its mean rate is load / flits messages per node per cycle', () => {
    expect(count / (nodes * cycles)).toBeCloseTo(rate, 3);
  });

  it('it is bursty: after a message the next cycle sends with probability (1 - beta) x on rate, not the mean rate', () => {
    // (1 - 0.04) x 0.125 = 0.12, against 0.025 for a Bernoulli source of the same load
    const p = backToBack / count;
    expect(Math.abs(p - (1 - beta) * onRate)).toBeLessThan(0.005);
  });
});

describe('batch mode (BookSim sim_type = batch)', () => {
  it('zero load: one message per node, bitcomp on hypercube:4 (e-cube: no two messages share a channel), drains at S + (h + 2) + (h + 1) R + (L - 1)', async () => {
    // every source's route flips bits 0, 1, 2, 3 in order: the channel of step i at node x is used
    // only by source x xor (bits below i), so the 16 worms never meet and each is a lone worm
    // (docs/model-flit.md zero-load formula); created at cycle 0 (load = flits: rate 1)
    for (const [S, R, L] of [
      [1, 1, 16],
      [3, 2, 5],
    ] as const) {
      for (const engine of ['wasm', 'reference'] as const) {
        const r = await simulate({
          topology: 'hypercube:4',
          pattern: 'bitcomp',
          process: 'batch',
          batch: 1,
          load: L,
          flits: L,
          startup: S,
          routerDelay: R,
          engine,
        });
        const h = 4;
        expect(r.status).toBe('finished');
        expect(r.completed).toBe(16);
        expect(r.drainTime).toBe(S + (h + 2) + (h + 1) * R + (L - 1));
      }
    }
  });

  it('every node sends exactly N messages, all measured, the window ending with the run', async () => {
    const r = await simulate({ topology: 'mesh:4x4', process: 'batch', batch: 7, load: 0.3, flits: 4 });
    expect(r.multicasts).toBe(16 * 7);
    expect(r.completed).toBe(16 * 7);
    expect(r.window.to).toBe(r.cycles);
    expect(r.drainTime).toBeLessThanOrEqual(r.cycles);
    // every message is created at or after cycle 0, so the last delivery is at least the largest latency
    expect(r.drainTime).toBeGreaterThanOrEqual(r.latencyPercentiles!.max);
  });

  it("simulate --json's config of a batch names no window (it printed warmup 1000, cycles 10000, drain 10000, unused)", async () => {
    const r = await runMain([
      'simulate',
      '--topology',
      'mesh:4x4',
      '--load',
      '0.1',
      '--process',
      'batch',
      '--batch',
      '2',
      '--json',
    ]);
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.config).toMatchObject({ process: 'batch', batch: 2 });
    expect(Object.keys(j.config)).not.toEqual(expect.arrayContaining(['warmup']));
    expect(j.config.cycles).toBeUndefined();
    expect(j.config.drain).toBeUndefined();
    expect(j.window).toEqual({ from: 0, to: j.cycles, requestedTo: null });
  });

  it('a batch stopped by its in-flight capacity says so without the run limit as its requested end', async () => {
    // it said "measured cycles 0..4 of the requested 0..1073741824", RUN_END, the open window's end
    const r = await simulate({ topology: 'mesh:4x4', process: 'batch', batch: 100, inFlight: 64, load: 4, flits: 4 });
    expect(r.status).toBe('saturated');
    expect(r.incomplete).toMatch(/: measured cycles 0\.\.\d+ of the batch, measured whole to its last delivery$/);
  });

  it('a batch that delivered nothing has no drain time: null in --json, - in text, not -1', async () => {
    // every message goes to the one hot spot, a faulty node: nothing is sent. drainTime was -1,
    // the sentinel of "no delivery", printed as a drain time and averaged by a sweep (its mean -1)
    const args = ['simulate', '--topology', 'mesh:4x4', '--pattern', 'hotspot', '--hotspots', '5'];
    const batch = [...args, '--process', 'batch', '--batch', '2', '--load', '0.5', '--faults', 'node:1,1'];
    const r = await simulate({
      topology: 'mesh:4x4',
      pattern: 'hotspot',
      hotspots: '5',
      process: 'batch',
      batch: 2,
      load: 0.5,
      faults: 'node:1,1',
    });
    expect(r.completed).toBe(0);
    expect(r.drainTime).toBeNaN();
    expect(metricOf(r, 'drainTime')).toBeNaN();
    const j = await runMain([...batch, '--json']);
    expect(j.status).toBe(3);
    expect(JSON.parse(j.stdout).drainTime).toBeNull();
    const text = await runMain(batch);
    expect(text.stdout).toContain('  drain time - (the cycle of the last tail delivery)');
  });
});

describe('both engines equal on every process (differential, random configs)', () => {
  const rand = mulberry32(2929);
  const processes: Array<Record<string, unknown>> = [
    { process: 'bernoulli' },
    { process: 'exponential' },
    { process: 'uniform' },
    { process: 'onoff', onoff: '0.02,0.05' },
    { process: 'onoff', onoff: '0.2,0.3', pattern: 'transpose' },
    { process: 'batch', batch: 20 },
    { process: 'batch', batch: 5, pattern: 'hotspot', hotspots: '3', hotspotFraction: 0.4 },
  ];
  for (const p of processes) {
    const seed = Math.floor(rand() * 1e6);
    const load = 0.05 + 0.1 * rand();
    it(`${JSON.stringify(p)} on torus:4x4, load ${load.toFixed(3)}, seed ${seed}`, async () => {
      const o = { topology: 'torus:4x4', load, flits: 4, seed, cycles: 1500, warmup: 200, drain: 3000, ...p };
      const a = await simulate({ ...o, engine: 'wasm' });
      const b = await simulate({ ...o, engine: 'reference' });
      expect(a.completed).toBeGreaterThan(0);
      expect(b).toEqual(a);
    });
  }
});

describe('refusals in one line', () => {
  const refuses = (o: Record<string, unknown>, words: RegExp) => {
    let error: unknown;
    try {
      resolvePoint({ topology: 'mesh:4x4', load: 0.1, ...o });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WormcastError);
    expect((error as Error).message).not.toContain('\n');
    expect((error as Error).message).toMatch(words);
  };
  it('onoff without its parameters', () => refuses({ process: 'onoff' }, /needs onoff/));
  it('onoff parameters out of range', () => refuses({ process: 'onoff', onoff: '0,0.5' }, /alpha .* in \(0, 1\]/));
  it('onoff parameters in plain decimal notation only: 0x1 and Infinity are refused, not read as numbers', () => {
    // Number() read '0x1,0.1' as alpha 1 and '0.1,0x0' as beta 0
    for (const onoff of ['0x1,0.1', '0.1,0x0', '0.1,', ',0.1', 'Infinity,0.1', '0.1,0b1'])
      refuses({ process: 'onoff', onoff }, /must be alpha,beta/);
    expect(() =>
      resolvePoint({ topology: 'mesh:4x4', load: 0.1, process: 'onoff', onoff: ' .1 , 1e-1' }),
    ).not.toThrow();
  });
  it('onoff parameters with another process', () => refuses({ onoff: '0.1,0.1' }, /applies to process onoff only/));
  it('simulate --process batch refuses --cycles, --warmup and --drain: a batch is measured whole, they would be dropped', async () => {
    // they were accepted and ignored: '--process batch --batch 3 --load 0.1 --cycles 50' ran to the
    // last delivery at cycle 1126, exit 0, as without them
    for (const extra of [
      ['--cycles', '50'],
      ['--warmup', '7'],
      ['--drain', '5'],
      ['--cycles', '50', '--drain', '5'],
    ]) {
      const r = await runMain([
        'simulate',
        '--topology',
        'mesh:4x4',
        '--process',
        'batch',
        '--batch',
        '3',
        '--load',
        '0.1',
        ...extra,
      ]);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^wormcast: simulate --process batch: --(cycles|warmup|drain).* would be ignored/);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    const plain = [
      'simulate',
      '--topology',
      'mesh:4x4',
      '--process',
      'batch',
      '--batch',
      '3',
      '--load',
      '0.1',
      '--json',
    ];
    const ok = await runMain(plain);
    expect(ok.status).toBe(0);
    // a sweep's re-run command of a batch point (results, report) leaves the window out and runs
    const point = resolvePoint({ topology: 'mesh:4x4', load: 0.1, process: 'batch', batch: 3, cycles: 500 });
    const line = simulateCommand(point, 1);
    expect(line).not.toMatch(/--cycles|--warmup|--drain/);
    const again = await runMain(line.split(' ').slice(1));
    expect(again.stderr).toBe('');
    expect(again.status).toBe(0);
    expect(JSON.parse(again.stdout).drainTime).toBe(JSON.parse(ok.stdout).drainTime);
  });
  it('batch without a count', () => refuses({ process: 'batch' }, /needs batch/));
  it('a batch count with another process', () => refuses({ batch: 3 }, /applies to process batch only/));
  it('an on rate above one message per cycle', async () => {
    await expect(
      simulate({ topology: 'mesh:4x4', load: 2, flits: 4, process: 'onoff', onoff: '0.1,0.9' }),
    ).rejects.toThrow(/on state 5 .* exceeds 1 message per cycle/);
  });
});
