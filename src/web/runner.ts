import { WormcastError } from 'wormcast';
import type { Job, JobResult, Reply, Request } from './worker-protocol.ts';

/** Thrown by a run that was cancelled. */
export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

/**
 * One run worker of the page (src/web/run-worker.ts), started on first use. `run` posts a job
 * and resolves with its view; `cancel` terminates the worker (a run stuck in a long engine call
 * cannot be interrupted any other way) and rejects the pending run with Cancelled; the next
 * run starts a fresh worker.
 */
export class Runner {
  private worker: Worker | undefined;
  private next = 1;
  private pending:
    | { id: number; resolve(v: unknown): void; reject(e: unknown): void; progress?: (cycle: number) => void }
    | undefined;

  private start(): Worker {
    const w = new Worker(new URL('./run-worker.ts', import.meta.url), { type: 'module' });
    w.addEventListener('message', (ev: MessageEvent<Reply>) => {
      const m = ev.data;
      const p = this.pending;
      if (!p || p.id !== m.id) return;
      if (m.type === 'progress') {
        p.progress?.(m.cycle);
        return;
      }
      this.pending = undefined;
      if (m.type === 'done') p.resolve(m.view);
      else p.reject(m.user ? new WormcastError(m.message) : new Error(m.message));
    });
    w.addEventListener('error', (ev) => {
      const p = this.pending;
      this.pending = undefined;
      this.worker?.terminate();
      this.worker = undefined;
      p?.reject(new Error(`the run worker failed: ${ev.message || 'could not load'}`));
    });
    return w;
  }

  /** Run a job in the worker; `progress` gets the engine's cycle as the run goes. */
  run<K extends Job['kind']>(
    job: Extract<Job, { kind: K }>,
    progress?: (cycle: number) => void,
  ): Promise<JobResult[K]> {
    if (this.pending) this.cancel();
    this.worker ??= this.start();
    const id = this.next++;
    return new Promise<JobResult[K]>((resolve, reject) => {
      this.pending = { id, resolve: resolve as (v: unknown) => void, reject, progress };
      this.worker!.postMessage({ ...job, id } as Request);
    });
  }

  /** Whether a job is running. */
  get busy(): boolean {
    return this.pending !== undefined;
  }

  /** Stop the running job (if any): terminate the worker and reject its promise with Cancelled. */
  cancel(): void {
    this.worker?.terminate();
    this.worker = undefined;
    const p = this.pending;
    this.pending = undefined;
    p?.reject(new Cancelled());
  }
}
