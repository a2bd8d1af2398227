import { describe, expect, it } from 'vitest';
import { flagOf } from '../src/experiment/config/option-table.ts';
import { resultJson } from '../src/experiment/run/result-json.ts';
import { simulate, type SimulateOptions, type SimulationResult } from '../src/index.ts';
import { runMain } from './cli-main.ts';

/*
 * Issue 23 "Done when": the library and the CLI give identical results for the same options, one
 * configuration per algorithm family, and the library's deadlocked run says so. Each
 * configuration runs through `wormcast simulate --json` (in process) and through simulate(options);
 * every field of the result (resultJson and the streamed run's per-node and per-channel arrays) is
 * equal, and the CLI prints nothing else but its description of the run (configuration, rules, the
 * deadlock check of the scheme, timing).
 */

/** What `simulate --json` prints besides the result: the resolved configuration and the run's cost. */
const DESCRIPTION = new Set(['config', 'nodeModel', 'rules', 'units', 'inUs', 'timing', 'deadlockCheck']);

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** The library's result as --json prints it: resultJson and the streamed run's arrays (per node, per channel). */
function libraryJson(r: SimulationResult): Record<string, unknown> {
  const j: Record<string, unknown> = { ...resultJson(r) };
  if (r.acceptedPerNode)
    j.acceptedPerNode = { ...(j.acceptedPerNode as object), perNode: r.acceptedPerNode.perNode.map(round4) };
  if (r.channelFlits) j.channelFlits = r.channelFlits;
  return JSON.parse(JSON.stringify(j)) as Record<string, unknown>;
}

const SHORT = { warmup: 500, cycles: 2000, drain: 4000 };

/** One configuration per family (README "Algorithms"), small enough for a unit test. */
const FAMILIES: Array<[string, SimulateOptions]> = [
  ['unicast, dor on a torus', { topology: 'torus:4x4', load: 0.1, ...SHORT }],
  ['U-mesh (unicast-based tree)', { topology: 'mesh:4x4', algorithm: 'u-mesh', dests: 5, load: 0.02, ...SHORT }],
  ['U-cube (unicast-based tree)', { topology: 'hypercube:4', algorithm: 'u-cube', dests: 5, load: 0.02, ...SHORT }],
  ['U-CCC (unicast-based tree)', { topology: 'ccc:3', algorithm: 'u-ccc', dests: 6, load: 0.01, ...SHORT }],
  [
    'Maxport (unicast-based, all-port)',
    { topology: 'hypercube:4', algorithm: 'maxport', dests: 6, load: 0.02, ...SHORT },
  ],
  [
    'W-sort (unicast-based, all-port)',
    { topology: 'hypercube:4', algorithm: 'w-sort', dests: 6, load: 0.02, ...SHORT },
  ],
  // the issue's own example: finished at 48.59 through the CLI, deadlocked through the library
  ['dual-path (path-based), 8x8 mesh', { topology: 'mesh:8x8', algorithm: 'dual-path', dests: 8, load: 0.01 }],
  ['multi-path (path-based)', { topology: 'mesh:4x4', algorithm: 'multi-path', dests: 6, load: 0.02, ...SHORT }],
  ['fixed-path (path-based)', { topology: 'hypercube:4', algorithm: 'fixed-path', dests: 6, load: 0.02, ...SHORT }],
  [
    'HCM uniform (Hamiltonian-cycle path-based)',
    { topology: 'torus:4x4', algorithm: 'hcm-uniform', dests: 5, load: 0.02, ...SHORT },
  ],
  [
    'e-cube tree (router-replicated tree)',
    { topology: 'hypercube:4', algorithm: 'ecube-tree', dests: 6, load: 0.02, ...SHORT },
  ],
  ['HP dual-path on a star graph', { topology: 'star:4', algorithm: 'hp-dual-path', dests: 5, load: 0.01, ...SHORT }],
  [
    'west-first (adaptive routing), 2 VCs',
    { topology: 'mesh:4x4', routing: 'west-first', vcs: 2, load: 0.15, ...SHORT },
  ],
  [
    'transpose pattern with on/off sources and a size mix',
    {
      topology: 'mesh:4x4',
      pattern: 'transpose',
      process: 'onoff',
      onoff: '0.1,0.3',
      sizes: '4:1,16:1',
      load: 0.1,
      ...SHORT,
    },
  ],
];

/** The command line of the same options. */
function argv(o: SimulateOptions): string[] {
  return Object.entries(o).flatMap(([key, value]) => [flagOf(key), String(value)]);
}

async function both(o: SimulateOptions) {
  const cli = await runMain(['simulate', ...argv(o), '--json'], 60_000);
  const lib = await simulate(o);
  return { cli, cliJson: JSON.parse(cli.stdout) as Record<string, unknown>, lib };
}

describe('simulate(options) = wormcast simulate --json', () => {
  for (const [family, o] of FAMILIES) {
    it(`${family}: every result field equal, the same verdict`, async () => {
      const { cli, cliJson, lib } = await both(o);
      const libJson = libraryJson(lib);
      const result = Object.fromEntries(Object.entries(cliJson).filter(([k]) => !DESCRIPTION.has(k)));
      expect(result).toEqual(libJson);
      expect(libJson.status).toBe('finished');
      expect(lib.incomplete).toBeNull();
      expect(lib.completed).toBeGreaterThan(0);
      // the exit status is the library's verdict: 3 when the run did not measure what was asked or saturated
      expect(cli.status).toBe(lib.incomplete || lib.saturation?.length ? 3 : 0);
    }, 120_000);
  }

  it("the issue's example: dual-path on the 8x8 mesh finishes at the CLI's 48.59 through the library too", async () => {
    const r = await simulate({ topology: 'mesh:8x8', algorithm: 'dual-path', dests: 8, load: 0.01 });
    expect(r.status).toBe('finished');
    expect(r.meanLatency).toBeCloseTo(48.59, 2);
    expect(r.saturation).toEqual([]);
  }, 60_000);

  it('a deadlocked run says so in the library result (status, incomplete, the report), as the CLI exits 3', async () => {
    const o: SimulateOptions = { topology: 'star:5', routing: 'star-min', load: 0.25 };
    const { cli, cliJson, lib } = await both(o);
    expect(lib.status).toBe('deadlock');
    expect(lib.incomplete).toMatch(/^the network deadlocked at cycle \d+/);
    expect(lib.deadlock?.waiting.length).toBeGreaterThan(0);
    expect(cli.status).toBe(3);
    expect(cliJson.status).toBe('deadlock');
    expect(cliJson.incomplete).toBe(lib.incomplete);
    expect(Object.fromEntries(Object.entries(cliJson).filter(([k]) => !DESCRIPTION.has(k)))).toEqual(libraryJson(lib));
  }, 120_000);
});
