// Saturation throughput beside BookSim2 (issue 27; docs/validation.md "BookSim's router"): the
// accepted flit rate past saturation of one network, wormcast under BookSim's rules with each
// switch and queued-header rule, and BookSim2 itself when BOOKSIM names its binary, over seeds.
//
//   npx tsx bench/booksim-saturation.ts <network> [--seeds=7,11,13] [--rules=per-port,per-port+pipelined]
//   BOOKSIM=/path/to/booksim npx tsx bench/booksim-saturation.ts torus4 --seeds=7,11
//
// Networks: mesh (8x8, dor, 2 VCs), torus2 / torus4 (16x16, dor, num_vcs 2 / 4: 1 / 2 per dateline
// class, 2-cycle channels as BookSim's), hc (10-cube, e-cube, 2 VCs). Rules: per-vc, per-port, each
// with `+pipelined` for queuedHeader 'pipelined', then either `+creditN` for creditDelay N (BookSim's
// credit loop is N = 3) or `+stages` for BookSim's switch and channel stages counted in the link
// (router delay 2, link latency L + 2, creditDelay -1, startup 3: docs/model-flit.md "Time"), in
// that order (per-port+pipelined+credit3, per-port+stages), then any of BookSim's router rules
// (docs/model-flit.md "BookSim's router"): `+ejection` (ejection 'vcs'), `+late` (lateGrant
// 'next-cycle'), `+lanes` (injectionBuffer 'lanes'), `+rr` (vcAllocator 'round-robin'), or `+router`
// for all four (per-port+stages+router). `--engine=reference` runs the JS reference engine instead
// of the wasm one (same results, slower). Each line: the rule (or booksim), the seed, the
// accepted flits per node per cycle; then the mean and sample standard deviation of each.
// BookSim2 is not part of wormcast: fetch booksim/booksim2 and `make` in its src/ (bench/booksim.bench.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineOptions } from '../src/engine/types.ts';
import { simulate } from '../src/experiment/run/simulate.ts';
import { BOOKSIM_ENGINE_RULES, BOOKSIM_ROUTER_RULES } from '../test/booksim-rules.ts';

interface Network {
  /** BookSim2's configuration (sim_type throughput, past saturation), without its seed. */
  booksim: string;
  /** simulate()'s options for the same network and windows. */
  wormcast: Record<string, unknown> & { options: EngineOptions };
}

/** BookSim2's configuration lines shared by every network: its rules as bench/booksim/*.cfg sets them. */
function config(lines: string[], rate: number, period: number): string {
  return [
    ...lines,
    'routing_function = dim_order;',
    `injection_rate = ${rate};`,
    `sample_period = ${period};`,
    'wait_for_tail_credit = 0;',
    'vc_buf_size = 8;',
    'traffic = uniform;',
    'packet_size = 16;',
    'injection_rate_uses_flits = 1;',
    'sim_type = throughput;',
    'warmup_periods = 1;',
    // a warm-up period, then a measured one: with max_samples = 1 BookSim stops after the warm-up
    // and reports that period's statistics, an empty network filling up (docs/validation.md)
    'max_samples = 2;',
  ].join('\n');
}

const torus = (vcs: number): Network => ({
  booksim: config(['topology = torus;', 'k = 16;', 'n = 2;', `num_vcs = ${vcs};`], 0.6, 5000),
  wormcast: {
    topology: 'torus:16x16',
    routing: 'dor',
    load: 0.6,
    warmup: 5000,
    measure: 5000,
    tieBreak: 'random',
    dateline: 'booksim',
    // BookSim's torus channels take 2 cycles (booksim2 networks/kncube.cpp)
    options: { ...BOOKSIM_ENGINE_RULES, vcsPerClass: vcs / 2, linkLatency: 2 },
  },
});

const NETWORKS: Record<string, Network> = {
  mesh: {
    booksim: config(['topology = mesh;', 'k = 8;', 'n = 2;', 'num_vcs = 2;'], 0.6, 10000),
    // the window of test/engine-booksim.test.ts's curve (BookSim samples 10,000 cycles)
    wormcast: {
      topology: 'mesh:8x8',
      routing: 'dor',
      load: 0.6,
      warmup: 10000,
      measure: 20000,
      options: { ...BOOKSIM_ENGINE_RULES, vcsPerClass: 2 },
    },
  },
  torus2: torus(2),
  torus4: torus(4),
  hc: {
    // BookSim's 10-cube: a mesh of radix 2 in 10 dimensions
    booksim: config(['topology = mesh;', 'k = 2;', 'n = 10;', 'num_vcs = 2;'], 0.9, 3000),
    wormcast: {
      topology: 'hypercube:10',
      routing: 'ecube',
      load: 0.9,
      warmup: 3000,
      measure: 3000,
      options: { ...BOOKSIM_ENGINE_RULES, vcsPerClass: 2 },
    },
  },
};

