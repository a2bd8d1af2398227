import { WormcastError } from '../../errors.ts';
import { detLog } from '../../traffic/det-log.ts';
import { PERMUTATION_PATTERNS, permutationDest, randomPermutation } from '../../traffic/patterns.ts';
import { destCountRange, drawDestCount } from './dest-count.ts';
import { drawSize } from './message-sizes.ts';
import type { TrafficEvent, TrafficSpec } from './traffic.ts';

/**
 * The state of one mulberry32 generator (src/random.ts) kept in a typed array, so that a
 * million nodes cost a word each: returns the next number in [0, 1) and advances state[i].
 */
function next(state: Uint32Array, i: number): number {
  const a = (state[i]! + 0x6d2b79f5) >>> 0;
  state[i] = a;
  let t = a;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** A 32-bit mix of (seed, node, stream): the documented derivation of every node's seeds. */
export function streamSeed(seed: number, node: number, stream: number): number {
  let h = (seed >>> 0) ^ Math.imul(node + 1, 0x9e3779b1) ^ Math.imul(stream, 0x85ebca77);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A TrafficStream's state and parameters (TrafficStream.kernelState). */
export interface StreamState {
  spec: TrafficSpec;
  arrivals: Uint32Array;
  destRng: Uint32Array;
  sizeRng: Uint32Array;
  nextTime: Float64Array;
  clock: Float64Array;
  /** The heap's nodes, in heap order. */
  heap: Int32Array;
  left: Int32Array;
  on: Uint8Array;
  fixed: Int32Array | null;
  rate: number;
  onRate: number;
}

/** Traffic events in creation order, drawn one at a time. */
export interface EventSource {
  /** Creation cycle of the next event, or Infinity when there is none. */
  peekTime(): number;
  /** The next event (only when peekTime() is finite). */
  take(): TrafficEvent;
}

/** A list of events (in creation order) as an EventSource. */
export class EventList implements EventSource {
  private i = 0;
  constructor(private readonly events: readonly TrafficEvent[]) {}
  peekTime(): number {
    return this.i < this.events.length ? this.events[this.i]!.created : Infinity;
  }
  take(): TrafficEvent {
    return this.events[this.i++]!;
  }
}

const ARRIVALS = 1;
const DESTINATIONS = 2;
/** A size mix's draws: one stream per node, streamSeed(seed, v, 4), so that arrivals and destinations draw as without it. */
const SIZES = 4;
/** randperm's permutation: one stream, streamSeed(seed, 0, 3), read only when the run starts. */
const PERMUTATION = 3;

/**
 * The destination of every source under a pattern that fixes it (the permutations, and randperm
 * drawn from its own stream), or null for a pattern drawn per message (uniform, hotspot).
 */
function fixedDestinations(spec: TrafficSpec): Int32Array | null {
  const p = spec.pattern;
  if (!p) return null;
  if (p.name === 'randperm') {
    const state = new Uint32Array([streamSeed(spec.seed, 0, PERMUTATION)]);
    return randomPermutation(spec.nodes, () => next(state, 0));
  }
  if (!PERMUTATION_PATTERNS.includes(p.name)) return null;
  return Int32Array.from({ length: spec.nodes }, (_, s) => permutationDest(p.name, s, p.geometry));
}

/**
 * Uniform random traffic generated as the run goes (docs/experiments.md "Traffic"): every node
 * has two seeded streams of its own, one for its arrival times and one for its destinations,
 * seeded by streamSeed(seed, node, 1) and streamSeed(seed, node, 2); events come out in time
 * order, ties by source. Memory is a few words per node whatever the run's length, and a seed
 * fixes every event. The arrival processes are those of generateTraffic (Bernoulli per cycle:
 * geometric gaps; exponential: Poisson arrivals created at the floor of their time; uniform: gaps
 * uniform on [0, 2 / rate), created at the floor of their time), and so are
 * the destination distributions; the numbers differ, since generateTraffic draws every node's
 * arrivals from one stream, node by node, which cannot be done incrementally. With `destsMean`
 * each multicast's count is drawn from the node's destination stream first (docs/traffic.md
 * "Destination counts with a mean").
 */
export class TrafficStream implements EventSource {
  private readonly arrivals: Uint32Array;
  private readonly destRng: Uint32Array;
  private readonly nextTime: Float64Array;
  private readonly clock: Float64Array;
  /** Binary heap of nodes by (nextTime, node). */
  private readonly heap: Int32Array;
  private size = 0;
  private readonly rate: number;
  private readonly fixed: Int32Array | null;
  /** 'batch': messages each node has still to send. */
  private readonly left: Int32Array;
  /** 'onoff': each node's state (1 on), and the rate of messages per cycle in the on state. */
  private readonly on: Uint8Array;
  private readonly onRate: number;
  /** A size mix's per-node streams (empty without a mix). */
  private readonly sizeRng: Uint32Array;

  constructor(private readonly spec: TrafficSpec) {
    const { nodes, load, dests } = spec;
    const flits = spec.sizes ? spec.sizes.mean : spec.flits;
    const multicastPatterns = ['uniform', 'hotspot', 'near'];
    if (spec.pattern && !multicastPatterns.includes(spec.pattern.name) && dests !== 0)
      throw new WormcastError(`traffic: pattern ${spec.pattern.name} is for unicast traffic, not multicasts`);
    if (spec.pattern?.name === 'hotspot') {
      const { hotspots = [], hotspotFraction = -1 } = spec.pattern;
      if (hotspots.length === 0 || hotspots.some((h) => !Number.isInteger(h) || h < 0 || h >= nodes))
        throw new WormcastError(
          `traffic: hotspots [${hotspots.join(', ')}] must be 1 or more node ids 0..${nodes - 1}`,
        );
      if (!(hotspotFraction >= 0 && hotspotFraction <= 1))
        throw new WormcastError(`traffic: hotspot fraction ${hotspotFraction} must be 0..1`);
    }
    if (nodes < 2 && dests === 0 && !spec.self)
      throw new WormcastError(
        `traffic: a network of ${nodes} node has no other node to send to (unicast traffic needs 2 nodes or more, or --self)`,
      );
    this.fixed = fixedDestinations(spec);
    this.sizeRng = new Uint32Array(spec.sizes ? nodes : 0);
    for (let v = 0; v < this.sizeRng.length; v++) this.sizeRng[v] = streamSeed(spec.seed, v, SIZES);
    if (!(load > 0) || load > flits)
      throw new WormcastError(`traffic: load ${load} must be in (0, ${flits}] flits per node per cycle`);
    if (dests < 0 || dests > nodes - 1)
      throw new WormcastError(`traffic: ${dests} destinations; must be 0 (unicast) .. ${nodes - 1}`);
    if (spec.destsMean !== undefined) destCountRange(spec.destsMean, nodes - 1);
    this.rate = load / flits;
    const process = spec.process ?? 'bernoulli';
    if ((process === 'bernoulli' || process === 'batch') && this.rate > 1)
      throw new WormcastError(`traffic: Bernoulli rate ${this.rate} messages per cycle exceeds 1`);
    if (process === 'batch' && !(Number.isInteger(spec.batch) && spec.batch! >= 1))
      throw new WormcastError(
        `traffic: process batch needs a count of messages per node, 1 or more, not ${spec.batch}`,
      );
    this.left = new Int32Array(process === 'batch' ? nodes : 0).fill(spec.batch ?? 0);
    this.on = new Uint8Array(process === 'onoff' ? nodes : 0);
    this.onRate = 0;
    if (process === 'onoff') {
      const { alpha, beta } = spec.onoff ?? { alpha: NaN, beta: NaN };
      if (!(alpha > 0 && alpha <= 1 && beta >= 0 && beta <= 1))
        throw new WormcastError(`traffic: onoff alpha ${alpha}, beta ${beta}: alpha must be in (0, 1], beta in [0, 1]`);
      // the mean rate is onRate x alpha / (alpha + beta), the on state's share of the cycles
      this.onRate = (this.rate * (alpha + beta)) / alpha;
      if (this.onRate > 1)
        throw new WormcastError(
          `traffic: onoff rate in the on state ${this.onRate} (load / flits x (alpha + beta) / alpha) exceeds 1 message per cycle: lower the load or raise alpha / (alpha + beta)`,
        );
    }
    this.arrivals = new Uint32Array(nodes);
    this.destRng = new Uint32Array(nodes);
    this.nextTime = new Float64Array(nodes);
    this.clock = new Float64Array(nodes);
    this.heap = new Int32Array(nodes);
    for (let v = 0; v < nodes; v++) {
      this.arrivals[v] = streamSeed(spec.seed, v, ARRIVALS);
      // an on/off source starts in its stationary state: on with probability alpha / (alpha + beta)
      if (this.on.length > 0) {
        const { alpha, beta } = spec.onoff!;
        this.on[v] = next(this.arrivals, v) < alpha / (alpha + beta) ? 1 : 0;
      }
      this.destRng[v] = streamSeed(spec.seed, v, DESTINATIONS);
      this.nextTime[v] = -1;
      this.advance(v);
      if (this.due(v)) this.push(v);
    }
  }

  /** Whether node v's next arrival is one to send: inside the run's cycles, and within its batch. */
  private due(v: number): boolean {
    if (this.left.length > 0) return this.left[v]! > 0;
    return this.nextTime[v]! < this.spec.cycles;
  }

  /** The next arrival of node v after its current one. */
  private advance(v: number): void {
    if (this.spec.process === 'exponential') {
      this.clock[v]! += -detLog(1 - next(this.arrivals, v)) / this.rate;
      this.nextTime[v] = Math.floor(this.clock[v]!);
    } else if (this.spec.process === 'uniform') {
      // gaps uniform on [0, 2 / rate): mean 1 / rate (seed 004 section 8.2)
      this.clock[v]! += (2 * next(this.arrivals, v)) / this.rate;
      this.nextTime[v] = Math.floor(this.clock[v]!);
    } else if (this.spec.process === 'onoff') {
      this.nextTime[v] = this.nextOnOff(v, this.nextTime[v]!);
    } else {
      // geometric gap: the number of failed trials before the next success
      const gap = this.rate >= 1 ? 1 : 1 + Math.floor(detLog(1 - next(this.arrivals, v)) / detLog(1 - this.rate));
      this.nextTime[v]! += gap;
    }
  }

  /**
   * BookSim's two-state Markov source, cycle by cycle after cycle `t`: each cycle the state
   * changes first (off to on with probability alpha, on to off with beta), then an on source
   * sends with probability onRate. An off stretch is skipped whole: its length is geometric
   * with parameter alpha (one number of the stream instead of one per cycle).
   */
  private nextOnOff(v: number, t: number): number {
    const { alpha, beta } = this.spec.onoff!;
    const end = this.spec.cycles;
    for (;;) {
      if (this.on[v] === 0) {
        // cycles until the source turns on, counting the cycle it does
        t += alpha >= 1 ? 1 : 1 + Math.floor(detLog(1 - next(this.arrivals, v)) / detLog(1 - alpha));
        this.on[v] = 1;
      } else {
        t++;
        if (next(this.arrivals, v) < beta) {
          this.on[v] = 0;
          continue;
        }
      }
      if (next(this.arrivals, v) < this.onRate) return t;
      if (t >= end) return t;
    }
  }

  private less(a: number, b: number): boolean {
    const ta = this.nextTime[a]!;
    const tb = this.nextTime[b]!;
    return ta < tb || (ta === tb && a < b);
  }

  private push(v: number): void {
    let i = this.size++;
    this.heap[i] = v;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(this.heap[i]!, this.heap[p]!)) break;
      const x = this.heap[p]!;
      this.heap[p] = this.heap[i]!;
      this.heap[i] = x;
      i = p;
    }
  }

  private popTop(): void {
    const last = this.heap[--this.size]!;
    if (this.size === 0) return;
    this.heap[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.size && this.less(this.heap[l]!, this.heap[m]!)) m = l;
      if (r < this.size && this.less(this.heap[r]!, this.heap[m]!)) m = r;
      if (m === i) break;
      const x = this.heap[m]!;
      this.heap[m] = this.heap[i]!;
      this.heap[i] = x;
      i = m;
    }
  }

  /**
   * The streams as they stand, for the kernel to go on drawing from (src/engine/kernel-traffic.ts,
   * docs/traffic.md "Traffic drawn by the kernel"): unicast only, before any take().
   */
  kernelState(): StreamState {
    return {
      spec: this.spec,
      arrivals: this.arrivals,
      destRng: this.destRng,
      sizeRng: this.sizeRng,
      nextTime: this.nextTime,
      clock: this.clock,
      heap: this.heap.subarray(0, this.size),
      left: this.left,
      on: this.on,
      fixed: this.fixed,
      rate: this.rate,
      onRate: this.onRate,
    };
  }

  /** Creation cycle of the next event, or Infinity when the stream is over. */
  peekTime(): number {
    return this.size === 0 ? Infinity : this.nextTime[this.heap[0]!]!;
  }

  /** The next event (call only when peekTime() is finite). */
  take(): TrafficEvent {
    const src = this.heap[0]!;
    const created = this.nextTime[src]!;
    this.popTop();
    if (this.left.length > 0) this.left[src]!--;
    this.advance(src);
    if (this.due(src)) this.push(src);
    const dests = this.destinationsOf(src);
    if (!this.spec.sizes) return { created, src, dests };
    return { created, src, dests, flits: drawSize(this.spec.sizes, next(this.sizeRng, src)) };
  }

  /**
   * 'hotspot': with probability hotspotFraction (one number of the node's destination stream) a
   * hot node, uniform over the listed ones other than src (a second number; all of them with
   * `self`), else -1: the message goes uniform like any other. A source that is the only hot
   * spot sends uniform.
   */
  private hotspotOf(src: number): number {
    const { hotspots = [], hotspotFraction = 0 } = this.spec.pattern!;
    if (next(this.destRng, src) >= hotspotFraction) return -1;
    const choices = this.spec.self ? hotspots : hotspots.filter((h) => h !== src);
    if (choices.length === 0) return -1;
    return choices[Math.floor(next(this.destRng, src) * choices.length)]!;
  }

  /**
   * 'near': m distinct nodes drawn uniformly from those within the radius of src (its ball, in id
   * order): indices into the ball from the node's destination stream until m are distinct, or
   * the complement's when m is more than half of it; a ball smaller than m is refused.
   */
  private nearSet(src: number, m: number): number[] {
    const ball = this.spec.pattern!.ball!(src);
    if (ball.length < m)
      throw new WormcastError(
        `pattern near: node ${src} has ${ball.length} nodes within radius ${this.spec.pattern!.radius}, fewer than the ${m} destinations a message needs (raise --radius or lower --dests)`,
      );
    const draw = m * 2 <= ball.length ? m : ball.length - m;
    const chosen = new Set<number>();
    while (chosen.size < draw) chosen.add(Math.floor(next(this.destRng, src) * ball.length));
    const picked = draw === m ? [...chosen] : Array.from(ball.keys()).filter((i) => !chosen.has(i));
    return picked.map((i) => ball[i]!).sort((a, b) => a - b);
  }

  /**
   * 'hotspot' for a multicast of m: each destination in turn is, with probability hotspotFraction
   * (one number of the node's destination stream), a hot node not yet chosen (uniform over those
   * other than src: a second number), else, or when none is left, a node uniform over the others
   * not yet chosen (numbers drawn until a new one comes).
   */
  private hotspotSet(src: number, m: number): number[] {
    const { hotspots = [], hotspotFraction = 0 } = this.spec.pattern!;
    const { nodes } = this.spec;
    const chosen = new Set<number>();
    while (chosen.size < m) {
      if (next(this.destRng, src) < hotspotFraction) {
        const free = hotspots.filter((h) => h !== src && !chosen.has(h));
        if (free.length > 0) {
          chosen.add(free[Math.floor(next(this.destRng, src) * free.length)]!);
          continue;
        }
      }
      for (;;) {
        let d = Math.floor(next(this.destRng, src) * (nodes - 1));
        if (d >= src) d++;
        if (!chosen.has(d)) {
          chosen.add(d);
          break;
        }
      }
    }
    return [...chosen].sort((a, b) => a - b);
  }

  private destinationsOf(src: number): number[] {
    const { nodes, destsMean } = this.spec;
    // a count drawn per multicast (src/experiment/run/dest-count.ts): one more number of the node's
    // destination stream, before its set; a fixed count draws exactly as before
    const dests =
      destsMean === undefined ? this.spec.dests : drawDestCount(destsMean, nodes - 1, next(this.destRng, src));
    const p = this.spec.pattern;
    if (p?.name === 'near') return this.nearSet(src, dests === 0 ? 1 : dests);
    if (p?.name === 'hotspot' && dests > 0) return this.hotspotSet(src, dests);
    if (dests === 0) {
      if (this.fixed) return [this.fixed[src]!];
      if (this.spec.pattern?.name === 'hotspot') {
        const hot = this.hotspotOf(src);
        if (hot >= 0) return [hot];
      }
      let d = Math.floor(next(this.destRng, src) * (this.spec.self ? nodes : nodes - 1));
      if (!this.spec.self && d >= src) d++;
      return [d];
    }
    // m distinct others: draw the smaller of the set and its complement
    const others = nodes - 1;
    const draw = dests * 2 <= others ? dests : others - dests;
    const chosen = new Set<number>();
    while (chosen.size < draw) {
      let d = Math.floor(next(this.destRng, src) * others);
      if (d >= src) d++;
      chosen.add(d);
    }
    if (draw === dests) return [...chosen].sort((a, b) => a - b);
    const out: number[] = [];
    for (let d = 0; d < nodes; d++) if (d !== src && !chosen.has(d)) out.push(d);
    return out;
  }
}
