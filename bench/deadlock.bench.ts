// The channel-dependency (deadlock) checker on the networks issue 4 names: one timed run per case
// after one warm-up run on a small network, plus a checksum of the graph so that a faster checker
// can be shown to build exactly the same graph (docs/deadlock.md "Scale").
// Run: npx tsx bench/deadlock.bench.ts [case ...]   (cases: dor hcm hc hcm-uniform label sorted-mp)
import { buildDependencyGraph, checkDeadlock, unicastScheme, type WormScheme } from '../src/analysis/deadlock.ts';
import { wormSchemeFor } from '../src/multicast/path-based/schemes.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';

interface Case {
  readonly name: string;
  readonly spec: string;
  readonly scheme: () => WormScheme;
}

const unicast = (spec: string, routing: string) => () => unicastScheme(createRouting(routing, parseTopology(spec)));
const path = (spec: string, routing: string, algorithm: string) => () => wormSchemeFor(algorithm, createRouting(routing, parseTopology(spec)));

const CASES: Case[] = [
  { name: 'dor', spec: 'torus:64x64', scheme: unicast('torus:64x64', 'dor') },
  { name: 'hcm', spec: 'torus:64x64', scheme: unicast('torus:64x64', 'hcm') },
  { name: 'hc', spec: 'ccc:10', scheme: unicast('ccc:10', 'hc') },
  { name: 'hcm-uniform', spec: 'torus:64x64', scheme: path('torus:64x64', 'hcm', 'hcm-uniform') },
  { name: 'label', spec: 'hypercube:10', scheme: unicast('hypercube:10', 'label') },
  { name: 'sorted-mp', spec: 'mesh:32x32', scheme: path('mesh:32x32', 'label', 'sorted-mp') },
];

/** FNV-1a over the successor masks and the used flags: equal graphs give equal checksums. */
function checksum(scheme: WormScheme): string {
  const g = buildDependencyGraph(scheme);
  let h = 0x811c9dc5;
  for (let c = 0; c < g.succ.length; c++) {
    h = Math.imul(h ^ g.succ[c]!, 0x01000193) >>> 0;
    h = Math.imul(h ^ g.used[c]!, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

const wanted = process.argv.slice(2);
const withChecksum = wanted.includes('--checksum');
const names = wanted.filter((w) => !w.startsWith('--'));
// warm-up: let V8 optimise the checker before the timed runs
checkDeadlock(unicastScheme(createRouting('dor', parseTopology('torus:16x16'))));
checkDeadlock(wormSchemeFor('hcm-uniform', createRouting('hcm', parseTopology('torus:16x16'))));
console.log('case | topology | verdict | VCs used | dependencies | seconds' + (withChecksum ? ' | checksum' : ''));
for (const c of CASES) {
  if (names.length > 0 && !names.includes(c.name)) continue;
  const scheme = c.scheme();
  const rep = checkDeadlock(scheme);
  const sum = withChecksum ? ` | ${checksum(scheme)}` : '';
  console.log(`${c.name} | ${c.spec} | ${rep.verdict} | ${rep.channels} | ${rep.dependencies} | ${(rep.millis / 1000).toFixed(2)}${sum}`);
}
