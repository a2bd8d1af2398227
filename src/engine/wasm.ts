import { loadWasm, WasmRouting, type WasmSource, type WormcastExports } from '../wasm/module.ts';
import type { RoutingFunction } from '../routing/types.ts';
import { prepare, writeInput, writeWorm, type Prepared } from './input.ts';
import {
  generatorBytes,
  type KernelStats,
  type KernelTraffic,
  readGenerator,
  readStats,
  writeGenerator,
} from './kernel-traffic.ts';
import {
  type GroupRecord,
  type GroupStatsSpec,
  groupRegionBytes,
  writeGroupRecord,
  writeGroupRegion,
} from './kernel-groups.ts';
import * as L from './layout.ts';
import {
  deadlockReport,
  readChannelFlits,
  readCounters,
  readSlotUse,
  readWormTimes,
  statusName,
  type DeadlockReport,
  type SlotUse,
  type WormTimes,
} from './results.ts';
import type { Engine, EngineCounters, EngineInput, EngineStatus, WormPlace, WormSpec } from './types.ts';

/** The engine export of build/wormcast.wasm (assembly/engine/engine.ts). */
interface EngineExports extends WormcastExports {
  engineRun(base: number, until: number): number;
  retireRest(base: number, measuredTo: number): void;
  retireGroups(base: number, all: number, measuredTo: number): number;
}

/**
 * Cycles per call into the module: V8 cannot tier a running wasm function up, so a long
 * run is driven in bounded chunks (shared/TOOLCHAIN.md).
 */
export const CHUNK_CYCLES = 1024;

/**
 * A module instance of the package's own bytes left by a finished run (`recycle`), for the next
 * run in the process: its memory is reused instead of a new one allocated, which V8 counts as
 * external memory and answers with garbage collections during the next runs (docs/kernel.md
 * "The host's share"). One at most, and none whose memory grew past SPARE_MAX_BYTES (a large run's
 * memory is given back).
 */
let spare: EngineExports | null = null;
const SPARE_MAX_BYTES = 256 * 1024 * 1024;

/**
 * The WebAssembly engine: one module instance per run, configured with the topology,
 * routing function and labelling, and the run's region written into its memory once.
 */
export class WasmEngine implements Engine {
  readonly name = 'wasm' as const;
  /** Kernel traffic: the generator region (byte address) and what it was written from. */
  private gen: { at: number; traffic: KernelTraffic } | null = null;
  /** Multicast groups retired by the kernel: their statistics region (byte address) and spec. */
  private groups: { at: number; spec: GroupStatsSpec } | null = null;
  /** The module's memory as i32 (again after the memory grew). */
  private words: Int32Array | null = null;
  private regionWords: Int32Array | null = null;
  /** recycle() gave the instance away: the engine may not be used again. */
  private recycled = false;

  private constructor(
    private readonly wasm: EngineExports,
    private readonly base: number,
    readonly prepared: Prepared,
    private readonly routing: RoutingFunction,
    /** Made from the package's own bytes (no source given): its instance may be recycled. */
    private readonly ownBytes: boolean,
  ) {}

  /**
   * Instantiate a module and write the input; `source` as for loadWasm (browser bytes). Without a
   * source, the instance a finished run recycled is taken if there is one.
   */
  static async create(input: EngineInput, source?: WasmSource): Promise<WasmEngine> {
    const prepared = prepare(input);
    let wasm: EngineExports;
    if (source === undefined && spare !== null) {
      wasm = spare;
      spare = null;
      wasm.resetHeap();
    } else wasm = (await loadWasm(source)) as EngineExports;
    new WasmRouting(wasm, input.routing).configure();
    // the region starts on a 64-byte boundary, so its 64-byte aligned records are cache lines
    const base = (wasm.allocBytes(prepared.layout.bytes + 64) + 63) & ~63;
    writeInput(wasm.memory.buffer, base, input, prepared);
    return new WasmEngine(wasm, base, prepared, input.routing, source === undefined);
  }

  /**
   * The run is over and nothing will be read from this engine again: its module instance goes to
   * the next WasmEngine.create of the process (made from the package's bytes, its memory not too
   * large). Any later call on this engine throws.
   */
  recycle(): void {
    if (this.recycled) return;
    this.recycled = true;
    if (this.ownBytes && this.wasm.memory.buffer.byteLength <= SPARE_MAX_BYTES) spare = this.wasm;
  }

  private live(): void {
    if (this.recycled) throw new Error('WasmEngine: used after recycle()');
  }

  get cycle(): number {
    return this.header()[L.H_CYCLE]!;
  }

  runUntil(until: number): EngineStatus {
    this.live();
    let status = L.ST_LIMIT;
    for (;;) {
      const now = this.cycle;
      const stop = Math.min(until, now + CHUNK_CYCLES);
      status = this.wasm.engineRun(this.base, stop);
      if (status !== L.ST_LIMIT || stop >= until) break;
    }
    return statusName(status);
  }

  region(): Uint8Array {
    this.live();
    return new Uint8Array(this.wasm.memory.buffer, this.base, this.prepared.layout.bytes);
  }

  counters(): EngineCounters {
    this.live();
    return readCounters(new Float64Array(this.wasm.memory.buffer, this.base + L.COUNTERS_BYTE, L.COUNTERS));
  }

  private header(): Int32Array {
    this.live();
    return new Int32Array(this.wasm.memory.buffer, this.base, L.HEADER_WORDS);
  }

