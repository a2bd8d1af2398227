// Live slots per flit-hop (docs/kernel.md "With the traffic in the kernel"): the walk visits every
// live slot of every active worm each cycle, so slots per flit-hop bounds what skipping idle visits
// could save. Runs the wasm engine one cycle at a time over uniform unicast traffic
// (src/experiment/run/traffic.ts, seed 42, 16-flit messages, 8-flit buffers, dor) and reads header
// words H_LIVESLOTS and H_ACTIVE_N after each cycle.
//
//   npx tsx bench/live-slots.ts <topology> <load> ['<engine options JSON>' ...]
//   npx tsx bench/live-slots.ts mesh:8x8 0.2 '{"routerDelay":4,"vcRelease":"tail-sent","vcsPerClass":2}'
import * as L from '../src/engine/layout.ts';
import type { EngineOptions } from '../src/engine/types.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { buildWorkload } from '../src/engine/workload.ts';
import { simulationRouting } from '../src/experiment/run/simulate.ts';
import { generateTraffic } from '../src/experiment/run/traffic.ts';

const [topology, loadText, ...optionTexts] = process.argv.slice(2);
const load = Number(loadText);
if (!topology || !(load > 0)) {
  console.error('live-slots: usage: npx tsx bench/live-slots.ts <topology> <load> [options JSON ...]');
  process.exit(2);
}
const CYCLES = 20_000;
for (const text of optionTexts.length > 0 ? optionTexts : ['{}']) {
  const extra = JSON.parse(text) as EngineOptions;
  const routing = simulationRouting(topology, 'unicast', 'dor');
  const events = generateTraffic({
    nodes: routing.topology.nodes,
    load,
    flits: 16,
    dests: 0,
    cycles: CYCLES,
    seed: 42,
  });
  const worms = buildWorkload(events, 'unicast', routing, 16).worms;
  const engine = await WasmEngine.create({
    routing,
    worms,
    options: { buffer: 8, routerDelay: 1, injection: 'back-to-back', ...extra },
  });
  let live = 0;
  let active = 0;
  let cycles = 0;
  for (;;) {
    const status = engine.runUntil(engine.cycle + 1);
    const header = new Int32Array(engine.region().buffer, engine.region().byteOffset, L.HEADER_WORDS);
    live += header[L.H_LIVESLOTS]!;
    active += header[L.H_ACTIVE_N]!;
    cycles++;
    if (status !== 'limit') break;
  }
  const hops = engine.counters().flitHops;
  console.log(
    `${topology} at ${load} ${text}: ${cycles} cycles, ${(live / cycles).toFixed(1)} live slots and ${(active / cycles).toFixed(1)} worms active a cycle, ${(hops / cycles).toFixed(1)} flit-hops a cycle, ${(live / hops).toFixed(3)} live slots per flit-hop`,
  );
}
