import * as L from './layout.ts';

/**
 * A dynamic unicast run whose messages the kernel draws itself (docs/traffic.md "Traffic drawn by
 * the kernel"): the streams as TrafficStream's constructor left them (its kernelState), and what the
 * kernel measures them over. The generator region (src/engine/layout.ts, G_*) is written from it.
 */
export interface KernelTraffic {
  nodes: number;
  process: 'bernoulli' | 'exponential' | 'uniform' | 'onoff' | 'batch';
  /** Messages are created in cycles [0, cycles) (every process but batch). */
  cycles: number;
  self: boolean;
  flits: number;
  /** Messages per cycle per node; ln(1 - rate) by detLog (Bernoulli gaps). */
  rate: number;
  lnRate: number;
  onoff?: { alpha: number; beta: number; lnAlpha: number; onRate: number };
  /** Permutation patterns: every source's destination. */
  fixed: Int32Array | null;
  hotspots?: { nodes: readonly number[]; fraction: number };
  sizes?: { sizes: readonly number[]; cumulative: readonly number[] };
  /** The streams' states and next arrivals per node, the heap of nodes, batch counts and onoff states. */
  arrivals: Uint32Array;
  destRng: Uint32Array;
  sizeRng: Uint32Array;
  nextTime: Float64Array;
  clock: Float64Array;
  heap: Int32Array;
  left: Int32Array;
  on: Uint8Array;
  /** The measured window of creation times [from, to) and its batch-mean spans. */
  from: number;
  to: number;
  batches: number;
  /** The worms' routing keys (src/engine/worm-key.ts): the run's routeSeed and the function's key count (0: none). */
  routeSeed: number;
  keys: number;
}

/** What the kernel measured (the sums of src/experiment/run/stream-stats.ts). */
export interface KernelStats {
  multicasts: number;
  completed: number;
  destCount: number;
  latSum: number;
  latMax: number;
  netSum: number;
  compSum: number;
  compMax: number;
  generatedFlits: number;
  hopSum: number;
  lastTail: number;
  histogram: Float64Array;
  histogramN: number;
  histogramMax: number;
  accepted: Float64Array;
  batchSum: Float64Array;
  batchCount: Float64Array;
}

interface GeneratorLayout {
  node: number;
  clock: number;
  heap: number;
  fixed: number;
  hot: number;
  sizes: number;
  cum: number;
  hist: number;
  accept: number;
  batch: number;
  cal: number;
  bytes: number;
}

/**
 * The blocks of a statistics region (the generator's, the kernel-retired groups'), laid out after
 * its header and values, each 8-byte aligned: `take(bytes)` is the next block's offset, `at` the
 * region's size so far.
 */
export function regionBlocks(): { take(bytes: number): number; readonly at: number } {
  let at = L.GEN_VALUES_BYTE + L.GEN_VALUES * 8;
  return {
    take(bytes: number): number {
      const o = at;
      at += Math.ceil(bytes / 8) * 8;
      return o;
    },
    get at() {
      return at;
    },
  };
}

function generatorLayout(nodes: number, hot: number, sizes: number, batches: number): GeneratorLayout {
  const blocks = regionBlocks();
  const take = (bytes: number): number => blocks.take(bytes);
  return {
    node: take(nodes * L.NODE_STRIDE * 4),
    clock: take(nodes * 8),
    heap: take(nodes * 4),
    fixed: take(nodes * 4),
    hot: take(hot * 4),
    sizes: take(sizes * 4),
    cum: take(sizes * 8),
    hist: take(L.HIST_BINS * 8),
    accept: take(nodes * 8),
    batch: take(2 * batches * 8),
    cal: take(L.CAL_BUCKETS * 4),
    get bytes() {
      return blocks.at;
    },
  };
}

const PROCESS = {
  bernoulli: L.PROC_BERNOULLI,
  exponential: L.PROC_EXPONENTIAL,
  uniform: L.PROC_UNIFORM,
  onoff: L.PROC_ONOFF,
  batch: L.PROC_BATCH,
} as const;

/** Bytes of the generator region of a network of `nodes` (no hot spots or size mix: a few words more with them). */
export function generatorRegionBytes(nodes: number, batches: number): number {
  return generatorLayout(nodes, 0, 0, batches).bytes;
}

/** Bytes of the generator region of k. */
export function generatorBytes(k: KernelTraffic): number {
  return generatorLayout(k.nodes, k.hotspots?.nodes.length ?? 0, k.sizes?.sizes.length ?? 0, k.batches).bytes;
}

