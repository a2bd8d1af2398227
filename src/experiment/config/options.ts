import { z } from 'zod';
import { SEED_MAX } from '../../errors.ts';
import { OPTION_KEYS, type OptionKey, type OptionValue } from './option-keys.ts';
import { ALGORITHM_NAMES, flagOf, optionEntry, type ValueSpec } from './option-table.ts';

/*
 * The options an experiment may set for its points: exactly the options of `wormcast simulate`
 * that describe a dynamic-traffic run (docs/options.md), under their commander attribute names
 * (`--router-delay` -> routerDelay), with the same ranges: every schema is built from the option
 * table's value (option-table.ts). `seed` is the experiment's own (replication seeds are derived
 * from it, src/experiment/sweep/seeds.ts); --plan, --scenario, --example and --json are not
 * points of a sweep.
 */

export { ALGORITHM_NAMES, flagOf, OPTION_KEYS, type OptionKey, type OptionValue };

/** A size mix's text, `size:weight,...` (parseSizeMix checks its numbers). */
const SIZE_MIX = /^\s*\d+\s*:\s*[\d.eE+-]+\s*(,\s*\d+\s*:\s*[\d.eE+-]+\s*)*$/;

/** The zod schema of a table value: the range the command line parses, once. */
export function schemaOf(v: ValueSpec): z.ZodType<OptionValue> {
  switch (v.kind) {
    case 'string':
      if (v.ids) {
        // an experiment file's `hotspots: 5` or `hotspots: [0, 9]` is the text `5` or `0,9`
        const id = z.number().int().min(0);
        return z
          .union([z.string().min(1), id, z.array(id).min(1)], {
            error: 'must be node ids: an integer, a list of integers or a text such as "0,9,27"',
          })
          .transform((x) => (typeof x === 'string' ? x : Array.isArray(x) ? x.join(',') : String(x)));
      }
      return z.string().min(1);
    case 'int':
      // a union's own message says both forms (zod's default for a failed union is "Invalid input")
      if (v.words)
        return z.union([z.number().int().min(v.min).max(v.max), z.enum(v.words as [string, ...string[]])], {
          error: `must be an integer ${v.min}..${v.max} or ${v.words.join(' | ')}`,
        });
      if (v.mix) {
        const error = `must be an integer ${v.min}..${v.max} or a size mix size:weight,... (e.g. 4:1,16:1)`;
        return z.union([z.number().int().min(v.min).max(v.max), z.string().regex(SIZE_MIX, { error })], { error });
      }
      return z.number().int().min(v.min).max(v.max);
    case 'number':
      return z.number().min(v.min).max(v.max);
    case 'enum':
      return z.enum(v.values as [string, ...string[]]);
    case 'boolean':
      return z.boolean();
  }
}

/** The schema of each option's value (ranges as `wormcast simulate` parses them). */
export const OPTION_SCHEMAS: Readonly<Record<OptionKey, z.ZodType<OptionValue>>> = Object.fromEntries(
  OPTION_KEYS.map((k) => [k, schemaOf(optionEntry(k).value)]),
) as Record<OptionKey, z.ZodType<OptionValue>>;

/** Options whose values are numbers: a grid may give them as a range. */
export const NUMERIC_OPTIONS: ReadonlySet<OptionKey> = new Set(
  OPTION_KEYS.filter((k) => ['int', 'number'].includes(optionEntry(k).value.kind)),
);

/** Options whose values are booleans (`--self`, `--vc-links`). */
export const BOOLEAN_OPTIONS: ReadonlySet<OptionKey> = new Set(
  OPTION_KEYS.filter((k) => optionEntry(k).value.kind === 'boolean'),
);

/** The experiment seed's range: the seeds every command accepts. */
export const EXPERIMENT_SEED_MAX = SEED_MAX;

/** `router-delay` (or `--router-delay`) -> `routerDelay`. */
export function keyOf(flagOrKey: string): string {
  return flagOrKey.replace(/^--/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Whether `key` names an option of a point. */
export function isOptionKey(key: string): key is OptionKey {
  return (OPTION_KEYS as readonly string[]).includes(key);
}
