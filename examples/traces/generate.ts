// Writes the example traces of docs/traffic.md "Traces" (run: npx tsx examples/traces/generate.ts):
// a binomial-tree broadcast and a ring allgather on 64 nodes (hypercube:6), both made of one-hop
// messages, so that their zero-load finish times can be derived by hand (docs/traffic.md).
import { writeFileSync } from 'node:fs';

const N = 64;
const BITS = 6;
const here = import.meta.dirname;

/**
 * Binomial-tree broadcast from node 0 (the MPI_Bcast of small communicators): node u receives from
 * u with its highest bit cleared, then sends to u + 2^j for every j above its highest bit; the
 * root sends to 1, 2, 4, ..., 32 at cycle 0. Each send waits for the node's receive.
 */
function binomialBroadcast(flits: number): string {
  const lines = [
    '# binomial-tree broadcast from node 0 on 64 nodes (hypercube:6), 16-flit messages',
    '# at src dests flits; after:K = when message K has reached this source (docs/traffic.md "Traces")',
  ];
  const recv = new Map<number, number>();
  const queue: number[] = [0];
  while (queue.length > 0) {
    const u = queue.shift()!;
    const high = u === 0 ? -1 : 31 - Math.clz32(u);
    for (let j = high + 1; j < BITS; j++) {
      const v = u | (1 << j);
      const at = u === 0 ? '0' : `after:${recv.get(u)}`;
      recv.set(v, lines.length - 2);
      lines.push(`${at} ${u} ${v} ${flits}`);
      queue.push(v);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Ring allgather on the binary-reflected Gray code ring of the 6-cube (ring neighbours one hop
 * apart): in step s = 0..62 ring node i sends the block it received in step s - 1 (its own in step
 * 0) to ring node i + 1. Step 0 starts at cycle 0; each later send waits for the receive of the step
 * before.
 */
function ringAllgather(flits: number): string {
  const lines = [
    '# ring allgather on 64 nodes (hypercube:6, Gray-code ring), 63 steps of 8-flit blocks',
    '# at src dests flits; after:K = when message K has reached this source (docs/traffic.md "Traces")',
  ];
  const gray = (i: number): number => i ^ (i >> 1);
  for (let s = 0; s < N - 1; s++)
    for (let i = 0; i < N; i++) {
      // message number of step s, ring node i: s * 64 + i; it waits for ring node i - 1's send of step s - 1
      const at = s === 0 ? '0' : `after:${(s - 1) * N + ((i + N - 1) % N)}`;
      lines.push(`${at} ${gray(i)} ${gray((i + 1) % N)} ${flits}`);
    }
  return `${lines.join('\n')}\n`;
}

writeFileSync(`${here}/binomial-broadcast-64.trace`, binomialBroadcast(16));
writeFileSync(`${here}/ring-allgather-64.trace`, ringAllgather(8));
console.log('wrote examples/traces/binomial-broadcast-64.trace, examples/traces/ring-allgather-64.trace');
