/*
 * The curve panel's default loads (issue 24: "loads that reach the knee by default"): a quick
 * saturation search with single runs of the simulation form's traffic, judged by the sweep's own
 * saturation rule (docs/experiments.md "Saturation"), then loads spread below the last stable load
 * found, and one past the first saturated one. A bisection bound would miss what the search sees:
 * the pattern, the multicast algorithm and the routing move the knee (tornado, dual-path, dor).
 */

import { isDecimal, WormcastError } from 'wormcast';
import { pageLoadLimit, parseSimulationRequest, type SimulationRequest } from '../simulate-panel.ts';

/**
 * The loads field's loads (not `auto`): 1 to 12 positive decimal numbers separated by spaces,
 * commas or semicolons, as the simulation form's load reads one (isDecimal: Number() alone took
 * '0x10' as 16 and '0b1' as 1).
 */
export function parseCurveLoads(text: string): number[] {
  const loads = text
    .split(/[\s,;]+/)
    .filter((x) => x !== '')
    .map((x) => {
      const v = Number(x);
      if (!isDecimal(x) || !Number.isFinite(v) || v <= 0)
        throw new WormcastError(`curves: load '${x}' must be a positive number`);
      return v;
    });
  if (loads.length < 1 || loads.length > 12)
    throw new WormcastError(`curves: ${loads.length} loads; give 1..12 (separated by spaces or commas), or auto`);
  return loads;
}

/** The knee search goes no higher: one flit per node per cycle fills a one-port node's injection channel. */
export const MAX_KNEE_LOAD = 1;

/** Whether one run at this load is saturated (or did not measure at all: past use either way). */
export type SaturationProbe = (load: number) => Promise<boolean>;

/** What the search found: the highest load seen stable and the lowest seen saturated (null: none up to the limit). */
export interface Knee {
  stable: number | null;
  saturated: number | null;
  /** The loads tried, in order, with their verdicts. */
  probes: Array<[number, boolean]>;
}

/** The first load tried: light traffic on every family of the seeds. */
export const FIRST_PROBE = 0.1;
/** Below this, a network that saturates is taken as saturating at any load. */
export const LOWEST_PROBE = 1 / 1024;
/**
 * The highest load the search tries for the simulation form's request: MAX_KNEE_LOAD, or 0.99 of
 * what the page runs (MAX_MESSAGES, counted as a simulation counts them: pageLoadLimit). The form's
 * configuration is read at the lowest load tried: at FIRST_PROBE a long window was refused before
 * the search began ('about 240000 messages': mesh:8x8, warm-up auto, 400,000 cycles).
 */
export function kneeLimit(req: SimulationRequest): number {
  const { config, routing } = parseSimulationRequest({ ...req, load: String(LOWEST_PROBE) });
  return Math.min(MAX_KNEE_LOAD, 0.99 * pageLoadLimit(config, routing.topology.nodes));
}

/** Bisection steps between a stable and a saturated load (each halves the ratio's logarithm: 2^(1/8) apart at the end). */
export const BISECTIONS = 3;

/**
 * Double (or halve) the load from FIRST_PROBE until the verdict changes, up to `maxLoad`, then
 * bisect the bracket geometrically BISECTIONS times.
 */
export async function findKnee(probe: SaturationProbe, maxLoad: number): Promise<Knee> {
  const probes: Array<[number, boolean]> = [];
  const run = async (load: number): Promise<boolean> => {
    const s = await probe(load);
    probes.push([load, s]);
    return s;
  };
  let stable: number | null = null;
  let saturated: number | null = null;
  let load = Math.min(FIRST_PROBE, maxLoad);
  if (await run(load)) {
    saturated = load;
    while (load / 2 >= LOWEST_PROBE) {
      load /= 2;
      if (!(await run(load))) {
        stable = load;
        break;
      }
      saturated = load;
    }
  } else {
    stable = load;
    while (load < maxLoad) {
      load = Math.min(maxLoad, load * 2);
      if (await run(load)) {
        saturated = load;
        break;
      }
      stable = load;
    }
  }
  if (stable !== null && saturated !== null) {
    for (let i = 0; i < BISECTIONS; i++) {
      const mid = Math.sqrt(stable * saturated);
      if (await run(mid)) saturated = mid;
      else stable = mid;
    }
  }
  return { stable, saturated, probes };
}

/** Three significant digits: loads as a person would type them. */
function round3(x: number): number {
  return Number(x.toPrecision(3));
}

/** Shares of the last stable load at which the curve is drawn below the knee. */
const BELOW = [0.15, 0.35, 0.55, 0.75, 0.9, 1];
/** How far past the first saturated load the last point lies, so that the sweep's replications see it saturated too. */
export const PAST = 1.2;

/**
 * The default loads of a knee: below the last stable load at BELOW of it, and PAST times the first
 * saturated load (none when nothing saturated up to the limit: the loads then end at the limit).
 */
export function kneeLoads(k: Knee, maxLoad: number): number[] {
  const top = k.stable ?? (k.saturated ?? maxLoad) / 2;
  const loads = BELOW.map((f) => round3(f * top));
  if (k.saturated !== null) loads.push(round3(Math.min(maxLoad, k.saturated * PAST)));
  return [...new Set(loads)].filter((x) => x > 0);
}
