import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import * as L from '../src/engine/layout.ts';
import { ReferenceEngine } from '../src/engine/reference.ts';
import type { EngineInput } from '../src/engine/types.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { firstResultDifference } from './engine-compare.ts';
import { randomConfig, randomConfigRouter } from './engine-random.ts';

/*
 * The debug build (build/wormcast.debug.wasm) carries the kernel's invariant asserts
 * (assembly/engine/invariants.ts, docs/kernel.md); the release build has none. CI builds both
 * (npm run asbuild); a stale or missing debug module is rebuilt here first.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEBUG_WASM = join(ROOT, 'build', 'wormcast.debug.wasm');
const RELEASE_WASM = join(ROOT, 'build', 'wormcast.wasm');

function newestSource(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((e) =>
      e.isDirectory() ? newestSource(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs,
    ),
  );
}

let debugBytes: Uint8Array;

beforeAll(() => {
  if (!existsSync(DEBUG_WASM) || statSync(DEBUG_WASM).mtimeMs < newestSource(join(ROOT, 'assembly')))
    execFileSync('npx', ['asc', 'assembly/index.ts', '--target', 'debug'], { cwd: ROOT, stdio: 'inherit' });
  debugBytes = readFileSync(DEBUG_WASM);
}, 120_000);

// the messages of a few asserts, as AssemblyScript stores them (UTF-16)
const MESSAGES = ['a granted live slot owns its VC', 'A_HELD counts the channel', '0 <= in - out <= B'];
const has = (bytes: Uint8Array, text: string): boolean => Buffer.from(bytes).includes(Buffer.from(text, 'utf16le'));

describe('the debug build: the kernel with its invariant asserts (issue 28)', () => {
  it('the debug module has the asserts and the release module none', () => {
    const release = readFileSync(RELEASE_WASM);
    for (const m of MESSAGES) {
      expect(has(debugBytes, m), m).toBe(true);
      expect(has(release, m), m).toBe(false);
    }
  });

  it('runs the engine differential on the debug module: 64 random configurations, every result field equal to the reference', async () => {
    // every fourth readyListAt setting (walk, ready list, switching), both injection and both VC
    // release rules, and linkLatency 1-3 (the seeds of test/engine-differential*.test.ts)
    const statuses = new Map<string, number>();
    for (let seed = 0; seed < 64; seed++) {
      const cfg = randomConfig(seed);
      const linkLatency = seed % 8 === 7 ? 2 : 1;
      const input: EngineInput = { routing: cfg.routing, worms: cfg.worms, options: { ...cfg.options, linkLatency } };
      const ref = new ReferenceEngine(input);
      const wasm = await WasmEngine.create(input, debugBytes);
      const s1 = ref.runUntil(20_000);
      const s2 = wasm.runUntil(20_000);
      expect(firstResultDifference(`randomConfig(${seed}) linkLatency ${linkLatency}`, ref, s1, wasm, s2)).toBeNull();
      statuses.set(s1, (statuses.get(s1) ?? 0) + 1);
    }
    expect(statuses.get('finished') ?? 0).toBeGreaterThan(30);
  });

  it("runs BookSim's router rules on the debug module: 60 random configurations (ejection VCs, late grant, lanes, round-robin allocator) equal to the reference", async () => {
    let finished = 0;
    for (let seed = 0; seed < 60; seed++) {
      const cfg = randomConfigRouter(seed);
      const input: EngineInput = { routing: cfg.routing, worms: cfg.worms, options: cfg.options };
      const ref = new ReferenceEngine(input);
      const wasm = await WasmEngine.create(input, debugBytes);
      const s1 = ref.runUntil(20_000);
      const s2 = wasm.runUntil(20_000);
      expect(firstResultDifference(`randomConfigRouter(${seed}) ${cfg.label}`, ref, s1, wasm, s2)).toBeNull();
      if (s1 === 'finished') finished++;
    }
    expect(finished).toBeGreaterThan(30);
  });
});

/** A run of a loaded 4x4 mesh on the debug module, stopped with worms in flight. */
async function midRun(vcLinks: boolean): Promise<{ wasm: WasmEngine; m: Int32Array }> {
  const cfg = randomConfig(6); // mesh:4x4, dor
  const worms = Array.from({ length: 40 }, (_, i) => ({
    kind: 'unicast' as const,
    src: i % 16,
    dests: [(i * 7 + 5) % 16],
    flits: 8,
    created: i >> 2,
  }));
  const input: EngineInput = {
    routing: cfg.routing,
    worms,
    options: { buffer: 2, vcsPerClass: 2, vcLinks, readyListAt: 1 << 20, watchdog: 200 },
  };
  const wasm = await WasmEngine.create(input, debugBytes);
  expect(wasm.runUntil(12)).toBe('limit');
  const r = wasm.region();
  return { wasm, m: new Int32Array(r.buffer, r.byteOffset, r.byteLength >> 2) };
}

