import { describe, expect, it } from 'vitest';
import { WormcastError } from '../../src/errors.ts';
import { errorText } from '../../src/web/dom.ts';
import { resolvePoint } from '../../src/experiment/config/point-config.ts';
import { runPoint } from '../../src/experiment/sweep/point-run.ts';
import { computePoint, defaultSettings } from '../../src/web/curves/point.ts';
import { computeSimulation, requestValues, type SimulationRequest } from '../../src/web/simulate-panel.ts';
import { WatchSession } from '../../src/web/watch/session.ts';
import { runMain } from '../cli-main.ts';
import { MESH4_SIM, WASM_BYTES } from './sim-request.ts';

/**
 * The simulation form's options of issue 29 beyond those of test/web/panels.test.ts: warm-up auto,
 * a size mix in the flits field, and the multicast destination patterns (near with a radius,
 * hot-spot-biased sets). Each form run is `wormcast simulate` with the same flags.
 */
const wasm = WASM_BYTES;

const SIM: SimulationRequest = MESH4_SIM;

/** The CLI flags of SIM's fields but those given. */
function flagsOf(req: SimulationRequest): string[] {
  const argv = ['simulate', '--topology', req.topology, '--algorithm', req.algorithm, '--load', req.load];
  argv.push('--flits', req.flits, '--warmup', req.warmup, '--cycles', req.cycles, '--drain', req.drain);
  argv.push('--seed', req.seed, '--vcs', req.vcs, '--buffer', req.buffer);
  if (req.dests !== '') argv.push('--dests', req.dests);
  return argv;
}

interface CliJson {
  flitHops: number;
  multicasts: number;
  meanLatency: number;
  meanHops?: number;
  warmupAuto?: unknown;
  latencyPercentiles: Record<string, number>;
}

async function cli(req: SimulationRequest, extra: string[] = []): Promise<CliJson> {
  const out = await runMain([...flagsOf(req), ...extra, '--json']);
  expect(out.stderr, extra.join(' ')).toBe('');
  return JSON.parse(out.stdout) as CliJson;
}

