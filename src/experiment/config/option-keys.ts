/*
 * The names and value type of an experiment's point options (src/experiment/config/options.ts has their
 * schemas). Kept apart from the schemas so that the package's public types do not reach zod's
 * (a consumer without DOM or Node types could not check them: test/package.test.ts).
 */

/** Every option of a point, in the order `wormcast simulate --help` lists them. */
export const OPTION_KEYS = [
  'topology',
  'routing',
  'algorithm',
  'dests',
  'destsMean',
  'load',
  'interarrivalUs',
  'flits',
  'units',
  'messageBytes',
  'flitBytes',
  'channelMbps',
  'flitTimeNs',
  'vcs',
  'buffer',
  'port',
  'consumption',
  'startup',
  'startupUs',
  'routerDelay',
  'vcLinks',
  'injection',
  'vcRelease',
  'linkLatency',
  'tieBreak',
  'dateline',
  'cycles',
  'warmup',
  'drain',
  'engine',
  'process',
  'self',
  'watchdog',
  'readyListAt',
  'slots',
  'inFlight',
  'traffic',
  'sets',
] as const;

export type OptionKey = (typeof OPTION_KEYS)[number];

/** An option's value as a file or the command line gives it. */
export type OptionValue = string | number | boolean;
