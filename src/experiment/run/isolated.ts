import { defaultInjection } from '../../engine/input.ts';
import type { Engine, EngineInput, EngineOptions } from '../../engine/types.ts';
import { buildWorkload, type Workload } from '../../engine/workload.ts';
import { WormcastError } from '../../errors.ts';
import { randomDestinations } from '../../multicast/destinations.ts';
import { type FaultsJson, faultsJson } from '../../fault/fault-json.ts';
import { DEFAULT_FAULT_SEED, parseFaults } from '../../fault/parse-faults.ts';
import { mulberry32 } from '../../random.ts';
import { parseTopology } from '../../topology/registry.ts';
import { faultyEventWorms } from './fault-events.ts';
import { meanInterval, type Interval } from './confidence.ts';
import { destCountRange, drawDestCount } from './dest-count.ts';
import { makeEngine, RUN_END, runWorkload, simulationRouting } from './simulate.ts';

/*
 * Isolated multicasts (docs/units.md "Isolated multicasts"): one multicast at a time in an empty
 * network, run by the flit-level engine to its end, averaged over many random destination sets.
 * This is what seed 001 section 5 measures (the delay of one multicast on an idle nCUBE-2 and in
 * MultiSim, averaged over 20 random sets per point) and seed 003 section 5 ("each experiment was
 * repeated 1024 times with the average latency determined"). It is not dynamic traffic at a low
 * load: no other message is ever in the network, so nothing but the multicast's own worms contend.
 */

export interface IsolatedConfig {
  topology: string;
  algorithm: string;
  routing?: string;
  /** Destinations per multicast: a fixed m (ignored when destsMean is given). */
  dests: number;
  /**
   * Draw each set's count with this mean (src/experiment/run/dest-count.ts): one more number of the
   * run's generator before the set's source. Absent: every set has `dests` (the draws of earlier
   * versions, unchanged).
   */
  destsMean?: number;
  sets: number;
  /** Confidence level of the intervals over the sets (default 0.95). */
  confidence?: number;
  flits: number;
  seed: number;
  engine?: 'wasm' | 'reference';
  /** Builds each set's engine instead of makeEngine(engine): the browser app's wasm bytes (src/web/isolated-run.ts). */
  engineOf?: (input: EngineInput) => Promise<Engine>;
  options: EngineOptions;
  /**
   * A set that does not finish (a deadlock, out of slots): false or absent throws a
   * WormcastError naming it (the reproductions' use); true stops there and returns the sets
   * done so far with `incomplete` set (the CLI's exit 3 and a sweep's incomplete replication,
   * like a dynamic run that did not complete its measurement).
   */
  stopOnIncomplete?: boolean;
  /** Called after each set with the sets done (progress of a long run). */
  onSet?: (done: number) => void;
  /** Static faults (`--faults`, docs/faults.md); absent or 'none': none. */
  faults?: string;
  /** Seed of random faults, default DEFAULT_FAULT_SEED. */
  faultSeed?: number;
}

export interface IsolatedResult {
  /** Mean over the sets of the mean latency over the destinations (cycles from creation to the tail's delivery). */
  meanLatency: number;
  /** Mean over the sets of the latest destination's latency (the multicast's completion). */
  meanMaxLatency: number;
  /** Mean over the sets of the flit-hops (channels crossed by flits). */
  meanFlitHops: number;
  /** Sets run to their end (the sets asked for, unless one did not finish: `incomplete`). */
  sets: number;
  /** Why the run stopped before all its sets were done (only with `stopOnIncomplete`). */
  incomplete?: string;
  /** Mean and confidence interval over the sets (each set one observation) of its mean latency over the destinations. */
  latency: Interval;
  /** The same of its mean network latency (from the first header's injection; source queueing excluded). */
  networkLatency: Interval;
  /** The same of its completion (the latest destination's latency). */
  completion: Interval;
  flitHops: Interval;
  /** The same of its number of destinations (a point interval for a fixed count). */
  destinations: Interval;
  /** With faults: the fault set, and the destinations no copy could reach, over all the sets. */
  faults?: FaultsJson;
  undeliverable?: number;
  /**
   * Each set's numbers, in the order drawn (a sweep pools them over its replications); with
   * faults, a set none of whose destinations can be reached has none.
   */
  perSet: {
    latency: number[];
    networkLatency: number[];
    completion: number[];
    flitHops: number[];
    destinations: number[];
  };
}

