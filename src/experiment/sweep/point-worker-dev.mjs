// The sweep pool's worker entry when wormcast runs from its TypeScript sources (tsx, vitest):
// a worker thread does not inherit the parent's tsx loader ("Unknown file extension .ts"),
// so it registers tsx itself and then loads the task. From a build,
// src/experiment/sweep/pool.ts points the workers at dist/experiment/sweep/point-task.js instead.
import { register } from 'tsx/esm/api';

register();
const task = await import('./point-task.ts');
export default task.default;
