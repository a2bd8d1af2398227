// The channel-dependency (deadlock) checker on the networks issue 4 names (docs/deadlock.md "Scale").
// Each case runs `wormcast deadlock ... --json` in a fresh process, as a user would (one routing
// function per process, so V8 sees one route() call site), and reports the checker's own time
// (`millis`) and the whole command's wall time. `--checksum` adds, in this process, an FNV-1a
// checksum of each graph (successor masks and used flags): equal checksums before and after a
// change to the checker mean it builds the same graph.
// `--bin=<path>` runs another wormcast (e.g. a checkout of an older commit) for a before/after table.
// Run: npx tsx bench/deadlock.bench.ts [--checksum] [--bin=<path>] [case ...]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildDependencyGraph, unicastScheme, type WormScheme } from '../src/analysis/deadlock.ts';
import { withNeighborTable } from '../src/analysis/neighbor-table.ts';
import { wormSchemeFor } from '../src/multicast/path-based/schemes.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';

interface Case {
  readonly name: string;
  readonly topology: string;
  readonly routing: string;
  readonly algorithm?: string;
}

const CASES: Case[] = [
  { name: 'dor', topology: 'torus:64x64', routing: 'dor' },
  { name: 'hcm', topology: 'torus:64x64', routing: 'hcm' },
  { name: 'hc', topology: 'ccc:10', routing: 'hc' },
  { name: 'hcm-uniform', topology: 'torus:64x64', routing: 'hcm', algorithm: 'hcm-uniform' },
  { name: 'hcm-fixed', topology: 'torus:64x64', routing: 'hcm', algorithm: 'hcm-fixed' },
  { name: 'hp-dual-path', topology: 'torus:64x64', routing: 'hcm', algorithm: 'hp-dual-path' },
  { name: 'sorted-mp', topology: 'mesh:64x64', routing: 'label', algorithm: 'sorted-mp' },
  { name: 'label', topology: 'hypercube:10', routing: 'label' },
  { name: 'star-hcm-uniform', topology: 'star:7', routing: 'hcm', algorithm: 'hcm-uniform' },
];

const args = process.argv.slice(2);
const binArg = args.find((a) => a.startsWith('--bin='));
const bin = binArg ? binArg.slice('--bin='.length) : fileURLToPath(new URL('../bin/wormcast.mjs', import.meta.url));

/** FNV-1a over the successor masks and the used flags: equal graphs give equal checksums. */
function checksum(c: Case): string {
  const r = createRouting(c.routing, withNeighborTable(parseTopology(c.topology)));
  const scheme: WormScheme = c.algorithm ? wormSchemeFor(c.algorithm, r) : unicastScheme(r);
  const g = buildDependencyGraph(scheme);
  let h = 0x811c9dc5;
  for (let v = 0; v < g.succ.length; v++) {
    h = Math.imul(h ^ g.succ[v]!, 0x01000193) >>> 0;
    h = Math.imul(h ^ g.used[v]!, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

const withChecksum = args.includes('--checksum');
const names = args.filter((a) => !a.startsWith('--'));
console.log(
  `case | topology | verdict | VCs used | dependencies | checker s | command s${withChecksum ? ' | checksum' : ''}`,
);
for (const c of CASES) {
  if (names.length > 0 && !names.includes(c.name)) continue;
  const argv = [
    bin,
    'deadlock',
    '--topology',
    c.topology,
    '--routing',
    c.routing,
    ...(c.algorithm ? ['--algorithm', c.algorithm] : []),
    '--json',
  ];
  const t0 = performance.now();
  const run = spawnSync(process.execPath, argv, { encoding: 'utf8' });
  const wall = (performance.now() - t0) / 1000;
  if (run.status !== 0) throw new Error(`${c.name}: ${run.stderr}`);
  const out = JSON.parse(run.stdout) as { verdict: string; channels: number; dependencies: number; millis: number };
  const sum = withChecksum ? ` | ${checksum(c)}` : '';
  console.log(
    `${c.name} | ${c.topology} | ${out.verdict} | ${out.channels} | ${out.dependencies} | ${(out.millis / 1000).toFixed(2)} | ${wall.toFixed(2)}${sum}`,
  );
}
