import * as L from '../../src/engine/layout.ts';
import type { EngineStatus } from '../../src/engine/types.ts';
import { WasmEngine } from '../../src/engine/wasm.ts';
import { simulate, type SimulateConfig } from '../../src/experiment/run/simulate.ts';

/*
 * Reads of an engine's region for the watch tests (docs/web.md "Watching a simulation"), made
 * directly from src/engine/layout.ts, independently of the app's snapshot reader.
 */

/** Every VC held in a region, read from the owner array: [vc, worm record, flits buffered], by VC. */
export function heldFromOwners(region: Uint8Array): Array<[number, number, number]> {
  const m = new Int32Array(region.buffer, region.byteOffset, region.byteLength >> 2);
  const oO = m[L.H_O_OWNER]! >> 2;
  const oS = m[L.H_O_SLOT]! >> 2;
  const total = m[L.H_EJ]! + m[L.H_NODES]! * (m[L.H_QE]! || m[L.H_Q]!);
  const out: Array<[number, number, number]> = [];
  for (let vc = 0; vc < total; vc++) {
    const s = m[oO + vc]!;
    if (s < 0) continue;
    const sb = oS + s * L.SLOT_STRIDE;
    const eject = vc >= m[L.H_EJ]!;
    out.push([vc, m[sb + L.S_WORM]!, eject ? 0 : m[sb + L.S_IN]! - m[sb + L.S_OUT]!]);
  }
  return out;
}

/**
 * The region of `simulate(config)` (the run of the Simulate button: traffic streamed) when its
 * engine reaches cycle k: a copy taken inside the run, which then goes on to its end.
 */
export async function simulateRegionAt(
  config: SimulateConfig,
  k: number,
  wasm: BufferSource,
): Promise<{ region: Uint8Array; cycle: number }> {
  let seen: { region: Uint8Array; cycle: number } | undefined;
  await simulate(config, {
    // the watch view writes each message from the host (WormFeed, ahead of the engine), and the
    // words that count written worms differ from a kernel-drawn run's (docs/traffic.md "Traffic
    // drawn by the kernel"; test/kernel-traffic.test.ts holds their results equal)
    hostTraffic: true,
    engine: async (input) => {
      const inner = await WasmEngine.create(input, wasm);
      // the engine itself, with a runUntil that stops once at k (every other member is the engine's)
      const runUntil = (until: number): EngineStatus => {
        if (seen === undefined && inner.cycle <= k && k <= until) {
          const st = inner.runUntil(k);
          seen = { region: inner.region().slice(), cycle: inner.cycle };
          if (st !== 'limit') return st;
        }
        return inner.runUntil(until);
      };
      const spy = new Proxy(inner, {
        get(target, key) {
          if (key === 'runUntil') return runUntil;
          const v: unknown = Reflect.get(target, key, target);
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
        },
      });
      return spy;
    },
  });
  if (!seen) throw new Error(`the run never reached cycle ${k}`);
  return seen;
}
