// Path-based multicast plans (issue 4): plans per second for the seeds' scale, and the deadlock
// checker on the two networks the issue names.
// Run: npx tsx bench/path.bench.ts
import { Bench } from 'tinybench';
import { checkRoutingDeadlock } from '../src/analysis/deadlock.ts';
import { trafficOf } from '../src/analysis/traffic.ts';
import { mulberry32, randomDestinations } from '../src/multicast/destinations.ts';
import { getAlgorithm, routingFor } from '../src/multicast/registry.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';

const CASES: Array<[string, number, string[]]> = [
  ['mesh:32x32', 1023, ['sorted-mp', 'dual-path', 'multi-path', 'fixed-path']],
  ['hypercube:10', 1023, ['sorted-mp', 'dual-path', 'multi-path', 'fixed-path']],
  ['torus:64x64', 4095, ['hcm-uniform', 'hcm-fixed', 'hp-dual-path']],
];

const rows: string[][] = [
  ['topology', 'destinations', 'algorithm', 'plans/s', 'mean ms', 'plan + traffic ms', 'traffic'],
];
for (const [spec, k, algorithms] of CASES) {
  const t = parseTopology(spec);
  for (const name of algorithms) {
    const alg = getAlgorithm(name);
    const r = routingFor(alg, t);
    const random = mulberry32(4);
    const sets = Array.from({ length: 16 }, () => {
      const s = Math.floor(random() * t.nodes);
      return { s, d: randomDestinations(t, s, Math.min(k, t.nodes - 1), random) };
    });
    let i = 0;
    let traffic = 0;
    const bench = new Bench({ time: 1500, warmupTime: 300 });
    bench.add('plan', () => {
      const x = sets[i++ & 15]!;
      alg.build(r, x.s, x.d);
    });
    bench.add('plan+traffic', () => {
      const x = sets[i++ & 15]!;
      traffic = trafficOf(alg.build(r, x.s, x.d)).traffic;
    });
    await bench.run();
    const plan = bench.getTask('plan')!.result;
    const both = bench.getTask('plan+traffic')!.result;
    if (!plan || !('latency' in plan) || !both || !('latency' in both)) throw new Error(`${name} failed`);
    rows.push([
      spec,
      String(k),
      name,
      (1000 / plan.latency.mean).toFixed(0),
      plan.latency.mean.toFixed(3),
      both.latency.mean.toFixed(3),
      String(traffic),
    ]);
  }
}
for (const row of rows) console.log(row.join(' | '));

console.log('\ndeadlock checker (one run each):');
for (const [spec, name] of [
  ['torus:64x64', 'dor'],
  ['torus:64x64', 'hcm'],
  ['ccc:10', 'hc'],
  ['hypercube:10', 'label'],
] as const) {
  const rep = checkRoutingDeadlock(createRouting(name, parseTopology(spec)));
  console.log(
    `${spec} | ${name} | ${rep.verdict} | ${rep.channels} VCs | ${rep.dependencies} dependencies | ${(rep.millis / 1000).toFixed(2)} s`,
  );
}
