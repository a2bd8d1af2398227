import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { stringify as yamlText } from 'yaml';
import { parseExperiment } from '../src/experiment/config/schema.ts';
import { runSweep } from '../src/experiment/sweep/sweep.ts';
import type { SweepProgress } from '../src/experiment/sweep/sweep-progress.ts';
import { runMain, type MainResult } from './cli-main.ts';

/*
 * The CLI contract of docs/cli.md on the surfaces added since issue 10 (issue 25, "Hardening,
 * part two"): experiment files in YAML and JSON, grids, result stores, plan files, queue URLs and
 * output paths, each drawn valid and then damaged (a field of the wrong type, removed, unknown,
 * nested 200,000 deep, aliased, truncated, junk bytes). Every case must exit 0 with its output, 3
 * with a `wormcast: warning:` line (sweep, simulate), or 2 with exactly one `wormcast:` line;
 * never an internal error, a stack, `[object Object]` or `undefined` in the output; each within
 * CASE_MILLIS and without growing the heap by more than CASE_HEAP.
 *
 * Cases stay cheap: every valid sweep point is one of POOL's four, stored once before the cases
 * run, so a valid sweep finds its points in the store and runs nothing (a sweep's worker thread
 * costs about a second). Fractional steps on integer options (`cycles: {step: 0.5}`) are left out:
 * they are validated by the grid's schema (the OPTIONS work of issue 25), not by these surfaces.
 */

const RUNS = 2000;
const SEED = 20261127;
const CASE_MILLIS = 10_000;
const CASE_HEAP = 256 << 20;

const dir = mkdtempSync(join(tmpdir(), 'wormcast-fuzz-surfaces-'));
const quiet: SweepProgress = { start() {}, started() {}, finished() {}, stop() {} };

/**
 * The one network of every valid point, everything else at its default (replications too): a
 * damage that deletes a key then gives the same point, already stored, instead of a new one to run.
 */
const BASE = { topology: 'mesh:2x2' };
/** The valid grid values: 4 points, stored before the cases (beforeAll). */
const POOL = { load: [0.05, 0.1], vcs: [1, 2] };
const STORE = join(dir, 'pool.jsonl');
const VALID_EXPERIMENT = join(dir, 'valid.yaml');
let STORE_LINES: string[] = [];
let PLANS: string[] = [];

/** Values of the wrong type, out of range or hostile, for any field. */
const JUNK: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1e308,
  -1e-308,
  '',
  ' ',
  'x',
  '0x10',
  'NaN',
  '__proto__',
  'constructor',
  'a\nb',
  '😀',
  'x'.repeat(5000),
  [],
  [1, 'a', null],
  {},
  { __proto__: 1 },
  { from: 1 },
  { a: { b: { c: {} } } },
];

/** Junk or a deep nesting (the depth checks) as a value. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...JUNK) },
  { weight: 1, arbitrary: fc.integer({ min: 60, max: 200_000 }).map((n) => `@@DEEP${n}@@`) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/**
 * A value nested `n` deep stands in the data as a marker and is written into the text at the end:
 * the test's own JSON.stringify and YAML writer recurse, and would overflow on it.
 */
function deepened(text: string): string {
  return text.replace(/"?@@DEEP(\d+)@@"?/g, (_, n: string) => `${'['.repeat(Number(n))}1${']'.repeat(Number(n))}`);
}

/** Every path of a JSON value (objects and arrays), for damage at a random place. */
function paths(v: unknown, at: Array<string | number> = [], out: Array<Array<string | number>> = []) {
  out.push(at);
  if (at.length > 8) return out;
  if (Array.isArray(v)) v.slice(0, 4).forEach((x, i) => paths(x, [...at, i], out));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) paths(x, [...at, k], out);
  return out;
}

/** A damage applied to a copy of `v`: replace, delete or add at a random path. */
interface Damage {
  pick: number;
  how: 'replace' | 'delete' | 'add';
  value: unknown;
  key: string;
}
const damage: fc.Arbitrary<Damage> = fc.record({
  pick: fc.nat(),
  how: fc.constantFrom('replace' as const, 'replace' as const, 'delete' as const, 'add' as const),
  value: junk,
  key: fc.constantFrom('extra', 'lod', 'seed', '__proto__', 'v', 'key', 'grid', 'metrics'),
});