const arg = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const name = process.argv[2] ?? '';
const net = NETWORKS[name];
if (!net) {
  console.error(`booksim-saturation: network: one of ${Object.keys(NETWORKS).join(', ')}, not '${name}'`);
  process.exit(2);
}
const seeds = (arg('seeds') ?? '7,11').split(',').map(Number);
if (seeds.some((s) => !Number.isInteger(s) || s < 0)) {
  console.error(`booksim-saturation: --seeds: non-negative integers, not ${arg('seeds')}`);
  process.exit(2);
}
const rules = (arg('rules') ?? 'per-port,per-port+pipelined').split(',');
const RULE = /^per-(vc|port)(\+pipelined)?(?:\+credit(\d+)|(\+stages))?((?:\+(?:ejection|late|lanes|rr|router))*)$/;
for (const r of rules)
  if (!RULE.test(r)) {
    console.error(
      `booksim-saturation: --rules: per-vc or per-port, then +pipelined or not, then +creditN (N >= 0), +stages or neither, then any of +ejection +late +lanes +rr +router, not '${r}'`,
    );
    process.exit(2);
  }
const engine = arg('engine') ?? 'wasm';
if (engine !== 'wasm' && engine !== 'reference') {
  console.error(`booksim-saturation: --engine: wasm or reference, not '${engine}'`);
  process.exit(2);
}
/** The router rules a rule's `+ejection+late+lanes+rr` (or `+router`) tail asks for. */
function routerRules(tail: string): EngineOptions {
  const has = (w: string): boolean => tail.includes(`+${w}`) || tail.includes('+router');
  const R = BOOKSIM_ROUTER_RULES;
  return {
    ...(has('ejection') ? { ejection: R.ejection } : {}),
    ...(has('late') ? { lateGrant: R.lateGrant } : {}),
    ...(has('lanes') ? { injectionBuffer: R.injectionBuffer } : {}),
    ...(has('rr') ? { vcAllocator: R.vcAllocator } : {}),
  };
}

const results = new Map<string, number[]>();
const record = (who: string, seed: number, accepted: number): void => {
  console.log(`${name} ${who} seed ${seed}: accepted ${accepted.toFixed(4)}`);
  results.set(who, [...(results.get(who) ?? []), accepted]);
};

const binary = process.env.BOOKSIM;
if (binary) {
  const dir = mkdtempSync(join(tmpdir(), 'wormcast-booksim-'));
  try {
    for (const seed of seeds) {
      const cfg = join(dir, `${name}-${seed}.cfg`);
      writeFileSync(cfg, `${net.booksim}\nseed = ${seed};\n`);
      // BookSim2 exits with status 255 after a normal run: its figure is read from its output
      const out = spawnSync(binary, [cfg], { encoding: 'utf8', maxBuffer: 1 << 26 }).stdout ?? '';
      const m = [...out.matchAll(/Accepted flit rate average = ([\d.e+-]+)/g)].at(-1);
      if (!m) throw new Error(`booksim-saturation: BookSim printed no accepted flit rate for seed ${seed}`);
      record('booksim', seed, Number(m[1]));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
for (const rule of rules) {
  const [, sw, pipelined, credit, stages, router] = RULE.exec(rule)!;
  const link = net.wormcast.options.linkLatency ?? 1;
  for (const seed of seeds) {
    const r = await simulate({
      algorithm: 'unicast',
      dests: 0,
      flits: 16,
      self: true,
      engine,
      drain: 0,
      ...net.wormcast,
      seed,
      options: {
        ...net.wormcast.options,
        switch: `per-${sw}` as 'per-vc' | 'per-port',
        ...(pipelined ? { queuedHeader: 'pipelined' as const } : {}),
        ...(credit ? { creditDelay: Number(credit) } : {}),
        ...(stages ? { routerDelay: 2, linkLatency: link + 2, creditDelay: -1, startup: 3 } : {}),
        ...routerRules(router ?? ''),
      },
    } as Parameters<typeof simulate>[0]);
    record(rule, seed, r.throughput);
  }
}
for (const [who, xs] of results) {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = xs.length > 1 ? Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1)) : 0;
  console.log(`${name} ${who}: mean ${mean.toFixed(4)} ± ${sd.toFixed(4)} over ${xs.length} seeds`);
}
