import { readExperimentFile } from '../src/experiment/config/experiment-file.ts';
import { readStore, type StoredPoint } from '../src/experiment/sweep/store.ts';
import { runSweep } from '../src/experiment/sweep/sweep.ts';
import { sweepProgress } from '../src/experiment/sweep/sweep-progress.ts';

/**
 * The points of experiment file `file` swept in this process, uninterrupted and without workers,
 * into result file `out`, by key: the reference a distributed or interrupted sweep is compared with.
 */
export async function localSweepPoints(file: string, out: string): Promise<Map<string, StoredPoint>> {
  await runSweep(readExperimentFile(file), file, {
    out,
    workers: 0,
    fresh: false,
    progress: sweepProgress(true, { write: () => true }),
  });
  return readStore(out).points;
}
