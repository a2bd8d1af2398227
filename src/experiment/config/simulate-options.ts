import { WormcastError } from '../../errors.ts';
import {
  simulate as simulateConfigured,
  type SimulateConfig,
  type SimulateHooks,
  type SimulationResult,
} from '../run/simulate.ts';
import { optionEntry, OPTION_TABLE, type TableKey, type TableOptions } from './option-table.ts';
import { isOptionKey, type OptionKey, type OptionValue, schemaOf } from './options.ts';
import { resolvePoint, simulateConfig } from './point-config.ts';
import { runSaturation } from './saturation.ts';
import { didYouMean, issueLine } from './schema.ts';

/*
 * The library's simulate() (issue 23): the keys of `wormcast simulate` (docs/options.md), with its
 * defaults, resolved by the one function that resolves a sweep's points (resolvePoint), so that
 * the library, the command line and experiment files cannot differ. The lower-level form, a
 * SimulateConfig with the engine's own `options`, still runs as it did.
 */

/**
 * What simulate() takes: any option of the table, as `wormcast simulate` names it (`cycles`, `vcs`),
 * with its default when left out; `seed` is the traffic seed (default 1).
 */
export type SimulateOptions = Omit<TableOptions, 'traffic' | 'sets'>;

const KEYS: readonly string[] = OPTION_TABLE.map((e) => e.key).filter((k) => k !== 'traffic' && k !== 'sets');

/** The SimulateConfig a SimulateOptions resolves to (what the CLI would run); bad input throws a WormcastError. */
export function resolveSimulation(o: SimulateOptions): SimulateConfig {
  if (o === null || typeof o !== 'object' || Array.isArray(o))
    throw new WormcastError('simulate: expected an object of options (docs/options.md)');
  const point: Partial<Record<OptionKey, OptionValue>> = {};
  for (const [key, value] of Object.entries(o)) {
    if (value === undefined) continue;
    if (key === 'traffic' || key === 'sets')
      throw new WormcastError(`simulate: ${key}: isolated multicasts are runIsolated()'s (docs/traffic.md)`);
    if (!KEYS.includes(key)) {
      const guess = didYouMean(key, KEYS);
      throw new WormcastError(
        `simulate: ${key}: unknown option${guess ? ` (did you mean '${guess}'?)` : ''}; expected one of ${KEYS.join(', ')} (docs/options.md)`,
      );
    }
    const r = schemaOf(optionEntry(key as TableKey).value).safeParse(value);
    if (!r.success)
      throw new WormcastError(
        `simulate: ${issueLine({ ...r.error.issues[0]!, path: [key] } as (typeof r.error.issues)[0], o)}`,
      );
    if (isOptionKey(key)) point[key] = r.data;
  }
  const c = resolvePoint(point);
  return simulateConfig(c, o.seed ?? (optionEntry('seed').default as number));
}

/** A flit-level run of dynamic traffic, with the options and defaults of `wormcast simulate` (docs/options.md). */
export function simulate(options: SimulateOptions, hooks?: SimulateHooks): Promise<SimulationResult>;
/** The lower-level form: a SimulateConfig, whose `options` go to the engine as they are (the engine's defaults). */
export function simulate(config: SimulateConfig, hooks?: SimulateHooks): Promise<SimulationResult>;
export async function simulate(
  c: SimulateOptions | SimulateConfig,
  hooks: SimulateHooks = {},
): Promise<SimulationResult> {
  // `options` and `measure` are SimulateConfig's own: no option of the table has those names
  if (c !== null && typeof c === 'object' && ('options' in c || 'measure' in c))
    return simulateConfigured(c as SimulateConfig, hooks);
  const result = await simulateConfigured(resolveSimulation(c as SimulateOptions), hooks);
  result.saturation = runSaturation(result);
  return result;
}
