import { resolveOptions } from '../../engine/input.ts';
import { computeLayout } from '../../engine/layout.ts';
import type { EngineOptions } from '../../engine/types.ts';
import { buildWorkload, type MulticastEvent } from '../../engine/workload.ts';
import { WormcastError } from '../../errors.ts';
import { randomDestinations } from '../../multicast/destinations.ts';
import { mulberry32 } from '../../random.ts';
import type { RoutingFunction } from '../../routing/types.ts';

/*
 * How much memory a `simulate` run needs, estimated before it starts, so that a request that
 * cannot fit is refused with one line instead of ending in V8's heap out-of-memory abort
 * (issue 10 item 9). Traffic is generated up front today (src/experiment/run/traffic.ts, then
 * buildWorkload): the JavaScript heap holds every event and every worm's description at once,
 * and the engine's region holds every worm again. When traffic becomes incremental only this
 * module needs to change. Constants calibrated in docs/cli.md "Memory of a simulate run".
 * Pure: the limits come from the caller (Node: src/cli/memory-limits.ts), so the browser app
 * can import it.
 */

/** V8 heap bytes per generated event: the event object, its destination array, the list's slot. */
export const EVENT_BYTES = 240;
/** ... and per destination of an event (a multicast's destination array grows with m). */
export const EVENT_DEST_BYTES = 13;
/** V8 heap bytes per worm description of a multicast (WormSpec, its destination array, the worm list's slot). */
export const WORM_BYTES = 200;
/** ... of a unicast, whose worm shares its event's destination array. */
export const UNICAST_WORM_BYTES = 96;
/** ... per destination record of a worm. */
export const WORM_DEST_BYTES = 8;
/** ... per tree edge of a tree (or explicit path) worm: a {parent, port, vc} object and its slot. */
export const EDGE_BYTES = 72;
/** Heap and native bytes that do not grow with the traffic: the CLI, the wasm module, the routing. */
export const FIXED_HEAP_BYTES = 64 << 20;
/** Native bytes per worm outside the region: the workload's and the results' typed arrays. */
export const NATIVE_WORM_BYTES = 40;

/** The largest region the engines address: byte offsets are i32 header words (src/engine/layout.ts). */
export const REGION_ADDRESS_LIMIT = 2 ** 31 - 1;
/**
 * The wasm engine's memory cannot grow past the module's maximum: asconfig.json
 * "maximumMemory" (16384 pages of 64 KiB, 1 GiB; wasm32 itself stops at 4 GiB).
 */
export const WASM_MAX_BYTES = 16384 * 65536;
/**
 * The wasm module's static data (about 1.4 KiB), the topology's tables and the region's 64-byte
 * alignment take at most this much of it besides the region and the labelling.
 */
export const WASM_RESERVED_BYTES = 64 << 10;

/** What the traffic of a run looks like, per generated event (a unicast or a multicast). */
export interface TrafficShape {
  /** Expected events over the traffic's cycles. */
  events: number;
  /** Unicast traffic (one worm per event, sharing the event's destination array). */
  unicast: boolean;
  /** Destinations per event (1 for unicast). */
  dests: number;
  /** Per event, averaged over sampled plans: worms, destination records, tree edges, tree worms. */
  worms: number;
  destRecords: number;
  edges: number;
  treeWorms: number;
}

/** The estimate of a run's memory. */
export interface MemoryEstimate {
  shape: TrafficShape;
  /** V8 heap: events and worm descriptions (JavaScript objects). */
  heapBytes: number;
  /**
   * The engine's memory: its region (src/engine/layout.ts) for the expected worms and the slot
   * capacity, and the routing's labelling tables (8 bytes per node, label-based routings only).
   */
  engineBytes: number;
  /** Memory outside the V8 heap: the engine's, the wasm module's reserve, typed arrays. */
  nativeBytes: number;
}

/** The memory a run may use, from the process's environment. */
export interface MemoryEnvironment {
  /** v8.getHeapStatistics().heap_size_limit */
  heapSizeLimit: number;
  /** os.totalmem() */
  totalMemory: number;
}