/** Run `sets` isolated multicasts from uniformly random sources to uniformly random sets of `dests` nodes. */
export async function runIsolated(c: IsolatedConfig): Promise<IsolatedResult> {
  const f =
    c.faults === undefined || c.faults.trim() === 'none'
      ? undefined
      : parseFaults(parseTopology(c.topology), c.faults, c.faultSeed ?? DEFAULT_FAULT_SEED);
  const routing = simulationRouting(c.topology, c.algorithm, c.routing, {}, f);
  const t = routing.topology;
  let undeliverable = 0;
  if (c.destsMean !== undefined) destCountRange(c.destsMean, t.nodes - 1);
  else if (c.dests < 1 || c.dests >= t.nodes)
    throw new WormcastError(`isolated: dests ${c.dests} must be 1..${t.nodes - 1} on ${t.spec}`);
  if (!Number.isInteger(c.sets) || c.sets < 1)
    throw new WormcastError(`isolated: sets ${c.sets} must be an integer >= 1`);
  const random = mulberry32(c.seed);
  const lats: number[] = [];
  const nets: number[] = [];
  const maxes: number[] = [];
  const hopses: number[] = [];
  const counts: number[] = [];
  let incomplete: string | undefined;
  for (let k = 0; k < c.sets; k++) {
    const m = c.destsMean === undefined ? c.dests : drawDestCount(c.destsMean, t.nodes - 1, random());
    const src = Math.floor(random() * t.nodes);
    const dests = [...randomDestinations(t, src, m, random)];
    let w: Workload;
    if (f) {
      // what the faults leave of the multicast, as in dynamic runs (src/experiment/run/fault-events.ts)
      const fe = faultyEventWorms({ created: 0, src, dests }, c.algorithm, routing, c.flits, 0, f);
      undeliverable += fe.undeliverable;
      if (fe.worms.length === 0) {
        c.onSet?.(k + 1);
        continue;
      }
      const firstWorm = Int32Array.of(0, fe.worms.length);
      w = { worms: fe.worms, created: Int32Array.of(0), firstWorm, dests: [fe.dests], flits: c.flits };
    } else w = buildWorkload([{ created: 0, src, dests }], c.algorithm, routing, c.flits);
    // the injection rule defaults to the seeds' one-port model for multicasts (docs/model-flit.md "The source")
    const options = { injection: defaultInjection(c.algorithm), ...c.options };
    const input: EngineInput = { routing, worms: w.worms, options };
    const engine = await (c.engineOf ? c.engineOf(input) : makeEngine(c.engine ?? 'wasm', input));
    const r = runWorkload(
      engine,
      routing,
      w,
      { from: 0, to: RUN_END },
      RUN_END,
      'finished',
      undefined,
      options.routeSeed ?? 0,
    );
    if (r.incomplete) {
      const why = `isolated: ${c.algorithm} on ${t.spec}, set ${k + 1} of ${c.sets} (source ${t.format(src)}, ${m} destinations) did not finish: ${r.incomplete}`;
      if (!c.stopOnIncomplete) throw new WormcastError(why);
      incomplete = why;
      break;
    }
    lats.push(r.meanLatency);
    nets.push(r.meanNetworkLatency);
    maxes.push(r.maxLatency);
    hopses.push(r.flitHops);
    counts.push(m);
    c.onSet?.(k + 1);
  }
  const conf = c.confidence ?? 0.95;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    meanLatency: mean(lats),
    meanMaxLatency: mean(maxes),
    meanFlitHops: mean(hopses),
    sets: lats.length,
    ...(incomplete !== undefined ? { incomplete } : {}),
    latency: meanInterval(lats, conf),
    networkLatency: meanInterval(nets, conf),
    completion: meanInterval(maxes, conf),
    flitHops: meanInterval(hopses, conf),
    destinations: meanInterval(counts, conf),
    perSet: { latency: lats, networkLatency: nets, completion: maxes, flitHops: hopses, destinations: counts },
    ...(f ? { faults: faultsJson(t, f), undeliverable } : {}),
  };
}
