import { WormcastError } from 'wormcast';
import { computePlan } from './plan-panel.ts';
import { computeSimulation } from './simulate-panel.ts';
import { wasmBytes } from './wasm-source.ts';
import type { Reply, Request } from './worker-protocol.ts';

/**
 * The run worker (docs/web.md "Runs in a worker"): simulations and plans run here, off the
 * page's thread, so the page stays responsive; the engine reports its cycle every ~40 ms
 * (src/web/progress-engine.ts) and the page cancels by terminating the worker.
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

scope.addEventListener('message', (ev) => {
  const job = ev.data;
  void (async () => {
    try {
      const view = job.kind === 'simulate'
        ? await computeSimulation(job.req, await wasmBytes(), (cycle) => scope.postMessage({ id: job.id, type: 'progress', cycle }))
        : computePlan(job.req);
      scope.postMessage({ id: job.id, type: 'done', view }, transfers(view));
    } catch (e) {
      const user = e instanceof WormcastError;
      scope.postMessage({ id: job.id, type: 'error', user, message: e instanceof Error ? e.message : String(e) });
    }
  })();
});
