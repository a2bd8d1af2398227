import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { stdoutErrorLine } from '../src/cli/main.ts';
import { readInput } from '../src/experiment/config/input-file.ts';
import { dataTooDeep, jsonTooDeep } from '../src/experiment/config/nesting.ts';
import { writeFileWhole } from '../src/experiment/config/output-file.ts';
import { parseExperiment } from '../src/experiment/config/schema.ts';
import { readStore, ResultStore, type StoredPoint } from '../src/experiment/sweep/store.ts';
import { runSweep } from '../src/experiment/sweep/sweep.ts';
import type { SweepProgress } from '../src/experiment/sweep/sweep-progress.ts';
import { runMain } from './cli-main.ts';

/*
 * The causes of issue 25 ("Hardening, part two"), one test each: every one must answer with a
 * clean result or one `wormcast:` line and exit 2, within seconds.
 */

const dir = mkdtempSync(join(tmpdir(), 'wormcast-harden-'));
const quiet: SweepProgress = { start() {}, started() {}, finished() {}, stop() {} };
let good = '';
let goodLine = '';

/** A one-line error answer: exit 2, one `wormcast: ` line matching `re`, nothing on stdout. */
function refused(r: { status: number; stdout: string; stderr: string }, re: RegExp): void {
  expect(r.stdout).toBe('');
  expect(r.stderr.split('\n').filter((l) => l !== '')).toHaveLength(1);
  expect(r.stderr).toMatch(/^wormcast: /);
  expect(r.stderr).not.toMatch(/internal error/);
  expect(r.stderr).toMatch(re);
  expect(r.status).toBe(2);
}

beforeAll(async () => {
  good = join(dir, 'good.jsonl');
  const e = parseExperiment(
    {
      name: 'h',
      base: { topology: 'mesh:4x4', warmup: 100, cycles: 400, drain: 400 },
      grid: { load: [0.05, 0.1] },
      replications: 2,
    },
    't',
  );
  await runSweep(e, 't', { out: good, workers: 0, fresh: false, progress: quiet });
  goodLine = readFileSync(good, 'utf8').split('\n')[0]!;
}, 60_000);

/** A store whose second line is the first point with `edit` applied. */
function storeWith(name: string, edit: (p: StoredPoint & Record<string, unknown>) => void): string {
  const p = JSON.parse(goodLine) as StoredPoint & Record<string, unknown>;
  edit(p);
  const file = join(dir, name);
  writeFileSync(file, `${goodLine}\n${JSON.stringify(p)}\n`);
  return file;
}

