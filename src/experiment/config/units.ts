import { WormcastError } from '../../errors.ts';

/*
 * The seeds' units, converted to wormcast's flits and cycles in this one place (docs/units.md).
 *
 * wormcast counts time in cycles (one flit crosses one channel per cycle) and sizes in flits; its
 * load is message flits per node per cycle. The seeds speak of microseconds, bytes and channel
 * speeds. A channel speed and a flit width fix the cycle (the time one flit takes on a channel);
 * the message size and the flit width fix the flits per message; a mean inter-arrival time per
 * node is then flits / (inter-arrival in cycles) of load.
 */

/** How a seed's physical units map onto flits and cycles. */
export interface Units {
  /** Bytes per message (seed 004: 128; seed 001: 4096). */
  readonly messageBytes: number;
  /** Bytes per flit: the seeds leave it open except seed 003 (flits given directly). */
  readonly flitBytes: number;
  /** Microseconds per cycle: the time one flit takes on one channel. */
  readonly cycleUs: number;
  /** Where the numbers come from (for the docs and the reports). */
  readonly source: string;
}

/** Units from a channel speed in Mbytes/s (10^6 bytes per second = bytes per microsecond). */
export function unitsFromSpeed(
  messageBytes: number,
  flitBytes: number,
  mbytesPerSecond: number,
  source: string,
): Units {
  if (!(messageBytes > 0 && flitBytes > 0 && mbytesPerSecond > 0))
    throw new WormcastError(
      `units: message bytes, flit bytes and channel speed must be > 0 (got ${messageBytes}, ${flitBytes}, ${mbytesPerSecond})`,
    );
  return { messageBytes, flitBytes, cycleUs: flitBytes / mbytesPerSecond, source };
}

/** Flits per message (a partly filled last flit is a whole flit). */
export function messageFlits(u: Units): number {
  return Math.ceil(u.messageBytes / u.flitBytes);
}

/** Microseconds -> cycles. */
export function usToCycles(u: Units, us: number): number {
  return us / u.cycleUs;
}

/** Cycles -> microseconds. */
export function cyclesToUs(u: Units, cycles: number): number {
  return cycles * u.cycleUs;
}

/**
 * wormcast's load (message flits per node per cycle) for a mean inter-arrival time per node in
 * microseconds: one message every usToCycles(us) cycles, each of messageFlits flits.
 */
export function loadForInterarrivalUs(u: Units, us: number): number {
  if (!(us > 0)) throw new WormcastError(`units: mean inter-arrival time ${us} us must be > 0`);
  return messageFlits(u) / usToCycles(u, us);
}

/** The mean inter-arrival time per node in microseconds of a load. */
export function interarrivalUsForLoad(u: Units, load: number): number {
  return cyclesToUs(u, messageFlits(u) / load);
}

/**
 * Seed 004 section 7.2: "the message size is 128 bytes. The speed of each channel is 20 Mbytes /
 * second". The flit width is not given: 8 bytes is assumed (16 flits, 0.4 us per cycle), which puts
 * the zero-load latency of a 10-destination multicast near the seed's ~20 us.
 */
export const SEED004_UNITS: Units = unitsFromSpeed(
  128,
  8,
  20,
  'seed 004 section 7.2: 128-byte messages, 20 Mbytes/s channels; 8-byte flits assumed',
);

/**
 * Seed 003 section 5: "the startup latency is 1 us, the transmission time of a flit is 25 ns",
 * 120-flit messages. One cycle is one flit time, 25 ns; the 1 us startup is 40 cycles.
 */
export const SEED003_UNITS: Units = {
  messageBytes: 120,
  flitBytes: 1,
  cycleUs: 0.025,
  source: 'seed 003 section 5: 120-flit messages, 25 ns per flit, 1 us startup',
};

/** Seed 003's startup latency, 1 us, in cycles. */
export const SEED003_STARTUP_CYCLES = Math.round(usToCycles(SEED003_UNITS, 1));

