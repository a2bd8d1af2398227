import { WormcastError } from 'wormcast';
import { computePoint } from './curves/point.ts';
import { computePlan } from './plan-panel.ts';
import { computeSimulation } from './simulate-panel.ts';
import { computeIsolated } from './isolated-run.ts';
import { WatchSession, type WatchFrame } from './watch/session.ts';
import { wasmBytes } from './wasm-source.ts';
import type { JobResult, Reply, Request, WatchRequest } from './worker-protocol.ts';

/**
 * The run worker (docs/web.md "Runs in a worker"): simulations, plans, watched runs and sweep
 * points run here, off the page's thread, so the page stays responsive; the engine reports its
 * cycle every ~40 ms (src/web/progress-engine.ts) and the page cancels by terminating the worker.
 */
const scope = self as unknown as {
  postMessage(message: Reply, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (ev: MessageEvent<Request>) => void): void;
};

/** Typed arrays of a view moved rather than copied. */
function transfers(view: object): Transferable[] {
  const out: Transferable[] = [];
  for (const v of Object.values(view)) if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer) out.push(v.buffer);
  return out;
}

/** The watched run this worker keeps between requests (one per worker). */
let session: WatchSession | undefined;

async function watch(req: WatchRequest, progress: (cycle: number) => void): Promise<WatchFrame> {
  const key = JSON.stringify(req.sim);
  // another run, or a cycle already passed: start again from cycle 0
  if (!session || session.key !== key || req.to < session.cycle) {
    session = undefined;
    session = await WatchSession.create(req.sim, await wasmBytes());
  }
  session.advance(req.to, progress);
  return session.frame(req.to);
}

scope.addEventListener('message', (ev) => {
  const job = ev.data;
  const progress = (cycle: number): void => scope.postMessage({ id: job.id, type: 'progress', cycle });
  void (async () => {
    try {
      let view: JobResult[typeof job.kind];
      if (job.kind === 'simulate') view = await computeSimulation(job.req, await wasmBytes(), progress);
      else if (job.kind === 'plan') view = computePlan(job.req);
      else if (job.kind === 'watch') view = await watch(job.req, progress);
      else if (job.kind === 'isolated') view = await computeIsolated(job.req, await wasmBytes(), progress);
      else view = await computePoint(job.req, await wasmBytes(), progress);
      const moved = job.kind === 'watch' ? transfers((view as WatchFrame).snapshot) : transfers(view);
      scope.postMessage({ id: job.id, type: 'done', view }, moved);
    } catch (e) {
      const user = e instanceof WormcastError;
      scope.postMessage({ id: job.id, type: 'error', user, message: e instanceof Error ? e.message : String(e) });
    }
  })();
});