describe('stored rows: one schema on read (results, plot, sweep resume)', () => {
  it('a good store reads and prints', async () => {
    expect(readStore(good).points.size).toBe(2);
    const r = await runMain(['results', good, '--format', 'csv']);
    expect(r.status).toBe(0);
    expect(r.stdout).not.toMatch(/\[object Object\]|undefined/);
  });
  const cases: Array<[string, (p: StoredPoint & Record<string, unknown>) => void, RegExp]> = [
    ['index a string', (p) => Object.assign(p, { index: '3' }), /:2: not a stored point: index: "3" must be a number/],
    [
      'a grid value an object ([object Object] before)',
      (p) => Object.assign(p, { values: { load: { x: 1 } } }),
      /:2: not a stored point: values\.load: \{"x":1\} must be a string, a number or a boolean/,
    ],
    [
      'a metric mean a string',
      (p) => {
        (p.summary.metrics.meanLatency as unknown as Record<string, unknown>).mean = 'abc';
      },
      /:2: not a stored point: summary\.metrics\.meanLatency\.mean: "abc" must be a number/,
    ],
    [
      'replications not a list (undefined before)',
      (p) => Object.assign(p, { replications: 5 }),
      /:2: not a stored point: replications: 5 must be a list/,
    ],
    [
      'summary.incomplete missing',
      (p) => {
        delete (p.summary as unknown as Record<string, unknown>).incomplete;
      },
      /:2: not a stored point: summary\.incomplete: missing/,
    ],
    [
      'config.topology a number',
      (p) => {
        (p.config as unknown as Record<string, unknown>).topology = 7;
      },
      /:2: not a stored point: config\.topology: 7 must be a string/,
    ],
  ];
  for (const [name, edit, re] of cases) {
    it(`${name}: results and plot exit 2 naming the line`, async () => {
      const file = storeWith(`${name.replace(/\W+/g, '-')}.jsonl`, edit);
      refused(await runMain(['results', file]), re);
      refused(await runMain(['plot', file, '-o', join(dir, 'x.svg')]), re);
      expect(() => readStore(file)).toThrow(`${file}:2: not a stored point`);
    });
  }
  it('sweep resume reads the same schema: a damaged stored point stops it before any point runs', async () => {
    const file = storeWith('resume.jsonl', (p) => Object.assign(p, { key: 12 }));
    const e = parseExperiment({ name: 'h', base: { topology: 'mesh:4x4', load: 0.05 }, replications: 1 }, 't');
    await expect(runSweep(e, 't', { out: file, workers: 0, fresh: false, progress: quiet })).rejects.toThrow(
      /resume\.jsonl:2: not a stored point: key: 12 must be a string/,
    );
  });
  it('a line that is not a stored point at all (not JSON, no "v": 1) is still skipped with a warning', async () => {
    const file = join(dir, 'hand.jsonl');
    writeFileSync(file, `${goodLine}\nnot json\n{"note": 1}\n`);
    const r = await runMain(['results', file]);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe(`wormcast: warning: ${file}: lines 2, 3 not a stored point; skipped\n`);
  });
});

describe('a store with no point to show: results, plot and report say the same (found by bench/fuzz-commands.ts)', () => {
  const readers = (file: string, ...more: string[]) => [
    ['results', file, ...more],
    ['plot', file, ...more, '-o', join(dir, 'none.svg')],
    ['report', file, ...more, '-o', join(dir, 'none.html')],
  ];
  it('a missing file is named as missing, not as a file without points', async () => {
    const file = join(dir, 'missing.jsonl');
    for (const argv of readers(file))
      refused(await runMain(argv), new RegExp(`^wormcast: ${argv[0]}: ${file}: no such file; give a result file`));
  });
  it('a file of lines that are no stored point is exit 2 for results too (it printed an empty table, exit 0)', async () => {
    const file = join(dir, 'hand-only.jsonl');
    writeFileSync(file, 'not json\n{"note": 1}\n');
    for (const argv of readers(file))
      refused(
        await runMain(argv),
        new RegExp(`^wormcast: ${argv[0]}: ${file} holds no finished point \\(lines 1, 2 not a stored point\\); run`),
      );
  });
  it("report names the file once, in one wormcast: line (it nested the reader's line in its own)", async () => {
    refused(
      await runMain(['report', dir, '-o', join(dir, 'd.html')]),
      /^wormcast: report .*: a directory, not a result file/,
    );
  });
  it('--experiment of no point names those the file holds', async () => {
    const file = join(dir, 'hand-and-good.jsonl');
    writeFileSync(file, `not json\n${goodLine}\n`);
    for (const argv of readers(file, '--experiment', 'nope').slice(0, 2))
      refused(
        await runMain(argv),
        new RegExp(`^wormcast: ${argv[0]} --experiment 'nope': not in ${file}; it holds h\n$`),
      );
    const hand = join(dir, 'hand-only.jsonl');
    refused(await runMain(['results', hand, '--experiment', 'h']), /holds no finished point/);
  });
});

