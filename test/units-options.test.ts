import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WormcastError } from '../src/errors.ts';
import {
  interarrivalUsForLoad,
  loadForInterarrivalUs,
  resolveUnits,
  SEED003_STARTUP_CYCLES,
  SEED004_UNITS,
} from '../src/experiment/config/units.ts';
import { runMain } from './cli-main.ts';

/*
 * The seeds' units as simulate options and experiment keys (issue 13, docs/units.md "As options"):
 * the conversion, the refusals, and simulate's report in both units.
 */

const errorOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof WormcastError) return e.message.replace(/^wormcast: /, '');
    throw e;
  }
  return 'no error';
};

describe('resolveUnits: one conversion for every spelling', () => {
  it('seed 004 section 7.2: 128-byte messages, 20 Mbytes/s, 300 us between messages', () => {
    const u = resolveUnits({ units: 'seed004', interarrivalUs: 300 }, 16)!;
    expect(u.flits).toBe(16);
    expect(u.cycleUs).toBeCloseTo(0.4, 12);
    // docs/units.md: Fig. 7.9's 300 us is load 16 / 750
    expect(u.load).toBeCloseTo(16 / 750, 12);
    expect(u.load).toBeCloseTo(loadForInterarrivalUs(SEED004_UNITS, 300), 12);
    expect(u.startup).toBeUndefined();
  });
  it('the same numbers spelled out, without the preset', () => {
    const u = resolveUnits({ messageBytes: 128, flitBytes: 8, channelMbps: 20, interarrivalUs: 300 }, 16)!;
    expect([u.flits, u.cycleUs, u.load]).toEqual([16, 8 / 20, 16 / 750]);
  });
  it('seed 003 section 5: 120 flits, 25 ns per flit, startup 1 us = 40 cycles', () => {
    const u = resolveUnits({ units: 'seed003' }, 16)!;
    expect(u.flits).toBe(120);
    expect(u.cycleUs).toBeCloseTo(0.025, 12);
    expect(u.startup).toBe(40);
    expect(u.startup).toBe(SEED003_STARTUP_CYCLES);
    // --flit-time-ns and --startup-us alone: the same cycle and startup
    const v = resolveUnits({ flitTimeNs: 25, startupUs: 1, flits: 120 }, 16)!;
    expect([v.cycleUs, v.startup, v.flits]).toEqual([0.025, 40, undefined]);
  });
  it('seed 001: 4096-byte messages of 32-byte flits are 128 flits', () => {
    expect(resolveUnits({ units: 'seed001' }, 16)!.flits).toBe(128);
  });
  it('explicit options override a preset: 256-byte messages or 16-byte flits on seed 004', () => {
    expect(resolveUnits({ units: 'seed004', messageBytes: 256 }, 16)!.flits).toBe(32);
    const w = resolveUnits({ units: 'seed004', flitBytes: 16, interarrivalUs: 300 }, 16)!;
    expect([w.flits, w.cycleUs]).toEqual([8, 0.8]);
    // the load is the same bytes per microsecond whatever the flit width
    expect(w.load! * (16 / w.cycleUs!)).toBeCloseTo((16 / 750) * (8 / 0.4), 12);
    // an explicit --flits replaces the preset's message size; the load follows it
    const f = resolveUnits({ units: 'seed004', flits: 32, interarrivalUs: 300 }, 16)!;
    expect([f.flits, f.messageBytes, f.load]).toEqual([undefined, undefined, 32 / 750]);
  });
  it('no seed-unit option: null (wormcast units only)', () => {
    expect(resolveUnits({ load: 0.1, flits: 16, startup: 1 }, 16)).toBeNull();
  });
  it('refuses two spellings of one quantity, naming both', () => {
    expect(errorOf(() => resolveUnits({ units: 'seed004', load: 0.1, interarrivalUs: 300 }, 16))).toBe(
      '--load 0.1 and --interarrival-us 300 both give the load: give one of them (docs/units.md)',
    );
    expect(errorOf(() => resolveUnits({ flits: 16, messageBytes: 128, flitBytes: 8 }, 16))).toMatch(
      /^--flits 16 and --message-bytes 128 both give the message size/,
    );
    expect(errorOf(() => resolveUnits({ units: 'seed003', startup: 3, startupUs: 1 }, 16))).toMatch(
      /^--startup 3 and --startup-us 1 both give the startup time/,
    );
    expect(errorOf(() => resolveUnits({ flitBytes: 8, channelMbps: 20, flitTimeNs: 25 }, 16))).toMatch(
      /^--channel-mbps 20 and --flit-time-ns 25 both give the cycle time/,
    );
    // an experiment file names its keys
    expect(errorOf(() => resolveUnits({ units: 'seed004', load: 0.1, interarrivalUs: 3 }, 16, (k) => k))).toMatch(
      /^load 0\.1 and interarrivalUs 3 both give the load/,
    );
  });
  it('refuses a seed unit it cannot convert, saying what is missing', () => {
    expect(errorOf(() => resolveUnits({ interarrivalUs: 300 }, 16))).toMatch(
      /^--interarrival-us 300 needs a cycle time to convert microseconds to cycles: give --units \(seed001, seed003, seed004\)/,
    );
    expect(errorOf(() => resolveUnits({ units: 'seed000', interarrivalUs: 300 }, 16))).toMatch(/needs a cycle time/);
    expect(errorOf(() => resolveUnits({ messageBytes: 128 }, 16))).toMatch(
      /^--message-bytes 128 needs a flit width to make flits: give --flit-bytes/,
    );
    expect(errorOf(() => resolveUnits({ channelMbps: 20 }, 16))).toMatch(/^--channel-mbps 20 needs a flit width/);
    expect(errorOf(() => resolveUnits({ flitBytes: 8 }, 16))).toMatch(/^--flit-bytes 8 has no effect without/);
    expect(errorOf(() => resolveUnits({ units: 'seed005' }, 16))).toBe(
      "--units 'seed005': unknown preset; expected one of seed000, seed001, seed003, seed004",
    );
    expect(errorOf(() => resolveUnits({ units: 'constructor' }, 16))).toMatch(/unknown preset/);
  });
  it('property: load and inter-arrival time convert back and forth (any speed, flit width, size)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1 << 16 }),
        fc.integer({ min: 1, max: 64 }),
        fc.double({ min: 0.01, max: 1000, noNaN: true }),
        fc.double({ min: 0.1, max: 1e6, noNaN: true }),
        (bytes, flitBytes, mbps, us) => {
          const u = resolveUnits({ messageBytes: bytes, flitBytes, channelMbps: mbps, interarrivalUs: us }, 16)!;
          const units = { messageBytes: bytes, flitBytes, cycleUs: u.cycleUs!, source: '' };
          expect(u.flits).toBe(Math.ceil(bytes / flitBytes));
          expect(interarrivalUsForLoad(units, u.load!)).toBeCloseTo(us, 6);
          // offered bytes per node per microsecond: flits x flitBytes / T
          expect((u.load! * flitBytes) / u.cycleUs!).toBeCloseTo((u.flits! * flitBytes) / us, 9);
        },
      ),
      { numRuns: 200, seed: 13 },
    );
  });
});

