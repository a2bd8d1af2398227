// What routing dual-path's worms in the engines saves (docs/kernel.md "Multicast runs"): the same
// streamed run with the plans the engines route (MulticastAlgorithm.buildUnrouted, the default)
// and with the explicit routes the host computed before, alternating in one process after a
// warm-up run of each; the median run-phase CPU time (timing.runCpuMs) and set-up of each form,
// and whether the two results are equal (slot capacity and timing aside).
//
//   npx tsx bench/path-unrouted.ts [rounds] [simulate options as JSON]
//   default: 5 rounds of '{"topology":"mesh:16x16","algorithm":"dual-path","dests":8,"load":0.003,"cycles":100000}'
import { isDeepStrictEqual } from 'node:util';
import { type SimulateOptions, simulate } from '../src/experiment/config/simulate-options.ts';
import { resultJson } from '../src/experiment/run/result-json.ts';
import { findAlgorithm } from '../src/engine/workload.ts';

const rounds = Number(process.argv[2] ?? 5);
const options: SimulateOptions = JSON.parse(
  process.argv[3] ?? '{"topology":"mesh:16x16","algorithm":"dual-path","dests":8,"load":0.003,"cycles":100000}',
);
const algorithm = findAlgorithm(String(options.algorithm)) as { buildUnrouted?: unknown };
const unrouted = algorithm.buildUnrouted;
if (!unrouted) throw new Error(`${options.algorithm} has no plan without routes: nothing to compare`);

async function run(routed: boolean): Promise<{ run: number; setup: number; json: Record<string, unknown> }> {
  algorithm.buildUnrouted = routed ? undefined : unrouted;
  try {
    const r = await simulate(options);
    const json = resultJson(r);
    const timing = (r as { timing?: { runCpuMs: number; setupCpuMs: number } }).timing!;
    delete json.slots;
    return { run: timing.runCpuMs, setup: timing.setupCpuMs, json };
  } finally {
    algorithm.buildUnrouted = unrouted;
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
await run(true);
await run(false);
const times = { routed: [] as number[], engines: [] as number[] };
const setups = { routed: [] as number[], engines: [] as number[] };
let equal = true;
for (let i = 0; i < rounds; i++) {
  const a = await run(true);
  const b = await run(false);
  times.routed.push(a.run);
  times.engines.push(b.run);
  setups.routed.push(a.setup);
  setups.engines.push(b.setup);
  equal &&= isDeepStrictEqual(a.json, b.json);
}
console.log(`${JSON.stringify(options)}, ${rounds} rounds`);
console.log(
  `explicit routes (host):  run ${median(times.routed).toFixed(1)} ms, set-up ${median(setups.routed).toFixed(1)} ms`,
);
console.log(
  `routed by the engines:   run ${median(times.engines).toFixed(1)} ms, set-up ${median(setups.engines).toFixed(1)} ms`,
);
console.log(
  `speed-up of the run phase ${(median(times.routed) / median(times.engines)).toFixed(2)}x; results equal: ${equal}`,
);
