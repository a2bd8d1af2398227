import type { PlanRequest, PlanView } from './plan-panel.ts';
import type { SimulationRequest, SimulationView } from './simulate-panel.ts';

/**
 * The messages between the page and its run worker (src/web/run-worker.ts): plain
 * postMessage, one job at a time per worker; cancelling terminates the worker (docs/web.md
 * "Runs in a worker"). A job is a simulation or a multicast plan; routes are computed on the
 * page (a single route takes well under a millisecond).
 */
export type Job =
  | { kind: 'simulate'; req: SimulationRequest }
  | { kind: 'plan'; req: PlanRequest };

/** What a job produces. */
export interface JobResult {
  simulate: SimulationView;
  plan: PlanView;
}

/** Page to worker. */
export type Request = Job & { id: number };

/** Worker to page. */
export type Reply =
  | { id: number; type: 'progress'; cycle: number }
  | { id: number; type: 'done'; view: SimulationView | PlanView }
  /** `user`: a WormcastError (its message is the user-facing line); otherwise a bug. */
  | { id: number; type: 'error'; user: boolean; message: string };
