/**
 * Calibration of src/experiment/run/memory-estimate.ts: for a few runs, the estimate against the
 * memory measured (process.memoryUsage() after a full collection) once the traffic, the worms and
 * the engine all exist, which is when simulateWith() holds the most (docs/cli.md "Memory of a
 * simulate run"). The heap estimate is shown without its fixed part (FIXED_HEAP_BYTES). Each run has
 * a process of its own. Run: node --expose-gc --import tsx bench/memory-calibration.ts
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { estimateMemory, FIXED_HEAP_BYTES, formatBytes, trafficShape } from '../src/experiment/run/memory-estimate.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { buildWorkload } from '../src/engine/workload.ts';
import { simulationRouting } from '../src/experiment/run/simulate.ts';
import { generateTraffic } from '../src/experiment/run/traffic.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const measure = (): NodeJS.MemoryUsage => {
  gc();
  gc();
  return process.memoryUsage();
};

const RUNS: Array<[topology: string, algorithm: string, dests: number, load: number, cycles: number]> = [
  ['mesh:16x16', 'unicast', 0, 0.2, 20_000],
  ['torus:32x32', 'unicast', 0, 0.1, 11_000],
  ['hypercube:8', 'u-cube', 8, 0.02, 20_000],
  ['hypercube:8', 'u-cube', 64, 0.02, 20_000],
  ['mesh:16x16', 'dual-path', 8, 0.02, 20_000],
  ['mesh:16x16', 'dual-path', 64, 0.02, 20_000],
  ['mesh:16x16', 'x-first', 8, 0.02, 20_000],
  ['ccc:5', 'u-ccc', 16, 0.02, 20_000],
  ['torus:8x8', 'hcm-uniform', 8, 0.02, 20_000],
  ['mesh:32x32', 'unicast', 0, 0.5, 50_000],
  ['hypercube:10', 'u-cube', 32, 0.05, 20_000],
];

/** One run, in this process: its estimate and what it measured, as JSON on stdout. */
async function one(i: number): Promise<void> {
  const [topology, algorithm, dests, load, cycles] = RUNS[i]!;
  const routing = simulationRouting(topology, algorithm);
  const t = routing.topology;
  const options = {};
  const estimate = estimateMemory(routing, trafficShape(routing, algorithm, dests, load, 16, cycles), options);
  const before = measure();
  const events = generateTraffic({ nodes: t.nodes, load, flits: 16, dests, cycles, seed: 1 });
  const w = buildWorkload(events, algorithm, routing, 16);
  const engine = await WasmEngine.create({ routing, worms: w.worms, options });
  const after = measure();
  console.log(
    JSON.stringify({
      run: `${topology} ${algorithm}${dests ? ` m=${dests}` : ''} load ${load}, ${cycles} cycles`,
      events: events.length,
      worms: w.worms.length,
      heapEstimate: estimate.heapBytes - FIXED_HEAP_BYTES,
      heap: after.heapUsed - before.heapUsed,
      baseHeap: before.heapUsed,
      nativeEstimate: estimate.nativeBytes,
      native: after.external - before.external,
      region: engine.region().byteLength,
      regionEstimate: estimate.engineBytes,
    }),
  );
}

if (process.argv[2] !== undefined) await one(Number(process.argv[2]));
else {
  // each run in a fresh process, so that no run measures another's garbage
  const rows = [
    '| run | events | worms | heap estimate | heap measured | region estimate | region | native estimate | native measured |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (let i = 0; i < RUNS.length; i++) {
    const out = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), String(i)],
      { encoding: 'utf8' },
    );
    const r = JSON.parse(out) as Record<string, number | string>;
    const b = (k: string): string => formatBytes(r[k] as number);
    rows.push(
      `| ${r.run} | ${r.events} | ${r.worms} | ${b('heapEstimate')} | ${b('heap')} | ${b('regionEstimate')} | ${b('region')} | ${b('nativeEstimate')} | ${b('native')} |`,
    );
  }
  console.log(rows.join('\n'));
}
