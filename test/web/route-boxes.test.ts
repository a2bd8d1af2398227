import { describe, expect, it } from 'vitest';
import { computeRoute } from '../../src/web/route-panel.ts';
import { runMain } from '../cli-main.ts';
import { WASM_BYTES } from './sim-request.ts';

/*
 * The route panel's "low first" (ecube) and "shortest" (label) boxes did nothing for any other
 * routing function: dor on mesh:4x4 from 0,0 to 3,3 with "low first" checked routed as without it,
 * saying nothing, where `wormcast route --low-first` refuses it ('--low-first applies to routing
 * ecube only, not dor'). The panel now says so in one line.
 */

const BASE = { topology: 'mesh:4x4', routing: 'dor', from: '0,0', to: '3,3' };

describe('the route panel refuses a box of another routing function', () => {
  it('low first and shortest name the routing they apply to, as the CLI does', async () => {
    await expect(computeRoute({ ...BASE, lowFirst: true }, WASM_BYTES)).rejects.toThrow(
      'wormcast: route: low first applies to routing ecube only, not dor',
    );
    await expect(computeRoute({ ...BASE, shortest: true }, WASM_BYTES)).rejects.toThrow(
      'wormcast: route: shortest applies to routing label only, not dor',
    );
    const argv = ['route', '--topology', 'mesh:4x4', '--routing', 'dor', '--from', '0,0', '--to', '3,3'];
    expect((await runMain([...argv, '--low-first'])).stderr).toContain('--low-first applies to routing ecube only');
    expect((await runMain([...argv, '--shortest'])).stderr).toContain('--shortest applies to routing label only');
    // where they apply, they still route
    const cube = { topology: 'hypercube:4', from: '0000', to: '1011' };
    const low = await computeRoute({ ...cube, routing: 'ecube', lowFirst: true }, WASM_BYTES);
    expect(low.hops[0]!.to).toBe('0001');
    const short = await computeRoute({ ...cube, routing: 'label', shortest: true }, WASM_BYTES);
    expect(short.hops).toHaveLength(3);
    expect((await computeRoute({ ...BASE, lowFirst: false, shortest: false }, WASM_BYTES)).hops).toHaveLength(6);
  });
});
