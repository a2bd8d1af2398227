import type { SimulationResult } from './simulation-result.ts';

/*
 * What a run cost (issue 29): the processor time of its set-up and of its run phase. Timing is not
 * a result: it is attached to a SimulationResult as a non-enumerable property, so that JSON rows of
 * the result store, differential comparisons (toEqual) and spreads of a result never see it.
 */

/** The cost of one simulate() call; `clock` says what was measured. */
export interface RunTiming {
  /** From the call to the engine ready to run: routing, traffic sampling, layout, module instance. */
  setupCpuMs: number;
  /** The run phase: from the run's start to its end (traffic, engine, statistics, results read back). */
  runCpuMs: number;
  /** The run's flit-hops per second of run-phase time (NaN when the run phase measured 0 ms). */
  flitHopsPerCpuSecond: number;
  /**
   * 'cpu': process.cpuUsage, user + system time of the whole process (it includes V8's background
   * compilation and garbage collection threads); 'wall': performance.now, where there is no
   * process (the browser).
   */
  clock: 'cpu' | 'wall';
}

const hasCpu = typeof process !== 'undefined' && typeof process.cpuUsage === 'function';

/** The clock runs are timed with, in milliseconds (see RunTiming.clock). */
export function cpuMs(): number {
  if (hasCpu) {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
  return performance.now();
}

/** Attach the timing of a run (milliseconds read from cpuMs at its start, its run's start and its end). */
export function attachTiming<R extends SimulationResult>(r: R, start: number, runStart: number, end: number): R {
  const runCpuMs = end - runStart;
  const timing: RunTiming = {
    setupCpuMs: runStart - start,
    runCpuMs,
    flitHopsPerCpuSecond: runCpuMs > 0 ? (r.flitHops * 1000) / runCpuMs : Number.NaN,
    clock: hasCpu ? 'cpu' : 'wall',
  };
  return setTiming(r, timing);
}

/** Give result r its timing: a non-enumerable property (a spread of r leaves it behind). */
export function setTiming<R extends SimulationResult>(r: R, timing: RunTiming): R {
  Object.defineProperty(r, 'timing', { value: timing, enumerable: false, configurable: true, writable: true });
  return r;
}

/** The `timing` object of `simulate --json` (ms to 0.1, rate to 3 significant figures), or null. */
export function timingJson(r: SimulationResult): Record<string, number | string> | null {
  const t = r.timing;
  if (!t) return null;
  const ms = (x: number) => Math.round(x * 10) / 10;
  return {
    setupCpuMs: ms(t.setupCpuMs),
    runCpuMs: ms(t.runCpuMs),
    flitHopsPerCpuSecond: Number.isFinite(t.flitHopsPerCpuSecond)
      ? Number(t.flitHopsPerCpuSecond.toPrecision(3))
      : t.flitHopsPerCpuSecond,
    clock: t.clock,
  };
}
