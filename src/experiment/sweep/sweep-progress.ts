import cliProgress from 'cli-progress';
import type { MetricName } from '../config/metrics.ts';
import type { StoredPoint } from './store.ts';
import { formatInterval } from './format.ts';

/*
 * Progress of a sweep, on stderr only (stdout is the sweep's summary): a cli-progress bar with
 * points done, ETA and the point in progress when stderr is a terminal; otherwise (a file, a
 * pipe, a test) or with --quiet, one line per finished point.
 */

/** Where progress is written (process.stderr; a test passes its own). */
export interface ProgressSink {
  write(s: string): boolean;
  readonly isTTY?: boolean;
}

export interface SweepProgress {
  start(total: number, stored: number, workers: number): void;
  started(label: string): void;
  finished(p: StoredPoint, label: string): void;
  stop(): void;
}

/** The headline of a finished point: its first metric's mean and interval, or its saturation. */
export function pointLine(p: StoredPoint, label: string, done: number, total: number): string {
  const m = (Object.keys(p.summary.metrics)[0] ?? 'meanLatency') as MetricName;
  const what = formatInterval(p, m);
  const extra = p.summary.ci ? `; CI ${p.summary.ci.stop}` : '';
  const inc = p.summary.incomplete.length > 0 ? `; INCOMPLETE: ${p.summary.incomplete[0]}` : '';
  return `sweep [${done}/${total}] ${label}: ${m} ${what} (${observations(p)}${extra}) ${(p.run.wallMs / 1000).toFixed(1)} s${inc}`;
}

/**
 * What the interval is over: `5 replications`; for isolated multicasts, whose intervals are over
 * every set of every replication (src/experiment/sweep/isolated-point.ts), `50 sets in 5 replications`.
 */
function observations(p: StoredPoint): string {
  const reps = p.replications.length;
  const r = `${reps} replication${reps === 1 ? '' : 's'}`;
  if (p.config?.traffic !== 'isolated') return r;
  const sets = p.replications.reduce((a, x) => a + (Number((x.result as { sets?: unknown }).sets) || 0), 0);
  return `${sets} set${sets === 1 ? '' : 's'} in ${r}`;
}

/** One line per finished point. */
class LineProgress implements SweepProgress {
  private done = 0;
  private total = 0;
  constructor(private readonly out: ProgressSink) {}
  start(total: number, stored: number, workers: number): void {
    this.total = total;
    this.out.write(
      `sweep: ${total} point${total === 1 ? '' : 's'} to run${stored ? `, ${stored} already in the result file` : ''}, ${workers} worker${workers === 1 ? '' : 's'}\n`,
    );
  }
  started(): void {}
  finished(p: StoredPoint, label: string): void {
    this.done++;
    this.out.write(`${pointLine(p, label, this.done, this.total)}\n`);
  }
  stop(): void {}
}

/** A bar on a terminal: done/total, ETA, the latest point started. */
class BarProgress implements SweepProgress {
  private bar: cliProgress.SingleBar | undefined;
  private running: string[] = [];
  constructor(private readonly out: ProgressSink) {}
  start(total: number): void {
    this.bar = new cliProgress.SingleBar(
      {
        stream: this.out as unknown as NodeJS.WritableStream,
        format: 'sweep |{bar}| {value}/{total} points | ETA {eta_formatted} | {current}',
        hideCursor: false,
        clearOnComplete: true,
        etaBuffer: 20,
        fps: 5,
      },
      cliProgress.Presets.shades_classic,
    );
    this.bar.start(total, 0, { current: '' });
  }
  started(label: string): void {
    this.running.push(label);
    this.bar?.update({ current: this.current() });
  }
  finished(_p: StoredPoint, label: string): void {
    this.running = this.running.filter((x) => x !== label);
    this.bar?.increment(1, { current: this.current() });
  }
  private current(): string {
    const [first, ...rest] = this.running;
    return first === undefined ? '' : `${first}${rest.length ? ` (+${rest.length} running)` : ''}`;
  }
  stop(): void {
    this.bar?.stop();
    this.bar = undefined;
  }
}

/** The bar on a terminal unless quiet; lines otherwise. */
export function sweepProgress(quiet: boolean, out: ProgressSink = process.stderr): SweepProgress {
  return out.isTTY && !quiet ? new BarProgress(out) : new LineProgress(out);
}