/**
 * Seed 001 section 5 (nCUBE-2 measurements and MultiSim): 4096-byte messages. The nCUBE-2 channel
 * moves about 2.2 Mbytes/s per direction; with 32-byte flits a 4096-byte message is 128 flits of
 * 14.5 us. The seed prints no channel speed; delays are reported in cycles and microseconds of this
 * assumption.
 */
export const SEED001_UNITS: Units = unitsFromSpeed(
  4096,
  32,
  2.2,
  'seed 001 section 5: 4096-byte messages; 32-byte flits and 2.2 Mbytes/s (nCUBE-2) assumed',
);

/**
 * Seed 000 section 6 counts message-passing steps, not time: no units. Its flit-level companion
 * runs (docs/validation.md "U-CCC") use wormcast's defaults (16-flit messages).
 */
export const SEED000_UNITS: Units = {
  messageBytes: 16,
  flitBytes: 1,
  cycleUs: 1,
  source: 'seed 000 section 6: steps only, no physical units',
};

/** Presets by name (`--units` of experiment definitions). */
export const UNIT_PRESETS: Readonly<Record<string, Units>> = {
  seed000: SEED000_UNITS,
  seed001: SEED001_UNITS,
  seed003: SEED003_UNITS,
  seed004: SEED004_UNITS,
};

/*
 * The seeds' units as options of `wormcast simulate` and keys of experiment files (docs/units.md
 * "As options"). Every quantity has two spellings, wormcast's (flits, cycles, load) and the
 * seed's (bytes, microseconds, Mbytes/s); a preset (`units`) gives the seed's spelling of several
 * at once. Explicit options override a preset; two explicit spellings of one quantity are refused.
 */

/** The seed-unit fields of a preset or of the options (every one optional). */
export interface UnitFields {
  /** Bytes per message (needs flitBytes). */
  messageBytes?: number;
  /** Flits per message, for a seed that gives them directly (seed 003: 120). */
  messageFlits?: number;
  /** Bytes per flit. */
  flitBytes?: number;
  /** Channel speed in Mbytes/s (10^6 bytes per second; needs flitBytes). */
  channelMbps?: number;
  /** Time of one flit on one channel in ns (the cycle; seed 003: 25). */
  flitTimeNs?: number;
  /** Startup (software overhead per send) in microseconds (seed 003: 1). */
  startupUs?: number;
}

/** What each preset sets (the seeds' numbers and the assumptions of the table in docs/units.md). */
export const UNIT_PRESET_FIELDS: Readonly<Record<string, Readonly<UnitFields> & { source: string }>> = {
  seed000: { messageFlits: 16, source: SEED000_UNITS.source },
  seed001: { messageBytes: 4096, flitBytes: 32, channelMbps: 2.2, source: SEED001_UNITS.source },
  seed003: { messageFlits: 120, flitTimeNs: 25, startupUs: 1, source: SEED003_UNITS.source },
  seed004: { messageBytes: 128, flitBytes: 8, channelMbps: 20, source: SEED004_UNITS.source },
};

/** The names of the unit options, in wormcast's camelCase (experiment-file keys). */
export const UNIT_OPTION_KEYS = [
  'units',
  'interarrivalUs',
  'messageBytes',
  'flitBytes',
  'channelMbps',
  'flitTimeNs',
  'startupUs',
] as const;

/** The options a run's units are resolved from: the seed-unit ones and wormcast's own, as given. */
export interface UnitInput extends UnitFields {
  /** A preset name (UNIT_PRESET_FIELDS). */
  units?: string;
  /** Mean inter-arrival time per node in microseconds (gives the load). */
  interarrivalUs?: number;
  /** wormcast's spellings, only when given explicitly (not defaults). */
  load?: number;
  flits?: number;
  startup?: number;
  /**
   * A size mix (`sizes`, docs/traffic.md "Message sizes"): its mean and largest size in flits. It
   * gives the message sizes, as `flits` does (a preset's message size does not apply), and a mean
   * inter-arrival time is a load of its mean size.
   */
  sizes?: { mean: number; max: number };
}

