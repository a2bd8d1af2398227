import type { SimulateHooks } from '../experiment/run/simulate.ts';
import type { StreamProgress } from '../experiment/run/stream-run.ts';
import { Progress, seconds } from './progress.ts';

/*
 * The progress of `simulate` with dynamic traffic (docs/cli.md "Progress and limits"): cycles of
 * the run, and within a stretch of it the step under way with its own estimate. On a network of
 * 2^20 nodes at load 0.5 a stretch writes two million messages ahead of the engine (seconds), the
 * engine then takes seconds per cycle, and reading back the multicasts still in flight at the end
 * takes seconds more; the cycle count alone moved only at the stretch's end, 30 s after the start
 * (issue 25). src/cli/commands/simulate.ts passes `hooks` to the run and calls stop() however it ends.
 */

export interface SimulateProgress {
  hooks: Pick<SimulateHooks, 'onCycle' | 'onProgress'>;
  stop(): void;
}

/** `part` of `whole` done since `since` (ms): `; about 4 s left`, or nothing when it cannot be told. */
function left(part: number, whole: number, since: number): string {
  const ms = performance.now() - since;
  return part > 0 && part < whole ? `, about ${seconds((ms * (whole - part)) / part)} left` : '';
}

/** Progress over `totalCycles` (warm-up + window + drain). */
export function simulateProgress(totalCycles: number): SimulateProgress {
  const progress = new Progress('simulate', totalCycles, 'cycles');
  // the step under way and where it started (its own estimate: the steps run at different speeds)
  let step = '';
  let stepStart = 0;
  let stepFrom = 0;
  const onProgress = (p: StreamProgress): void => {
    const key = `${p.step} ${p.total}`;
    if (key !== step) {
      step = key;
      stepStart = performance.now();
      stepFrom = p.step === 'results' ? 0 : p.cycle;
    }
    const pct = (x: number, of: number) => (of > 0 ? ` (${Math.floor((100 * x) / of)}%)` : '');
    const detail =
      p.step === 'traffic'
        ? `writing the traffic of cycles up to ${p.total.toLocaleString('en-US')}: at cycle ${Math.min(p.done, p.total).toLocaleString('en-US')}${left(p.done - stepFrom, p.total - stepFrom, stepStart)}`
        : p.step === 'results'
          ? `reading back the multicasts left in flight: ${p.done.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')}${pct(p.done, p.total)}${left(p.done, p.total, stepStart)}`
          : '';
    progress.update(p.cycle, detail);
  };
  return {
    hooks: { onCycle: (cycle) => progress.update(cycle), onProgress },
    stop: () => progress.stop(),
  };
}