function damaged<T>(v: T, ds: readonly Damage[]): T {
  let copy = JSON.parse(JSON.stringify(v)) as unknown;
  for (const d of ds) {
    const all = paths(copy);
    const at = all[d.pick % all.length]!;
    if (at.length === 0) {
      copy = d.how === 'replace' ? d.value : copy;
      continue;
    }
    let parent = copy as Record<string | number, unknown>;
    for (const k of at.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
    const last = at.at(-1)!;
    if (d.how === 'replace') parent[last] = d.value;
    else if (d.how === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else {
      const target = parent[last];
      if (target !== null && typeof target === 'object' && !Array.isArray(target))
        Object.defineProperty(target, d.key, { value: d.value, enumerable: true, writable: true, configurable: true });
      else parent[last] = d.value;
    }
  }
  return copy as T;
}

/** Damage to a file's text: cut, junk bytes, a BOM, CRLF, an alias bomb or an unknown anchor. */
const textDamage = fc.oneof(
  fc.constant((t: string) => t),
  fc.nat().map((n) => (t: string) => t.slice(0, n % (t.length + 1))),
  fc.tuple(fc.nat(), fc.constantFrom('\u0000', '\uffff', '{', ']', '"', ':', '\n- ', '*a', '&a ', '\t', '%')).map(
    ([n, s]) =>
      (t: string) =>
        `${t.slice(0, n % (t.length + 1))}${s}${t.slice(n % (t.length + 1))}`,
  ),
  fc.constant((t: string) => `\ufeff${t}`),
  fc.constant((t: string) => t.replace(/\n/g, '\r\n')),
  fc.constant((t: string) => `${t}\nbomb: ${aliasBomb()}\n`),
  fc.constant((t: string) => `${t}\nother: *nowhere\n`),
);

function aliasBomb(): string {
  const lines = ['&a [x, x, x, x, x, x, x, x, x]'];
  return `{a: ${lines[0]}, ${[...'bcdefg'].map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdef'[i]}`).join(', ')}]`).join(', ')}}`;
}

/** A valid experiment of POOL's points. */
const validExperiment = fc
  .record({
    load: fc.oneof(
      fc.subarray(POOL.load, { minLength: 1 }),
      fc.constant({ from: 0.05, to: 0.1, step: 0.05 }),
      fc.constantFrom(...POOL.load),
    ),
    vcs: fc.option(fc.subarray(POOL.vcs, { minLength: 1 }), { nil: undefined }),
    name: fc.constantFrom('fz', 'a b', 'é', 'x'.repeat(80)),
  })
  .map(({ load, vcs, name }) => ({ name, base: BASE, grid: { load, ...(vcs ? { vcs } : {}) } }));

let serial = 0;
function file(name: string, text: string): string {
  const f = join(dir, `${serial++}-${name}`);
  writeFileSync(f, text);
  return f;
}

const sweepTail = ['--out', STORE, '--workers', '1', '--quiet'];

/** Experiment files, YAML and JSON, valid and damaged: `sweep <file>`. */
const experimentFiles = fc
  .tuple(validExperiment, fc.array(damage, { maxLength: 3 }), fc.constantFrom('yaml', 'json', 'yml'), textDamage)
  .map(([e, ds, ext, td]) => {
    const data = damaged(e, ds);
    const text = ext === 'json' ? JSON.stringify(data) : yamlText(data, { aliasDuplicateObjects: false });
    return ['sweep', file(`exp.${ext}`, td(deepened(text))), ...sweepTail];
  });

/** Grids on the command line: `sweep --grid ...` over BASE. */
const gridArg = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('load=0.05,0.1', 'load=0.05', 'vcs=1,2', 'load=0.05:0.1:0.05', 'vcs=2') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'load=',
      '=1',
      'load',
      'load=0.1:0.2',
      'load=1:0:1',
      'load=0.05:0.1:0',
      'load=0.05:0.1:-1',
      'load=0x10',
      'load=1e400',
      'vcs=0',
      'vcs=1.5',
      'vcs=true',
      'foo=1',
      'seed=1',
      'self=maybe',
      'vc-links=yes',
      '__proto__=1',
      'constructor=1',
      'load=0.05,,0.1',
      'topology=mesh:0x0',
      'cycles=-5',
      'load=😀',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);
const grids = fc
  .array(gridArg, { minLength: 1, maxLength: 3 })
  .map((gs) => ['sweep', '--topology', BASE.topology, ...gs.flatMap((g) => ['--grid', g]), ...sweepTail]);

