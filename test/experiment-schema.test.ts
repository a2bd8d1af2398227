import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WormcastError } from '../src/errors.ts';
import { decimalRange } from '../src/experiment/config/decimal-range.ts';
import { readExperimentFile } from '../src/experiment/config/experiment-file.ts';
import { expandGrid } from '../src/experiment/config/grid.ts';
import { parseExperiment } from '../src/experiment/config/schema.ts';
import { runMain } from './cli-main.ts';

const dir = mkdtempSync(join(tmpdir(), 'wormcast-schema-'));

/** The one error line of a bad experiment. */
function errorOf(data: unknown, source = 'experiment.yaml'): string {
  try {
    const e = parseExperiment(data, source);
    expandGrid(e, source);
  } catch (err) {
    expect(err).toBeInstanceOf(WormcastError);
    const msg = (err as Error).message;
    expect(msg).not.toContain('\n');
    return msg;
  }
  throw new Error('no error');
}

const good = { name: 'x', base: { topology: 'mesh:4x4' }, grid: { load: [0.1, 0.2] } };

describe('experiment files: one line per kind of mistake', () => {
  it('a bad range step names the field path, the value and what is valid', () => {
    expect(errorOf({ ...good, grid: { load: { from: 0.01, to: 0.2, step: -0.1 } } })).toBe(
      'wormcast: experiment.yaml: grid.load.step: -0.1 must be > 0',
    );
  });
  it('an unknown key, with a did-you-mean', () => {
    expect(errorOf({ ...good, replicatons: 3 })).toMatch(
      /^wormcast: experiment\.yaml: replicatons: unknown key \(did you mean 'replications'\?\); expected one of name, /,
    );
    expect(errorOf({ ...good, base: { topology: 'mesh:4x4', 'router-delay': 2 } })).toMatch(
      /base\.router-delay: unknown key \(did you mean 'routerDelay'\?\)/,
    );
    expect(errorOf({ ...good, grid: { lod: [0.1] } })).toMatch(/grid\.lod: unknown option \(did you mean 'load'\?\)/);
  });
  it('a value of the wrong type', () => {
    expect(errorOf({ ...good, replications: 'five' })).toBe(
      "wormcast: experiment.yaml: replications: 'five' must be a number",
    );
    expect(errorOf({ ...good, base: { topology: 'mesh:4x4', vcs: 1.5 } })).toBe(
      'wormcast: experiment.yaml: base.vcs: 1.5 must be an integer',
    );
  });
  it('a number out of range', () => {
    expect(errorOf({ ...good, base: { topology: 'mesh:4x4', vcs: 65 } })).toBe(
      'wormcast: experiment.yaml: base.vcs: 65 must be <= 64',
    );
    expect(errorOf({ ...good, grid: { load: [0.1, -1] } })).toBe(
      'wormcast: experiment.yaml: grid.load[1]: -1 must be >= 1e-9',
    );
  });
  it('an infinite number is named as such, not as null (found by bench/fuzz-commands.ts)', async () => {
    // YAML .inf and JSON 1e999 are Infinity, which JSON.stringify printed as null
    expect(errorOf({ ...good, base: { topology: 'mesh:4x4', drain: Number.POSITIVE_INFINITY } })).toBe(
      'wormcast: experiment.yaml: base.drain: Infinity must be a number (finite)',
    );
    const file = join(dir, 'inf.yaml');
    writeFileSync(file, 'name: a\nbase: {topology: "mesh:4x4", load: 0.1, drain: -.inf}\n');
    const r = await runMain(['sweep', file, '--out', join(dir, 'inf.jsonl')]);
    expect(r.stderr).toBe(`wormcast: ${file}: base.drain: -Infinity must be a number (finite)\n`);
    expect(r.status).toBe(2);
  });
  it('(finite) is said of a number expected, not of a text (found by bench/fuzz-commands.ts)', () => {
    expect(errorOf({ ...good, name: Number.POSITIVE_INFINITY })).toBe(
      'wormcast: experiment.yaml: name: Infinity must be a string',
    );
  });
  it('a value of an option that takes a word or a mix besides an integer is named (found by bench/fuzz-commands.ts)', () => {
    // the union's message said what is valid but not what was given
    expect(errorOf({ ...good, base: { topology: 'mesh:4x4', warmup: 1.5 } })).toBe(
      'wormcast: experiment.yaml: base.warmup: 1.5 must be an integer 0..1073741824 or auto',
    );
    expect(errorOf({ ...good, grid: { flits: [4, 'x'] } })).toBe(
      "wormcast: experiment.yaml: grid.flits[1]: 'x' must be an integer 1..16777216 or a size mix size:weight,... (e.g. 4:1,16:1)",
    );
  });
  it('a name that is not one of the choices, with a did-you-mean', () => {
    expect(
      errorOf({ ...good, grid: { algorithm: ['dual-path', 'multi-pth'] }, base: { topology: 'mesh:4x4', dests: 3 } }),
    ).toMatch(
      /^wormcast: experiment\.yaml: grid\.algorithm\[1\]: 'multi-pth' is not valid \(did you mean 'multi-path'\?\); expected one of unicast, /,
    );
  });
  it('a required field missing', () => {
    expect(errorOf({ base: { topology: 'mesh:4x4', load: 0.1 } })).toBe(
      'wormcast: experiment.yaml: name: missing; give a string',
    );
    expect(errorOf({ name: 'x', grid: { load: [0.1] } })).toMatch(
      /point load=0\.1: topology: missing; set it in base or grid/,
    );
  });
  it('one value of a text option is a grid of one point (routing: dor, sizes: 4:1), as one number is', () => {
    const e = parseExperiment(
      { name: 'one', base: { topology: 'mesh:4x4', load: 0.1 }, grid: { routing: 'dor', sizes: '4:1,16:1', vcs: 2 } },
      'x.yaml',
    );
    const points = expandGrid(e, 'x.yaml');
    expect(points).toHaveLength(1);
    expect(points[0]!.config).toMatchObject({ routing: 'dor', sizes: '4:1,16:1', vcs: 2 });
  });
  it('a base self: true holds at the points where it changes the run; elsewhere the point says false and its command has no --self (which simulate refuses there)', async () => {
    const { simulateCommand } = await import('../src/experiment/config/point-config.ts');
    const point = (algorithm: string, pattern: string) =>
      expandGrid(
        parseExperiment(
          {
            name: 's',
            base: { topology: 'mesh:4x4', load: 0.05, self: true, ...(algorithm === 'unicast' ? {} : { dests: 3 }) },
            grid: { algorithm, pattern, ...(pattern === 'hotspot' ? { hotspots: '5' } : {}) },
          },
          's.yaml',
        ),
        's.yaml',
      )[0]!.config;
    expect(point('unicast', 'uniform').self).toBe(true);
    expect(point('unicast', 'hotspot').self).toBe(true);
    expect(point('unicast', 'transpose').self).toBe(false);
    expect(point('dual-path', 'uniform').self).toBe(false);
    expect(simulateCommand(point('unicast', 'uniform'), 1)).toContain(' --self');
    expect(simulateCommand(point('unicast', 'transpose'), 1)).not.toContain('--self');
    // the command a point gives runs: simulate refuses --self only where it would be ignored
    const args = simulateCommand({ ...point('unicast', 'transpose'), cycles: 300, warmup: 50, drain: 300 }, 1).split(
      ' ',
    );
    const r = await runMain(args.slice(1));
    expect(r.status).toBe(0);
  });
  it('hotspots may be an integer or a list of integers, read as the text the CLI takes (hotspots: 5 was refused)', async () => {
    const base = { topology: 'mesh:4x4', load: 0.05, pattern: 'hotspot' };
    const one = expandGrid(parseExperiment({ name: 'h', base: { ...base, hotspots: 5 } }, 'h.yaml'), 'h.yaml');
    expect(one[0]!.config).toMatchObject({ hotspots: '5' });
    const list = expandGrid(parseExperiment({ name: 'h', base: { ...base, hotspots: [5, 9] } }, 'h.yaml'), 'h.yaml');
    expect(list[0]!.config).toMatchObject({ hotspots: '5,9' });
    // the same point as the text form: one key, so a result file's finished points are found again
    const text = expandGrid(parseExperiment({ name: 'h', base: { ...base, hotspots: '5,9' } }, 'h.yaml'), 'h.yaml');
    expect(list[0]!.config).toEqual(text[0]!.config);
    // in a grid a list is its points; a point may itself be a list
    const grid = expandGrid(
      parseExperiment({ name: 'h', base, grid: { hotspots: [5, [0, 9], '3'] } }, 'h.yaml'),
      'h.yaml',
    );
    expect(grid.map((p) => p.config.hotspots)).toEqual(['5', '0,9', '3']);
    expect(errorOf({ name: 'h', base: { ...base, hotspots: -1 } })).toBe(
      'wormcast: experiment.yaml: base.hotspots: -1 must be >= 0',
    );
    expect(errorOf({ name: 'h', base: { ...base, hotspots: [] } })).toBe(
      'wormcast: experiment.yaml: base.hotspots: an empty list; give at least 1 value',
    );
    expect(errorOf({ name: 'h', base: { ...base, hotspots: 2.5 } })).toBe(
      'wormcast: experiment.yaml: base.hotspots: 2.5 must be node ids: an integer, a list of integers or a text such as "0,9,27"',
    );
    // the library takes the same forms
    const { simulate } = await import('../src/index.ts');
    const r = await simulate({
      topology: 'mesh:4x4',
      load: 0.05,
      pattern: 'hotspot',
      hotspots: [5, 9] as unknown as string,
      cycles: 200,
      warmup: 50,
      drain: 100,
    });
    const s = await simulate({
      topology: 'mesh:4x4',
      load: 0.05,
      pattern: 'hotspot',
      hotspots: '5,9',
      cycles: 200,
      warmup: 50,
      drain: 100,
    });
    expect(r.meanLatency).toBe(s.meanLatency);
  });
  it('an empty list, a reversed range, a range of a non-numeric option', () => {
    expect(errorOf({ ...good, grid: { load: [] } })).toBe(
      'wormcast: experiment.yaml: grid.load: an empty list; give at least one value',
    );
    expect(errorOf({ ...good, grid: { load: { from: 0.3, to: 0.1, step: 0.1 } } })).toBe(
      'wormcast: experiment.yaml: grid.load.to: 0.1 must be >= from (0.3)',
    );
    expect(errorOf({ ...good, grid: { algorithm: { from: 1, to: 2, step: 1 } } })).toMatch(
      /grid\.algorithm: a range needs a numeric option/,
    );
  });
  it('a seed among the point options points at the experiment seed', () => {
    expect(errorOf({ ...good, base: { topology: 'mesh:4x4', seed: 3 } })).toMatch(
      /base\.seed: not an option of a point; use the experiment's own top-level 'seed'/,
    );
  });
  it('a bad topology and an impossible combination name the point', () => {
    expect(errorOf({ ...good, base: { topology: 'mesh:4' } })).toMatch(
      /^wormcast: experiment\.yaml: base\.topology: 'mesh:4' is not a topology: /,
    );
    expect(errorOf({ ...good, base: { topology: 'mesh:4x4', algorithm: 'dual-path' } })).toMatch(
      /point load=0\.1: dests: missing; a multicast \(dual-path\) needs dests, 1\.\.15 on mesh:4x4/,
    );
    expect(errorOf({ ...good, base: { topology: 'mesh:4x4', flits: 4 }, grid: { load: [8] } })).toMatch(
      /load: 8 must be <= flits \(4\)/,
    );
  });
  it('a file that is not YAML or not JSON: one line with the position', () => {
    const y = join(dir, 'bad.yaml');
    writeFileSync(y, 'name: x\nbase: [unclosed\n');
    expect(() => readExperimentFile(y)).toThrow(/bad\.yaml: not valid YAML at line \d+, column \d+/);
    const j = join(dir, 'bad.json');
    writeFileSync(j, '{"name": "x",}');
    expect(() => readExperimentFile(j)).toThrow(/bad\.json: not valid JSON: /);
    expect(() => readExperimentFile(join(dir, 'missing.yaml'))).toThrow(
      /missing\.yaml: cannot read the experiment file \(ENOENT\)/,
    );
  });
  it('the CLI prints the one line and exits 2, never a stack trace', async () => {
    const f = join(dir, 'experiment.yaml');
    writeFileSync(f, 'name: x\nbase: {topology: "mesh:4x4"}\ngrid:\n  load: {from: 0.01, to: 0.2, step: -0.1}\n');
    const r = await runMain(['sweep', f, '--workers', '1']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`wormcast: ${f}: grid.load.step: -0.1 must be > 0\n`);
    const g = await runMain(['sweep', '--topology', 'mesh:4x4', '--grid', 'lod=0.1']);
    expect(g.status).toBe(2);
    expect(g.stderr).toMatch(/^wormcast: --grid lod: unknown option \(did you mean 'load'\?\)/);
  });
});

