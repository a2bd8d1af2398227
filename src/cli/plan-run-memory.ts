import { prepare } from '../engine/input.ts';
import type { EngineInput } from '../engine/types.ts';
import { WormcastError } from '../errors.ts';
import {
  formatBytes,
  type MemoryEnvironment,
  memoryLimits,
  NATIVE_WORM_BYTES,
  WASM_RESERVED_BYTES,
} from '../experiment/run/memory-estimate.ts';
import { count } from './limits.ts';

/*
 * `simulate --plan` and `--scenario` run one fixed list of worms, so their engine memory is known
 * exactly before the engine exists: the region src/engine/layout.ts lays out for the network, the
 * worms and the slot capacity (prepare computes it without allocating), plus the labelling tables
 * of a label-based routing (8 bytes per node), as src/experiment/run/memory-estimate.ts counts it
 * for dynamic traffic. A plan on mesh:4096x4096 needs more than the wasm memory's 1 GiB for the
 * network alone; without this check the module's allocator aborted (an internal error, issue 25).
 */

/** Refuse (one line, exit 2) a run of `input` whose engine cannot hold it; `what` names the run. */
export function checkFixedRunMemory(
  input: EngineInput,
  engine: 'wasm' | 'reference',
  env: MemoryEnvironment,
  what: string,
): void {
  const t = input.routing.topology;
  const region = prepare(input).layout.bytes;
  const engineBytes = region + (input.routing.labelling ? 8 * t.nodes : 0);
  const nativeBytes = engineBytes + WASM_RESERVED_BYTES + NATIVE_WORM_BYTES * input.worms.length;
  const size = `${t.spec}: ${count(t.nodes)} nodes, ${count(input.worms.length)} worms`;
  const limits = memoryLimits(env, engine);
  const lower = 'give a plan on a smaller network, or lower --slots or --vcs';
  if (engineBytes > limits.engineBytes)
    throw new WormcastError(
      `${what}: the engine would need ${formatBytes(engineBytes)} (${size}) but can hold ${formatBytes(limits.engineBytes)} (${limits.engineWhy}); ${lower}`,
    );
  if (nativeBytes > limits.nativeBytes)
    throw new WormcastError(
      `${what}: the engine would need about ${formatBytes(nativeBytes)} of memory (${size}) but may use ${formatBytes(limits.nativeBytes)} (${limits.nativeWhy}); ${lower}`,
    );
}
