import { describe, expect, it } from 'vitest';
import { resolvePoint } from '../../src/experiment/config/point-config.ts';
import { replicationSeeds as nodeSeeds } from '../../src/experiment/sweep/seeds.ts';
import { curveSettings } from '../../src/web/curves/point.ts';
import { replicationSeeds } from '../../src/web/curves/seeds.ts';
import { computeRoute } from '../../src/web/route-panel.ts';
import { runMain } from '../cli-main.ts';
import { WASM_BYTES } from './sim-request.ts';

/*
 * The page's seeds take the CLI's range, 0..2^32 - 1: the route panel's fault seed and the curve
 * panel's experiment seed stopped at 2^31 - 1 ("fault seed: 2147483648 is out of range; must be
 * 0..2147483647"), so `wormcast route --fault-seed 4294967295` or `wormcast sweep --seed 4294967295`
 * could not be reproduced on the page.
 */

describe("the page's seeds in the CLI's range", () => {
  it('route: fault seed 4294967295 gives the route of `wormcast route --fault-seed 4294967295 --json`', async () => {
    for (const seed of ['2147483648', '4294967295']) {
      const req = { topology: 'mesh:6x6', routing: 'dim-reversal', from: '0,2', to: '5,3', faults: 'links:6' };
      const v = await computeRoute({ ...req, faultSeed: seed }, WASM_BYTES);
      const argv = ['route', '--topology', 'mesh:6x6', '--routing', 'dim-reversal', '--from', '0,2', '--to', '5,3'];
      const cli = await runMain([...argv, '--faults', 'links:6', '--fault-seed', seed, '--json']);
      expect(cli.status, cli.stderr).toBe(0);
      expect(v.hops).toEqual(JSON.parse(cli.stdout).path);
    }
    await expect(
      computeRoute(
        { topology: 'mesh:6x6', routing: 'dor', from: '0,0', to: '1,1', faults: 'links:1', faultSeed: '4294967296' },
        WASM_BYTES,
      ),
    ).rejects.toThrow('fault seed: 4294967296 is out of range; must be 0..4294967295');
  });

  it('curves: experiment seed up to 4294967295, its replication seeds those of `wormcast sweep`', async () => {
    expect(curveSettings('3', '4294967295').seed).toBe(4294967295);
    expect(curveSettings('3', '4294967295').replications).toBe(3);
    expect(() => curveSettings('3', '4294967296')).toThrow('experiment seed: 4294967296 is out of range');
    expect(() => curveSettings('21', '1')).toThrow('replications: 21 is out of range');
    const c = resolvePoint({ topology: 'mesh:4x4', load: 0.1 });
    expect(await replicationSeeds(4294967295, c, 'per-point', 0, 3)).toEqual(
      nodeSeeds(4294967295, c, 'per-point', 0, 3),
    );
  });
});
