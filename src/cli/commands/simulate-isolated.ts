import type { Interval } from '../../experiment/run/confidence.ts';
import type { EngineOptions } from '../../engine/types.ts';
import { runIsolated, type IsolatedResult } from '../../experiment/run/isolated.ts';
import { Progress } from '../progress.ts';
import { cyclesToUs, type ResolvedUnits, unitsText } from '../../experiment/config/units.ts';
import { simulationRouting } from '../../experiment/run/simulate.ts';
import { IncompleteRunError } from '../exit-status.ts';

/*
 * `simulate --traffic isolated` (docs/cli.md "Isolated multicasts"): one multicast at a time in
 * an empty network, `--sets` random sets (src/experiment/run/isolated.ts), reported as isolated with
 * the mean and a 95 % confidence interval over the sets: never as dynamic traffic at a low load.
 */

export interface IsolatedRun {
  topology: string;
  routing?: string;
  algorithm: string;
  /** Fixed destinations per multicast (1 for unicast), or a mean to draw them with. */
  dests: number;
  destsMean?: number;
  sets: number;
  flits: number;
  seed: number;
  engine: 'wasm' | 'reference';
  options: EngineOptions;
  /** The node model in words, for the heading. */
  nodeModel: string;
  units: ResolvedUnits | null;
  json: boolean;
  /** Extra JSON fields (node model...). */
  extra: Record<string, unknown>;
  /** Static faults and their seed (docs/faults.md); absent: none. */
  faults?: string;
  faultSeed?: number;
}

const CONFIDENCE = 0.95;

function round(x: number): number | null {
  return Number.isFinite(x) ? Math.round(x * 1e4) / 1e4 : null;
}

/** An interval as JSON (NaN, e.g. the half-width of one set, as null). */
function intervalJson(i: Interval, scale = (x: number) => x): Record<string, number | null> {
  return {
    mean: round(scale(i.mean)),
    halfWidth: round(scale(i.halfWidth)),
    lo: round(scale(i.lo)),
    hi: round(scale(i.hi)),
  };
}

/** `12.34 +- 0.56` (or `12.34` alone when there is no interval: one set; `-` when no set finished). */
function intervalText(i: Interval, scale = (x: number) => x, digits = 2): string {
  if (!Number.isFinite(i.mean)) return '-';
  const m = scale(i.mean).toFixed(digits);
  return Number.isFinite(i.halfWidth) ? `${m} +- ${scale(i.halfWidth).toFixed(digits)}` : m;
}

/**
 * Run the sets and print them (text or one JSON object). A set that does not finish (a deadlock,
 * out of slots) ends the run: the sets done so far are printed, marked INCOMPLETE (JSON
 * `incomplete`), and an IncompleteRunError gives the `wormcast: warning:` line and exit 3, as a
 * dynamic run that did not complete its measurement (docs/cli.md "Exit status of simulate").
 */