  times(first = 0, count = this.header()[L.H_WORMS]! - first): WormTimes {
    return readWormTimes(this.region(), first, count);
  }

  channelFlits(): Int32Array {
    const t = this.routing.topology;
    return readChannelFlits(this.region(), t.nodes, t.ports);
  }

  slotUse(): SlotUse {
    return readSlotUse(this.region());
  }

  /** The report names worms by number: a streamed run's record r holds the one worm n = r mod H_WCAP of the last H_WCAP written. */
  deadlock(): DeadlockReport {
    const h = this.header();
    const wcap = h[L.H_WCAP]!;
    const base = h[L.H_WORMS]! - wcap;
    return deadlockReport(this.region(), this.routing, (r) => base + ((((r - base) % wcap) + wcap) % wcap));
  }

  /**
   * Kernel traffic (docs/traffic.md "Traffic drawn by the kernel"): from now on the kernel draws
   * the run's unicast messages itself from `k`'s streams, into worm records it retires as they
   * finish; no worm may be appended. The region must be fresh (no worm written).
   */
  attachTraffic(k: KernelTraffic): void {
    if (this.header()[L.H_WORMS] !== 0) throw new Error('attachTraffic: the run already has worms');
    const at = (this.wasm.allocBytes(generatorBytes(k) + 8) + 7) & ~7;
    writeGenerator(this.wasm.memory.buffer, at, k);
    const h = this.header();
    h[L.H_GEN] = at - this.base;
    h[L.H_WFREED] = 0;
    this.gen = { at, traffic: k };
  }

  /** Kernel traffic, at the end of the run: retire every worm left, measured up to `measuredTo`; the statistics. */
  kernelStats(measuredTo: number): KernelStats {
    if (!this.gen) throw new Error('kernelStats: no kernel traffic attached');
    this.wasm.retireRest(this.base, Math.min(measuredTo, 2 ** 31 - 1));
    return readGenerator(this.wasm.memory.buffer, this.gen.at, this.gen.traffic);
  }

  /**
   * Multicast groups retired by the kernel (docs/traffic.md "Multicast groups retired by the
   * kernel"): from now on each group appended is also written with writeGroup, and
   * retireGroups takes the statistics of those done. The region must be fresh (no worm written).
   */
  attachGroups(spec: GroupStatsSpec): void {
    if (this.header()[L.H_WORMS] !== 0) throw new Error('attachGroups: the run already has worms');
    const at = (this.wasm.allocBytes(groupRegionBytes(spec) + 8) + 7) & ~7;
    writeGroupRegion(this.wasm.memory.buffer, at, spec);
    this.header()[L.H_GROUPS] = at - this.base;
    this.groups = { at, spec };
  }

  /** Write group number g (the next one) for the kernel to retire: its record and destination set. */
  writeGroup(g: number, r: GroupRecord): void {
    if (!this.groups) throw new Error('writeGroup: no groups attached');
    writeGroupRecord(this.memoryWords(), this.groups.at, g, r);
  }

  /**
   * Retire the oldest groups whose worms are all done (`all`: every group left, measured up to
   * `measuredTo`), in the kernel; returns the groups retired so far.
   */
  retireGroups(all: boolean, measuredTo = 2 ** 31 - 1): number {
    if (!this.groups) throw new Error('retireGroups: no groups attached');
    return this.wasm.retireGroups(this.base, all ? 1 : 0, Math.min(measuredTo, 2 ** 31 - 1));
  }

  /** The statistics of the groups retired. */
  groupStats(): KernelStats {
    if (!this.groups) throw new Error('groupStats: no groups attached');
    return readStats(this.wasm.memory.buffer, this.groups.at, this.groups.spec.nodes, this.groups.spec.batches);
  }

  private memoryWords(): Int32Array {
    this.live();
    const buf = this.wasm.memory.buffer;
    if (this.words?.buffer !== buf) {
      this.words = new Int32Array(buf);
      this.regionWords = this.words.subarray(this.base >> 2, (this.base + this.prepared.layout.bytes) >> 2);
    }
    return this.words;
  }

  append(worms: readonly WormSpec[], places: readonly WormPlace[]): void {
    this.memoryWords();
    const m = this.regionWords!;
    const lay = this.prepared.layout;
    const W0 = lay.worm >> 2;
    const first = m[L.H_WORMS]!;
    // trigger lists in worm order: W_FIRSTTRIG, then W_NEXTTRIG from one triggered worm to the
    // next; by the trigger's index in `worms` (a worm's record when it has triggered one)
    const lastTrig: number[] = [];
    for (let i = 0; i < worms.length; i++) {
      const w = worms[i]!;
      const place = places[i]!;
      writeWorm(
        m,
        lay,
        this.routing,
        this.prepared.options.vcsPerClass,
        w,
        place,
        first + i,
        this.prepared.options.routeSeed,
      );
      if (w.after !== undefined) {
        const a = places[w.after]!.rec;
        const last = lastTrig[w.after];
        if (last === undefined) m[W0 + a * L.WORM_STRIDE + L.W_FIRSTTRIG] = place.rec;
        else m[W0 + last * L.WORM_STRIDE + L.W_NEXTTRIG] = place.rec;
        lastTrig[w.after] = place.rec;
      }
    }
    m[L.H_WORMS] = first + worms.length;
    // a run that finished the worms it had goes on with these
    if (m[L.H_STATUS] === L.ST_FINISHED) m[L.H_STATUS] = L.ST_RUNNING;
  }
}
