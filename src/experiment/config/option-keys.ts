import { OPTION_TABLE } from './option-table.ts';

/*
 * The names and value type of an experiment's point options, derived from the option table
 * (option-table.ts; options.ts has their schemas). Kept apart from the schemas so that the
 * package's public types do not reach zod's (a consumer without DOM or Node types could not
 * check them: test/package.test.ts).
 */

type PointEntry = Extract<(typeof OPTION_TABLE)[number], { point: true }>;

/** Every option of a point, in the order `wormcast simulate --help` lists them. */
export const OPTION_KEYS: readonly PointEntry['key'][] = OPTION_TABLE.filter((e): e is PointEntry => e.point).map(
  (e) => e.key,
);

export type OptionKey = PointEntry['key'];

/** An option's value as a file or the command line gives it. */
export type OptionValue = string | number | boolean;
