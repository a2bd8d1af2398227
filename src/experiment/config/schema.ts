import { z } from 'zod';
import { WormcastError } from '../../errors.ts';
import { parseTopology } from '../../topology/registry.ts';
import { decimalRange } from './decimal-range.ts';
import { MAX_POINTS } from './grid.ts';
import { BATCH_METRICS, DEFAULT_METRICS, METRICS, type MetricName } from './metrics.ts';
import {
  EXPERIMENT_SEED_MAX,
  NUMERIC_OPTIONS,
  OPTION_KEYS,
  OPTION_SCHEMAS,
  isOptionKey,
  type OptionKey,
  type OptionValue,
} from './options.ts';

/*
 * An experiment file (docs/experiments.md "File format"), JSON or YAML:
 *
 *   name: booksim-8x8-mesh
 *   base: { topology: mesh:8x8, routing: dor, flits: 16, vcs: 2 }
 *   grid: { load: { from: 0.05, to: 0.3, step: 0.05 }, algorithm: [dual-path, multi-path] }
 *   replications: 5
 *   seed: 1
 *   statistics: { metrics: [meanLatency, throughput], confidence: 0.95, batches: 10 }
 *   runUntil: { relativeHalfWidth: 0.05, maxCycles: 200000 }
 *
 * Every key is checked (unknown keys are errors, with a did-you-mean), and a bad file gets one
 * line naming the field path, the bad value and what would be valid:
 * `wormcast: experiment.yaml: grid.load.step: -0.1 must be > 0`.
 */

export type {
  Experiment,
  GridEntry,
  Range,
  RunUntil,
  SaturationRule,
  SeedMode,
  Statistics,
} from './experiment-types.ts';
import type { Experiment, GridEntry } from './experiment-types.ts';

const SEED_HINT =
  "the experiment's own top-level 'seed': each replication's traffic seed is derived from it (docs/experiments.md \"Seeds\")";

/** Levenshtein distance, for did-you-mean (short words only). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return d[b.length]!;
}

/** The known word `word` most likely meant, or undefined: `router-delay` -> routerDelay, `lod` -> load. */
export function didYouMean(word: string, known: readonly string[]): string | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[-_ ]/g, '');
  const exact = known.find((k) => norm(k) === norm(word));
  if (exact) return exact;
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of known) {
    const dd = distance(norm(word), norm(k));
    if (dd < bestD) {
      bestD = dd;
      best = k;
    }
  }
  return bestD <= Math.max(1, Math.floor(word.length / 3)) ? best : undefined;
}

const metricSchema = z.enum(METRICS as unknown as [string, ...string[]]);

/** The options object of `base` (every key optional). */
const baseSchema = z.strictObject(
  Object.fromEntries(OPTION_KEYS.map((k) => [k, OPTION_SCHEMAS[k].optional()])) as Record<
    OptionKey,
    z.ZodOptional<z.ZodType<OptionValue>>
  >,
);

const rangeSchema = z.strictObject({ from: z.number(), to: z.number(), step: z.number().gt(0) });

const experimentSchema = z.strictObject({
  name: z.string().min(1).max(200),
  description: z.string().optional(),
  base: baseSchema.default({}),
  grid: z.record(z.string(), z.unknown()).default({}),
  replications: z.number().int().min(1).max(100_000).default(5),
  seed: z.number().int().min(0).max(EXPERIMENT_SEED_MAX).default(1),
  seeds: z.enum(['per-point', 'common']).default('per-point'),
  statistics: z
    .strictObject({
      metrics: z.array(metricSchema).min(1).optional(),
      confidence: z.number().gt(0).lt(1).default(0.95),
      batches: z.number().int().min(2).max(10_000).default(10),
    })
    .default({ confidence: 0.95, batches: 10 }),
  saturation: z
    .strictObject({
      throughputTolerance: z.number().min(0).max(1).default(0.02),
      latencyGrowth: z.number().min(0).default(0.25),
    })
    .default({ throughputTolerance: 0.02, latencyGrowth: 0.25 }),
  runUntil: z
    .strictObject({
      relativeHalfWidth: z.number().gt(0).lt(1),
      maxCycles: z
        .number()
        .int()
        .min(1)
        .max(2 ** 40),
      metric: metricSchema.default('meanLatency'),
    })
    .optional(),
});

