import type { EngineOptions } from '../engine/types.ts';
import { buildWorkload } from '../engine/workload.ts';
import { WormcastError } from '../errors.ts';
import { randomDestinations } from '../multicast/destinations.ts';
import { mulberry32 } from '../random.ts';
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
  /** Destinations per multicast: a fixed m, or drawn per multicast (mean). */
  dests: number;
  sets: number;
  flits: number;
  seed: number;
  engine?: 'wasm' | 'reference';
  options: EngineOptions;
}

export interface IsolatedResult {
  /** Mean over the sets of the mean latency over the destinations (cycles from creation to the tail's delivery). */
  meanLatency: number;
  /** Mean over the sets of the latest destination's latency (the multicast's completion). */
  meanMaxLatency: number;
  /** Mean over the sets of the flit-hops (channels crossed by flits). */
  meanFlitHops: number;
  sets: number;
}

/** Run `sets` isolated multicasts from uniformly random sources to uniformly random sets of `dests` nodes. */
export async function runIsolated(c: IsolatedConfig): Promise<IsolatedResult> {
  const routing = simulationRouting(c.topology, c.algorithm, c.routing);
  const t = routing.topology;
  if (c.dests < 1 || c.dests >= t.nodes)
    throw new WormcastError(`isolated: dests ${c.dests} must be 1..${t.nodes - 1} on ${t.spec}`);
  const random = mulberry32(c.seed);
  let lat = 0;
  let max = 0;
  let hops = 0;
  for (let k = 0; k < c.sets; k++) {
    const src = Math.floor(random() * t.nodes);
    const dests = [...randomDestinations(t, src, c.dests, random)];
    const w = buildWorkload([{ created: 0, src, dests }], c.algorithm, routing, c.flits);
    const engine = await makeEngine(c.engine ?? 'wasm', { routing, worms: w.worms, options: c.options });
    const r = runWorkload(engine, routing, w, { from: 0, to: RUN_END }, RUN_END, 'finished');
    if (r.incomplete) throw new WormcastError(`isolated: ${c.algorithm} on ${t.spec}, set ${k}: ${r.incomplete}`);
    lat += r.meanLatency;
    max += r.maxLatency;
    hops += r.flitHops;
  }
  return { meanLatency: lat / c.sets, meanMaxLatency: max / c.sets, meanFlitHops: hops / c.sets, sets: c.sets };
}
