import { z } from 'zod';
import { OPTION_TABLE, type OptionEntry, type ValueSpec } from '../config/option-table.ts';

/*
 * The one schema of a stored point (a line of the result store, src/experiment/sweep/store.ts),
 * checked by readStore for every reader: `results`, `plot`, sweep's resume, the reproductions. A
 * line of the wrong shape used to reach the tables and plots as it was: 22 fuzzed lines ended in
 * internal errors and 4 printed `[object Object]` or `undefined` with exit 0 (issue 25). Every
 * field a reader uses is checked here, with its type; the replication's whole `result` (what
 * `simulate --json` printed) is kept as it is, only required to be a mapping. Numbers may be null
 * where the store writes NaN as JSON does (an interval over fewer than two values).
 * Only the check is exported: the package's types must not reach zod's (test/package.test.ts).
 */

const count = z.number().int().nonnegative();
const numberOrNull = z.number().nullable();
const interval = z.object({
  mean: numberOrNull,
  halfWidth: numberOrNull,
  lo: numberOrNull,
  hi: numberOrNull,
  n: count,
  sd: numberOrNull,
});
const optionValue = z.union([z.string(), z.number(), z.boolean()]);
const mapping = z.record(z.string(), z.unknown());

/**
 * A stored value of an option of this kind (a resolved point holds plain values, and an option's
 * words as given: `warmup: auto` is resolved per replication, by its pilot run).
 */
function storedValue(v: ValueSpec): z.ZodType {
  if (v.kind === 'int') return v.words?.length ? z.union([count, z.enum(v.words as [string, ...string[]])]) : count;
  if (v.kind === 'number') return z.number();
  if (v.kind === 'boolean') return z.boolean();
  return z.string();
}

/**
 * A point's resolved configuration (PointConfig), derived from the option table: every point
 * option with its value's type; the seed units as one mapping (`units`, ResolvedUnits) instead of
 * their options; optional where a point holds it only when given (engine rules, `destsMean`, the
 * isolated mode's `traffic` and `sets`). Other fields pass unchecked.
 */
const config = z
  .object({
    ...Object.fromEntries(
      (OPTION_TABLE as readonly OptionEntry[])
        .filter((e) => e.point && e.group !== 'units')
        .map((e) => {
          const t = storedValue(e.value);
          return [e.key, e.givenOnly || e.group === 'isolated' || e.key === 'destsMean' ? t.optional() : t];
        }),
    ),
    units: mapping.optional(),
  })
  .passthrough();

const settings = z.object({
  seed: count,
  seeds: z.enum(['per-point', 'common']),
  replications: count,
  statistics: z.object({ metrics: z.array(z.string()), confidence: z.number(), batches: count }),
  saturation: mapping,
  runUntil: mapping.nullable(),
});

const replication = z.object({
  seed: count,
  cycles: count,
  result: mapping,
  batchMeans: z.array(numberOrNull).nullable(),
  batchInterval: interval.nullable(),
  saturation: z.array(z.string()),
  incomplete: z.string().nullable(),
});

const summary = z.object({
  metrics: z.record(z.string(), interval),
  batchMeans: interval.nullable(),
  saturated: z.boolean(),
  saturatedReplications: count,
  saturation: z.array(z.string()),
  incomplete: z.array(z.string()),
  ci: z
    .object({
      method: z.enum(['replications', 'batch-means']),
      metric: z.string(),
      target: z.number(),
      stop: z.enum(['converged', 'cycle-cap', 'saturated', 'unavailable']),
      relativeHalfWidth: numberOrNull,
      measuredCycles: count,
    })
    .nullable(),
});

const storedPoint = z.object({
  v: z.literal(1),
  key: z.string().min(1),
  experiment: z.string(),
  index: count,
  values: z.record(z.string(), optionValue),
  config,
  settings,
  engineVersion: z.string(),
  replications: z.array(replication),
  summary,
  run: z.object({ wallMs: z.number(), finishedAt: z.string() }),
});

/** `summary.metrics.meanLatency.mean`, `replications[2].seed`. */
function pathText(path: readonly PropertyKey[]): string {
  let s = '';
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : `${s ? '.' : ''}${String(p)}`;
  return s;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const p of path) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, p)) return undefined;
    v = (v as Record<PropertyKey, unknown>)[p as string];
  }
  return v;
}

/** A value in the line, at most 40 characters of its JSON. */
function shown(v: unknown): string {
  const j = JSON.stringify(v) ?? String(v);
  return j.length > 40 ? `${j.slice(0, 40)}...` : j;
}

/** What a type name of zod reads as in the line. */
function expectedText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_value') return `one of ${issue.values.map((x) => JSON.stringify(x)).join(', ')}`;
  if (issue.code === 'too_small') return issue.origin === 'string' ? 'a non-empty string' : `>= ${issue.minimum}`;
  if (issue.code !== 'invalid_type') return '';
  if (issue.expected === 'int') return 'an integer';
  if (issue.expected === 'record' || issue.expected === 'object') return 'a mapping';
  if (issue.expected === 'nan') return 'a number';
  if (issue.expected === 'array') return 'a list';
  return `a ${issue.expected}`;
}

/**
 * Why parsed line `row` is not a stored point: `summary.metrics.meanLatency.mean: "abc" must be
 * a number`; null when it is one.
 */
export function storedPointProblem(row: unknown): string | null {
  const r = storedPoint.safeParse(row);
  if (r.success) return null;
  const issue = r.error.issues[0]!;
  const path = issue.path;
  const where = path.length > 0 ? `${pathText(path)}: ` : '';
  const v = valueAt(row, path);
  if (issue.code === 'invalid_type' && v === undefined) return `${where}missing; a stored point has it`;
  if (issue.code === 'unrecognized_keys') return `${where}unknown keys ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_union') return `${where}${shown(v)} must be a string, a number or a boolean`;
  const expected = expectedText(issue);
  return expected ? `${where}${shown(v)} must be ${expected}` : `${where}${issue.message}`;
}