/** A run's units resolved: the seed's numbers and what they convert to (JSON `units` of simulate). */
export interface ResolvedUnits {
  /** The preset used, if any. */
  preset?: string;
  /** Where the preset's numbers come from. */
  source?: string;
  messageBytes?: number;
  flitBytes?: number;
  channelMbps?: number;
  /** Microseconds per cycle, when a time unit is known (latencies can then be reported in us). */
  cycleUs?: number;
  interarrivalUs?: number;
  startupUs?: number;
  /** Converted: flits per message (absent: the run's --flits or its default). */
  flits?: number;
  /** Converted: load in message flits per node per cycle (absent: the run's --load). */
  load?: number;
  /** Converted: startup in cycles, rounded to a whole cycle (absent: the run's --startup). */
  startup?: number;
}

/** How a caller names an option in its errors: `--interarrival-us` (CLI) or `interarrivalUs` (a file). */
export type OptionNamer = (key: string) => string;

const dashed: OptionNamer = (key) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The fields of an experiment-file or command-line option set that concern units, given or not. */
export function hasUnitOptions(o: UnitInput): boolean {
  return UNIT_OPTION_KEYS.some((k) => o[k] !== undefined);
}

/**
 * Resolve a run's units (docs/units.md "As options"), or null when no seed-unit option is given.
 * `defaultFlits` is the message length when neither --flits nor a message size is given. Throws
 * a WormcastError for an unknown preset, two spellings of one quantity, or a seed unit that
 * cannot be converted for want of another (a size in bytes without a flit width, a time in us
 * without a cycle time), naming the options with `name`.
 */
