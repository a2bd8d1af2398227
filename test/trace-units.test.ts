import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate, type SimulateOptions } from '../src/experiment/config/simulate-options.ts';
import { runMain } from './cli-main.ts';

/*
 * simulate --trace and the seed units (docs/units.md, docs/traffic.md "Traces"): the library and a
 * sweep's point resolve --units / --startup-us into the startup of a trace's run, but the command
 * line dropped them unsaid: `simulate --trace t --topology hypercube:4 --units seed003` ran with
 * startup 1 (drain time 44) where simulate({ trace, units: 'seed003' }) ran with startup 40 (122).
 * And --flits (or --message-bytes) with a trace changed nothing: each line gives its own flits.
 */
const dir = mkdtempSync(join(tmpdir(), 'wormcast-trace-units-'));
const trace = join(dir, 'two.trace');
writeFileSync(trace, '0 0 1 16\nafter:0 1 2 16\n');

async function cli(args: string[]) {
  const r = await runMain(['simulate', '--trace', trace, '--topology', 'hypercube:4', ...args, '--json']);
  expect(r.stderr, args.join(' ')).toBe('');
  expect(r.status, args.join(' ')).toBe(0);
  return JSON.parse(r.stdout) as { drainTime: number; meanLatency: number; inUs?: { cycleUs: number } };
}

describe('simulate --trace with seed units', () => {
  it('--units seed003 and --startup-us: the startup they give, as simulate({ trace }) runs it', async () => {
    const plain = await cli(['--startup', '40']);
    // S = 40: message 0 one hop, 40 + 3 + 2 + 15 = 60; message 1 two hops from 60, 40 + 4 + 3 + 15 = 62
    expect(plain.drainTime).toBe(122);
    const preset = await cli(['--units', 'seed003']);
    expect(preset.drainTime).toBe(122);
    expect(preset.inUs?.cycleUs).toBe(0.025);
    expect((await cli(['--startup-us', '1', '--flit-time-ns', '25'])).drainTime).toBe(122);
    const lib = await simulate({ topology: 'hypercube:4', trace, units: 'seed003' } as SimulateOptions);
    expect(lib.drainTime).toBe(122);
    expect(preset.meanLatency).toBe(lib.meanLatency);
  });
  it('the text names the units', async () => {
    const r = await runMain(['simulate', '--trace', trace, '--topology', 'hypercube:4', '--units', 'seed003']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('startup 1 us = 40 cycles');
    expect(r.stdout).toContain('drain time 122');
  });
  it('--flits and --message-bytes do not apply with a trace: refused in one line', async () => {
    for (const args of [
      ['--flits', '8'],
      ['--message-bytes', '64', '--flit-bytes', '8'],
    ]) {
      const r = await runMain(['simulate', '--trace', trace, '--topology', 'hypercube:4', ...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(
        /^wormcast: simulate --trace: --(flits|message-bytes) does not apply \(the trace is the traffic\)\n$/,
      );
    }
    await expect(simulate({ topology: 'hypercube:4', trace, flits: 8 } as SimulateOptions)).rejects.toThrow(
      /flits: does not apply with a trace/,
    );
  });
});