describe('simulate in seed units (in-process main)', () => {
  const run = ['simulate', '--topology', 'mesh:4x4', '--algorithm', 'dual-path', '--dests', '5'];
  const window = ['--warmup', '200', '--cycles', '2000', '--drain', '4000'];
  it('is the same run as its converted --load and --flits, and says both units', async () => {
    const seed = await runMain([...run, '--units', 'seed004', '--interarrival-us', '300', ...window, '--json']);
    expect(seed.stderr).toBe('');
    expect(seed.status).toBe(0);
    const a = JSON.parse(seed.stdout);
    expect(a.units).toMatchObject({
      preset: 'seed004',
      messageBytes: 128,
      flitBytes: 8,
      channelMbps: 20,
      interarrivalUs: 300,
      flits: 16,
    });
    expect(a.units.cycleUs).toBeCloseTo(0.4, 12);
    expect(a.units.load).toBeCloseTo(16 / 750, 12);
    const plain = await runMain([...run, '--load', String(a.units.load), '--flits', '16', ...window, '--json']);
    const b = JSON.parse(plain.stdout);
    expect(b.units).toBeUndefined();
    expect(b.inUs).toBeUndefined();
    for (const k of ['meanLatency', 'maxLatency', 'throughput', 'flitHops', 'multicasts'])
      expect(a[k], k).toEqual(b[k]);
    // results in the seed's units: latency in microseconds
    expect(a.inUs.cycleUs).toBeCloseTo(0.4, 12);
    expect(a.inUs.meanLatency).toBeCloseTo(a.meanLatency * 0.4, 3);
    expect(a.inUs.maxLatency).toBeCloseTo(a.maxLatency * 0.4, 3);
  });
  it('the text heading states the seed units and the converted load; latency in microseconds', async () => {
    const r = await runMain([...run, '--units', 'seed004', '--interarrival-us', '300', ...window]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/load 0\.0213\d+ flits\/node\/cycle \(configured\), 16-flit messages/);
    expect(r.stdout).toContain(
      '  units: seed004 (seed 004 section 7.2: 128-byte messages, 20 Mbytes/s channels; 8-byte flits assumed); 128-byte messages = 16 flits of 8 bytes; 20 Mbytes/s channels = 0.4 us per cycle; mean inter-arrival 300 us per node = load 0.021333 flits/node/cycle',
    );
    expect(r.stdout).toMatch(/\n {2}in microseconds \(0\.4 us per cycle\): latency mean \d+\.\d{3}, max/);
  });
  it('seed 003: the preset startup of 1 us is 40 cycles of the run (JSON units.startup)', async () => {
    const r = await runMain([
      'simulate',
      '--topology',
      'torus:4x4',
      '--units',
      'seed003',
      '--interarrival-us',
      '100',
      '--warmup',
      '100',
      '--cycles',
      '2000',
      '--json',
    ]);
    expect(r.stderr).toBe('');
    const j = JSON.parse(r.stdout);
    expect(j.units).toMatchObject({ preset: 'seed003', flits: 120, startup: 40, startupUs: 1 });
    expect(j.units.load).toBeCloseTo(120 / (100 / 0.025), 12);
  });
  it.each([
    [['--units', 'seed004', '--interarrival-us', '300', '--load', '0.1'], /both give the load/],
    [['--load', '0.01', '--units', 'seed004', '--flits', '8', '--message-bytes', '64'], /both give the message size/],
    [['--load', '0.01', '--startup', '2', '--startup-us', '1', '--flit-time-ns', '25'], /both give the startup time/],
    [
      ['--interarrival-us', '30', '--flit-bytes', '8', '--channel-mbps', '20', '--flit-time-ns', '25'],
      /both give the cycle time/,
    ],
    [['--interarrival-us', '300'], /--interarrival-us 300 needs a cycle time/],
    [['--load', '0.01', '--units', 'seed9'], /--units 'seed9': unknown preset/],
    [
      ['--units', 'seed004', '--interarrival-us', '0.1'],
      /--interarrival-us 0\.1: load 64 flits\/node\/cycle is more than one 16-flit message/,
    ],
    [['--units', 'seed004', '--interarrival-us', '-3'], /--interarrival-us: .-3. is not a decimal number/],
    [['--load', '0.01', '--message-bytes', '100'], /needs a flit width/],
  ])('refuses %j with one wormcast: line, exit 2', async (extra, message) => {
    const r = await runMain([...run, ...extra]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')).toHaveLength(2);
    expect(r.stderr).toMatch(/^wormcast: /);
    expect(r.stderr).toMatch(message);
  });
  it('--plan, --scenario and --example refuse the seed-unit options (they would be ignored)', async () => {
    const s = await runMain(['simulate', '--scenario', 'lin-fig-6.1', '--interarrival-us', '3']);
    expect(s.status).toBe(2);
    expect(s.stderr).toMatch(/^wormcast: simulate --scenario: --interarrival-us would be ignored/);
    const e = await runMain(['simulate', '--example', '--units', 'seed004']);
    expect(e.status).toBe(2);
    expect(e.stderr).toMatch(/^wormcast: simulate --example: --units would change the example/);
  });
});