export function resolveUnits(o: UnitInput, defaultFlits: number, name: OptionNamer = dashed): ResolvedUnits | null {
  if (!hasUnitOptions(o)) return null;
  const both = (a: keyof UnitInput, b: keyof UnitInput, what: string): void => {
    if (o[a] !== undefined && o[b] !== undefined)
      throw new WormcastError(
        `${name(a)} ${o[a]} and ${name(b)} ${o[b]} both give ${what}: give one of them (docs/units.md)`,
      );
  };
  both('load', 'interarrivalUs', 'the load');
  both('flits', 'messageBytes', 'the message size');
  both('startup', 'startupUs', 'the startup time');
  both('channelMbps', 'flitTimeNs', 'the cycle time');
  let preset: (UnitFields & { source: string }) | undefined;
  if (o.units !== undefined) {
    preset = Object.hasOwn(UNIT_PRESET_FIELDS, o.units) ? UNIT_PRESET_FIELDS[o.units] : undefined;
    if (!preset)
      throw new WormcastError(
        `${name('units')} '${o.units}': unknown preset; expected one of ${Object.keys(UNIT_PRESET_FIELDS).join(', ')}`,
      );
  }
  for (const k of ['interarrivalUs', 'messageBytes', 'flitBytes', 'channelMbps', 'flitTimeNs'] as const) {
    const v = o[k];
    if (v !== undefined && !(Number.isFinite(v) && v > 0)) throw new WormcastError(`${name(k)} ${v} must be > 0`);
  }
  if (o.startupUs !== undefined && !(Number.isFinite(o.startupUs) && o.startupUs >= 0))
    throw new WormcastError(`${name('startupUs')} ${o.startupUs} must be >= 0`);
  const r: ResolvedUnits = {};
  if (o.units !== undefined && preset) {
    r.preset = o.units;
    r.source = preset.source;
  }
  const flitBytes = o.flitBytes ?? preset?.flitBytes;
  // the message size: --flits, else --message-bytes, else the preset's (unless --flits or a size
  // mix overrides it)
  if (o.flits === undefined) {
    const bytes = o.messageBytes ?? (o.sizes === undefined ? preset?.messageBytes : undefined);
    if (bytes !== undefined && (o.messageBytes !== undefined || preset?.messageFlits === undefined)) {
      if (flitBytes === undefined)
        throw new WormcastError(
          `${name('messageBytes')} ${bytes} needs a flit width to make flits: give ${name('flitBytes')} (or ${name('units')}, e.g. seed004)`,
        );
      r.messageBytes = bytes;
      r.flitBytes = flitBytes;
      r.flits = Math.ceil(bytes / flitBytes);
    } else if (preset?.messageFlits !== undefined && o.sizes === undefined) r.flits = preset.messageFlits;
  }
  // the flits of a message on average: a size mix's mean (the load counts it), else the one size
  const flits = o.sizes?.mean ?? o.flits ?? r.flits ?? defaultFlits;
  // the cycle: the time one flit takes on one channel
  if (o.flitTimeNs !== undefined) r.cycleUs = o.flitTimeNs / 1000;
  else {
    const speed = o.channelMbps ?? preset?.channelMbps;
    if (speed !== undefined) {
      if (flitBytes === undefined)
        throw new WormcastError(
          `${name('channelMbps')} ${speed} needs a flit width to make a cycle time: give ${name('flitBytes')}, or give ${name('flitTimeNs')} instead`,
        );
      r.channelMbps = speed;
      r.flitBytes = flitBytes;
      r.cycleUs = flitBytes / speed;
    } else if (preset?.flitTimeNs !== undefined) r.cycleUs = preset.flitTimeNs / 1000;
  }
  if (o.flitBytes !== undefined && r.flitBytes === undefined)
    throw new WormcastError(
      `${name('flitBytes')} ${o.flitBytes} has no effect without ${name('messageBytes')} or ${name('channelMbps')}: give one of them, or leave it out`,
    );
  const needTime = (k: 'interarrivalUs' | 'startupUs', v: number): number => {
    if (r.cycleUs === undefined)
      throw new WormcastError(
        `${name(k)} ${v} needs a cycle time to convert microseconds to cycles: give ${name('units')} (${Object.keys(
          UNIT_PRESET_FIELDS,
        )
          .filter((p) => UNIT_PRESET_FIELDS[p]!.channelMbps ?? UNIT_PRESET_FIELDS[p]!.flitTimeNs)
          .join(', ')}), ${name('channelMbps')} with ${name('flitBytes')}, or ${name('flitTimeNs')}`,
      );
    return v / r.cycleUs;
  };
  if (o.interarrivalUs !== undefined) {
    r.interarrivalUs = o.interarrivalUs;
    r.load = flits / needTime('interarrivalUs', o.interarrivalUs);
  }
  const startupUs = o.startupUs ?? (o.startup === undefined ? preset?.startupUs : undefined);
  if (startupUs !== undefined) {
    r.startupUs = startupUs;
    r.startup = Math.round(needTime('startupUs', startupUs));
  }
  return r;
}

/**
 * The resolved units in words, for the heading of a run (`flits`: its size, or its size mix's text;
 * null for a trace, whose lines give each message's size).
 */
export function unitsText(u: ResolvedUnits, flits: number | string | null, load?: number, startup?: number): string {
  const parts: string[] = [];
  if (u.preset) parts.push(`${u.preset} (${u.source})`);
  if (flits === null) {
    // a trace: no message size of the run's
  } else if (typeof flits === 'string') parts.push(`messages of ${flits} flits (size:weight)`);
  else if (u.messageBytes !== undefined)
    parts.push(`${u.messageBytes}-byte messages = ${flits} flits of ${u.flitBytes} bytes`);
  else parts.push(`${flits}-flit messages`);
  if (u.cycleUs !== undefined)
    parts.push(
      u.channelMbps !== undefined
        ? `${u.channelMbps} Mbytes/s channels = ${round6(u.cycleUs)} us per cycle`
        : `${round6(u.cycleUs * 1000)} ns per flit = 1 cycle`,
    );
  if (u.interarrivalUs !== undefined && load !== undefined)
    parts.push(`mean inter-arrival ${u.interarrivalUs} us per node = load ${round6(load)} flits/node/cycle`);
  if (u.startupUs !== undefined && startup !== undefined) parts.push(`startup ${u.startupUs} us = ${startup} cycles`);
  return parts.join('; ');
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
