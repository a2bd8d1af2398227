// Multicast plans: generation, step evaluation and contention verification (issue 3).
// Run: npx tsx bench/multicast.bench.ts   (add --expose-gc for exact heap figures:
//      node --expose-gc --import tsx bench/multicast.bench.ts)
import { Bench } from 'tinybench';
import { analyzePlan } from '../src/analysis/verify.ts';
import { evaluateSteps } from '../src/analysis/steps.ts';
import { mulberry32, randomDestinations } from '../src/multicast/destinations.ts';
import { getAlgorithm, routingFor } from '../src/multicast/registry.ts';
import type { PortModel } from '../src/multicast/types.ts';
import { parseTopology } from '../src/topology/registry.ts';

const rows: string[][] = [['case', 'ops/s', 'mean ms', 'steps', 'heap MB', 'notes']];
const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);

function broadcastSet(nodes: number, source: number): Int32Array {
  const all = new Int32Array(nodes - 1);
  for (let v = 0, k = 0; v < nodes; v++) if (v !== source) all[k++] = v;
  return all;
}

// 1. U-CCC plan generation + one-port step evaluation, 10-CCC, 512 random destinations
{
  const t = parseTopology('ccc:10');
  const alg = getAlgorithm('u-ccc');
  const r = routingFor(alg, t);
  const random = mulberry32(1);
  const sets = Array.from({ length: 64 }, () => {
    const source = Math.floor(random() * t.nodes);
    return { source, dests: randomDestinations(t, source, 512, random) };
  });
  let k = 0;
  let steps = 0;
  const bench = new Bench({ time: 2000, warmupTime: 500 });
  bench.add('plan+steps', () => {
    const s = sets[k++ & 63]!;
    steps = evaluateSteps(alg.build(r, s.source, s.dests), 'one').steps;
  });
  await bench.run();
  const res = bench.getTask('plan+steps')!.result;
  if (!res || !('latency' in res)) throw new Error('plan+steps failed');
  rows.push([
    'u-ccc 10-CCC, 512 random dests: plan + steps',
    (1000 / res.latency.mean).toFixed(0),
    res.latency.mean.toFixed(3),
    String(steps),
    '',
    'target >= 1000 ops/s',
  ]);
}

// 2. U-CCC broadcast on 10-CCC with steps, full contention verification and physical sharing
{
  const t = parseTopology('ccc:10');
  const alg = getAlgorithm('u-ccc');
  const r = routingFor(alg, t);
  const dests = broadcastSet(t.nodes, 0);
  let note = '';
  let steps = 0;
  const bench = new Bench({ time: 3000, warmupTime: 500 });
  bench.add('broadcast', () => {
    const a = analyzePlan(alg.build(r, 0, dests), 'one');
    steps = a.steps.steps;
    note = `violations ${a.contention.violations}, shared pairs ${a.sharing.sharedPairs}, steps shared ${a.sharing.steps}`;
  });
  await bench.run();
  const res = bench.getTask('broadcast')!.result;
  if (!res || !('latency' in res)) throw new Error('broadcast failed');
  rows.push([
    'u-ccc 10-CCC broadcast: plan + steps + contention + sharing',
    (1000 / res.latency.mean).toFixed(1),
    res.latency.mean.toFixed(1),
    String(steps),
    '',
    note,
  ]);
}

// 3. Plans of about a million nodes: build + step evaluation, heap and array-buffer memory
const BIG: Array<[string, string, PortModel]> = [
  ['ccc:16', 'u-ccc', 'one'],
  ['hypercube:20', 'u-cube', 'one'],
  ['hypercube:20', 'w-sort', 'all'],
];
for (const [spec, name, port] of BIG) {
  const t = parseTopology(spec);
  const alg = getAlgorithm(name);
  const r = routingFor(alg, t);
  const dests = broadcastSet(t.nodes, 0);
  gc?.();
  const before = process.memoryUsage();
  const t0 = performance.now();
  const plan = alg.build(r, 0, dests);
  const s = evaluateSteps(plan, port);
  const ms = performance.now() - t0;
  const after = process.memoryUsage();
  const used = after.heapUsed - before.heapUsed + after.arrayBuffers - before.arrayBuffers;
  rows.push([
    `${name} ${spec} broadcast (${t.nodes} nodes): plan + ${port}-port steps`,
    '',
    ms.toFixed(0),
    String(s.steps),
    mb(used),
    `${plan.count} messages; lower bound ${s.lowerBound}; rss ${mb(after.rss)} MB`,
  ]);
}

const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
for (const row of rows)
  console.log(
    row
      .map((cell, c) => (c === 0 || c === 5 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
      .join('  ')
      .trimEnd(),
  );
