// Occupancy of the engine benchmark's workloads (docs/validation.md "Speed and memory"): the mean
// number of live slots, active worms and routing-list worms per cycle after cycle 1,000, sampled
// every 64 cycles of a wasm run with the walk evaluation forced. Run: npx tsx bench/engine-occupancy.ts
import { WasmEngine } from '../src/engine/wasm.ts';
import * as L from '../src/engine/layout.ts';
import { buildWorkload } from '../src/engine/workload.ts';
import { simulationRouting } from '../src/experiment/run/simulate.ts';
import { generateTraffic } from '../src/experiment/run/traffic.ts';
const W: Record<string, any> = {
  mesh: {
    topology: 'mesh:8x8',
    routing: 'dor',
    load: 0.17,
    algorithm: 'unicast',
    dests: 0,
    cycles: 20000,
    options: { buffer: 8, vcsPerClass: 2, routerDelay: 1 },
  },
  torus: {
    topology: 'torus:16x16',
    routing: 'dor',
    load: 0.085,
    algorithm: 'unicast',
    dests: 0,
    cycles: 20000,
    options: { buffer: 8, routerDelay: 1 },
  },
  ccc: {
    topology: 'ccc:10',
    routing: 'hc',
    load: 0.0005,
    algorithm: 'u-ccc',
    dests: 64,
    cycles: 4000,
    options: { buffer: 4, routerDelay: 1, startup: 10 },
  },
  dual: {
    topology: 'torus:64x64',
    routing: 'hcm',
    load: 0.002,
    algorithm: 'hp-dual-path',
    dests: 16,
    cycles: 3000,
    options: { buffer: 4, routerDelay: 1, port: 'all' },
  },
};
for (const [name, cfg] of Object.entries(W)) {
  const routing = simulationRouting(cfg.topology, cfg.algorithm, cfg.routing);
  const events = generateTraffic({
    nodes: routing.topology.nodes,
    load: cfg.load,
    flits: 16,
    dests: cfg.dests,
    cycles: cfg.cycles,
    seed: 42,
  });
  const inp = {
    routing,
    worms: buildWorkload(events, cfg.algorithm, routing, 16).worms,
    options: { ...cfg.options, readyListAt: 1 << 30 },
  };
  const e = await WasmEngine.create(inp);
  let n = 0,
    live = 0,
    act = 0,
    route = 0;
  for (let t = 64; ; t += 64) {
    const st = e.runUntil(t);
    const h = new Int32Array(e.region().buffer, e.region().byteOffset, 64);
    if (t > 1000) {
      n++;
      live += h[L.H_LIVESLOTS]!;
      act += h[L.H_ACTIVE_N]!;
      route += h[L.H_ROUTE_N]!;
    }
    if (st !== 'limit') break;
  }
  console.log(
    name,
    'live',
    (live / n).toFixed(0),
    'active',
    (act / n).toFixed(0),
    'routing list',
    (route / n).toFixed(0),
  );
}
