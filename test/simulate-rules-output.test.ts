import { describe, expect, it } from 'vitest';
import { simulate } from '../src/experiment/run/simulate.ts';
import { runMain } from './cli-main.ts';

/*
 * A run says which source and VC-release rules it ran under (docs/model-flit.md "The source" and
 * rule 4b): the defaults differ between unicast and multicast traffic, so a result without them
 * could not be reproduced from its output alone.
 */
describe('simulate names its injection and VC-release rules', () => {
  it('unicast: back-to-back by default, in the heading and the JSON', async () => {
    const text = await runMain(['simulate', '--topology', 'mesh:4x4', '--load', '0.05', '--cycles', '2000']);
    expect(text.status).toBe(0);
    expect(text.stdout.split('\n')[0]).toContain('injection back-to-back, VC release tail-credit');
    const json = await runMain(['simulate', '--topology', 'mesh:4x4', '--load', '0.05', '--cycles', '2000', '--json']);
    expect(JSON.parse(json.stdout).rules).toEqual({ injection: 'back-to-back', vcRelease: 'tail-credit' });
  });
  it('a multicast algorithm: after-tail by default; the flags are echoed', async () => {
    const base = ['simulate', '--topology', 'mesh:4x4', '--algorithm', 'dual-path', '--dests', '3', '--load', '0.02'];
    const def = await runMain([...base, '--cycles', '2000', '--json']);
    expect(JSON.parse(def.stdout).rules).toEqual({ injection: 'after-tail', vcRelease: 'tail-credit' });
    const set = await runMain([
      ...base,
      '--cycles',
      '2000',
      '--injection',
      'back-to-back',
      '--vc-release',
      'tail-sent',
    ]);
    expect(set.stdout.split('\n')[0]).toContain('injection back-to-back, VC release tail-sent');
  });
  it('isolated multicasts: the rules in the heading and the JSON', async () => {
    const argv = [
      'simulate',
      '--topology',
      'mesh:4x4',
      '--algorithm',
      'u-mesh',
      '--dests',
      '4',
      '--traffic',
      'isolated',
    ];
    const text = await runMain([...argv, '--sets', '5']);
    expect(text.status).toBe(0);
    expect(text.stdout.split('\n')[0]).toContain('injection after-tail, VC release tail-credit');
    const json = await runMain([...argv, '--sets', '5', '--json']);
    expect(JSON.parse(json.stdout).rules).toEqual({ injection: 'after-tail', vcRelease: 'tail-credit' });
  });
});

describe('simulate --json records its resolved configuration', () => {
  it('config holds what runs it again: the library run from it gives the same numbers', async () => {
    const r = await runMain([
      'simulate',
      '--topology',
      'mesh:4x4',
      '--algorithm',
      'dual-path',
      '--dests-mean',
      '5',
      '--load',
      '0.02',
      '--cycles',
      '2000',
      '--seed',
      '7',
      '--json',
    ]);
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.config).toMatchObject({
      topology: 'mesh:4x4',
      routing: 'label',
      algorithm: 'dual-path',
      destsMean: 5,
      seed: 7,
    });
    expect(j.config.dests).toBeUndefined();
    expect(j.config.options).toMatchObject({ injection: 'after-tail', port: 'all', consumption: 'vc' });
    const c = j.config;
    const again = await simulate({
      topology: c.topology,
      routing: c.routing,
      algorithm: c.algorithm,
      dests: 0,
      destsMean: c.destsMean,
      load: c.load,
      flits: c.flits,
      process: c.process,
      self: c.self,
      warmup: c.warmup,
      measure: c.cycles,
      drain: c.drain,
      seed: c.seed,
      engine: c.engine,
      options: c.options,
    });
    expect(again.meanLatency).toBeCloseTo(j.meanLatency, 3);
    expect(again.flitHops).toBe(j.flitHops);
    expect(again.completed).toBe(j.completed);
  });
});
