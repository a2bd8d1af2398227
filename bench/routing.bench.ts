// Routes per second over random pairs: the wasm routing functions against their
// TypeScript reference twins, each counting routes in a loop of its own (wasm:
// routeBatch inside the module; TS: the same loop in JS).
// Run: npx tsx bench/routing.bench.ts   (or npm run bench:routing)
import { Bench } from 'tinybench';
import { createRouting } from '../src/routing/registry.ts';
import { DELIVER, INJECT, type RoutingFunction } from '../src/routing/types.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { WasmRouting } from '../src/wasm/module.ts';

const CASES: Array<[string, string]> = [
  ['ccc:10', 'hc'],
  ['ccc:10', 'ccc-optimal'],
  ['hypercube:16', 'ecube'],
  ['hypercube:16', 'label'],
  ['torus:64x64', 'dor'],
  ['torus:64x64', 'hcm'],
  ['star:7', 'hcm'],
  ['star:7', 'star-min'],
];
const PAIRS = 20_000;

function randomPairs(nodes: number, count: number, seed: number): Int32Array {
  let s = seed >>> 0;
  const next = (): number => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s;
  };
  const out = new Int32Array(2 * count);
  for (let k = 0; k < count; k++) {
    out[2 * k] = next() % nodes;
    out[2 * k + 1] = next() % nodes;
  }
  return out;
}

/** The TS twin of the wasm routeBatch kernel. */
function routeBatchTs(r: RoutingFunction, pairs: Int32Array): number {
  const t = r.topology;
  let total = 0;
  for (let k = 0; k < pairs.length; k += 2) {
    let node = pairs[k]!;
    const dst = pairs[k + 1]!;
    let vc = INJECT;
    for (;;) {
      const w = r.route(node, dst, vc);
      if (w === DELIVER) break;
      node = t.neighbor(node, w & 0xff);
      vc = w >> 8;
      total++;
    }
  }
  return total;
}

const rows: Array<Record<string, string | number>> = [];
for (const [spec, name] of CASES) {
  let r: RoutingFunction;
  try {
    r = createRouting(name, parseTopology(spec));
  } catch (e) {
    rows.push({ topology: spec, routing: name, note: `unavailable: ${(e as Error).message}` });
    continue;
  }
  const pairs = randomPairs(r.topology.nodes, PAIRS, 12345);
  const wasm = await WasmRouting.create(r);
  const expected = routeBatchTs(r, pairs);
  if (wasm.routeBatch(pairs) !== expected) throw new Error(`${spec} ${name}: wasm and TS hop totals differ`);
  const bench = new Bench({ time: 1500, warmupTime: 500 });
  bench.add('wasm', () => {
    wasm.routeBatch(pairs);
  });
  bench.add('ts', () => {
    routeBatchTs(r, pairs);
  });
  await bench.run();
  const perSec = (task: string): number => {
    const res = bench.getTask(task)?.result;
    if (!res || !('latency' in res)) throw new Error(`${task} failed`);
    return PAIRS / (res.latency.mean / 1000);
  };
  const w = perSec('wasm');
  const t = perSec('ts');
  rows.push({
    topology: spec,
    routing: name,
    'mean hops': +(expected / PAIRS).toFixed(2),
    'wasm routes/s': Math.round(w),
    'ts routes/s': Math.round(t),
    'wasm/ts': +(w / t).toFixed(2),
  });
}
console.table(rows);
