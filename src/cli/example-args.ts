/**
 * The options of `wormcast simulate --example`: the BookSim2 reference network (docs/validation.md) at
 * 0.2 flits/node/cycle. A module of its own (no imports) so that src/cli/option-rules.ts can read
 * it without loading the simulate command (start-up time, src/cli/lazy-commands.ts).
 */
export const EXAMPLE_ARGS: readonly string[] = [
  '--topology',
  'mesh:8x8',
  '--routing',
  'dor',
  '--load',
  '0.2',
  '--flits',
  '16',
  '--vcs',
  '2',
  '--buffer',
  '8',
  '--router-delay',
  '4',
  '--self',
];
