import { parseIntIn, WormcastError } from '../../errors.ts';
import { DEFAULT_ISOLATED_SETS } from '../../experiment/config/point-config.ts';
import { destCountRange } from '../../experiment/run/dest-count.ts';
import type { Topology } from '../../topology/types.ts';

/*
 * The checks of simulate's --traffic, --sets and --dests-mean (docs/cli.md "Seed units, drawn
 * destination counts and isolated multicasts"): contradictory or ignored combinations are one
 * `wormcast:` line and exit 2, never silently dropped.
 */

/** What the mode options say once checked. */
export interface SeedModes {
  isolated: boolean;
  sets: number;
  destsMean?: number;
}

/** Options of dynamic traffic only: --traffic isolated refuses them. */
const DYNAMIC_ONLY = ['load', 'interarrivalUs', 'cycles', 'warmup', 'drain', 'process', 'self', 'inFlight'];

/** Seed-unit and mode options: --example refuses them (it sets its own load and message length). */
const NOT_WITH_EXAMPLE = [
  'interarrivalUs',
  'units',
  'messageBytes',
  'flitBytes',
  'channelMbps',
  'flitTimeNs',
  'startupUs',
  'destsMean',
  'traffic',
  'sets',
];

const flag = (k: string): string => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

interface ModeOptions {
  traffic: string;
  sets?: string;
  dests?: string;
  destsMean?: string;
  algorithm: string;
  example?: boolean;
}

/** Check --traffic, --sets, --dests-mean against each other and the rest; `given(k)`: typed by the user. */
export function checkSeedModes(o: ModeOptions, given: (key: string) => boolean): SeedModes {
  if (o.traffic !== 'dynamic' && o.traffic !== 'isolated')
    throw new WormcastError(`--traffic '${o.traffic}': expected dynamic or isolated`);
  if (o.example) {
    const bad = NOT_WITH_EXAMPLE.filter(given);
    if (bad.length > 0)
      throw new WormcastError(
        `simulate --example: ${bad.map(flag).join(', ')} would change the example (${bad.length > 1 ? 'they apply' : 'it applies'} to --topology runs); leave ${bad.length > 1 ? 'them' : 'it'} out`,
      );
  }
  const isolated = o.traffic === 'isolated';
  if (isolated) {
    const bad = DYNAMIC_ONLY.filter(given);
    if (bad.length > 0)
      throw new WormcastError(
        `simulate --traffic isolated: ${bad.map(flag).join(', ')} would be ignored (one multicast at a time in an empty network has no load or window); leave ${bad.length > 1 ? 'them' : 'it'} out`,
      );
  } else if (o.sets !== undefined)
    throw new WormcastError('simulate: --sets applies to --traffic isolated (the random sets of isolated multicasts)');
  let destsMean: number | undefined;
  if (o.destsMean !== undefined) {
    if (o.dests !== undefined)
      throw new WormcastError(
        `simulate: --dests ${o.dests} and --dests-mean ${o.destsMean} both give the destinations per multicast: give one of them`,
      );
    if (o.algorithm === 'unicast')
      throw new WormcastError(
        'simulate: --dests-mean applies to multicast algorithms; a unicast message has one destination (leave out --dests-mean, or give --algorithm)',
      );
    destsMean = parseIntIn(o.destsMean, 1, 1 << 24, '--dests-mean');
  }
  const sets = o.sets === undefined ? DEFAULT_ISOLATED_SETS : parseIntIn(o.sets, 1, 1 << 24, '--sets');
  return { isolated, sets, ...(destsMean !== undefined ? { destsMean } : {}) };
}

/** Throw the --dests-mean error when `mean` is not 1..nodes-1 on `t`. */
export function destsMeanIn(mean: number, t: Topology): void {
  try {
    destCountRange(mean, t.nodes - 1);
  } catch {
    throw new WormcastError(`simulate: --dests-mean ${mean} must be 1..${t.nodes - 1} for a multicast on ${t.spec}`);
  }
}
