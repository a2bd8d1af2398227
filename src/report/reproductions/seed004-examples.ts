import { SEED004_EXAMPLES_CH5 } from './seed004-examples-ch5.ts';
import { SEED004_EXAMPLES_DEADLOCK } from './seed004-examples-deadlock.ts';
import { SEED004_EXAMPLES_PATHS } from './seed004-examples-paths.ts';
import type { Reproduction } from './types.ts';

/*
 * Seed 004 (Lin, 1991), chapters 5 and 6: Tables 5.1-5.4 and the worked examples and deadlocks of
 * Figs. 5.7-5.12 and 6.1-6.21, in the seed's order (chapter 7's figures are in seed004.ts).
 */
export const SEED004_EXAMPLES: Reproduction[] = [
  ...SEED004_EXAMPLES_CH5,
  ...SEED004_EXAMPLES_DEADLOCK,
  ...SEED004_EXAMPLES_PATHS,
];