/** Result stores, one line damaged: `results`, `plot`, and sweep's resume. */
const stores = fc
  .tuple(
    fc.nat(),
    fc.array(damage, { minLength: 1, maxLength: 2 }),
    textDamage,
    fc.constantFrom(
      'results',
      'results',
      'results-csv',
      'results-json',
      'plot-html',
      'plot-html',
      'plot-svg',
      'results',
      'results-csv',
      'plot-html',
      'resume',
    ),
  )
  .map(([n, ds, td, reader]) => {
    const lines = [...STORE_LINES];
    const i = n % lines.length;
    const line = JSON.parse(lines[i]!) as { summary: unknown };
    // a resumed sweep runs the point of a line it skips (a worker thread, about a second): its
    // damage stays inside the summary, so the line is still marked a stored point
    if (reader === 'resume') lines[i] = JSON.stringify({ ...line, summary: damaged(line.summary, ds) });
    else lines[i] = td(deepened(JSON.stringify(damaged(line, ds))));
    const f = file('store.jsonl', `${lines.join('\n')}\n`);
    switch (reader) {
      case 'results':
        return ['results', f];
      case 'results-csv':
        return ['results', f, '--format', 'csv'];
      case 'results-json':
        return ['results', f, '--format', 'json', '--experiment', 'pool'];
      case 'plot-html':
        return ['plot', f, '--series', 'vcs', '-o', join(dir, `${serial++}.html`)];
      case 'plot-svg':
        return ['plot', f, '-o', join(dir, `${serial++}.svg`)];
      default:
        return ['sweep', VALID_EXPERIMENT, '--out', f, '--workers', '1', '--quiet'];
    }
  });

/** Plan files printed by `plan --json`, damaged: `simulate --plan`. */
const plans = fc
  .tuple(fc.nat(), fc.array(damage, { maxLength: 3 }), textDamage, fc.boolean())
  .map(([n, ds, td, json]) => {
    const plan = JSON.parse(PLANS[n % PLANS.length]!) as unknown;
    const f = file('plan.json', td(deepened(JSON.stringify(damaged(plan, ds)))));
    return ['simulate', '--plan', f, ...(json ? ['--json'] : [])];
  });

/** Queue URLs: with every point stored, a valid URL needs no connection. */
const queueUrl = fc.oneof(
  fc.constantFrom(
    'redis://127.0.0.1:6379/0',
    'redis://localhost',
    'rediss://:secret@host:6380/2',
    'redis://user:pa%20ss@h/15',
    'redis://',
    'redis://:@',
    'http://host:6379',
    'redis://host:99999',
    'redis://host:-1',
    'redis://host:6379/abc',
    'redis://host:6379/0?x=1',
    'redis://host/0#frag',
    'redis://[::1]:6379',
    'redis://ho st',
    'redis://%zz@host',
    'redis:host',
    '',
    ' ',
    '__proto__',
  ),
  fc.string({ maxLength: 30 }).map((s) => `redis://${s}`),
  fc.string({ maxLength: 30 }),
);
const queues = fc
  .tuple(queueUrl, fc.boolean())
  .map(([url, detach]) => [
    'sweep',
    VALID_EXPERIMENT,
    '--out',
    STORE,
    '--queue',
    url,
    ...(detach ? ['--detach'] : []),
    '--quiet',
  ]);

/**
 * Output paths: the store, the figure, reproduce's directory. Nothing may be written outside the
 * test's directory: a relative path would land in the checkout, `/dev/null` + `.svg` in /dev, so
 * devices and `/` are given to `sweep --out` only (which refuses them), and the figure and
 * reproduce get paths under the test's directory or paths where nothing can be made.
 */
const underDir = fc
  .constantFrom('missing/dir/f', 'f', 'sub/../f', ' ', 'a\nb', 'x'.repeat(300), '😀', '.', 'sub')
  .map((p) => join(dir, p));
const unwritable = fc.constantFrom('/proc/x/y', '/proc/self/status', '/proc/self');
const outputs = fc.oneof(
  fc
    .oneof(underDir, unwritable, fc.constantFrom('', '/dev/null', '/dev/full', '/dev/zero', '/'))
    .map((p) => ['sweep', VALID_EXPERIMENT, '--out', p, '--workers', '1', '--quiet']),
  fc
    .tuple(fc.oneof(underDir, unwritable), fc.constantFrom('.svg', '.html', ''))
    .map(([p, ext]) => ['plot', STORE, '-o', `${p}${ext}`]),
  fc.oneof(underDir, unwritable, fc.constant('')).map((p) => ['reproduce', '004-fig6.1', '--out', p]),
);

/** Inputs that are not files: every reader. */
const inputs = fc
  .tuple(
    fc.constantFrom('/dev/zero', '/dev/null', '/dev/full', dir, join(dir, 'nope'), '', '/proc/self/status'),
    fc.constantFrom('results', 'plot', 'reference', 'sweep', 'plan'),
  )
  .map(([p, cmd]) => {
    switch (cmd) {
      case 'results':
        return ['results', p];
      case 'plot':
        return ['plot', p, '-o', join(dir, 'in.svg')];
      case 'reference':
        return ['plot', STORE, '--reference', p, '-o', join(dir, 'in.html')];
      case 'sweep':
        return ['sweep', p, ...sweepTail];
      default:
        // simulate --plan reads a device up to its 256 MiB limit (docs/plan-json.md): a second each
        return ['simulate', '--plan', p.startsWith('/dev/') ? join(dir, 'nope.json') : p];
    }
  });

