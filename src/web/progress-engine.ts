import type { EngineStatus } from 'wormcast';

/** Called after each chunk of cycles: the next cycle to simulate. */
export type CycleProgress = (cycle: number) => void;

/** What chunking needs of an engine: its cycle and runUntil. */
interface Runs {
  readonly cycle: number;
  runUntil(until: number): EngineStatus;
}

/**
 * The engine `inner` with a runUntil that runs in chunks and reports the cycle after each one,
 * so that a run in a Web Worker can post its progress (docs/web.md "Runs in a worker"). The
 * chunks grow or shrink to take about `targetMs` each; the results do not depend on how the
 * cycles are split (runWorkload itself calls runUntil three times, src/engine/wasm.ts splits
 * every call into 1024-cycle calls). Every other member is the inner engine's own (a proxy), so
 * the wrapper follows the Engine interface whatever read-out methods it has.
 */
export function withProgress<E extends Runs>(inner: E, progress: CycleProgress, targetMs = 40): E {
  let chunk = 1024;
  const runUntil = (until: number): EngineStatus => {
    for (;;) {
      const start = performance.now();
      const stop = Math.min(until, inner.cycle + chunk);
      const status = inner.runUntil(stop);
      progress(inner.cycle);
      if (status !== 'limit' || stop >= until) return status;
      const ms = performance.now() - start;
      if (ms < targetMs / 2 && chunk < 1 << 20) chunk *= 2;
      else if (ms > targetMs * 2 && chunk > 64) chunk = Math.max(64, chunk >> 1);
    }
  };
  return new Proxy(inner, {
    get(target, key) {
      if (key === 'runUntil') return runUntil;
      const v: unknown = Reflect.get(target, key, target);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}