describe('bounded input', () => {
  it('/dev/zero as the input of results, plot, plot --reference and sweep: one line, refused as a device (never read)', async () => {
    refused(await runMain(['results', '/dev/zero']), /results \/dev\/zero: a device, not a result file/);
    refused(await runMain(['plot', '/dev/zero', '-o', join(dir, 'z.svg')]), /plot \/dev\/zero: a device/);
    refused(
      await runMain(['plot', good, '--reference', '/dev/zero', '-o', join(dir, 'z.svg')]),
      /plot --reference \/dev\/zero: a device, not a curve file/,
    );
    refused(await runMain(['sweep', '/dev/zero']), /\/dev\/zero: a device; expected an experiment file/);
  });
  it('a regular file over the limit is refused by its size; a pipe-like read stops at limit + 1', () => {
    const big = join(dir, 'big.txt');
    writeFileSync(big, 'x'.repeat(1000));
    const problem = (p: { kind: string }) => p.kind;
    expect(() => readInput(big, { limit: 999, problem })).toThrow('too-large');
    expect(readInput(big, { limit: 1000, problem }).length).toBe(1000);
    expect(() => readInput('/dev/zero', { limit: 1 << 16, devices: true, problem })).toThrow('too-large');
    expect(() => readInput('/dev/zero', { limit: 1 << 16, problem })).toThrow('device');
    expect(() => readInput(dir, { limit: 10, problem })).toThrow('directory');
  });
  it('a YAML alias bomb and an unknown anchor: one line each', async () => {
    const laughs = ['name: bomb', 'a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (const [k, prev] of [...'bcdefghi'].map((c, i) => [c, 'abcdefgh'[i]!]))
      laughs.push(`${k}: &${k} [${Array(9).fill(`*${prev}`).join(',')}]`);
    const bomb = join(dir, 'bomb.yaml');
    writeFileSync(bomb, `${laughs.join('\n')}\n`);
    refused(await runMain(['sweep', bomb]), /bomb\.yaml: YAML aliases expand to too much data \(more than 100/);
    const anchor = join(dir, 'anchor.yaml');
    writeFileSync(anchor, 'name: x\nbase: *nope\n');
    refused(await runMain(['sweep', anchor]), /anchor\.yaml: YAML alias \*nope names no anchor/);
  });
  it('a 200,000-deep JSON or YAML experiment file, and plan file: one line, no stack overflow', async () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    for (const ext of ['json', 'yaml']) {
      const f = join(dir, `deep.${ext}`);
      writeFileSync(f, deep);
      refused(await runMain(['sweep', f]), /nested deeper than 64 levels/);
    }
    const deepObject = join(dir, 'deep-object.json');
    writeFileSync(deepObject, `{"name":"x","base":${'{"a":'.repeat(200_000)}1${'}'.repeat(200_000)}}`);
    refused(await runMain(['sweep', deepObject]), /deep-object\.json: nested deeper than 64 levels \(line 1\)/);
    refused(await runMain(['simulate', '--plan', join(dir, 'deep.json')]), /--plan: line 1: nested deeper than 64/);
  });
  it('the depth checks are loops: strings with brackets do not count, shared subtrees are bounded', () => {
    expect(jsonTooDeep('{"a": "[[[[[[[[[["}', 3)).toBeNull();
    expect(jsonTooDeep('[[[\n[1]]]]', 3)).toEqual({ line: 2 });
    let x: unknown = 1;
    for (let i = 0; i < 100_000; i++) x = [x];
    expect(dataTooDeep(x)).toBe(true);
    expect(dataTooDeep({ a: [{ b: 1 }] })).toBe(false);
  });
});

describe('checked output', () => {
  it('sweep --out a device, a directory; reproduce --out an empty path: refused before anything runs', async () => {
    const args = ['sweep', '--topology', 'mesh:4x4', '--grid', 'load=0.05', '--workers', '1', '--out'];
    refused(await runMain([...args, '/dev/null']), /--out \/dev\/null: a device, not a result file/);
    refused(await runMain([...args, '/dev/full']), /--out \/dev\/full: a device, not a result file/);
    refused(await runMain([...args, dir]), /a directory, not a result file/);
    refused(await runMain(['reproduce', '004-fig6.1', '--out', '']), /reproduce --out: an empty path/);
    refused(await runMain(['reproduce', '004-fig6.1', '--report', ' ']), /reproduce --report: an empty path/);
  });
  it('a store append that fails (ENOSPC, /dev/full) is one line, cut back, and the store does not grow', () => {
    const file = join(dir, 'append.jsonl');
    writeFileSync(file, `${goodLine}\n`);
    const store = ResultStore.open(file);
    // the store's descriptor swapped for one on /dev/full: every write fails with ENOSPC
    (store as unknown as { fd: number }).fd = openSync('/dev/full', 'a');
    const p = JSON.parse(goodLine) as StoredPoint;
    expect(() => store.append({ ...p, key: 'other' }, 'point load=0.1')).toThrow(
      /^wormcast: --out .*append\.jsonl: cannot store point load=0\.1: ENOSPC \(no space left on the device\); the 1 points stored before it are kept/,
    );
    expect(store.get('other')).toBeUndefined();
    store.close();
    expect(readFileSync(file, 'utf8')).toBe(`${goodLine}\n`);
  });
  it('a whole file is written by rename: a failure leaves neither half a file nor a temporary one', () => {
    const out = join(dir, 'w');
    writeFileWhole(join(dir, 'w.txt'), 'hello', 'test');
    expect(readFileSync(join(dir, 'w.txt'), 'utf8')).toBe('hello');
    expect(() => writeFileWhole(join(out, 'missing', 'x.svg'), 'x', 'plot -o x.svg')).toThrow(
      /^wormcast: plot -o x\.svg: cannot write .*x\.svg: ENOENT \(no such directory\)$/,
    );
    expect(() => writeFileWhole(dir, 'x', 'plot -o d')).toThrow(/cannot write .*: a directory$/);
    expect(() => writeFileWhole('/dev/full', 'x', 'o')).toThrow(/not a regular file/);
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
  it('plot -o into a directory that does not exist: one line', async () => {
    refused(
      await runMain(['plot', good, '-o', join(dir, 'no', 'such', 'fig.svg')]),
      /plot -o .*fig\.svg: cannot write .*: ENOENT/,
    );
  });
  it('stdout on a full device: one line, exit 2 (a spawned process: stdout is a real file there)', () => {
    expect(stdoutErrorLine(Object.assign(new Error('x'), { code: 'EBADF' }))).toBe(
      'wormcast: cannot write the output (stdout): EBADF (not open for writing); what was printed is incomplete',
    );
    const full = openSync('/dev/full', 'w');
    const r = spawnSync(process.execPath, ['bin/wormcast-dev.mjs', 'topology', 'hypercube:3'], {
      stdio: ['ignore', full, 'pipe'],
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.stderr).toBe(
      'wormcast: cannot write the output (stdout): ENOSPC (no space left on the device); what was printed is incomplete\n',
    );
    expect(r.status).toBe(2);
  }, 40_000);
});

describe('simulate --plan on a network the wasm memory cannot hold', () => {
  it('mesh:4096x4096: refused with the estimate and the limit before the engine is made', async () => {
    const plan = join(dir, 'huge-plan.json');
    writeFileSync(
      plan,
      JSON.stringify({
        topology: 'mesh:4096x4096',
        routing: 'dor',
        source: '0,0',
        destinations: ['1,0'],
        messages: [{ id: 0, from: '0,0', dests: ['1,0'], after: null, kind: 'unicast' }],
      }),
    );
    refused(
      await runMain(['simulate', '--plan', plan], 60_000),
      /simulate --plan .*huge-plan\.json: the engine would need \d+\.\d GiB \(mesh:4096x4096: 16,777,216 nodes, 1 worms\) but can hold 1023\.9 MiB \(the wasm engine's maximum memory/,
    );
  }, 60_000);
});
