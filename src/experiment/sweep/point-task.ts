import { runPointTask, type PointFailure, type PointOutcome, type PointTask } from './point-run.ts';

/**
 * The task a worker thread of the sweep pool runs (src/experiment/sweep/pool.ts): one point. Loaded
 * as is from dist/experiment/sweep/point-task.js, or through point-worker-dev.mjs from the sources.
 */
export default function pointTask(task: PointTask): Promise<PointOutcome | PointFailure> {
  return runPointTask(task);
}
