import {
  DEFAULT_FAULT_SEED,
  ReferenceEngine,
  WasmEngine,
  resolvePoint,
  runIsolated,
  simulateConfig,
  type IsolatedResult,
} from 'wormcast';
import { requestValues, type SimulationRequest } from './simulate-panel.ts';

/*
 * Isolated multicasts from the simulation form (`traffic: isolated`, docs/units.md "Isolated
 * multicasts"): one multicast at a time in an empty network, over `sets` random sets, the run of
 * `wormcast simulate --traffic isolated` (src/cli/commands/simulate.ts) on the page's wasm bytes.
 * Its result is means and intervals over the sets, not a dynamic run's: the panel shows it apart
 * (src/web/isolated-result.ts), and the watch and the curves, which step or sweep dynamic traffic,
 * refuse it (parseSimulationRequest).
 */

/** Confidence level of the intervals over the sets: the CLI's. */
const CONFIDENCE = 0.95;

/** A finished isolated run, ready to show. */
export interface IsolatedView {
  isolated: true;
  heading: string;
  /** The network the run used. */
  spec: string;
  result: IsolatedResult;
  /** The sets asked for (fewer are done when one does not finish). */
  setsAsked: number;
  ms: number;
}

/** Whether the form asks for isolated multicasts (random traffic, traffic isolated). */
export function isIsolated(req: SimulationRequest): boolean {
  return req.scenario === '' && !req.trace && (req.traffic ?? '').trim() === 'isolated';
}

/**
 * Run the form's isolated multicasts (bad input throws a WormcastError: the options of dynamic
 * traffic are refused in one line by resolvePoint); `onSet` gets the sets done.
 */
export async function computeIsolated(
  req: SimulationRequest,
  wasm: BufferSource,
  onSet?: (done: number) => void,
): Promise<IsolatedView> {
  const t0 = performance.now();
  const { values, seed } = requestValues(req);
  const point = resolvePoint(values);
  const options = simulateConfig(point, seed).options;
  const sets = point.sets!;
  const result = await runIsolated({
    topology: point.topology,
    ...(typeof values.routing === 'string' ? { routing: values.routing } : {}),
    algorithm: point.algorithm,
    dests: point.dests,
    ...(point.destsMean !== undefined ? { destsMean: point.destsMean } : {}),
    sets,
    flits: point.flits,
    seed,
    engine: point.engine,
    engineOf: async (input) =>
      point.engine === 'reference' ? new ReferenceEngine(input) : WasmEngine.create(input, wasm),
    options,
    confidence: CONFIDENCE,
    stopOnIncomplete: true,
    ...(onSet ? { onSet } : {}),
    ...(point.faults !== undefined ? { faults: point.faults, faultSeed: point.faultSeed ?? DEFAULT_FAULT_SEED } : {}),
  });
  const dests =
    point.algorithm === 'unicast'
      ? ''
      : point.destsMean !== undefined
        ? ` to a mean of ${point.destsMean} destinations (drawn per multicast)`
        : ` to ${point.dests} destinations`;
  const done =
    result.incomplete !== undefined ? `${result.sets} of ${sets} random sets done` : `${result.sets} random sets`;
  const heading = `${point.topology} ${point.algorithm}${dests} (routing ${point.routing}): isolated multicasts (one at a time in an empty network, not dynamic traffic), ${done}, seed ${seed}, ${point.flits}-flit messages, ${point.port}-port nodes, consumption channels ${point.consumption}, ${point.engine} engine`;
  return { isolated: true, heading, spec: point.topology, result, setsAsked: sets, ms: performance.now() - t0 };
}