/** Fractions of the limits a run may plan to use: the rest is V8's room to collect garbage (and the other processes'). */
export const HEAP_FRACTION = 0.5;
export const TOTAL_MEMORY_FRACTION = 0.5;

/** Limits derived from an environment, with the words that explain them. */
export interface MemoryLimits {
  heapBytes: number;
  heapWhy: string;
  nativeBytes: number;
  nativeWhy: string;
  engineBytes: number;
  engineWhy: string;
}

/** Bytes as the messages print them: 1.5 GiB, 300.0 MiB. */
export function formatBytes(b: number): string {
  if (b >= 2 ** 40) return `${(b / 2 ** 40).toFixed(1)} TiB`;
  if (b >= 2 ** 30) return `${(b / 2 ** 30).toFixed(1)} GiB`;
  if (b >= 2 ** 20) return `${(b / 2 ** 20).toFixed(1)} MiB`;
  return `${Math.ceil(b / 1024)} KiB`;
}

/** The limits of a run on engine `engine` in environment `env`. */
export function memoryLimits(env: MemoryEnvironment, engine: 'wasm' | 'reference'): MemoryLimits {
  const region = engine === 'wasm' ? WASM_MAX_BYTES - WASM_RESERVED_BYTES : REGION_ADDRESS_LIMIT;
  return {
    heapBytes: env.heapSizeLimit * HEAP_FRACTION,
    heapWhy: `${HEAP_FRACTION * 100}% of V8's heap limit of ${formatBytes(env.heapSizeLimit)}`,
    nativeBytes: env.totalMemory * TOTAL_MEMORY_FRACTION,
    nativeWhy: `${TOTAL_MEMORY_FRACTION * 100}% of the machine's ${formatBytes(env.totalMemory)}`,
    engineBytes: region,
    engineWhy:
      engine === 'wasm'
        ? `the wasm engine's maximum memory of ${formatBytes(WASM_MAX_BYTES)}`
        : "the engine's 31-bit offsets",
  };
}

/** At most this many sample plans are built to learn the worms of one event. */
export const SAMPLE_EVENTS = 8;

/**
 * The traffic shape of a run: expected events (nodes x load / flits x cycles, the mean of the
 * Bernoulli or Poisson process per node) and, from up to `samples` sample events planned by
 * `algorithm` (with a generator of their own, so the run's traffic is untouched), the worms per
 * event. With `samples` 0 the shape is a lower bound (one worm per event, no tree edges), cheap
 * to check before planning samples that may be large themselves.
 */
export function trafficShape(
  routing: RoutingFunction,
  algorithm: string,
  dests: number,
  load: number,
  flits: number,
  cycles: number,
  samples = SAMPLE_EVENTS,
): TrafficShape {
  const t = routing.topology;
  const events = t.nodes * Math.min(1, load / flits) * cycles;
  const m = algorithm === 'unicast' ? 1 : dests;
  // before planning a sample: one worm per event is the least any algorithm needs
  const unicast = algorithm === 'unicast';
  const shape: TrafficShape = { events, unicast, dests: m, worms: 1, destRecords: m, edges: 0, treeWorms: 0 };
  const count = Math.min(samples, Math.ceil(events));
  if (count === 0 || unicast) return shape;
  const rand = mulberry32(0x5eed);
  const sample: MulticastEvent[] = [];
  for (let i = 0; i < count; i++) {
    const src = Math.floor(rand() * t.nodes);
    sample.push({ created: 0, src, dests: Array.from(randomDestinations(t, src, m, rand)) });
  }
  const w = buildWorkload(sample, algorithm, routing, flits);
  let destRecords = 0;
  let edges = 0;
  let treeWorms = 0;
  for (const x of w.worms) {
    destRecords += x.dests.length;
    if (x.tree) {
      edges += x.tree.length;
      treeWorms++;
    }
  }
  return {
    events,
    unicast,
    dests: m,
    worms: w.worms.length / count,
    destRecords: destRecords / count,
    edges: edges / count,
    treeWorms: treeWorms / count,
  };
}

