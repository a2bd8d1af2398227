import { parseIntIn, parseNumberIn, WormcastError } from '../../errors.ts';
import { parseSizeMix } from '../../experiment/run/message-sizes.ts';
import { hasUnitOptions, resolveUnits, type ResolvedUnits, type UnitInput } from '../../experiment/config/units.ts';

/*
 * `simulate`'s seed-unit options (docs/units.md "As options", docs/cli.md "Seed units of
 * simulate"): --units, --interarrival-us, --message-bytes, --flit-bytes, --channel-mbps,
 * --flit-time-ns, --startup-us, converted by src/experiment/config/units.ts into the --load, --flits and
 * --startup the run uses. The one conversion is that file's; this one parses and checks text.
 */

/** The options this module reads and writes (a subset of simulate's, as commander gives them). */
export interface UnitCliOptions {
  units?: string;
  interarrivalUs?: string;
  messageBytes?: string;
  flitBytes?: string;
  channelMbps?: string;
  flitTimeNs?: string;
  startupUs?: string;
  load?: string;
  flits: string;
  sizes?: string;
  startup: string;
}

/** The largest microseconds, Mbytes/s or ns an option takes (plain numbers far beyond any network). */
const BIG = 1e12;

/**
 * Resolve the seed units of a simulate command line, or null when none is given. `given(k)` says
 * whether option k was typed (a default does not count). On success the converted load, flits
 * and startup are written back into `o` as the text --load, --flits and --startup would have
 * been, so the rest of simulate runs as if they had been given.
 */
export function applySeedUnits(o: UnitCliOptions, given: (key: string) => boolean): ResolvedUnits | null {
  const num = (k: keyof UnitCliOptions, flag: string, min: number): number | undefined =>
    o[k] === undefined ? undefined : parseNumberIn(o[k]!, min, BIG, flag);
  const int = (k: keyof UnitCliOptions, flag: string, max: number): number | undefined =>
    o[k] === undefined ? undefined : parseIntIn(o[k]!, 1, max, flag);
  const input: UnitInput = {
    ...(o.units !== undefined ? { units: o.units } : {}),
    interarrivalUs: num('interarrivalUs', '--interarrival-us', 1e-9),
    messageBytes: int('messageBytes', '--message-bytes', 2 ** 30),
    flitBytes: int('flitBytes', '--flit-bytes', 2 ** 20),
    channelMbps: num('channelMbps', '--channel-mbps', 1e-9),
    flitTimeNs: num('flitTimeNs', '--flit-time-ns', 1e-9),
    startupUs: num('startupUs', '--startup-us', 0),
  };
  if (!hasUnitOptions(input)) return null;
  // a size mix (--sizes, or --flits 4:1,16:1) gives the message sizes, and a mean inter-arrival
  // time is a load of its mean size (docs/traffic.md "Message sizes")
  const mixFlag = o.sizes !== undefined ? '--sizes' : o.flits.includes(':') ? '--flits' : undefined;
  const mix = mixFlag ? parseSizeMix(o.sizes ?? o.flits) : undefined;
  if (mix) input.sizes = { mean: mix.mean, max: mix.max };
  // wormcast's own spellings count only when typed: their defaults do not contradict a seed unit
  if (given('load') && o.load !== undefined) input.load = Number(o.load);
  if (given('flits') && mixFlag !== '--flits') input.flits = parseIntIn(o.flits, 1, 1 << 24, '--flits');
  if (given('startup')) input.startup = parseIntIn(o.startup, 0, 1 << 24, '--startup');
  const u = resolveUnits(input, mix ? mix.max : parseIntIn(o.flits, 1, 1 << 24, '--flits'));
  if (!u) return null;
  const flits = mix ? mix.mean : (input.flits ?? u.flits ?? parseIntIn(o.flits, 1, 1 << 24, '--flits'));
  if (u.flits !== undefined) {
    if (u.flits > 1 << 24)
      throw new WormcastError(
        `--message-bytes ${u.messageBytes}: ${u.flits} flits of ${u.flitBytes} bytes is more than --flits allows (16777216)`,
      );
    if (mix && u.flits !== mix.max)
      throw new WormcastError(
        `--message-bytes ${u.messageBytes} and ${mixFlag} ${o.sizes ?? o.flits} both give the message size: give one of them`,
      );
    if (!mix) o.flits = String(u.flits);
  }
  if (u.load !== undefined) {
    if (u.load > flits)
      throw new WormcastError(
        `--interarrival-us ${u.interarrivalUs}: load ${u.load} flits/node/cycle is more than one ${mix ? `message of the mean size, ${flits} flits,` : `${flits}-flit message`} per node per cycle; the shortest mean inter-arrival time is one cycle, ${u.cycleUs} us`,
      );
    if (u.load < 1e-9)
      throw new WormcastError(
        `--interarrival-us ${u.interarrivalUs}: load ${u.load} is below 1e-9 flits/node/cycle (the least --load)`,
      );
    o.load = String(u.load);
  }
  if (u.startup !== undefined) {
    if (u.startup > 1 << 24)
      throw new WormcastError(
        `--startup-us ${u.startupUs}: ${u.startup} cycles is more than --startup allows (16777216)`,
      );
    o.startup = String(u.startup);
  }
  return u;
}
