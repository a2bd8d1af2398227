import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeOutputDir } from '../src/cli/output-dir.ts';
import { expandGrid } from '../src/experiment/config/grid.ts';
import { runIsolated } from '../src/experiment/run/isolated.ts';
import { parseExperiment } from '../src/experiment/config/schema.ts';
import { readStore, type StoredPoint } from '../src/experiment/sweep/store.ts';
import { runSweep } from '../src/experiment/sweep/sweep.ts';
import { pointLine, sweepProgress } from '../src/experiment/sweep/sweep-progress.ts';
import * as lib from '../src/index.ts';
import { runMain } from './cli-main.ts';

/*
 * Edge cases of issue 13's options found by using them as a user would (seed units, --dests-mean,
 * --traffic isolated, reproduce): each test failed before its fix.
 */

const dir = mkdtempSync(join(tmpdir(), 'wormcast-seed-modes-'));
const quiet = () => sweepProgress(true, { write: () => true });

/** A u-cube multicast to 40 of 64 nodes needs more than 16 slots: every set runs out of them. */
const OUT_OF_SLOTS = [
  'simulate',
  '--topology',
  'hypercube:6',
  '--algorithm',
  'u-cube',
  '--dests',
  '40',
  '--traffic',
  'isolated',
  '--sets',
  '3',
  '--slots',
  '16',
];

describe('simulate --traffic isolated: a set that does not finish', () => {
  it('exit 3 (the measurement did not happen), the result marked INCOMPLETE, one warning line', async () => {
    const r = await runMain(OUT_OF_SLOTS);
    // was: exit 2, as if the user had typed something wrong, and nothing on stdout
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(
      /^wormcast: warning: isolated: u-cube on hypercube:6, set 1 of 3 \(source \d+, 40 destinations\) did not finish: the engine ran out of slots[^\n]*\n$/,
    );
    expect(r.stdout).toMatch(/0 of 3 random sets done/);
    expect(r.stdout).toMatch(/\n {2}INCOMPLETE: isolated: u-cube/);
    expect(r.stdout).not.toMatch(/NaN/);
  });
  it('--json: one object with incomplete, the sets done and asked for, null numbers', async () => {
    const r = await runMain([...OUT_OF_SLOTS, '--json']);
    expect(r.status).toBe(3);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ traffic: 'isolated', sets: 0, setsRequested: 3 });
    expect(j.incomplete).toMatch(/ran out of slots/);
    expect(j.latency).toEqual({ mean: null, halfWidth: null, lo: null, hi: null });
  });
  it('a run that finishes says incomplete: null in JSON', async () => {
    const r = await runMain([
      'simulate',
      '--topology',
      'hypercube:4',
      '--algorithm',
      'u-cube',
      '--dests',
      '5',
      '--traffic',
      'isolated',
      '--sets',
      '3',
      '--json',
    ]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ sets: 3, incomplete: null });
  });
  it('runIsolated throws by default (the reproductions) and stops with stopOnIncomplete', async () => {
    const c = {
      topology: 'hypercube:6',
      algorithm: 'u-cube',
      dests: 40,
      sets: 3,
      flits: 16,
      seed: 1,
      options: { slots: 16 },
    };
    await expect(runIsolated(c)).rejects.toThrow(/set 1 of 3 .* did not finish/);
    const r = await runIsolated({ ...c, stopOnIncomplete: true });
    expect(r.sets).toBe(0);
    expect(r.incomplete).toMatch(/out of slots/);
  });
});

describe('simulate --traffic isolated --sets 1', () => {
  it('says there is no interval over one set, instead of announcing one', async () => {
    const r = await runMain([
      'simulate',
      '--topology',
      'mesh:4x4',
      '--algorithm',
      'dual-path',
      '--dests',
      '3',
      '--traffic',
      'isolated',
      '--sets',
      '1',
    ]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/, 1 random set, /);
    expect(r.stdout).toMatch(/one set, so no confidence interval/);
    expect(r.stdout).not.toMatch(/confidence interval over the sets/);
    expect(r.stdout).not.toMatch(/\+-/);
  });
});