/** The slots of the active worms that hold a VC and a flit (network slots first). */
function heldSlots(m: Int32Array): number[] {
  const W0 = m[L.H_O_WORM]! >> 2;
  const S0 = m[L.H_O_SLOT]! >> 2;
  const out: number[] = [];
  for (let k = 0; k < m[L.H_ACTIVE_N]!; k++) {
    const w = m[(m[L.H_O_ACTIVE]! >> 2) + k]!;
    for (let s = m[W0 + w * L.WORM_STRIDE + L.W_SLOTS]!; s >= 0; s = m[S0 + s * L.SLOT_STRIDE + L.S_NEXT]!) {
      const f = m[S0 + s * L.SLOT_STRIDE + L.S_FLAGS]!;
      if ((f & (L.F_PENDING | L.F_DEAD | L.F_EJECT)) === 0 && (f & L.F_NET) !== 0) out.push(s);
    }
  }
  return out;
}

describe('the asserts are real: a region corrupted on purpose aborts the debug module', () => {
  it('the uncorrupted run finishes', async () => {
    const { wasm } = await midRun(false);
    expect(wasm.runUntil(10_000)).toBe('finished');
  });

  it('a held VC whose owner word says free', async () => {
    const { wasm, m } = await midRun(false);
    const s = heldSlots(m)[0]!;
    const vc = m[(m[L.H_O_SLOT]! >> 2) + s * L.SLOT_STRIDE + L.S_VC]!;
    m[(m[L.H_O_OWNER]! >> 2) + vc] = -1;
    expect(() => wasm.runUntil(10_000)).toThrow(
      /abort: (a granted live slot owns its VC|freeVc: the slot owns its VC|A_HELD counts)/,
    );
  });

  it("a channel's count of held VCs one too many (the walk's A_HELD)", async () => {
    const { wasm, m } = await midRun(false);
    const s = heldSlots(m)[0]!;
    const ch = m[(m[L.H_O_SLOT]! >> 2) + s * L.SLOT_STRIDE + L.S_CHAN]!;
    m[(m[L.H_O_ARB]! >> 2) + ch * L.ARB_STRIDE + L.A_HELD]! += 1;
    expect(() => wasm.runUntil(10_000)).toThrow(/abort: A_HELD counts the channel's VCs held/);
  });

  it('a buffer holding more than B flits', async () => {
    const { wasm, m } = await midRun(true);
    const s = heldSlots(m)[0]!;
    m[(m[L.H_O_SLOT]! >> 2) + s * L.SLOT_STRIDE + L.S_IN]! += 3;
    expect(() => wasm.runUntil(10_000)).toThrow(/abort: (0 <= in - out <= B|move: a buffer holds at most B flits)/);
  });

  it('a free list head out of range', async () => {
    const { wasm, m } = await midRun(true);
    m[L.H_FREESLOT] = m[L.H_SLOTCAP]! + 5;
    expect(() => wasm.runUntil(10_000)).toThrow(/abort: free list entry is a slot record/);
  });
});
