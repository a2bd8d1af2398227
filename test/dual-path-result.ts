import { type SimulateOptions, simulate } from '../src/experiment/config/simulate-options.ts';
import { resultJson } from '../src/experiment/run/result-json.ts';
import { dualPath } from '../src/multicast/path-based/dual-path.ts';

/**
 * A dual-path run's JSON result (slot capacity, sized from the plans' shapes, left out) with the
 * plans the engines route (MulticastAlgorithm.buildUnrouted, the default) or, `routed`, with the
 * explicit routes the host computes (test/path-unrouted*.test.ts compare the two).
 */
export async function dualPathResult(o: SimulateOptions, routed: boolean): Promise<Record<string, unknown>> {
  const unrouted = dualPath.buildUnrouted;
  if (routed) (dualPath as { buildUnrouted?: unknown }).buildUnrouted = undefined;
  try {
    const j = resultJson(await simulate(o));
    delete j.slots;
    return j;
  } finally {
    (dualPath as { buildUnrouted?: unknown }).buildUnrouted = unrouted;
  }
}
