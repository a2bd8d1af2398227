// Low-load packet latency with small buffers beside BookSim2 (issue 27; docs/validation.md
// "BookSim's credit loop and pipeline, packet by packet"): the credit loop of one buffer, which
// sets the latency when a VC holds one or two flits. wormcast under BookSim's rules with the given creditDelay, and BookSim2 itself
// when BOOKSIM names its binary.
//
//   npx tsx bench/booksim-credit.ts <mesh|torus> [--buffers=1,2,4,8] [--credit-delay=3] [--seeds=7]
//   BOOKSIM=/path/to/booksim npx tsx bench/booksim-credit.ts mesh --credit-delay=3
//
// mesh: 8x8, dor, 2 VCs; torus: 16x16, dor, BookSim's dateline classes (num_vcs 2), random
// tie-break, 2-cycle links. Offered 0.005 flits per node per cycle, 16-flit packets, warm-up,
// window and drain 20,000 cycles. Each line: the buffer, the seed, BookSim's packet latency
// average (its seed the same number), wormcast's mean latency.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOW_LOAD_NETWORKS, lowLoadRun } from '../test/booksim-rules.ts';

const NETWORKS = {
  mesh: { booksim: ['topology = mesh;', 'k = 8;', 'n = 2;'], net: LOW_LOAD_NETWORKS.mesh },
  torus: { booksim: ['topology = torus;', 'k = 16;', 'n = 2;'], net: LOW_LOAD_NETWORKS.torus },
};

const arg = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const name = process.argv[2] ?? '';
if (name !== 'mesh' && name !== 'torus') {
  console.error(`booksim-credit: network: mesh or torus, not '${name}'`);
  process.exit(2);
}
const net = NETWORKS[name];
const ints = (what: string, text: string): number[] => {
  const xs = text.split(',').map(Number);
  if (xs.some((x) => !Number.isInteger(x) || x < 0)) {
    console.error(`booksim-credit: --${what}: non-negative integers, not ${text}`);
    process.exit(2);
  }
  return xs;
};
const buffers = ints('buffers', arg('buffers') ?? '1,2,4,8');
const seeds = ints('seeds', arg('seeds') ?? '7');
const creditDelay = ints('credit-delay', arg('credit-delay') ?? '3')[0]!;

const binary = process.env.BOOKSIM;
const dir = mkdtempSync(join(tmpdir(), 'wormcast-booksim-'));
try {
  for (const buffer of buffers)
    for (const seed of seeds) {
      let booksim = '-';
      if (binary) {
        const cfg = join(dir, `${name}-${buffer}-${seed}.cfg`);
        const lines = [
          ...net.booksim,
          'num_vcs = 2;',
          'routing_function = dim_order;',
          'injection_rate = 0.005;',
          'injection_rate_uses_flits = 1;',
          'packet_size = 16;',
          'traffic = uniform;',
          'wait_for_tail_credit = 0;',
          `vc_buf_size = ${buffer};`,
          'sim_type = latency;',
          'warmup_periods = 1;',
          'sample_period = 20000;',
          // a warm-up period, then a measured one: with max_samples = 1 BookSim stops after the warm-up
          // and reports that period's statistics, an empty network filling up (docs/validation.md)
          'max_samples = 2;',
          `seed = ${seed};`,
        ];
        writeFileSync(cfg, lines.join('\n'));
        // BookSim2 exits with status 255 after a normal run: its figure is read from its output
        const out = spawnSync(binary, [cfg], { encoding: 'utf8', maxBuffer: 1 << 26 }).stdout ?? '';
        booksim = [...out.matchAll(/Packet latency average = ([\d.e+-]+)/g)].at(-1)?.[1] ?? 'none';
      }
      const r = await lowLoadRun(net.net, buffer, creditDelay, seed);
      console.log(
        `${name} B=${buffer} seed ${seed}: booksim ${booksim} wormcast(creditDelay ${creditDelay}) ${r.meanLatency.toFixed(2)}`,
      );
    }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