/** The memory a run of this shape needs on this network with these engine options. */
export function estimateMemory(
  routing: RoutingFunction,
  shape: TrafficShape,
  options: EngineOptions = {},
): MemoryEstimate {
  const t = routing.topology;
  const E = shape.events;
  const worms = Math.ceil(E * shape.worms);
  const heapBytes =
    FIXED_HEAP_BYTES +
    E * (EVENT_BYTES + EVENT_DEST_BYTES * shape.dests) +
    E *
      ((shape.unicast ? UNICAST_WORM_BYTES : WORM_BYTES) * shape.worms +
        WORM_DEST_BYTES * shape.destRecords +
        EDGE_BYTES * shape.edges);
  // the layout as prepare() (src/engine/input.ts) computes it, from expected counts
  const K = options.vcsPerClass ?? 1;
  const V = routing.vcClasses.length * K;
  const P = t.ports;
  const q = options.port === 'all' ? P : 1;
  const qe = options.ejection === 'vcs' ? V : options.consumption === 'vc' ? P * V : q;
  const treeEntries = Math.ceil(E * (shape.edges + shape.treeWorms));
  const extraSlots = treeEntries + 2 * Math.ceil(E * (shape.worms - shape.treeWorms));
  const vcTotal = t.nodes * (P * V + q + qe);
  const slots = resolveOptions(options, vcTotal + extraSlots).slots;
  const regionBytes = computeLayout({
    nodes: t.nodes,
    ports: P,
    vcs: V,
    q,
    qe,
    worms,
    dests: Math.ceil(E * shape.destRecords),
    treeEntries,
    slots,
    mux: V >= 2 && options.vcLinks !== true,
    channelUse: options.channelUse !== false,
    perPort: options.switch === 'per-port',
    ejectionVcs: options.ejection === 'vcs',
    vcRoundRobin: options.vcAllocator === 'round-robin',
    injectionLanes: options.injectionBuffer === 'lanes',
  }).bytes;
  const engineBytes = regionBytes + (routing.labelling ? 8 * t.nodes : 0);
  return { shape, heapBytes, engineBytes, nativeBytes: engineBytes + WASM_RESERVED_BYTES + NATIVE_WORM_BYTES * worms };
}

/** What to lower, for the error lines. */
const LOWER_RUN = 'lower --load, --cycles or --warmup, or simulate a smaller network';

/**
 * Refuse (WormcastError, one line) a run whose estimate exceeds a limit: the estimate, the
 * limit and how to lower it.
 */
export function checkMemory(e: MemoryEstimate, limits: MemoryLimits, what: string, counted = 'expected'): void {
  const s = e.shape;
  // a streamed run (counted 'in flight') holds its messages in flight, whatever its length
  const LOWER = counted === 'expected' ? LOWER_RUN : 'lower --load or --in-flight, or simulate a smaller network';
  const events = `${Math.round(s.events).toLocaleString('en-US')} messages ${counted}${s.worms > 1 ? ` x ${s.worms.toFixed(1)} worms` : ''}`;
  if (e.heapBytes > limits.heapBytes) {
    throw new WormcastError(
      `${what}: this run would need about ${formatBytes(e.heapBytes)} of JavaScript heap (${events}) but may use ${formatBytes(limits.heapBytes)} (${limits.heapWhy}); ${LOWER}`,
    );
  }
  if (e.engineBytes > limits.engineBytes) {
    throw new WormcastError(
      `${what}: the engine would need ${formatBytes(e.engineBytes)} (${events}) but can hold ${formatBytes(limits.engineBytes)} (${limits.engineWhy}); ${LOWER}, or lower --slots`,
    );
  }
  if (e.nativeBytes > limits.nativeBytes) {
    throw new WormcastError(
      `${what}: the engine would need about ${formatBytes(e.nativeBytes)} of memory (${events}) but may use ${formatBytes(limits.nativeBytes)} (${limits.nativeWhy}); ${LOWER}`,
    );
  }
}
