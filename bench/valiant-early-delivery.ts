// How much wormcast's valiant gains by delivering a packet that meets its destination during
// phase 1, where BookSim's goes on to the intermediate node (docs/validation.md "With BookSim's
// switch"): every (source, destination, intermediate) of uniform traffic on a mesh, routed both
// ways, with the mean hops and the largest channel load (the load that bounds the throughput at
// saturation) of each. No simulation: the routes only.
//
//   npx tsx bench/valiant-early-delivery.ts [mesh:8x8]
import { createRouting } from '../src/routing/registry.ts';
import { tracePath } from '../src/routing/trace.ts';
import { parseTopology } from '../src/topology/registry.ts';

const t = parseTopology(process.argv[2] ?? 'mesh:8x8');
const valiant = createRouting('valiant', t);
const base = createRouting(t.kind === 'hypercube' ? 'ecube' : 'dor', t);
const n = t.nodes;
const early = new Float64Array(n * t.ports);
const full = new Float64Array(n * t.ports);
let hopsEarly = 0;
let hopsFull = 0;
let shortened = 0;
let routes = 0;
/** Add the route's channels to `load`; its hop count. */
function walk(load: Float64Array, r: typeof base, a: number, b: number, key = 0): number {
  if (a === b) return 0;
  const hops = tracePath(r, a, b, undefined, key);
  for (const h of hops) load[h.from * t.ports + h.port]! += 1;
  return hops.length;
}
for (let s = 0; s < n; s++)
  for (let x = 0; x < n; x++) {
    if (s === x) continue;
    for (let m = 0; m < n; m++) {
      const e = walk(early, valiant, s, x, m);
      const f = walk(full, base, s, m) + walk(full, base, m, x);
      hopsEarly += e;
      hopsFull += f;
      if (e < f) shortened++;
      routes++;
    }
  }
const max = (a: Float64Array) => a.reduce((p, c) => Math.max(p, c), 0);
console.log(
  `${t.spec} valiant, uniform traffic, every intermediate node: ${((100 * shortened) / routes).toFixed(2)} % of routes meet their destination in phase 1; mean hops ${(hopsEarly / routes).toFixed(4)} delivered there, ${(hopsFull / routes).toFixed(4)} going on (ratio ${(hopsFull / hopsEarly).toFixed(4)}); largest channel load ${max(early)} against ${max(full)} (throughput bound ratio ${(max(full) / max(early)).toFixed(4)})`,
);