/** Write the generator region of k at byte `at` of `buf` (8-byte aligned, zeroed). */
export function writeGenerator(buf: ArrayBuffer, at: number, k: KernelTraffic): void {
  const hot = k.hotspots?.nodes ?? [];
  const sizes = k.sizes?.sizes ?? [];
  const g = generatorLayout(k.nodes, hot.length, sizes.length, k.batches);
  new Uint8Array(buf, at, g.bytes).fill(0);
  const h = new Int32Array(buf, at, L.GEN_HEADER_WORDS);
  const v = new Float64Array(buf, at + L.GEN_VALUES_BYTE, L.GEN_VALUES);
  h[L.G_NODES] = k.nodes;
  h[L.G_PROCESS] = PROCESS[k.process];
  h[L.G_HEAP_N] = k.heap.length;
  h[L.G_CYCLES] = Math.min(k.cycles, 2 ** 31 - 1);
  h[L.G_SELF] = k.self ? 1 : 0;
  h[L.G_PATTERN] = k.fixed ? L.PAT_FIXED : k.hotspots ? L.PAT_HOTSPOT : L.PAT_UNIFORM;
  h[L.G_NHOT] = hot.length;
  h[L.G_NSIZES] = sizes.length;
  h[L.G_FLITS] = k.flits;
  h[L.G_FROM] = k.from;
  h[L.G_TO] = Math.min(k.to, 2 ** 31 - 1);
  h[L.G_BATCHES] = k.batches;
  h[L.G_LASTTAIL] = -1;
  h[L.G_ROUTESEED] = (k.routeSeed % 4294967296) | 0;
  h[L.G_KEYS] = k.keys;
  h[L.G_O_NODE] = g.node;
  h[L.G_O_CLOCK] = g.clock;
  h[L.G_O_HEAP] = g.heap;
  h[L.G_O_CAL] = g.cal;
  h[L.G_O_FIXED] = g.fixed;
  h[L.G_O_HOT] = g.hot;
  h[L.G_O_SIZES] = g.sizes;
  h[L.G_O_CUM] = g.cum;
  h[L.G_O_HIST] = g.hist;
  h[L.G_O_ACCEPT] = g.accept;
  h[L.G_O_BATCH] = g.batch;
  v[L.GV_RATE] = k.rate;
  v[L.GV_LNRATE] = k.lnRate;
  if (k.onoff) {
    v[L.GV_ALPHA] = k.onoff.alpha;
    v[L.GV_BETA] = k.onoff.beta;
    v[L.GV_LNALPHA] = k.onoff.lnAlpha;
    v[L.GV_ONRATE] = k.onoff.onRate;
  }
  v[L.GV_HOTFRAC] = k.hotspots?.fraction ?? 0;
  const node = new Int32Array(buf, at + g.node, k.nodes * L.NODE_STRIDE);
  const u32 = new Uint32Array(node.buffer, node.byteOffset, node.length);
  for (let n = 0; n < k.nodes; n++) {
    const r = n * L.NODE_STRIDE;
    u32[r + L.N_ARR] = k.arrivals[n]!;
    u32[r + L.N_DEST] = k.destRng[n]!;
    u32[r + L.N_SIZE] = k.sizeRng.length > 0 ? k.sizeRng[n]! : 0;
    const t = k.nextTime[n]!;
    node[r + L.N_NEXT] = t >= 2 ** 31 - 1 ? 2 ** 31 - 1 : t;
    node[r + L.N_LEFT] = k.left.length > 0 ? k.left[n]! : 0;
    node[r + L.N_ON] = k.on.length > 0 ? k.on[n]! : 0;
  }
  new Float64Array(buf, at + g.clock, k.nodes).set(k.clock);
  new Int32Array(buf, at + g.heap, k.heap.length).set(k.heap);
  if (k.fixed) new Int32Array(buf, at + g.fixed, k.nodes).set(k.fixed);
  new Int32Array(buf, at + g.hot, hot.length).set(hot);
  new Int32Array(buf, at + g.sizes, sizes.length).set(sizes);
  new Float64Array(buf, at + g.cum, sizes.length).set(k.sizes?.cumulative ?? []);
}

/** The statistics in the generator region at byte `at` of `buf` (copies). */
export function readGenerator(buf: ArrayBuffer, at: number, k: KernelTraffic): KernelStats {
  return readStats(buf, at, k.nodes, k.batches);
}

/**
 * The statistics of a region in the generator's layout at byte `at` of `buf`, its parts found by
 * its header's offsets: the kernel's traffic (H_GEN) or the host's multicast groups (H_GROUPS,
 * src/engine/kernel-groups.ts). Copies.
 */
export function readStats(buf: ArrayBuffer, at: number, nodes: number, batches: number): KernelStats {
  const h = new Int32Array(buf, at, L.GEN_HEADER_WORDS);
  const v = new Float64Array(buf, at + L.GEN_VALUES_BYTE, L.GEN_VALUES);
  const batch = new Float64Array(buf, at + h[L.G_O_BATCH]!, 2 * batches);
  return {
    multicasts: v[L.GV_MULTICASTS]!,
    completed: v[L.GV_COMPLETED]!,
    destCount: v[L.GV_DESTCOUNT]!,
    latSum: v[L.GV_LATSUM]!,
    latMax: v[L.GV_LATMAX]!,
    netSum: v[L.GV_NETSUM]!,
    compSum: v[L.GV_COMPSUM]!,
    compMax: v[L.GV_COMPMAX]!,
    generatedFlits: v[L.GV_GENFLITS]!,
    hopSum: v[L.GV_HOPSUM]!,
    lastTail: h[L.G_LASTTAIL]!,
    histogram: new Float64Array(buf, at + h[L.G_O_HIST]!, L.HIST_BINS).slice(),
    histogramN: v[L.GV_HISTN]!,
    histogramMax: v[L.GV_HISTMAX]!,
    accepted: new Float64Array(buf, at + h[L.G_O_ACCEPT]!, nodes).slice(),
    batchSum: batch.slice(0, batches),
    batchCount: batch.slice(batches),
  };
}
