import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGridArg } from '../src/cli/commands/sweep.ts';
import type { StoredPoint } from '../src/experiment/sweep/store.ts';
import { runMain } from './cli-main.ts';

const dir = mkdtempSync(join(tmpdir(), 'wormcast-sweep-cli-'));

describe('wormcast sweep from the command line', () => {
  it('--grid: ranges, lists and single values; kebab-case option names', () => {
    expect(parseGridArg('load=0.01:0.2:0.01')).toEqual(['load', { from: 0.01, to: 0.2, step: 0.01 }]);
    expect(parseGridArg('algorithm=dual-path,multi-path')).toEqual(['algorithm', ['dual-path', 'multi-path']]);
    expect(parseGridArg('router-delay=1,2,4')).toEqual(['routerDelay', [1, 2, 4]]);
    expect(parseGridArg('topology=mesh:4x4,torus:4x4')).toEqual(['topology', ['mesh:4x4', 'torus:4x4']]);
    expect(parseGridArg('vc-links=true')).toEqual(['vcLinks', true]);
    expect(() => parseGridArg('load=0.1:0.2')).toThrow(/range '0\.1:0\.2' must be from:to:step/);
    expect(() => parseGridArg('load=0x10')).toThrow(/'0x10' is not a decimal number/);
    expect(() => parseGridArg('seed=1,2')).toThrow(/--grid seed: not an option of a point; use --seed/);
    expect(() => parseGridArg('flits=4:1,16:1')).toThrow(/a size mix cannot be a value of --grid/);
    expect(() => parseGridArg('sizes=4:1,16:1')).toThrow(/a size mix cannot be a value of --grid/);
    expect(parseGridArg('sizes=4:1')).toEqual(['sizes', '4:1']);
    expect(parseGridArg('flits=4:16:4')).toEqual(['flits', { from: 4, to: 16, step: 4 }]);
  });
  it('stores the resolved configuration, the seeds and the simulate --json of every replication', async () => {
    const out = join(dir, 'a.jsonl');
    const r = await runMain(
      [
        'sweep',
        '--topology',
        'mesh:4x4',
        '--grid',
        'algorithm=unicast,dual-path',
        '--dests',
        '3',
        '--load',
        '0.05',
        '--cycles',
        '1500',
        '--warmup',
        '200',
        '--drain',
        '1500',
        '--replications',
        '2',
        '--workers',
        '1',
        '--out',
        out,
        '--quiet',
      ],
      60_000,
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      `sweep sweep: 2 points (2 run, 0 already in ${out}); 0 saturated; results: wormcast results ${out}\n`,
    );
    const pts = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as StoredPoint)
      .sort((a, b) => a.index - b.index);
    expect(pts[1]!.config).toMatchObject({
      algorithm: 'dual-path',
      routing: 'label',
      dests: 3,
      port: 'all',
      consumption: 'vc',
      load: 0.05,
      cycles: 1500,
    });
    expect(pts[0]!.config).toMatchObject({ algorithm: 'unicast', dests: 0, port: 'one', consumption: 'port' });
    for (const p of pts) {
      expect(p.replications).toHaveLength(2);
      for (const rep of p.replications)
        expect(Object.keys(rep.result)).toEqual(
          expect.arrayContaining([
            'status',
            'meanLatency',
            'accepted',
            'generated',
            'flitHops',
            'multicasts',
            'completed',
            'window',
            'deadlock',
          ]),
        );
    }
    expect(pts[0]!.replications[0]!.seed).not.toBe(pts[0]!.replications[1]!.seed);
  });
  it('--flits takes a size mix as simulate does, and the point is the one --sizes gives', async () => {
    const args = (sizes: string[], out: string) => [
      'sweep',
      '--topology',
      'torus:4x4',
      '--grid',
      'pattern=uniform,tornado',
      ...sizes,
      '--load',
      '0.05',
      '--cycles',
      '800',
      '--warmup',
      '100',
      '--drain',
      '800',
      '--replications',
      '1',
      '--workers',
      '1',
      '--out',
      out,
      '--quiet',
    ];
    const a = join(dir, 'mix-a.jsonl');
    const r = await runMain(args(['--flits', '4:1,16:1'], a), 60_000);
    expect(r.stderr).not.toMatch(/wormcast:/);
    expect(r.status).toBe(0);
    const rows = readFileSync(a, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as StoredPoint);
    expect(rows.map((p) => p.config.sizes)).toEqual(['4:1,16:1', '4:1,16:1']);
    // written as --sizes, the same points: found in the store, nothing run
    const again = await runMain(args(['--sizes', '4:1,16:1'], a), 60_000);
    expect(again.stdout).toContain('2 points (0 run, 2 already in');
  });
  it('a replication re-run alone with wormcast simulate gives the stored numbers', async () => {
    const out = join(dir, 'a.jsonl');
    const p = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as StoredPoint)
      .find((x) => x.config.algorithm === 'dual-path')!;
    const rep = p.replications[1]!;
    const c = p.config;
    const r = await runMain([
      'simulate',
      '--topology',
      c.topology,
      '--algorithm',
      c.algorithm,
      '--dests',
      String(c.dests),
      '--load',
      String(c.load),
      '--cycles',
      String(c.cycles),
      '--warmup',
      String(c.warmup),
      '--drain',
      String(c.drain),
      '--seed',
      String(rep.seed),
      '--json',
    ]);
    expect(r.status).toBe(0);
    const alone = JSON.parse(r.stdout) as Record<string, unknown>;
    for (const k of ['meanLatency', 'maxLatency', 'accepted', 'generated', 'flitHops', 'multicasts', 'completed'])
      expect(alone[k], k).toEqual(rep.result[k]);
    // the command `results --format json` gives for it runs the same
    const json = JSON.parse((await runMain(['results', out, '--format', 'json'])).stdout) as Array<{
      index: number;
      commands: string[];
    }>;
    const cmd = json.find((x) => x.index === p.index)!.commands[1]!;
    expect(cmd).toMatch(/^wormcast simulate --topology mesh:4x4 --routing label --algorithm dual-path --dests 3 /);
    const again = await runMain(cmd.split(' ').slice(1));
    expect(again.status).toBe(0);
    // every result field equal; `config` echoes the input (the stored command spells out the default watchdog)
    // `timing` is what each run cost, not a result (docs/cli.md): compared without it
    const { config: againConfig, timing: againTiming, ...againResult } = JSON.parse(again.stdout);
    const {
      config: aloneConfig,
      timing: aloneTiming,
      ...aloneResult
    } = alone as { config: { options: object }; timing: object };
    expect(againTiming).toHaveProperty('runCpuMs');
    expect(aloneTiming).toHaveProperty('runCpuMs');
    expect(againResult).toEqual(aloneResult);
    expect(againConfig).toEqual({ ...aloneConfig, options: { ...aloneConfig.options, watchdog: 1000 } });
  });
  it('exits 3 with a warning when points measured nothing; 2 for a bad --until', async () => {
    const r = await runMain(
      [
        'sweep',
        '--topology',
        'mesh:2x2',
        '--load',
        '0.000001',
        '--cycles',
        '10',
        '--warmup',
        '0',
        '--drain',
        '0',
        '--replications',
        '2',
        '--workers',
        '1',
        '--out',
        join(dir, 'b.jsonl'),
        '--quiet',
      ],
      60_000,
    );
    expect(r.status).toBe(3);
    expect(r.stdout).toMatch(/^sweep sweep: 1 point \(1 run, 0 already in /);
    expect(r.stderr.trim().split('\n').at(-1)).toMatch(
      /^wormcast: warning: sweep: 1 point has runs that measured nothing/,
    );
    const u = await runMain(['sweep', '--topology', 'mesh:4x4', '--load', '0.1', '--until', '0.05']);
    expect(u.status).toBe(2);
    expect(u.stderr).toBe("wormcast: --until: give --max-cycles <N> too (the cap on a point's measured cycles)\n");
    const n = await runMain(['sweep']);
    expect(n.status).toBe(2);
    expect(n.stderr).toMatch(/^wormcast: sweep: give an experiment file, or --grid/);
  });
  it('a store of --warmup auto points is read back by results, plot, report and the resume (found by bench/fuzz-commands.ts)', async () => {
    // the stored point keeps warmup 'auto' as it was given; the store's schema took only a number,
    // so every reader refused the store the sweep had just written (exit 2, "not a stored point")
    const out = join(dir, 'auto.jsonl');
    const args = ['sweep', '--topology', 'mesh:4x4', '--load', '0.05', '--warmup', 'auto', '--cycles', '300'];
    args.push('--drain', '300', '--replications', '1', '--workers', '1', '--out', out, '--quiet');
    expect((await runMain(args, 60_000)).status).toBe(0);
    const results = await runMain(['results', out, '--format', 'json']);
    expect(results.stderr).toBe('');
    expect(JSON.parse(results.stdout)).toHaveLength(1);
    expect((await runMain(['plot', out, '-o', join(dir, 'auto.svg')], 60_000)).status).toBe(0);
    expect((await runMain(['report', out, '-o', join(dir, 'auto.html')], 60_000)).status).toBe(0);
    const again = await runMain(args, 60_000);
    expect(again.stdout).toContain('1 point (0 run, 1 already in');
  });
  it('--out blank and --metrics of no metric name the flag (found by bench/fuzz-commands.ts)', async () => {
    // --out ' ' wrote a store named ' ' in the working directory and ran; --out '' said
    // "--out : cannot open the result file: ENOENT"; --metrics '' was "statistics.metrics[0]: ''"
    const base = ['sweep', '--topology', 'mesh:4x4', '--load', '0.1', '--cycles', '200', '--replications', '1'];
    for (const blank of ['', ' ']) {
      const r = await runMain([...base, '--out', blank]);
      expect(r.stderr).toBe(
        'wormcast: sweep --out: an empty path; give a result file (e.g. --out sweep.results.jsonl)\n',
      );
      expect(r.status).toBe(2);
    }
    const m = await runMain([...base, '--metrics', 'meanLatency,meanLatncy', '--out', join(dir, 'm.jsonl')]);
    expect(m.stderr).toMatch(
      /^wormcast: --metrics 'meanLatncy': not a metric \(did you mean 'meanLatency'\?\); expected one of meanLatency, meanNetworkLatency, /,
    );
    expect(m.status).toBe(2);
  });
  it('an option given twice, or as a flag and a grid axis, is not dropped in silence (found by bench/fuzz-commands.ts)', async () => {
    // --grid load=0.1 --grid load=0.2 ran load 0.2 alone; --grid load=0.1 --load 0.2 ran 0.1 alone
    const base = ['sweep', '--topology', 'mesh:4x4', '--cycles', '200', '--warmup', '0', '--drain', '200'];
    const run = ['--replications', '1', '--workers', '1', '--quiet'];
    const twice = await runMain([
      ...base,
      '--grid',
      'load=0.1',
      '--grid',
      'load=0.2',
      ...run,
      '--out',
      join(dir, 't.jsonl'),
    ]);
    expect(twice.stderr).toBe('wormcast: --grid load: given twice; give all its values in one (--grid load=0.1,0.2)\n');
    expect(twice.status).toBe(2);
    const both = await runMain([...base, '--grid', 'load=0.1', '--load', '0.2', ...run, '--out', join(dir, 'b.jsonl')]);
    expect(both.stderr).toBe(
      'wormcast: --load and --grid load: give one (the flag sets the value of every point, the grid axis varies it)\n',
    );
    expect(both.status).toBe(2);
    // a flag over a file's grid axis replaces the axis, as it replaces the file's base value
    const file = join(dir, 'axis.yaml');
    writeFileSync(
      file,
      'name: axis\nbase: {topology: "mesh:4x4", cycles: 200, warmup: 0, drain: 200}\ngrid: {load: [0.1, 0.3]}\n',
    );
    const out = join(dir, 'axis.jsonl');
    const over = await runMain(['sweep', file, '--load', '0.2', ...run, '--out', out], 60_000);
    expect(over.status).toBe(0);
    const loads = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as StoredPoint).config.load);
    expect(loads).toEqual([0.2]);
  });
});
