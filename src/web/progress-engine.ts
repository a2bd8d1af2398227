import type { Engine, EngineCounters, EngineStatus } from 'wormcast';

/** Called after each chunk of cycles: the next cycle to simulate. */
export type CycleProgress = (cycle: number) => void;

/**
 * An engine that runs the engine it wraps in chunks and reports the cycle after each one, so
 * that a run in a Web Worker can post its progress (docs/web.md "Runs in a worker"). The
 * chunks grow or shrink to take about `targetMs` each; the results do not depend on how the
 * cycles are split (runWorkload itself calls runUntil three times, src/engine/wasm.ts splits
 * every call into 1024-cycle calls).
 */
export class ProgressEngine implements Engine {
  get name(): 'wasm' | 'reference' { return this.inner.name; }
  private chunk = 1024;

  constructor(private readonly inner: Engine, private readonly progress: CycleProgress, private readonly targetMs = 40) {}

  get cycle(): number { return this.inner.cycle; }

  runUntil(until: number): EngineStatus {
    for (;;) {
      const start = performance.now();
      const stop = Math.min(until, this.inner.cycle + this.chunk);
      const status = this.inner.runUntil(stop);
      this.progress(this.inner.cycle);
      if (status !== 'limit' || stop >= until) return status;
      const ms = performance.now() - start;
      if (ms < this.targetMs / 2 && this.chunk < 1 << 20) this.chunk *= 2;
      else if (ms > this.targetMs * 2 && this.chunk > 64) this.chunk = Math.max(64, this.chunk >> 1);
    }
  }

  region(): Uint8Array { return this.inner.region(); }
  counters(): EngineCounters { return this.inner.counters(); }
}