describe("issue 29's remaining options in the simulation form", () => {
  it("warm-up auto: the form's run is `--warmup auto`'s, with what MSER found", async () => {
    const req = { ...SIM, topology: 'mesh:8x8', load: '0.05', cycles: '3000', warmup: 'auto' };
    const v = await computeSimulation(req, wasm);
    const j = await cli(req);
    expect(v.result.warmupAuto).toEqual(j.warmupAuto);
    expect(v.result.warmupAuto!.method).toBe('MSER');
    expect(v.result.flitHops).toBe(j.flitHops);
    expect(v.result.meanLatency).toBeCloseTo(j.meanLatency, 3);
    // the window the run measured starts where the warm-up found ends
    expect(v.result.window.from).toBe(v.result.warmupAuto!.warmup);
    // a watched run would not be the same run (no pilot): refused in one line
    await expect(WatchSession.create(req, wasm)).rejects.toThrow(/^wormcast: watch: warm-up auto finds its warm-up/);
  });

  it("a size mix in the flits field is `--flits 4:1,16:1`'s run; the heading names the mix", async () => {
    const req = { ...SIM, flits: '4:1,16:1' };
    const v = await computeSimulation(req, wasm);
    const j = await cli(req);
    expect(v.result.flitHops).toBe(j.flitHops);
    expect(v.result.multicasts).toBe(j.multicasts);
    expect(v.result.meanLatency).toBeCloseTo(j.meanLatency, 3);
    expect(v.heading).toContain('message sizes 4:1,16:1');
    // and the same as the sizes field (the option sizes), which it is
    const w = await computeSimulation({ ...SIM, sizes: '4:1,16:1' }, wasm);
    expect(w.result).toEqual(v.result);
  });

  it('multicast destination patterns: near with a radius and hot-spot-biased sets run as the CLI runs them', async () => {
    const cases: Array<[Partial<SimulationRequest>, string[]]> = [
      [{ pattern: 'near', radius: '2' }, ['--pattern', 'near', '--radius', '2']],
      [
        { pattern: 'hotspot', hotspots: '0,5', hotspotFraction: '0.5' },
        ['--pattern', 'hotspot', '--hotspots', '0,5', '--hotspot-fraction', '0.5'],
      ],
    ];
    for (const [fields, flags] of cases) {
      const req = { ...SIM, algorithm: 'dual-path', dests: '3', load: '0.05', ...fields };
      const v = await computeSimulation(req, wasm);
      const j = await cli(req, flags);
      const what = flags.join(' ');
      expect(v.result.multicasts, what).toBe(j.multicasts);
      expect(v.result.flitHops, what).toBe(j.flitHops);
      expect(v.result.meanLatency, what).toBeCloseTo(j.meanLatency, 3);
      expect(v.result.latencyPercentiles, what).toEqual(j.latencyPercentiles);
      expect(v.heading, what).toContain(`, pattern ${fields.pattern}`);
    }
    // every destination of near within 2 hops: the mean distance of a multicast's destinations is at most 2
    const near = await computeSimulation(
      { ...SIM, algorithm: 'dual-path', dests: '3', load: '0.05', pattern: 'near', radius: '2' },
      wasm,
    );
    expect(near.result.meanHops).toBeLessThanOrEqual(2);
    expect(near.result.meanHops).toBeGreaterThanOrEqual(1);
  });

  it("the curve panel's point of these fields (warm-up auto, a size mix, hot-spot multicast sets) is the sweep's (runPoint)", async () => {
    const settings = defaultSettings(2, 5);
    for (const fields of [
      { warmup: 'auto', cycles: '1500' },
      { flits: '4:1,16:1' },
      { algorithm: 'dual-path', dests: '3', load: '0.05', pattern: 'hotspot', hotspots: '0,5', hotspotFraction: '0.5' },
    ] as Array<Partial<SimulationRequest>>) {
      const { values } = requestValues({ ...SIM, ...fields });
      const page = await computePoint({ values, settings }, wasm);
      const node = await runPoint({ index: 0, values, config: resolvePoint(values), settings });
      const what = JSON.stringify(fields);
      expect(page.summary, what).toEqual(node.summary);
      expect(
        page.replications.map((r) => r.seed),
        what,
      ).toEqual(node.replications.map((r) => r.seed));
      expect(page.summary.metrics.meanLatency!.mean, what).toBeGreaterThan(0);
    }
  });

  it('a bad warm-up or size mix is one line naming the field and every form it takes', async () => {
    const line = async (fields: Partial<SimulationRequest>): Promise<string> => {
      const e = await computeSimulation({ ...SIM, ...fields }, wasm).then(
        () => null,
        (x: unknown) => x,
      );
      expect(e).toBeInstanceOf(WormcastError);
      const text = errorText(e);
      expect(text.split('\n')).toHaveLength(1);
      return text;
    };
    expect(await line({ warmup: 'soon' })).toBe(
      "wormcast: warm-up cycles: 'soon' is not an integer; must be 0..1000000, or auto",
    );
    expect(await line({ flits: 'x' })).toBe(
      "wormcast: flits: 'x' is not an integer; must be 1..65536, or a size mix size:weight,... (e.g. 4:1,16:1)",
    );
    expect(await line({ flits: '4:x' })).toBe(
      "wormcast: flits: '4:x' must be size:weight, a size in flits 1..16777216 and a positive weight (e.g. 4:1,16:1)",
    );
    // the load of a mix counts its mean size (10 flits here)
    expect(await line({ flits: '4:1,16:1', load: '11' })).toBe(
      "wormcast: load (flits per node per cycle): '11' must be a number 1e-9..10",
    );
    expect(await line({ flits: '4:1,16:1', sizes: '8:1' })).toMatch(/both give the message sizes: give one of them$/);
    expect(await line({ process: 'batch', batch: '2', warmup: 'auto' })).toMatch(
      /warmup auto: a batch .* is measured whole/,
    );
  });
});
