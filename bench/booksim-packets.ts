// Packet by packet beside BookSim2 (issue 27; docs/validation.md "BookSim's credit loop and
// pipeline, packet by packet"): BookSim2 runs a small network with every packet watched, and
// wormcast runs the same packets (source, destination, creation cycle, as BookSim's watch output gives them) under
// BookSim's rules with the engine options given; each packet's latency on both sides, and how many
// differ. The first packet that differs is where to read both timelines (BookSim's watch file,
// kept at --watch).
//
//   BOOKSIM=/path/to/booksim npx tsx bench/booksim-packets.ts <mesh|torus> [--k=4] [--rate=0.1]
//     [--period=300] [--seed=7] [--options='{"routerDelay":2,...}'] [--rows=20] [--engine=reference]
//     [--watch=/tmp/booksim-packets.watch]
//
// BookSim: k x k, n = 2, num_vcs 2, dim_order, 8-flit buffers, 16-flit packets, uniform,
// wait_for_tail_credit 0, one sample period of --period cycles at --rate flits per node and cycle
// (no warm-up), then drained; the packets watched are those numbered below 4,000. wormcast: R = 4,
// S = 1, B = 8, back-to-back, tail-sent, switch per-port, 2 VCs of one class (the mesh) or one per
// dateline class with BookSim's classes and 2-cycle links (the torus; an odd k has no tie to break),
// then --options over them.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineOptions } from '../src/engine/types.ts';
import { makeEngine } from '../src/experiment/run/simulate.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';

const FLITS = 16;
const WATCHED = 4000;

const arg = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const fail = (why: string): never => {
  console.error(`booksim-packets: ${why}`);
  process.exit(2);
};
const net = process.argv[2] ?? '';
if (net !== 'mesh' && net !== 'torus') fail(`network: mesh or torus, not '${net}'`);
const torus = net === 'torus';
const int = (name: string, def: number): number => {
  const v = Number(arg(name) ?? def);
  if (!Number.isInteger(v) || v < 0) fail(`--${name}: a non-negative integer, not ${arg(name)}`);
  return v;
};
const k = int('k', 4);
const period = int('period', 300);
const seed = int('seed', 7);
const rows = int('rows', 0);
const rate = Number(arg('rate') ?? 0.1);
if (!(rate > 0 && rate <= 1)) fail(`--rate: a number in (0, 1], not ${arg('rate')}`);
const engineArg = arg('engine') ?? 'reference';
if (engineArg !== 'reference' && engineArg !== 'wasm') fail(`--engine: reference or wasm, not ${engineArg}`);
const engine = engineArg as 'reference' | 'wasm';
let extra: EngineOptions = {};
try {
  extra = JSON.parse(arg('options') ?? '{}') as EngineOptions;
} catch {
  fail(`--options: a JSON object of engine options, not ${arg('options')}`);
}
const binary = process.env.BOOKSIM ?? fail('BOOKSIM must name the BookSim2 binary');
const watch = arg('watch') ?? join(tmpdir(), 'booksim-packets.watch');

const list = join(tmpdir(), 'booksim-packets.list');
writeFileSync(list, Array.from({ length: WATCHED }, (_, i) => `p${i}`).join('\n'));
const cfg = join(tmpdir(), 'booksim-packets.cfg');
writeFileSync(
  cfg,
  [
    `topology = ${net};`,
    `k = ${k};`,
    'n = 2;',
    'num_vcs = 2;',
    'routing_function = dim_order;',
    `injection_rate = ${rate};`,
    'injection_rate_uses_flits = 1;',
    `packet_size = ${FLITS};`,
    'traffic = uniform;',
    'wait_for_tail_credit = 0;',
    'vc_buf_size = 8;',
    'sim_type = latency;',
    'warmup_periods = 0;',
    `sample_period = ${period};`,
    'max_samples = 1;',
    `seed = ${seed};`,
    `watch_file = ${list};`,
    `watch_out = ${watch};`,
  ].join('\n'),
);
// BookSim2 exits with status 255 after a normal run; what it did is read from its watch output
spawnSync(binary, [cfg], { encoding: 'utf8', maxBuffer: 1 << 28 });
const text = readFileSync(watch, 'utf8');
const created = new Map<number, { src: number; at: number }>();
const retired = new Map<number, { latency: number; dest: number }>();
for (const m of text.matchAll(/^\d+ \| node(\d+) \| Enqueuing packet (\d+) at time (\d+)\./gm))
  created.set(Number(m[2]), { src: Number(m[1]), at: Number(m[3]) });
for (const m of text.matchAll(
  /Retiring packet (\d+) \(plat = (\d+), nlat = \d+, frag = \d+, src = \d+, dest = (\d+)\)/g,
))
  retired.set(Number(m[1]), { latency: Number(m[2]), dest: Number(m[3]) });
// the engine takes worms in creation order; BookSim numbers a packet when its source generates it
const pids = [...created.keys()]
  .filter((p) => retired.has(p))
  .sort((a, b) => created.get(a)!.at - created.get(b)!.at || a - b);
if (pids.length === 0) fail('BookSim retired no packet (a longer --period or a higher --rate)');

const topology = parseTopology(`${net}:${k}x${k}`);
const routing = createRouting('dor', topology, torus ? { tieBreak: 'random', dateline: 'booksim' } : {});
const options: EngineOptions = {
  buffer: 8,
  routerDelay: 4,
  startup: 1,
  injection: 'back-to-back',
  vcRelease: 'tail-sent',
  switch: 'per-port',
  ...(torus ? { vcsPerClass: 1, linkLatency: 2 } : { vcsPerClass: 2 }),
  ...extra,
};
const worms = pids.map((p) => ({
  kind: 'unicast' as const,
  src: created.get(p)!.src,
  dests: [retired.get(p)!.dest],
  flits: FLITS,
  created: created.get(p)!.at,
}));
const e = await makeEngine(engine, { routing, worms, options });
const status = e.runUntil(1 << 24);
const times = e.times();
let differ = 0;
let sumBookSim = 0;
let sumWormcast = 0;
pids.forEach((p, i) => {
  const w = worms[i]!;
  const ours = times.destTail[i]! - w.created;
  const theirs = retired.get(p)!.latency;
  sumBookSim += theirs;
  sumWormcast += ours;
  if (ours !== theirs) differ++;
  if (i < rows)
    console.log(
      `packet ${p} (worm ${i}) ${w.src} -> ${w.dests[0]} created ${w.created}: booksim ${theirs} wormcast ${ours}${ours === theirs ? '' : ` (${ours > theirs ? '+' : ''}${ours - theirs})`}`,
    );
});
const n = pids.length;
console.log(
  `${net} ${k}x${k} at ${rate}, ${period} cycles, seed ${seed}: ${n} packets, ${differ} differ; mean latency booksim ${(sumBookSim / n).toFixed(2)} wormcast ${(sumWormcast / n).toFixed(2)} (wormcast ${status})`,
);
