// A worker thread of bench/sweep.bench.ts's ceiling: the same simulations as a sweep's points,
// with no pool (tsx registered here, as src/experiment/sweep/point-worker-dev.mjs does for the pool).
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { simulate } = await import('../src/experiment/run/simulate.ts');
const { cfg, runs } = workerData;
await simulate({ ...cfg, measure: 1000 });
parentPort.postMessage('ready');
parentPort.once('message', async () => {
  for (let i = 0; i < runs; i++) await simulate({ ...cfg, seed: i + 1 });
  parentPort.postMessage('done');
});
