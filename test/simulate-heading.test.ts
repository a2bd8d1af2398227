import { describe, expect, it } from 'vitest';
import { runMain } from './cli-main.ts';

/*
 * The text heading of a dynamic `wormcast simulate` run names what made its numbers: it named the
 * pattern, the sizes, the selection and the engine rules, but not the routing function nor the
 * arrival process, so 'simulate --topology mesh:4x4 --load 0.1 --routing west-first --process onoff
 * --onoff 0.1,0.2' printed the heading of a dor run with Bernoulli sources (the browser's heading
 * says '(routing dor)', the trace's '(ecube)').
 */

const heading = async (extra: string[]): Promise<string> => {
  const r = await runMain(['simulate', '--topology', 'mesh:4x4', '--load', '0.1', ...extra]);
  expect(r.status, extra.join(' ')).toBe(0);
  return r.stdout.split('\n')[0]!;
};

describe('simulate text heading', () => {
  it('names the routing function, the default one too', async () => {
    expect(await heading(['--cycles', '300'])).toContain(', routing dor,');
    expect(await heading(['--cycles', '300', '--routing', 'west-first', '--selection', 'random'])).toContain(
      ', routing west-first,',
    );
    expect(await heading(['--cycles', '300', '--routing', 'dim-reversal', '--faults', 'links:2'])).toContain(
      ', routing dim-reversal,',
    );
  });

  it('names an arrival process other than Bernoulli, with its parameters', async () => {
    expect(await heading(['--cycles', '300'])).not.toContain('process');
    expect(await heading(['--cycles', '300', '--process', 'exponential'])).toContain(', process exponential,');
    expect(await heading(['--cycles', '300', '--process', 'uniform'])).toContain(', process uniform,');
    expect(await heading(['--cycles', '300', '--process', 'onoff', '--onoff', '0.1,0.2'])).toContain(
      ', process onoff (alpha 0.1, beta 0.2),',
    );
    expect(await heading(['--process', 'batch', '--batch', '2'])).toContain(', process batch (2 messages per node),');
  });
});
