import { loadWasm, WasmRouting, type WasmSource, type WormcastExports } from '../wasm/module.ts';
import { prepare, writeInput, type Prepared } from './input.ts';
import * as L from './layout.ts';
import { readCounters, statusName } from './results.ts';
import type { Engine, EngineCounters, EngineInput, EngineStatus } from './types.ts';

/** The engine export of build/wormcast.wasm (assembly/engine/engine.ts). */
interface EngineExports extends WormcastExports {
  engineRun(base: number, until: number): number;
}

/**
 * Cycles per call into the module: V8 cannot tier a running wasm function up, so a long
 * run is driven in bounded chunks (shared/TOOLCHAIN.md).
 */
export const CHUNK_CYCLES = 1024;

/**
 * The WebAssembly engine: one module instance per run, configured with the topology,
 * routing function and labelling, and the run's region written into its memory once.
 */
export class WasmEngine implements Engine {
  readonly name = 'wasm' as const;
  private constructor(
    private readonly wasm: EngineExports,
    private readonly base: number,
    readonly prepared: Prepared,
  ) {}

  /** Instantiate a module and write the input; `source` as for loadWasm (browser bytes). */
  static async create(input: EngineInput, source?: WasmSource): Promise<WasmEngine> {
    const prepared = prepare(input);
    const wasm = (await loadWasm(source)) as EngineExports;
    new WasmRouting(wasm, input.routing).configure();
    // the region starts on a 64-byte boundary, so its 64-byte aligned records are cache lines
    const base = (wasm.allocBytes(prepared.layout.bytes + 64) + 63) & ~63;
    writeInput(wasm.memory.buffer, base, input, prepared);
    return new WasmEngine(wasm, base, prepared);
  }

  get cycle(): number {
    return new Int32Array(this.wasm.memory.buffer, this.base, L.HEADER_WORDS)[L.H_CYCLE]!;
  }

  runUntil(until: number): EngineStatus {
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
    return new Uint8Array(this.wasm.memory.buffer, this.base, this.prepared.layout.bytes);
  }

  counters(): EngineCounters {
    return readCounters(new Float64Array(this.wasm.memory.buffer, this.base + L.COUNTERS_BYTE, L.COUNTERS));
  }
}
