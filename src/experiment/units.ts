import { WormcastError } from '../errors.ts';

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
