import type { PlanRequest, PlanView } from './plan-panel.ts';
import type { SimulationRequest, SimulationView } from './simulate-panel.ts';
import type { PointRequest, PointView } from './curves/point.ts';
import type { WatchFrame } from './watch/session.ts';
import type { IsolatedView } from './isolated-run.ts';

/** Watch a run: the frame of cycle `to` (the worker keeps the run between requests; going back restarts it). */
export interface WatchRequest {
  sim: SimulationRequest;
  to: number;
}

/**
 * The messages between the page and its run worker (src/web/run-worker.ts): plain
 * postMessage, one job at a time per worker; cancelling terminates the worker (docs/web.md
 * "Runs in a worker"). A job is a simulation, a multicast plan, a cycle of a watched run, a
 * point of a latency-load sweep or isolated multicasts (their progress: the sets done); routes are computed on the page (a single route takes well
 * under a millisecond).
 */
export type Job =
  | { kind: 'simulate'; req: SimulationRequest }
  | { kind: 'plan'; req: PlanRequest }
  | { kind: 'watch'; req: WatchRequest }
  | { kind: 'point'; req: PointRequest }
  | { kind: 'isolated'; req: SimulationRequest };

/** What a job produces. */
export interface JobResult {
  simulate: SimulationView;
  plan: PlanView;
  watch: WatchFrame;
  point: PointView;
  isolated: IsolatedView;
}

/** Page to worker. */
export type Request = Job & { id: number };

/** Worker to page. */
export type Reply =
  | { id: number; type: 'progress'; cycle: number }
  | { id: number; type: 'done'; view: JobResult[Job['kind']] }
  /** `user`: a WormcastError (its message is the user-facing line); otherwise a bug. */
  | { id: number; type: 'error'; user: boolean; message: string };