const CASES = fc.oneof(
  { weight: 5, arbitrary: experimentFiles },
  { weight: 3, arbitrary: grids },
  { weight: 5, arbitrary: stores },
  { weight: 4, arbitrary: plans },
  { weight: 2, arbitrary: queues },
  { weight: 2, arbitrary: outputs },
  { weight: 1, arbitrary: inputs },
);

/** What breaks docs/cli.md's contract in one answer, or null. */
function breach(argv: readonly string[], r: MainResult, heap: number): string | null {
  const lines = r.stderr.split('\n').filter((l) => l !== '');
  const errors = lines.filter((l) => l.startsWith('wormcast: ') && !l.startsWith('wormcast: warning: '));
  if (r.millis > CASE_MILLIS) return `took ${Math.round(r.millis)} ms`;
  if (heap > CASE_HEAP) return `the heap grew by ${heap >> 20} MiB`;
  if (/internal error|\n\s+at |RangeError|TypeError/.test(r.stderr))
    return `an internal error: ${r.stderr.slice(0, 300)}`;
  if (/\[object Object\]|\bundefined\b/.test(r.stdout))
    return `a broken value in the output: ${r.stdout.slice(0, 300)}`;
  if (r.status === 0) {
    if (errors.length > 0) return `exit 0 with an error line: ${errors[0]}`;
    if (r.stdout === '') return 'exit 0 with nothing on stdout';
    if (argv.includes('--json')) JSON.parse(r.stdout);
    return null;
  }
  if (r.status === 2) {
    if (errors.length !== 1) return `exit 2 with ${errors.length} error lines: ${r.stderr.slice(0, 300)}`;
    if (lines.at(-1) !== errors[0]) return `exit 2, the error line is not the last: ${r.stderr.slice(0, 300)}`;
    if (r.stdout !== '') return `exit 2 with stdout: ${r.stdout.slice(0, 200)}`;
    return null;
  }
  if (r.status === 3 && (argv[0] === 'simulate' || argv[0] === 'sweep')) {
    if (!lines.at(-1)?.startsWith('wormcast: warning: ')) return 'exit 3 without a warning line';
    return errors.length === 0 ? null : `exit 3 with an error line: ${errors[0]}`;
  }
  return `exit ${r.status}: ${r.stderr.slice(0, 300)}`;
}

beforeAll(async () => {
  // the four points of POOL, stored once: every valid case below finds its points here
  const e = parseExperiment({ name: 'pool', base: BASE, grid: POOL }, 'pool');
  await runSweep(e, 'pool', { out: STORE, workers: 0, fresh: false, progress: quiet });
  STORE_LINES = readFileSync(STORE, 'utf8').trim().split('\n');
  writeFileSync(VALID_EXPERIMENT, yamlText({ name: 'valid', base: BASE, grid: POOL }));
  mkdirSync(join(dir, 'sub'));
  PLANS = [];
  for (const [topology, algorithm, dests] of [
    ['mesh:3x3', 'dual-path', '2,2;0,2;1,1'],
    ['mesh:3x3', 'x-first', '2,2;0,2'],
    ['hypercube:3', 'u-cube', '111;010'],
  ] as const) {
    const r = await runMain([
      'plan',
      '--topology',
      topology,
      '--algorithm',
      algorithm,
      '--source',
      topology.startsWith('mesh') ? '0,0' : '000',
      '--dests',
      dests,
      '--json',
    ]);
    expect(r.status).toBe(0);
    PLANS.push(r.stdout);
  }
}, 60_000);

describe('the CLI contract on experiment files, grids, stores, plan files, queue URLs and output paths', () => {
  it(`${RUNS} seeded cases: exit 0 with output, 3 with a warning, or 2 with one line; within ${CASE_MILLIS / 1000} s each`, async () => {
    const seen: Record<number, number> = {};
    await fc.assert(
      fc.asyncProperty(CASES, async (argv) => {
        const heap0 = process.memoryUsage().heapUsed;
        const r = await runMain(argv, CASE_MILLIS * 2);
        const heap = process.memoryUsage().heapUsed - heap0;
        seen[r.status] = (seen[r.status] ?? 0) + 1;
        const why = breach(argv, r, heap);
        if (why) throw new Error(`wormcast ${argv.map((a) => JSON.stringify(a).slice(0, 120)).join(' ')}: ${why}`);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // both answers are exercised: valid cases that ran, and refusals
    expect(seen[0]).toBeGreaterThan(RUNS / 10);
    expect(seen[2]).toBeGreaterThan(RUNS / 4);
  }, 300_000);
});