/** A value as an error line shows it: strings quoted, long ones cut, objects as JSON. */
function shown(v: unknown): string {
  if (v === undefined) return 'missing';
  if (typeof v === 'string') {
    const s = JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}...` : v);
    return `'${s.slice(1, -1)}'`;
  }
  // JSON.stringify prints Infinity (YAML .inf, JSON 1e999) and NaN as null
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  const j = JSON.stringify(v) ?? String(v);
  return j.length > 60 ? `${j.slice(0, 60)}...` : j;
}

/** `['grid', 'load', 'step']` -> `grid.load.step`; indices as `[2]`. */
function pathText(path: readonly PropertyKey[]): string {
  let s = '';
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : `${s ? '.' : ''}${String(p)}`;
  return s;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[p as string];
  }
  return v;
}

/** Keys an object at `path` may hold, for unknown-key messages. */
function knownKeys(path: readonly PropertyKey[]): readonly string[] {
  const top = [
    'name',
    'description',
    'base',
    'grid',
    'replications',
    'seed',
    'seeds',
    'statistics',
    'saturation',
    'runUntil',
  ];
  if (path.length === 0) return top;
  const head = path[0];
  if (head === 'base' || head === 'grid') return path.length === 1 ? OPTION_KEYS : ['from', 'to', 'step'];
  if (head === 'statistics') return ['metrics', 'confidence', 'batches'];
  if (head === 'saturation') return ['throughputTolerance', 'latencyGrowth'];
  if (head === 'runUntil') return ['relativeHalfWidth', 'maxCycles', 'metric'];
  return [];
}

/** What a zod issue says, as `<path>: <value> <what is wrong and what is valid>`. */
export function issueLine(issue: z.core.$ZodIssue, root: unknown): string {
  const path = issue.path;
  const v = valueAt(root, path);
  const at = pathText(path);
  const where = at ? `${at}: ` : '';
  switch (issue.code) {
    case 'unrecognized_keys': {
      const key = issue.keys[0]!;
      const keyPath = pathText([...path, key]);
      if (key === 'seed' && (path[0] === 'base' || path[0] === 'grid'))
        return `${keyPath}: not an option of a point; use ${SEED_HINT}`;
      const known = knownKeys(path);
      const guess = didYouMean(key, known);
      return `${keyPath}: unknown key${guess ? ` (did you mean '${guess}'?)` : ''}; expected one of ${known.join(', ')}`;
    }
    case 'too_small': {
      if (issue.origin === 'array') return `${where}an empty list; give at least ${String(issue.minimum)} value`;
      if (issue.origin === 'string') return `${where}${shown(v)} must not be empty`;
      return `${where}${shown(v)} must be ${issue.inclusive ? '>=' : '>'} ${String(issue.minimum)}`;
    }
    case 'too_big': {
      if (issue.origin === 'string')
        return `${where}${shown(v)} is too long (at most ${String(issue.maximum)} characters)`;
      return `${where}${shown(v)} must be ${issue.inclusive ? '<=' : '<'} ${String(issue.maximum)}`;
    }
    case 'invalid_value': {
      const values = issue.values.map(String);
      const guess = typeof v === 'string' ? didYouMean(v, values) : undefined;
      return `${where}${shown(v)} is not valid${guess ? ` (did you mean '${guess}'?)` : ''}; expected one of ${values.join(', ')}`;
    }
    case 'invalid_type': {
      if (v === undefined) return `${where}missing; give a ${issue.expected}`;
      const expected =
        issue.expected === 'int'
          ? 'an integer'
          : issue.expected === 'record' || issue.expected === 'object'
            ? 'a mapping (key: value)'
            : `a ${issue.expected}`;
      const numeric = issue.expected === 'number' || issue.expected === 'int';
      return `${where}${shown(v)} must be ${expected}${numeric && typeof v === 'number' && !Number.isFinite(v) ? ' (finite)' : ''}`;
    }
    default:
      // a union's own message (options.ts: `must be an integer 0..N or auto`) does not name the value
      return `${where}${issue.message.startsWith('must ') ? `${shown(v)} ` : ''}${issue.message}`;
  }
}

/** Turn the first issue of a failed parse into the one error line. */
function fail(source: string, issues: readonly z.core.$ZodIssue[], root: unknown): never {
  throw new WormcastError(`${source}: ${issueLine(issues[0]!, root)}`);
}

/** Validate one option value against its schema; the issue line (with `path`), or null. */
function checkValue(key: OptionKey, value: unknown, path: PropertyKey[], root: unknown): string | null {
  const r = OPTION_SCHEMAS[key].safeParse(value);
  if (r.success) {
    if (key === 'topology') {
      try {
        parseTopology(value as string);
      } catch (e) {
        if (e instanceof WormcastError)
          return `${path.length ? `${pathText(path)}: ` : ''}${shown(value)} is not a topology: ${e.message.replace(/^wormcast: /, '')}`;
        throw e;
      }
    }
    return null;
  }
  const issue = r.error.issues[0]!;
  return issueLine({ ...issue, path: [...path, ...issue.path] } as z.core.$ZodIssue, root);
}

/**
 * The error line for a value of option `key` given as `label` (a command-line flag), or null
 * when it is valid: `--load: 30 must be <= 16777216`.
 */
export function optionValueError(key: OptionKey, value: unknown, label: string): string | null {
  const bad = checkValue(key, value, [], value);
  return bad === null ? null : `${label}: ${bad}`;
}

/** The grid entry of `key` checked and normalised, or an error line. */
function checkGridEntry(key: OptionKey, entry: unknown, root: unknown): GridEntry | string {
  const path: PropertyKey[] = ['grid', key];
  if (Array.isArray(entry)) {
    if (entry.length === 0) return `grid.${key}: an empty list; give at least one value`;
    for (let i = 0; i < entry.length; i++) {
      const bad = checkValue(key, entry[i], [...path, i], root);
      if (bad) return bad;
    }
    return entry.map((v) => normalValue(key, v));
  }
  if (entry !== null && typeof entry === 'object') {
    if (!NUMERIC_OPTIONS.has(key))
      return `grid.${key}: a range needs a numeric option; give ${key} a list of values instead`;
    const r = rangeSchema.safeParse(entry);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      return issueLine({ ...issue, path: [...path, ...issue.path] } as z.core.$ZodIssue, root);
    }
    if (r.data.to < r.data.from) return `grid.${key}.to: ${r.data.to} must be >= from (${r.data.from})`;
    for (const end of ['from', 'to'] as const) {
      const bad = checkValue(key, r.data[end], [...path, end], root);
      if (bad) return bad;
    }
    // every value of the range, not only its ends: cycles 100..200 step 0.5 holds 100.5 (issue 25)
    let values: number[] = [];
    try {
      values = decimalRange(r.data.from, r.data.to, r.data.step, MAX_POINTS);
    } catch (e) {
      // too many values: expandGrid says so with the grid's own limit
      if (!(e instanceof RangeError)) throw e;
    }
    for (const v of values) {
      const bad = checkValue(key, v, [], v);
      if (bad) return `grid.${key}: ${bad} (a value of the range ${r.data.from} to ${r.data.to} step ${r.data.step})`;
    }
    return r.data;
  }
  const bad = checkValue(key, entry, path, root);
  // one value is a list of one: returned bare, a text value (routing: dor) read as an error line
  return bad ?? [normalValue(key, entry)];
}

/** A valid value as its schema gives it (hotspots: 5 -> '5'; every other value unchanged). */
function normalValue(key: OptionKey, value: unknown): OptionValue {
  return OPTION_SCHEMAS[key].parse(value);
}

/**
 * Validate an experiment (the parsed JSON or YAML of a file, or what `wormcast sweep --grid`
 * builds). `source` names it in the error line: the file's path, or `sweep`.
 */
export function parseExperiment(input: unknown, source: string): Experiment {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new WormcastError(
      `${source}: an experiment is a mapping with keys name, base, grid, replications, ... (docs/experiments.md); got ${shown(input)}`,
    );
  }
  const r = experimentSchema.safeParse(input);
  if (!r.success) fail(source, r.error.issues, input);
  const d = r.data;
  const grid: Array<[OptionKey, GridEntry]> = [];
  for (const [key, entry] of Object.entries(d.grid)) {
    if (key === 'seed') throw new WormcastError(`${source}: grid.seed: not an option of a point; use ${SEED_HINT}`);
    if (!isOptionKey(key)) {
      const guess = didYouMean(key, OPTION_KEYS);
      throw new WormcastError(
        `${source}: grid.${key}: unknown option${guess ? ` (did you mean '${guess}'?)` : ''}; expected one of ${OPTION_KEYS.join(', ')}`,
      );
    }
    const checked = checkGridEntry(key, entry, input);
    if (typeof checked === 'string') throw new WormcastError(`${source}: ${checked}`);
    grid.push([key, checked]);
  }
  const base = d.base as Partial<Record<OptionKey, OptionValue>>;
  if (base.topology !== undefined) {
    const bad = checkValue('topology', base.topology, ['base', 'topology'], input);
    if (bad) throw new WormcastError(`${source}: ${bad}`);
  }
  const runUntil = d.runUntil ? { ...d.runUntil, metric: d.runUntil.metric as MetricName } : null;
  if (runUntil && d.replications < 2 && !(BATCH_METRICS as readonly string[]).includes(runUntil.metric)) {
    throw new WormcastError(
      `${source}: runUntil.metric: '${runUntil.metric}' has no batch-means interval within one run; with replications: 1 use one of ${BATCH_METRICS.join(', ')}, or set replications >= 2`,
    );
  }
  return {
    name: d.name,
    ...(d.description !== undefined ? { description: d.description } : {}),
    base,
    grid,
    replications: d.replications,
    seed: d.seed,
    seeds: d.seeds,
    statistics: {
      metrics: (d.statistics.metrics ?? [...DEFAULT_METRICS]) as MetricName[],
      confidence: d.statistics.confidence,
      batches: d.statistics.batches,
    },
    saturation: d.saturation,
    runUntil,
  };
}
