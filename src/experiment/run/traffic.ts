import { WormcastError } from '../../errors.ts';
import { mulberry32 } from '../../random.ts';
import type { PatternGeometry, PatternName } from '../../traffic/patterns.ts';
import type { SizeMix } from './message-sizes.ts';

/** Dynamic traffic: what the generator is asked for. */
export interface TrafficSpec {
  nodes: number;
  /** Offered load: message flits generated per node per cycle (a multicast's message counts once). */
  load: number;
  /** Flits per message (L). */
  flits: number;
  /** 0 for unicast traffic; m >= 1 for multicasts to m distinct random destinations. */
  dests: number;
  /**
   * Multicasts only: draw each multicast's count with this mean instead of the fixed `dests`
   * (src/experiment/run/dest-count.ts; TrafficStream only, generateTraffic refuses it).
   */
  destsMean?: number;
  /**
   * Inter-arrival process per node: Bernoulli per cycle (default), exponential, or uniform (gaps uniform on
   * [0, 2 / rate): seed 004 section 8.2, "interval time to send a multicast message is uniformly random").
   */
  process?: ArrivalProcess;
  /**
   * 'onoff' (BookSim's on_off injection process): alpha, the probability per cycle that an off
   * source turns on, and beta, that an on source turns off; the rate in the on state follows from
   * the load (docs/traffic.md "Processes"). TrafficStream only.
   */
  onoff?: { alpha: number; beta: number };
  /** 'batch' (BookSim's sim_type = batch): every node sends this many messages, then stops. TrafficStream only. */
  batch?: number;
  /**
   * Message sizes drawn per message from this mix instead of the fixed `flits` (docs/traffic.md
   * "Message sizes"); the load's rate is then load / the mix's mean. TrafficStream only.
   */
  sizes?: SizeMix;
  /** Messages are created in cycles [0, cycles). */
  cycles: number;
  seed: number;
  /** Unicast only: let a source address itself (BookSim's uniform traffic does). Default false. */
  self?: boolean;
  /**
   * Unicast only: where a message goes (docs/traffic.md "Patterns", src/traffic/patterns.ts);
   * absent or 'uniform': uniform over the other nodes, drawn exactly as before patterns existed.
   * TrafficStream only (generateTraffic refuses another pattern).
   */
  pattern?: UnicastPattern;
}

/** A unicast pattern with what it reads: the topology's geometry, and the hot spots of 'hotspot'. */
export interface UnicastPattern {
  name: PatternName;
  geometry: PatternGeometry;
  /** 'hotspot': the hot nodes (distinct) and the fraction of messages sent to one of them. */
  hotspots?: readonly number[];
  hotspotFraction?: number;
  /** 'near': the nodes within `radius` hops of a source, in id order (src/experiment/run/unicast-pattern.ts). */
  radius?: number;
  ball?: (src: number) => Int32Array;
}

/** Every arrival process (`--process`). */
export const ARRIVAL_PROCESSES = ['bernoulli', 'exponential', 'uniform', 'onoff', 'batch'] as const;
export type ArrivalProcess = (typeof ARRIVAL_PROCESSES)[number];

/** One generated message: a unicast (one destination) or a multicast. */
export interface TrafficEvent {
  created: number;
  src: number;
  dests: number[];
  /** Its size in flits when drawn from a size mix; absent: the run's `flits`. */
  flits?: number;
}

/**
 * Uniform random traffic, time-ordered (ties by source). Each node generates messages
 * independently: Bernoulli with probability load / flits per cycle (geometric gaps), or a
 * Poisson process of rate load / flits per cycle (exponential gaps, created at the floor of
 * the arrival time). Destinations are uniform over the other nodes (or all nodes with `self`),
 * m distinct ones for a multicast.
 */
export function generateTraffic(spec: TrafficSpec): TrafficEvent[] {
  const { nodes, load, flits, dests, cycles } = spec;
  if (!(load > 0) || load > flits)
    throw new WormcastError(`traffic: load ${load} must be in (0, ${flits}] flits per node per cycle`);
  if (dests < 0 || dests > nodes - 1)
    throw new WormcastError(`traffic: ${dests} destinations; must be 0 (unicast) .. ${nodes - 1}`);
  const rate = load / flits;
  if ((spec.process ?? 'bernoulli') === 'bernoulli' && rate > 1)
    throw new WormcastError(`traffic: Bernoulli rate ${rate} messages per cycle exceeds 1`);
  if (spec.sizes !== undefined)
    throw new WormcastError(
      'traffic: a size mix is drawn by the streamed generator (TrafficStream), not generateTraffic',
    );
  if (spec.process === 'onoff' || spec.process === 'batch')
    throw new WormcastError(
      `traffic: process ${spec.process} is drawn by the streamed generator (TrafficStream), not generateTraffic`,
    );
  if (spec.pattern !== undefined && spec.pattern.name !== 'uniform')
    throw new WormcastError(
      `traffic: pattern ${spec.pattern.name} is drawn by the streamed generator (TrafficStream), not generateTraffic`,
    );
  if (spec.destsMean !== undefined)
    throw new WormcastError(
      'traffic: destsMean is drawn by the streamed generator (TrafficStream), not generateTraffic',
    );
  const rand = mulberry32(spec.seed);
  const events: TrafficEvent[] = [];
  for (let src = 0; src < nodes; src++) {
    let time = -1;
    let clock = 0;
    for (;;) {
      if (spec.process === 'exponential') {
        clock += -Math.log(1 - rand()) / rate;
        time = Math.floor(clock);
      } else if (spec.process === 'uniform') {
        // gaps uniform on [0, 2 / rate): mean 1 / rate (seed 004 section 8.2)
        clock += (2 * rand()) / rate;
        time = Math.floor(clock);
      } else {
        // geometric gap: the number of failed trials before the next success
        time += rate >= 1 ? 1 : 1 + Math.floor(Math.log(1 - rand()) / Math.log(1 - rate));
      }
      if (time >= cycles) break;
      events.push({ created: time, src, dests: [] });
    }
  }
  events.sort((a, b) => a.created - b.created || a.src - b.src);
  for (const e of events) {
    if (dests === 0) {
      let d = Math.floor(rand() * (spec.self ? nodes : nodes - 1));
      if (!spec.self && d >= e.src) d++;
      e.dests.push(d);
    } else {
      const chosen = new Set<number>();
      while (chosen.size < dests) {
        let d = Math.floor(rand() * (nodes - 1));
        if (d >= e.src) d++;
        chosen.add(d);
      }
      e.dests.push(...[...chosen].sort((a, b) => a - b));
    }
  }
  return events;
}
