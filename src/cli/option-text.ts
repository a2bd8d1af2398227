import { Option } from 'commander';
import { parseIntIn, parseNumberIn, WormcastError } from '../errors.ts';
import type { OptionValue } from '../experiment/config/option-keys.ts';
import { flagOf, type OptionEntry, optionEntry, type TableKey } from '../experiment/config/option-table.ts';

/*
 * The option table (src/experiment/config/option-table.ts) on the command line: an entry's
 * commander Option, and a value from its text checked against the entry's range, the error line
 * naming the flag (`--link-latency: 0 is out of range; must be 1..16`).
 */

/** `--link-latency <N>`, `--vc-links` */
export function flagsOf(e: OptionEntry): string {
  return `${flagOf(e.key)}${e.placeholder !== undefined ? ` ${e.placeholder}` : ''}`;
}

/** The entry's commander Option; `withDefault` false leaves the default out (sweep: the file's or simulate's apply). */
export function commanderOption(e: OptionEntry, withDefault = true): Option {
  const o = new Option(flagsOf(e), e.help);
  if (withDefault && e.default !== undefined && e.value.kind !== 'boolean' && e.cliDefault !== false)
    o.default(String(e.default));
  return o;
}

/** `a or b`, `a, b or c` */
function orList(values: readonly string[]): string {
  return values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : (values[0] ?? '');
}

/**
 * The value of option `key` from its command-line text (a boolean flag gives `true`); `flag` names
 * it in the error (sweep: `--grid vcs`). Algorithm
 * and units names stay text: their resolvers (src/engine/workload.ts, src/experiment/config/units.ts)
 * name the valid ones with more context.
 */
export function optionFromText(key: TableKey, text: string | boolean, flag = flagOf(key)): OptionValue {
  const e = optionEntry(key);
  if (typeof text === 'boolean') return text;
  const v = e.value;
  switch (v.kind) {
    case 'int':
      if (v.words?.includes(text)) return text;
      // a size mix (--flits 4:1,16:1): its numbers are checked where it is read (parseSizeMix)
      if (v.mix && text.includes(':')) return text;
      if (v.words && !/^-?\d+$/.test(text.trim()))
        throw new WormcastError(`${flag}: '${text}' must be an integer ${v.min}..${v.max} or ${orList(v.words)}`);
      return parseIntIn(text, v.min, v.max, flag);
    case 'number':
      return parseNumberIn(text, v.min, v.max, flag);
    case 'enum':
      if (key === 'algorithm' || key === 'units' || v.values.includes(text)) return text;
      throw new WormcastError(`${flag} '${text}': expected ${orList(v.values)}`);
    case 'boolean':
      if (text === 'true' || text === 'false') return text === 'true';
      throw new WormcastError(`${flag}: '${text}' must be true or false`);
    case 'string':
      return text;
  }
}
