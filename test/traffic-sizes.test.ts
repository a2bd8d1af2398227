import { runMain } from './cli-main.ts';
import { describe, expect, it } from 'vitest';
import { WormcastError } from '../src/errors.ts';
import { optionFromText } from '../src/cli/option-text.ts';
import { resolvePoint } from '../src/experiment/config/point-config.ts';
import { simulate } from '../src/experiment/config/simulate-options.ts';
import { drawSize, parseSizeMix } from '../src/experiment/run/message-sizes.ts';
import { TrafficStream } from '../src/experiment/run/traffic-stream.ts';
import { mulberry32 } from '../src/random.ts';

/*
 * Message sizes as a distribution (`--sizes 4:1,16:1`, docs/traffic.md "Message sizes", issue
 * 29): the drawn sizes follow the weights, the load counts the mean size, a mix leaves the
 * arrivals and destinations of the same seed as they were, and both engines agree.
 */

describe('size mix', () => {
  it('4:1,16:3 has mean 13 and largest 16; sizes drawn with their weights', () => {
    const mix = parseSizeMix('4:1,16:3');
    expect(mix.mean).toBe(13);
    expect(mix.max).toBe(16);
    const rand = mulberry32(1);
    let fours = 0;
    for (let i = 0; i < 40_000; i++) if (drawSize(mix, rand()) === 4) fours++;
    expect(fours / 40_000).toBeCloseTo(0.25, 2);
  });

  it('a mix changes only the sizes: the same seed creates the same messages at the same cycles to the same nodes', () => {
    const base = { nodes: 16, load: 0.5, dests: 0, cycles: 2000, seed: 4 };
    const mix = parseSizeMix('2:1,8:1');
    // the mean of the mix is 5: the same messages per cycle as fixed 5-flit messages
    const fixed = new TrafficStream({ ...base, flits: 5 });
    const mixed = new TrafficStream({ ...base, flits: 5, sizes: mix });
    let n = 0;
    const sizes = new Set<number>();
    while (fixed.peekTime() !== Infinity) {
      const a = fixed.take();
      const b = mixed.take();
      expect({ created: b.created, src: b.src, dests: b.dests }).toEqual(a);
      sizes.add(b.flits!);
      n++;
    }
    expect(mixed.peekTime()).toBe(Infinity);
    expect(n).toBeGreaterThan(2000);
    expect([...sizes].sort((x, y) => x - y)).toEqual([2, 8]);
  });

  it('in a run the generated load is the configured one: the flits counted per message are its own', async () => {
    const r = await simulate({ topology: 'mesh:8x8', sizes: '4:1,16:1', load: 0.1, cycles: 5000, seed: 3 });
    expect(r.status).toBe('finished');
    expect(Math.abs(r.generated - 0.1)).toBeLessThan(0.006);
    expect(r.throughput).toBeCloseTo(r.generated, 2);
  });

  for (const [topology, extra] of [
    ['torus:4x4', { pattern: 'bitrev' }],
    ['mesh:4x4', { process: 'onoff', onoff: '0.1,0.2' }],
    ['hypercube:4', { algorithm: 'u-cube', dests: 3 }],
  ] as const) {
    it(`both engines equal with a size mix on ${topology} ${JSON.stringify(extra)}`, async () => {
      const o = {
        topology,
        sizes: '1:2,5:1,12:1',
        load: 0.2,
        cycles: 1500,
        warmup: 200,
        drain: 3000,
        seed: 77,
        ...extra,
      };
      const a = await simulate({ ...o, engine: 'wasm' });
      const b = await simulate({ ...o, engine: 'reference' });
      expect(a.completed).toBeGreaterThan(0);
      expect(b).toEqual(a);
    });
  }

  const refuses = (o: Record<string, unknown>, words: RegExp) => {
    let error: unknown;
    try {
      resolvePoint({ topology: 'mesh:4x4', load: 0.1, ...o });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WormcastError);
    expect((error as Error).message).not.toContain('\n');
    expect((error as Error).message).toMatch(words);
  };
  it('refuses a malformed mix, a size twice, flits beside it, and a load above its mean, each in one line', () => {
    refuses({ sizes: '4:1,16' }, /'16' must be size:weight/);
    refuses({ sizes: '4:1,4:2' }, /size 4 is listed twice/);
    refuses({ sizes: '4:1,0:1' }, /'0:1' must be size:weight/);
    refuses({ sizes: '4:1,16:1', flits: 8 }, /leave out flits \(8\)/);
    refuses({ sizes: '4:1,16:1', load: 12 }, /mean size of sizes 4:1,16:1 \(10 flits\)/);
  });

  it('plain decimal sizes and finite weights only: 0x10, 1e1, Infinity and weights that sum past a double are one line naming the mix', async () => {
    // Number() read '0x10:1' as size 16 and '1e1:1' as 10; an infinite weight (or two of 1e308)
    // made the mix's mean NaN and the run failed with 'engine option slots: NaN must be an integer'
    for (const sizes of ['0x10:1', '1e1:1', '4.0:1', '4:0x1', '4:Infinity', '4:1,16:1e400', '4:1e308,8:1e308'])
      refuses({ sizes }, /sizes: .* must be size:weight|sizes: the weights of .* sum past/);
    const r = await runMain(['simulate', '--topology', 'mesh:4x4', '--load', '0.1', '--flits', '4:1e308,8:1e308']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toContain('slots');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it("--flits 4:1,16:1 is the size mix of --sizes 4:1,16:1 (issue 29's form): the same run", async () => {
    const a = await simulate({ topology: 'mesh:4x4', load: 0.1, cycles: 600, flits: '4:1,16:1' } as never);
    const b = await simulate({ topology: 'mesh:4x4', load: 0.1, cycles: 600, sizes: '4:1,16:1' } as never);
    const strip = ({ timing: _t, ...r }: { timing?: unknown }) => r;
    expect(strip(a as never)).toEqual(strip(b as never));
    expect(optionFromText('flits', '4:1,16:1')).toBe('4:1,16:1');
    refuses({ flits: '4:1,16:1', sizes: '2:1' }, /both give the message sizes/);
    refuses({ flits: '4:x' }, /'4:x' must be size:weight/);
  });

  it("wormcast simulate --flits MIX --load L: the load is bounded by the mix's mean size, named in the one line", async () => {
    for (const load of ['0', '11']) {
      const r = await runMain(['simulate', '--topology', 'torus:4x4', '--load', load, '--flits', '4:1,16:1']);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        `wormcast: --load (at most the mean size of --flits, 10: one message per node per cycle): ${load} is out of range; must be 1e-9..10\n`,
      );
    }
  });
});

describe('a size mix with seed units (--units, --interarrival-us)', () => {
  // a mean inter-arrival time was made a load of the preset's message size (seed004: 128 bytes, 16
  // flits) or the mix's largest, while messages are created at load / the mix's mean size: with
  // --sizes 4:1,16:1 --units seed004 --interarrival-us 100 they came every 62.5 us (load 0.064 over
  // 10 flits a message), not 100; the command line took --sizes with the preset but refused --flits
  // 4:1,16:1 ("'4:1,16:1' is not an integer"), the library refused --sizes 4:1,8:1 with it ("leave out
  // messageBytes", which was not given)
  const units = { topology: 'mesh:4x4', units: 'seed004', interarrivalUs: 100 };
  it('the load of a mean inter-arrival time counts the mix mean size: one message per 250 cycles (0.4 us a cycle)', () => {
    // 100 us / 0.4 us = 250 cycles between a node's messages: load = mean size / 250
    expect(resolvePoint({ ...units, sizes: '4:1,16:1' }).load).toBeCloseTo(10 / 250, 12);
    expect(resolvePoint({ ...units, sizes: '4:1,8:1' }).load).toBeCloseTo(6 / 250, 12);
    expect(resolvePoint({ ...units, flits: '2:1,8:3' }).load).toBeCloseTo(6.5 / 250, 12);
    // the mix gives the sizes, as --flits does: the preset's 128-byte messages do not apply
    expect(resolvePoint({ ...units, sizes: '4:1,8:1' }).flits).toBe(8);
    // an explicit message size beside a mix: refused unless it is the mix's largest (a stored point's flits)
    expect(() => resolvePoint({ ...units, sizes: '4:1,8:1', messageBytes: 128 })).toThrow(/leave out messageBytes/);
  });
  it('wormcast simulate takes --sizes and --flits MIX with the units alike, at the load the library resolves', async () => {
    const args = [
      'simulate',
      '--topology',
      'mesh:4x4',
      '--units',
      'seed004',
      '--interarrival-us',
      '100',
      '--cycles',
      '400',
    ];
    for (const [flag, mix, mean] of [
      ['--sizes', '4:1,16:1', 10],
      ['--flits', '4:1,16:1', 10],
      ['--sizes', '4:1,8:1', 6],
    ] as const) {
      const r = await runMain([...args, flag, mix, '--json']);
      expect(r.stderr, `${flag} ${mix}`).toBe('');
      const j = JSON.parse(r.stdout) as { config: { load: number; sizes: string } };
      expect(j.config.sizes).toBe(mix);
      expect(j.config.load).toBeCloseTo(mean / 250, 12);
    }
    const r = await runMain([...args, '--sizes', '4:1,8:1', '--message-bytes', '128']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      'wormcast: --message-bytes 128 and --sizes 4:1,8:1 both give the message size: give one of them\n',
    );
  });
});
