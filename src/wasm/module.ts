import { instantiate, instantiateSync } from '@assemblyscript/loader';
import type { RoutingFunction } from '../routing/types.ts';
import { TOPOLOGIES } from '../topology/registry.ts';
import type { Topology } from '../topology/types.ts';

/**
 * The types of the wasm boundary are written out structurally (no WebAssembly, BufferSource or
 * Response of the DOM library), so that a Node project type-checks the package's declarations
 * with `lib: ["es2022"]` and @types/node alone (docs/package.md).
 */
/** The module's memory, as the host reads it (a WebAssembly.Memory). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
}

/**
 * Where a module's bytes come from: the bytes themselves (an ArrayBuffer or a view on one, as
 * WebAssembly.compile takes them), or a fetch Response (anything with arrayBuffer(): a Blob too),
 * read once.
 */
export type WasmSource = ArrayBuffer | ArrayBufferView | { arrayBuffer(): Promise<ArrayBuffer> };

/** The raw exports of build/wormcast.wasm (assembly/index.ts). */
export interface WormcastExports {
  memory: WasmMemory;
  setTopology(kind: number, nodes: number, ports: number, ndims: number): void;
  setRadix(d: number, k: number): void;
  setNeighborTable(ptr: number): void;
  neighbor(node: number, port: number): number;
  setRouting(id: number, option: number): void;
  setRouteKey(key: number): void;
  setRouteInPort(port: number): void;
  /** The channel fault mask (u8 per channel, 1 = dead) or 0: src/fault/, docs/faults.md. */
  setFaultMask(ptr: number): void;
  setLabelling(labelOf: number, nodeAt: number, count: number, cycle: number): void;
  route(node: number, dest: number, vcIn: number): number;
  tracePath(src: number, dst: number, out: number, maxHops: number): number;
  routeBatch(pairs: number, count: number, maxHops: number): bigint;
  allocBytes(bytes: number): number;
  /** The heap back to its start: every allocation before is void (a recycled instance, src/engine/wasm.ts). */
  resetHeap(): void;
  /** Traffic patterns (assembly/traffic/patterns.ts, the twin of src/traffic/patterns.ts). */
  setPatternBits(bits: number): void;
  setPatternRadix(d: number, k: number): void;
  patternDest(pattern: number, src: number): number;
}

/**
 * The module's bytes when the caller passes none: build/wormcast.wasm of the package, two
 * levels above this file both in src/wasm/ (sources) and in dist/wasm/ (the npm package).
 * A file: URL (Node) is read with node:fs reached through process.getBuiltinModule
 * (Node >= 20.16), so that no module of the library imports a Node built-in and the browser
 * entry can include this one (docs/package.md); any other URL is fetched. The
 * `new URL(literal, import.meta.url)` form is what bundlers (Vite, webpack 5) recognise to
 * emit the file as an asset.
 */
async function defaultBytes(): Promise<Uint8Array | ArrayBuffer> {
  const url = new URL('../../build/wormcast.wasm', import.meta.url);
  if (url.protocol === 'file:') {
    const fs = globalThis.process?.getBuiltinModule?.('node:fs/promises');
    if (fs === undefined)
      throw new Error(
        `wormcast: cannot read ${url.pathname} (needs Node >= 20.16); pass the module's bytes to loadWasm`,
      );
    return fs.readFile(url).catch(() => {
      throw new Error(`wormcast: ${url.pathname} is missing; build it with 'npm run asbuild'`);
    });
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`wormcast: cannot load ${url.href}: HTTP ${res.status}`);
  return res.arrayBuffer();
}

/**
 * Instantiate a fresh wasm module (each instance holds one configuration). Without a source
 * the package's build/wormcast.wasm is read (Node) or fetched (browser) once; or pass the
 * bytes (or a Response) in.
 */
export async function loadWasm(source?: WasmSource): Promise<WormcastExports> {
  const module = await compiledModule(source);
  // In Node the compiled module is instantiated synchronously: the loader's asynchronous
  // instantiate() first asks whether its source is a fetch Response, and touching the global
  // Response makes Node load its fetch implementation (undici), 10-15 ms of CPU in the first
  // run of every process (bench/cold-run.ts). A browser's main thread may refuse to instantiate a
  // large module synchronously, so it keeps the asynchronous path (it has Response built in).
  const node = globalThis.process?.versions?.node !== undefined;
  const made = node
    ? instantiateSync<Record<string, unknown>>(module, {})
    : await instantiate<Record<string, unknown>>(module, {});
  return made.exports as unknown as WormcastExports;
}

// Compiled modules, one per byte source: every instance of one module shares V8's compiled
// code, including the optimised tier, so that a process that runs many simulations compiles
// (and tiers up) the engine once instead of once per run.
let defaultModule: Promise<WebAssembly.Module> | undefined;
const moduleOf = new WeakMap<object, Promise<WebAssembly.Module>>();