describe('the options of a point are the options of simulate', () => {
  it('every simulate option of a dynamic-traffic run is an experiment option, with the same name', async () => {
    const { Command } = await import('commander');
    const { registerSimulate } = await import('../src/cli/commands/simulate.ts');
    const { OPTION_KEYS } = await import('../src/experiment/config/options.ts');
    const program = new Command('wormcast');
    registerSimulate(program);
    const simulate = program.commands[0]!.options.map((o) => o.attributeName());
    const notPoints = ['plan', 'scenario', 'example', 'json', 'seed'];
    expect(simulate.filter((k) => !notPoints.includes(k)).sort()).toEqual([...OPTION_KEYS].sort());
  });
});

describe('grids', () => {
  it('0.01..0.2 step 0.01 is 20 points, exactly the decimals, ending at 0.2', () => {
    const pts = decimalRange(0.01, 0.2, 0.01);
    expect(pts).toHaveLength(20);
    expect(pts).toEqual(Array.from({ length: 20 }, (_, i) => Number(`${i + 1}e-2`)));
    expect(pts.at(-1)).toBe(0.2);
    expect(pts[2]).toBe(0.03);
  });
  it('property: every point of a decimal range is the double nearest its decimal value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 4 }),
        (f, s, n, k) => {
          const from = Number(`${f}e-${k}`);
          const step = Number(`${s}e-${k}`);
          const to = Number(`${f + s * n}e-${k}`);
          const pts = decimalRange(from, to, step);
          expect(pts).toHaveLength(n + 1);
          pts.forEach((p, i) => expect(p).toBe(Number(`${f + s * i}e-${k}`)));
        },
      ),
      { numRuns: 200 },
    );
  });
  it('the first key varies slowest; defaults are resolved (node model per algorithm); equal points are one', () => {
    const e = parseExperiment(
      {
        name: 'x',
        base: { topology: 'mesh:4x4', dests: 3 },
        grid: { algorithm: ['unicast', 'dual-path'], load: [0.1, 0.2] },
      },
      't',
    );
    const pts = expandGrid(e, 't');
    expect(pts.map((p) => [p.values.algorithm, p.values.load])).toEqual([
      ['unicast', 0.1],
      ['unicast', 0.2],
      ['dual-path', 0.1],
      ['dual-path', 0.2],
    ]);
    expect(pts[0]!.config).toMatchObject({
      topology: 'mesh:4x4',
      routing: 'dor',
      dests: 0,
      port: 'one',
      consumption: 'port',
      flits: 16,
      vcs: 1,
      buffer: 8,
      cycles: 10_000,
      warmup: 1000,
      drain: 10_000,
      watchdog: 1000,
    });
    expect(pts[2]!.config).toMatchObject({ routing: 'label', dests: 3, consumption: 'vc' });
    // dests does not apply to unicast: two unicast points with different dests are the same point
    const d = expandGrid(
      parseExperiment(
        {
          name: 'x',
          base: { topology: 'mesh:4x4', load: 0.1 },
          grid: { dests: [2, 3], algorithm: ['unicast', 'dual-path'] },
        },
        't',
      ),
      't',
    );
    expect(d.map((p) => `${p.config.algorithm}/${p.config.dests}`)).toEqual([
      'unicast/0',
      'dual-path/2',
      'dual-path/3',
    ]);
  });
});

describe('the shipped example experiments', () => {
  const examples = new URL('../examples/experiments/', import.meta.url);
  const files = readdirSync(examples).filter((f) => f.endsWith('.yaml'));
  it.each(files)('%s is valid and expands into points', (f) => {
    const path = new URL(f, examples).pathname;
    const e = readExperimentFile(path);
    expect(e.name).toBe(f.replace(/\.yaml$/, ''));
    expect(expandGrid(e, path).length).toBeGreaterThan(1);
  });
  it('include the BookSim2 mesh and dual-path against multi-path', () => {
    expect(files).toEqual(expect.arrayContaining(['booksim-8x8-mesh.yaml', 'mesh-8x8-dual-vs-multi-path.yaml']));
  });
});