describe('the microseconds line', () => {
  it('prints the cycle time to 6 significant digits, as the units line (was 14.545454545454545)', async () => {
    const dyn = await runMain([
      'simulate',
      '--topology',
      'hypercube:4',
      '--units',
      'seed001',
      '--interarrival-us',
      '100000',
      '--cycles',
      '300',
    ]);
    expect(dyn.stdout).toMatch(/in microseconds \(14\.5455 us per cycle\)/);
    const iso = await runMain([
      'simulate',
      '--topology',
      'hypercube:4',
      '--algorithm',
      'u-cube',
      '--dests',
      '3',
      '--traffic',
      'isolated',
      '--sets',
      '2',
      '--units',
      'seed001',
    ]);
    expect(iso.stdout).toMatch(/in microseconds \(14\.5455 us per cycle\)/);
  });
});

describe('simulate: a multicast without --dests', () => {
  it('names the two options it needs, not a --dests 0 the user never typed', async () => {
    const r = await runMain(['simulate', '--topology', 'mesh:4x4', '--algorithm', 'dual-path', '--load', '0.01']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      'wormcast: simulate: a multicast (dual-path) needs --dests or --dests-mean, 1..15 on mesh:4x4\n',
    );
  });
});

describe('sweeps of isolated multicasts', () => {
  it('a set that does not finish makes its replication incomplete; the sweep goes on (exit 3), not a user error', async () => {
    const e = parseExperiment(
      {
        name: 'slots',
        base: { topology: 'hypercube:6', algorithm: 'u-cube', dests: 40, traffic: 'isolated', sets: 2, slots: 16 },
        replications: 2,
      },
      'slots.yaml',
    );
    const out = join(dir, 'slots.jsonl');
    // was: WormcastError "sweep: point (base): isolated: ..." after the point had started
    const s = await runSweep(e, 'slots.yaml', { out, workers: 0, fresh: true, progress: quiet() });
    expect(s.points).toBe(1);
    const [p] = [...readStore(out).points.values()];
    expect(p!.replications.every((r) => /out of slots/.test(r.incomplete ?? ''))).toBe(true);
    expect(p!.summary.incomplete).toHaveLength(2);
    expect(p!.summary.incomplete[0]).toMatch(/^seed \d+: isolated: u-cube/);
  });
  it('plot --y throughput of isolated points says why there is none (was "every run measured nothing")', async () => {
    const e = parseExperiment(
      {
        name: 'iso-plot',
        base: { topology: 'hypercube:4', algorithm: 'u-cube', traffic: 'isolated', sets: 3 },
        grid: { dests: [2, 5] },
        replications: 2,
      },
      'iso-plot.yaml',
    );
    const out = join(dir, 'iso-plot.jsonl');
    await runSweep(e, 'iso-plot.yaml', { out, workers: 0, fresh: true, progress: quiet() });
    const r = await runMain(['plot', out, '--x', 'dests', '--y', 'throughput', '-o', join(dir, 'p.svg')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^wormcast: plot: no point has a value of throughput: the points are isolated multicasts/);
    const ok = await runMain(['plot', out, '--x', 'dests', '--y', 'meanLatency', '-o', join(dir, 'p.svg')]);
    expect(ok.status).toBe(0);
  });
  it('runUntil with traffic: isolated is refused before anything runs', () => {
    const e = parseExperiment(
      {
        name: 'until',
        base: { topology: 'mesh:4x4', algorithm: 'dual-path', dests: 3, traffic: 'isolated', sets: 3 },
        runUntil: { relativeHalfWidth: 0.05, maxCycles: 1000 },
        replications: 2,
      },
      'until.yaml',
    );
    // was: accepted here, refused by the worker once the sweep had printed its first line
    expect(() => expandGrid(e, 'until.yaml')).toThrow(
      /until\.yaml: point \(base\): runUntil \(--until\): does not apply to traffic: isolated/,
    );
  });
  it('the progress line counts the sets the interval is over, not only the replications', () => {
    const p = {
      config: { traffic: 'isolated' },
      replications: [{ result: { sets: 12 } }, { result: { sets: 12 } }],
      run: { wallMs: 100 },
      summary: {
        metrics: { meanLatency: { mean: 30, halfWidth: 1, lo: 29, hi: 31, n: 24, sd: 2 } },
        saturated: false,
        saturation: [],
        incomplete: [],
        ci: null,
        batchMeans: null,
        saturatedReplications: 0,
      },
    } as unknown as StoredPoint;
    // was: "(2 replications)"
    expect(pointLine(p, 'dests=3', 1, 1)).toMatch(/\(24 sets in 2 replications\)/);
    const dynamic = { ...p, config: { traffic: undefined } } as unknown as StoredPoint;
    expect(pointLine(dynamic, 'dests=3', 1, 1)).toMatch(/\(2 replications\)/);
  });
});

describe('the public API (src/index.ts)', () => {
  it('exports the seed units, the drawn destination counts and isolated multicasts', async () => {
    expect(lib.resolveUnits({ units: 'seed004', interarrivalUs: 300 }, 16)).toMatchObject({
      flits: 16,
      cycleUs: 0.4,
      load: 16 / 750,
    });
    expect(lib.loadForInterarrivalUs(lib.UNIT_PRESETS.seed004!, 300)).toBeCloseTo(16 / 750, 12);
    expect(lib.destCountRange(10, 63)).toEqual({ lo: 1, hi: 19 });
    expect(lib.drawDestCount(45, 63, 0)).toBe(27);
    const r = await lib.runIsolated({
      topology: 'hypercube:4',
      algorithm: 'u-cube',
      dests: 3,
      sets: 4,
      flits: 16,
      seed: 2,
      options: {},
    });
    expect(r.latency.n).toBe(4);
    expect(r.perSet.destinations).toEqual([3, 3, 3, 3]);
  });
});

describe('reproduce: output directories and --list', () => {
  it('--out that is a file: one wormcast: line, exit 2 (was an internal error, exit 1)', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    const r = await runMain(['reproduce', '000-fig6', '--out', file]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`wormcast: --out ${file}: ${file} exists and is not a directory\n`);
    expect(r.stdout).toBe('');
  });
  it('--out under /proc: refused at once (Node 20 mkdirSync recursive loops there forever)', async () => {
    const r = await runMain(['reproduce', '000-fig6', '--out', '/proc/wormcast-nope'], 5_000);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^wormcast: --out \/proc\/wormcast-nope: cannot create the directory/);
  });
  it('makeOutputDir makes the missing levels and accepts an existing directory', () => {
    const deep = join(dir, 'a', 'b', 'c');
    makeOutputDir(deep, '--out x');
    expect(existsSync(deep)).toBe(true);
    makeOutputDir(deep, '--out x');
    const file = join(dir, 'a-file-2');
    writeFileSync(file, 'x');
    expect(() => makeOutputDir(join(file, 'x'), '--out y')).toThrow(
      /^wormcast: --out y: cannot use .*a-file-2\/x \(ENOTDIR\)$/,
    );
  });
  it('--list refuses ids and run options it would ignore', async () => {
    const ids = await runMain(['reproduce', '--list', '004-fig7.4']);
    expect(ids.status).toBe(2);
    expect(ids.stderr).toMatch(/^wormcast: reproduce --list: the ids 004-fig7\.4 would be ignored/);
    const quick = await runMain(['reproduce', '--list', '--quick']);
    expect(quick.status).toBe(2);
    expect(quick.stderr).toBe(
      'wormcast: reproduce --list: --quick would be ignored (it lists the reproductions and runs none); leave it out\n',
    );
  });
  it('an id given twice runs once', async () => {
    const r = await runMain(['reproduce', '000-fig6', '000-fig6', '--out', join(dir, 'twice')]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/\n1 reproduction\(s\) in /);
  });
});

describe('tiny networks: the default slot count', () => {
  // was: "engine option slots: 8 must be an integer 16..33554432", an option nobody gave
  it('an isolated run on mesh:1x2 (fewer than 16 VCs) finishes with the defaults', async () => {
    const r = await runMain(['simulate', '--topology', 'mesh:1x2', '--traffic', 'isolated', '--sets', '2']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/2 random sets/);
  });
  it('a plan of hypercube:1 runs through simulate --plan', async () => {
    const plan = await runMain([
      'plan',
      '--topology',
      'hypercube:1',
      '--algorithm',
      'u-cube',
      '--source',
      '0',
      '--dests',
      '1',
      '--json',
    ]);
    expect(plan.status).toBe(0);
    const file = join(dir, 'hypercube1.json');
    writeFileSync(file, plan.stdout);
    const r = await runMain(['simulate', '--plan', file]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