function compiledModule(source?: WasmSource): Promise<WebAssembly.Module> {
  if (source === undefined)
    return (defaultModule ??= defaultBytes().then((b) => WebAssembly.compile(b as Uint8Array<ArrayBuffer>)));
  if ('arrayBuffer' in source) return source.arrayBuffer().then((b) => WebAssembly.compile(b));
  let m = moduleOf.get(source);
  if (m === undefined) {
    m = WebAssembly.compile(source as ArrayBuffer | ArrayBufferView<ArrayBuffer>);
    moduleOf.set(source, m);
  }
  return m;
}

/**
 * The wasm twin of a TS routing function: configures the module's topology,
 * routing id and labelling tables, then routes in wasm, in a module instance of its own.
 */
export class WasmRouting {
  private scratch = 0;
  private scratchHops = 0;

  constructor(
    readonly wasm: WormcastExports,
    readonly routing: RoutingFunction,
  ) {}

  static async create(routing: RoutingFunction, source?: WasmSource): Promise<WasmRouting> {
    const w = new WasmRouting(await loadWasm(source), routing);
    w.configure();
    return w;
  }

  configure(): void {
    configureTopology(this.wasm, this.routing.topology);
    const w = this.wasm;
    const lab = this.routing.labelling;
    if (lab) {
      const n = lab.labelOf.length;
      const a = w.allocBytes(n * 4);
      const b = w.allocBytes(n * 4);
      new Int32Array(w.memory.buffer, a, n).set(lab.labelOf);
      new Int32Array(w.memory.buffer, b, n).set(lab.nodeAt);
      w.setLabelling(a, b, n, lab.cycle ? 1 : 0);
    }
    configureFaults(w, this.routing);
    w.setRouting(this.routing.wasmId, this.routing.wasmOption);
  }

  /** One route under the worm key `key` (RoutingFunction.keys) and input port (RoutingFunction.inPort); the key stays set for trace and routeBatch. */
  route(node: number, dest: number, vcIn: number, key = 0, inPort = -1): number {
    this.wasm.setRouteKey(key);
    this.wasm.setRouteInPort(inPort);
    return this.wasm.route(node, dest, vcIn);
  }

  /** Route words of the path src -> dst; throws when it exceeds maxHops or leaves the network. */
  trace(src: number, dst: number, maxHops = 4 * this.routing.topology.nodes + 64): Int32Array {
    if (maxHops > this.scratchHops) {
      this.scratch = this.wasm.allocBytes(maxHops * 4);
      this.scratchHops = maxHops;
    }
    const hops = this.wasm.tracePath(src, dst, this.scratch, maxHops);
    if (hops === -1) throw new Error(`wasm ${this.routing.name}: route ${src} -> ${dst} exceeds ${maxHops} hops`);
    if (hops === -2) throw new Error(`wasm ${this.routing.name}: route ${src} -> ${dst} leaves the network`);
    return new Int32Array(this.wasm.memory.buffer, this.scratch, hops).slice();
  }

  /** Route every pair (flat [src, dst, src, dst, ...]) inside wasm; returns the total hops. */
  routeBatch(pairs: Int32Array, maxHops = 4 * this.routing.topology.nodes + 64): number {
    const ptr = this.pairsBuffer(pairs.length);
    new Int32Array(this.wasm.memory.buffer, ptr, pairs.length).set(pairs);
    const total = this.wasm.routeBatch(ptr, pairs.length >> 1, maxHops);
    if (total < 0n) throw new Error(`wasm ${this.routing.name}: a route in the batch failed`);
    return Number(total);
  }

  private pairsPtr = 0;
  private pairsLen = 0;
  private pairsBuffer(len: number): number {
    if (len > this.pairsLen) {
      this.pairsPtr = this.wasm.allocBytes(len * 4);
      this.pairsLen = len;
    }
    return this.pairsPtr;
  }
}

/** Configure the module's topology globals from a TS topology. */
export function configureTopology(w: WormcastExports, t: Topology): void {
  w.setTopology(TOPOLOGIES[t.kind].id, t.nodes, t.ports, t.dims.length);
  t.dims.forEach((k, d) => w.setRadix(d, k));
  const table = t.neighborTable?.();
  // a family registered without an AssemblyScript neighbour function has only the table
  if (!table && TOPOLOGIES[t.kind].wasm === null)
    throw new Error(`wasm: topology ${t.spec} has no AssemblyScript neighbour function and no neighborTable()`);
  if (table) {
    const ptr = w.allocBytes(table.length * 4);
    new Int32Array(w.memory.buffer, ptr, table.length).set(table);
    w.setNeighborTable(ptr);
  }
}

/** Upload the channel fault mask of a fault-tolerant routing function, or clear it. */
export function configureFaults(w: WormcastExports, r: RoutingFunction): void {
  const mask = r.faults?.channelMask;
  if (!mask) {
    w.setFaultMask(0);
    return;
  }
  const ptr = w.allocBytes(mask.length);
  new Uint8Array(w.memory.buffer, ptr, mask.length).set(mask);
  w.setFaultMask(ptr);
}
