import { describe, expect, it } from 'vitest';
import { runMain } from './cli-main.ts';

/*
 * docs/cli.md "Options that do not apply": an option that would have no effect is an error, never
 * silently dropped. --self lets a unicast source draw itself (uniform and hotspot draws); a
 * multicast's set, pattern near's ball and a permutation never draw the source, and
 * `simulate --topology mesh:4x4 --algorithm dual-path --dests 3 --load 0.02 --self` ran exactly the
 * run without it (same latency, same flit-hops) while its --json said "self": true.
 */
const BASE = ['simulate', '--topology', 'mesh:4x4', '--load', '0.02', '--cycles', '300', '--warmup', '100'];

describe('simulate --self where it would be ignored', () => {
  it('with a multicast algorithm, pattern near or a permutation: refused in one line', async () => {
    for (const args of [
      ['--algorithm', 'dual-path', '--dests', '3'],
      ['--algorithm', 'x-first', '--dests-mean', '4', '--pattern', 'hotspot', '--hotspots', '0,5'],
      ['--pattern', 'near', '--radius', '2'],
      ['--pattern', 'transpose'],
      ['--pattern', 'randperm'],
    ]) {
      const r = await runMain([...BASE, ...args, '--self']);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^wormcast: simulate: --self would be ignored[^\n]*\(leave it out\)\n$/);
    }
  });
  it('with unicast uniform or hotspot traffic it still runs', async () => {
    for (const args of [[], ['--pattern', 'hotspot', '--hotspots', '0,5']]) {
      const r = await runMain([...BASE, ...args, '--self', '--json']);
      expect(r.status, args.join(' ')).toBe(0);
      expect((JSON.parse(r.stdout) as { config: { self: boolean } }).config.self).toBe(true);
    }
  });
});
