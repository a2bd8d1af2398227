import cliProgress from 'cli-progress';

/*
 * Progress of long CLI requests, on stderr only (stdout stays the command's result, so a pipe
 * reads the same bytes with or without it; docs/cli.md "Progress and limits").
 * - silent while a job is young (delayMs): short jobs print nothing;
 * - stderr a terminal: a cli-progress bar, redrawn at most 10 times a second, erased at the end;
 * - otherwise (a file, a pipe, a test): one plain line every intervalMs at most.
 * The commands run synchronously, so nothing is drawn by timers: the job calls update(done) as it
 * goes, and the helper looks at the clock there. stop() must run however the job ends
 * (withProgress does it), or cli-progress's redraw timer would keep the process alive.
 */

/** The stream progress is written to (process.stderr; a test passes its own). */
export interface ProgressStream {
  write(s: string): boolean;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

export interface ProgressSettings {
  /** Nothing is shown before the job has run this long. */
  delayMs: number;
  /** Without a terminal: at most one line per this many milliseconds. */
  intervalMs: number;
  /** Where to write; default process.stderr (read when a job starts). */
  stream?: ProgressStream;
  /** Milliseconds since some origin; default performance.now. */
  now?: () => number;
}

/** The defaults: silent for 2 s, then a bar (terminal) or a line every 5 s. Tests may change them. */
export const progressSettings: ProgressSettings = { delayMs: 2000, intervalMs: 5000 };

/** One long job's progress: update it as work is done, stop it at the end. */
export class Progress {
  private readonly stream: ProgressStream;
  private readonly now: () => number;
  private readonly start: number;
  private readonly settings: ProgressSettings;
  private bar: cliProgress.SingleBar | undefined;
  private nextLine: number;
  private lines = 0;
  private done = 0;
  private detail = '';
  private stopped = false;

  /**
   * `what`: the job, as the lines name it (`verify`); `total`: units of work (0 or less: unknown);
   * `unit`: what a unit is (`trials`).
   */
  constructor(
    readonly what: string,
    private total: number,
    readonly unit: string,
    settings: ProgressSettings = progressSettings,
  ) {
    this.settings = settings;
    this.stream = settings.stream ?? process.stderr;
    this.now = settings.now ?? (() => performance.now());
    this.start = this.now();
    this.nextLine = this.start + Math.max(settings.delayMs, settings.intervalMs);
  }

  /** Change the total (a job that learns its size as it goes). */
  setTotal(total: number): void {
    this.total = total;
    this.bar?.setTotal(total);
  }

  /**
   * `done` units of the total are finished. It reads the clock (tens of nanoseconds): call it once
   * per unit of work that takes microseconds or more, not in an inner loop.
   */
  update(done: number, detail = ''): void {
    this.done = done;
    this.detail = detail;
    if (this.stopped) return;
    const t = this.now();
    const elapsed = t - this.start;
    if (elapsed < this.settings.delayMs) return;
    if (this.stream.isTTY === true) {
      this.drawBar(done);
      return;
    }
    if (t < this.nextLine) return;
    this.nextLine = t + this.settings.intervalMs;
    this.lines++;
    this.stream.write(`${this.line(done, elapsed)}\n`);
  }

  /**
   * On a terminal, draw the bar now, before the delay: for a job known to be long whose first
   * unit may itself take long (a plan's construction), so that it shows a sign of life at once.
   * Without a terminal nothing is written early: a log keeps its lines for jobs that do run long,
   * and a request that then fails still leaves one error line only.
   */
  show(): void {
    if (this.stopped || this.stream.isTTY !== true) return;
    this.drawBar(this.done);
  }

  /** Add one unit (update(done + 1)). */
  tick(): void {
    this.update(this.done + 1);
  }

  /** End: erase the bar; a plain log that showed lines gets a last one with the total time. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.bar) {
      this.bar.update(this.done, { detail: '' });
      this.bar.stop();
      this.bar = undefined;
    } else if (this.lines > 0) {
      this.stream.write(`wormcast ${this.what}: finished in ${seconds(this.now() - this.start)}\n`);
    }
  }

  /** The plain line: `wormcast verify: 120,000 of 1,000,000 trials (12%) in 6 s; about 44 s left`. */
  line(done: number, elapsed: number): string {
    const count =
      this.total > 0
        ? `${done.toLocaleString('en-US')} of ${this.total.toLocaleString('en-US')} ${this.unit}`
        : `${done.toLocaleString('en-US')} ${this.unit}`;
    const pct = this.total > 0 ? ` (${Math.floor((100 * done) / this.total)}%)` : '';
    const left =
      this.total > 0 && done > 0 && done < this.total
        ? `; about ${seconds((elapsed * (this.total - done)) / done)} left`
        : '';
    return `wormcast ${this.what}: ${count}${pct} in ${seconds(elapsed)}${left}${this.detail ? `; ${this.detail}` : ''}`;
  }

  /** The detail after the bar: ` | writing traffic ...`, or nothing. */
  private barDetail(): string {
    return this.detail ? ` | ${this.detail}` : '';
  }

  private drawBar(done: number): void {
    if (!this.bar) {
      const unknown = this.total <= 0;
      this.bar = new cliProgress.SingleBar(
        {
          stream: this.stream as NodeJS.WritableStream,
          format: unknown
            ? `wormcast ${this.what}: {value} ${this.unit} | {duration_formatted}{detail}`
            : `wormcast ${this.what} [{bar}] {percentage}% | {value}/{total} ${this.unit} | ETA {eta_formatted}{detail}`,
          clearOnComplete: true,
          hideCursor: false,
          etaBuffer: 50,
          fps: 10,
          // no SIGINT handler: during a synchronous job it would never run, and Ctrl-C must still stop the process
          gracefulExit: false,
        },
        cliProgress.Presets.shades_classic,
      );
      this.bar.start(unknown ? 0 : this.total, done, { detail: this.barDetail() });
      return;
    }
    this.bar.update(done, { detail: this.barDetail() });
  }
}

/** Human time: `6 s`, `3 min 20 s`, `5 h 12 min`, `89 days 3 h`. */
export function seconds(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 120) return `${s} s`;
  if (s < 7200) return `${Math.floor(s / 60)} min ${s % 60} s`;
  if (s < 172800) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 86400).toLocaleString('en-US')} days ${Math.floor((s % 86400) / 3600)} h`;
}

/** Run `job` with a Progress that is stopped however the job ends. */
export function withProgress<T>(what: string, total: number, unit: string, job: (p: Progress) => T): T {
  const p = new Progress(what, total, unit);
  try {
    return job(p);
  } finally {
    p.stop();
  }
}