export async function runIsolatedCommand(c: IsolatedRun): Promise<IsolatedResult> {
  const fault =
    c.faults !== undefined
      ? { faults: c.faults, ...(c.faultSeed !== undefined ? { faultSeed: c.faultSeed } : {}) }
      : {};
  const routing = simulationRouting(c.topology, c.algorithm, c.routing);
  // many sets (or large ones) show their progress on stderr (src/cli/progress.ts: silent for the first seconds)
  const progress = new Progress('simulate', c.sets, 'sets');
  const r = await runIsolated({
    topology: c.topology,
    algorithm: c.algorithm,
    ...(c.routing !== undefined ? { routing: c.routing } : {}),
    dests: c.dests,
    ...(c.destsMean !== undefined ? { destsMean: c.destsMean } : {}),
    sets: c.sets,
    flits: c.flits,
    seed: c.seed,
    engine: c.engine,
    options: c.options,
    confidence: CONFIDENCE,
    stopOnIncomplete: true,
    onSet: (done) => progress.update(done),
    ...fault,
  }).finally(() => progress.stop());
  const cycleUs = c.units?.cycleUs;
  const us = (x: number) => cyclesToUs({ cycleUs: cycleUs ?? 1, messageBytes: 0, flitBytes: 1, source: '' }, x);
  const destText =
    c.algorithm === 'unicast'
      ? ''
      : c.destsMean !== undefined
        ? ` to a mean of ${c.destsMean} destinations (drawn per multicast)`
        : ` to ${c.dests} destinations`;
  if (c.json) {
    const out: Record<string, unknown> = {
      traffic: 'isolated',
      topology: routing.topology.spec,
      routing: routing.name,
      algorithm: c.algorithm,
      ...(c.algorithm === 'unicast' ? {} : c.destsMean !== undefined ? { destsMean: c.destsMean } : { dests: c.dests }),
      sets: r.sets,
      // fewer sets than asked: one did not finish, or (with faults) some had no destination to reach
      ...(r.incomplete !== undefined || r.sets !== c.sets ? { setsRequested: c.sets } : {}),
      incomplete: r.incomplete ?? null,
      flits: c.flits,
      seed: c.seed,
      confidence: CONFIDENCE,
      latency: intervalJson(r.latency),
      networkLatency: intervalJson(r.networkLatency),
      completion: intervalJson(r.completion),
      flitHops: intervalJson(r.flitHops),
      destinations: intervalJson(r.destinations),
      ...(r.faults ? { faults: r.faults, undeliverable: r.undeliverable ?? 0 } : {}),
      ...c.extra,
      ...(c.units ? { units: c.units } : {}),
      ...(cycleUs !== undefined
        ? {
            inUs: {
              cycleUs,
              latency: intervalJson(r.latency, us),
              networkLatency: intervalJson(r.networkLatency, us),
              completion: intervalJson(r.completion, us),
            },
          }
        : {}),
    };
    process.stdout.write(`${JSON.stringify(out)}\n`);
    if (r.incomplete !== undefined) throw new IncompleteRunError(r.incomplete);
    return r;
  }
  const setsText =
    r.incomplete !== undefined
      ? `${r.sets} of ${c.sets} random sets done`
      : `${r.sets} random set${r.sets === 1 ? '' : 's'}`;
  const lines = [
    `${routing.topology.spec} ${c.algorithm}${destText}: isolated multicasts (one at a time in an empty network, not dynamic traffic), ${setsText}, seed ${c.seed}, ${c.flits}-flit messages, ${c.nodeModel}, ${c.engine} engine`,
  ];
  if (r.incomplete !== undefined) lines.push(`  INCOMPLETE: ${r.incomplete}`);
  if (r.faults)
    lines.push(
      `  faults: ${r.faults.links.length} links, ${r.faults.nodes.length} nodes (${r.faults.deadLinks} links dead); ${r.undeliverable} destinations undeliverable (counted, never sent), ${c.sets - r.sets} sets with none reachable`,
    );
  if (c.units) lines.push(`  units: ${unitsText(c.units, c.flits, undefined, c.options.startup)}`);
  lines.push(
    r.sets >= 2
      ? `  mean and ${CONFIDENCE * 100} % confidence interval over the sets (cycles):`
      : `  ${r.sets === 1 ? 'one set, so no confidence interval (cycles):' : 'no set finished:'}`,
    `  latency (creation to tail delivery, mean over the destinations) ${intervalText(r.latency)}`,
    `  network latency (source queueing excluded) ${intervalText(r.networkLatency)}`,
    `  completion (the latest destination) ${intervalText(r.completion)}`,
    `  flit-hops ${intervalText(r.flitHops)}; destinations ${intervalText(r.destinations)}`,
  );
  if (cycleUs !== undefined)
    lines.push(
      `  in microseconds (${Number(cycleUs.toPrecision(6))} us per cycle): latency ${intervalText(r.latency, us, 3)}, network latency ${intervalText(r.networkLatency, us, 3)}, completion ${intervalText(r.completion, us, 3)}`,
    );
  process.stdout.write(`${lines.join('\n')}\n`);
  if (r.incomplete !== undefined) throw new IncompleteRunError(r.incomplete);
  return r;
}
