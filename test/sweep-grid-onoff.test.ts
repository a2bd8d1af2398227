import { describe, expect, it } from 'vitest';
import { parseGridArg } from '../src/cli/commands/sweep.ts';
import { runMain } from './cli-main.ts';

/*
 * An on/off pair is 'alpha,beta': its comma separates --grid's values, so no --grid onoff=... can
 * give one. 'wormcast sweep ... --process onoff --grid onoff=0.1,0.2' was refused as
 * "point onoff=0.1: onoff: '0.1' must be alpha,beta", blaming a value the user never meant; it is
 * now refused as a size mix is, naming the experiment file's form.
 */

describe('--grid onoff', () => {
  it('is refused naming the comma and the experiment file form', async () => {
    expect(() => parseGridArg('onoff=0.1,0.2')).toThrow(/an on\/off pair cannot be a value of --grid/);
    const r = await runMain([
      'sweep',
      '--topology',
      'mesh:4x4',
      '--load',
      '0.1',
      '--process',
      'onoff',
      '--grid',
      'onoff=0.1,0.2',
    ]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /^wormcast: --grid onoff: an on\/off pair cannot be a value of --grid .*grid: \{ onoff: \[/,
    );
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
