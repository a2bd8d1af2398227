import { z } from 'zod';
import { SEED_MAX } from '../../errors.ts';
import { MULTICAST_ALGORITHMS } from '../../multicast/registry.ts';
import { MAX_SLOTS } from '../run/simulate.ts';
import { UNIT_PRESET_FIELDS } from './units.ts';

/*
 * The options an experiment may set for its points: exactly the options of `wormcast simulate`
 * that describe a dynamic-traffic run (docs/cli.md), under their commander attribute names
 * (`--router-delay` -> routerDelay), with the same ranges. `seed` is the experiment's own
 * (replication seeds are derived from it, src/experiment/sweep/seeds.ts); --plan, --scenario,
 * --example and --json are not points of a sweep.
 */

import { OPTION_KEYS, type OptionKey, type OptionValue } from './option-keys.ts';

export { OPTION_KEYS, type OptionKey, type OptionValue };

const int = (min: number, max: number) => z.number().int().min(min).max(max);

/** 'unicast' or a multicast algorithm of src/multicast/registry.ts. */
export const ALGORITHM_NAMES: readonly string[] = ['unicast', ...Object.keys(MULTICAST_ALGORITHMS)];

/** The schema of each option's value (ranges as `wormcast simulate` parses them). */
export const OPTION_SCHEMAS: Readonly<Record<OptionKey, z.ZodType<OptionValue>>> = {
  topology: z.string().min(1),
  routing: z.string().min(1),
  algorithm: z.enum(ALGORITHM_NAMES as [string, ...string[]]),
  dests: int(1, 1 << 24),
  destsMean: int(1, 1 << 24),
  interarrivalUs: z.number().gt(0).max(1e12),
  units: z.enum(Object.keys(UNIT_PRESET_FIELDS) as [string, ...string[]]),
  messageBytes: int(1, 1 << 30),
  flitBytes: int(1, 1 << 20),
  channelMbps: z.number().gt(0).max(1e9),
  flitTimeNs: z.number().gt(0).max(1e9),
  startupUs: z.number().min(0).max(1e9),
  traffic: z.enum(['dynamic', 'isolated']),
  sets: int(1, 1 << 24),
  load: z
    .number()
    .min(1e-9)
    .max(1 << 24),
  flits: int(1, 1 << 24),
  vcs: int(1, 64),
  buffer: int(1, 1 << 20),
  port: z.enum(['one', 'all']),
  consumption: z.enum(['port', 'vc']),
  startup: int(0, 1 << 24),
  routerDelay: int(0, 1 << 16),
  vcLinks: z.boolean(),
  injection: z.enum(['back-to-back', 'after-tail']),
  vcRelease: z.enum(['tail-credit', 'tail-sent']),
  linkLatency: int(1, 16),
  tieBreak: z.enum(['plus', 'random']),
  dateline: z.enum(['position', 'booksim']),
  cycles: int(1, 1 << 30),
  warmup: int(0, 1 << 30),
  drain: int(0, 1 << 30),
  engine: z.enum(['wasm', 'reference']),
  process: z.enum(['bernoulli', 'exponential', 'uniform']),
  self: z.boolean(),
  watchdog: int(2, 1 << 30),
  readyListAt: int(0, 1 << 30),
  slots: int(16, MAX_SLOTS),
  inFlight: int(16, 1 << 22),
};

/** Options whose values are numbers: a grid may give them as a range. */
export const NUMERIC_OPTIONS: ReadonlySet<OptionKey> = new Set([
  'dests',
  'destsMean',
  'load',
  'interarrivalUs',
  'messageBytes',
  'flitBytes',
  'channelMbps',
  'flitTimeNs',
  'startupUs',
  'sets',
  'flits',
  'vcs',
  'buffer',
  'startup',
  'routerDelay',
  'cycles',
  'warmup',
  'drain',
  'watchdog',
  'readyListAt',
  'slots',
  'inFlight',
]);

/** Options whose values are booleans (`--self`, `--vc-links`). */
export const BOOLEAN_OPTIONS: ReadonlySet<OptionKey> = new Set(['vcLinks', 'self']);

/** The experiment seed's range: the seeds every command accepts. */
export const EXPERIMENT_SEED_MAX = SEED_MAX;

/** `routerDelay` -> `--router-delay`, for messages that speak of the command line. */
export function flagOf(key: string): string {
  return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** `router-delay` (or `--router-delay`) -> `routerDelay`. */
export function keyOf(flagOrKey: string): string {
  return flagOrKey.replace(/^--/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Whether `key` names an option of a point. */
export function isOptionKey(key: string): key is OptionKey {
  return (OPTION_KEYS as readonly string[]).includes(key);
}
