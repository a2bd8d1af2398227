import { describe, expect, it } from 'vitest';
import { WormcastError } from '../../src/errors.ts';
import { OPTION_TABLE, optionEntry, type TableKey } from '../../src/experiment/config/option-table.ts';
import { errorText } from '../../src/web/dom.ts';
import {
  FORM_BOXES,
  FORM_NOT_OFFERED,
  FORM_OPTIONS,
  FORM_OWN,
  FORM_WRITTEN,
  optionFieldId,
  optionWords,
  type FormOptionKey,
} from '../../src/web/form-options.ts';
import { computeIsolated } from '../../src/web/isolated-run.ts';
import {
  computeSimulation,
  parseSimulationRequest,
  requestValues,
  type SimulationRequest,
} from '../../src/web/simulate-panel.ts';
import { URL_FIELDS } from '../../src/web/url-state.ts';
import { runMain } from '../cli-main.ts';
import { MESH4_SIM, WASM_BYTES } from './sim-request.ts';

/**
 * Every option of `wormcast simulate` reaches the simulation form (docs/web.md "The form's fields"):
 * the option table walked, each option a field (or a written one, or one of the page's own, or
 * named as not offered with the reason), in the URL, read into the run, and a bad value the panel's
 * one line naming it; and BookSim's rules, the reference engine, the seed units and a mean number
 * of destinations from the form run as `wormcast simulate --json` runs them with the same flags.
 */
const wasm = WASM_BYTES;

const SIM: SimulationRequest = MESH4_SIM;

/** A value of each string option the form may be given (its kind says nothing of its form). */
const STRING_SAMPLES: Partial<Record<TableKey, string>> = {
  hotspots: '0,5',
  onoff: '0.1,0.2',
  sizes: '4:1,16:1',
  faults: 'links:2',
};

/** A value each option's spec takes that is not its default: the text typed and the value it is. */
function sample(key: FormOptionKey): [string, string | number | boolean] {
  const e = optionEntry(key);
  const v = e.value;
  if (v.kind === 'boolean') return ['1', true];
  if (v.kind === 'enum') {
    const w = v.values.find((x) => x !== e.default)!;
    return [w, w];
  }
  if (v.kind === 'int' || v.kind === 'number') {
    const x = v.min === e.default ? v.min + 1 : v.min;
    return [String(x), x];
  }
  const s = STRING_SAMPLES[key];
  if (s === undefined) throw new Error(`give the string option ${key} a sample in STRING_SAMPLES`);
  return [s, s];
}

async function cliJson(argv: string[]): Promise<{ meanLatency: number; flitHops: number; multicasts: number }> {
  const out = await runMain([...argv, '--json']);
  expect(out.stderr, argv.join(' ')).toBe('');
  return JSON.parse(out.stdout) as { meanLatency: number; flitHops: number; multicasts: number };
}

/** The CLI flags of SIM's written fields. */
const SIM_FLAGS = ['simulate', '--topology', 'mesh:4x4', '--warmup', '100', '--cycles', '1000', '--drain', '1000'];

describe('every option of the option table reaches the simulation form', () => {
  it('each option has exactly one place: a field built from the table, a written field, a field of the page, or a reason it is not offered', () => {
    const own = Object.keys(FORM_OWN);
    const written = FORM_WRITTEN as readonly string[];
    const built = FORM_OPTIONS as readonly string[];
    const not = Object.keys(FORM_NOT_OFFERED);
    for (const e of OPTION_TABLE) {
      const places = [own, written, built, not].filter((p) => p.includes(e.key)).length;
      expect(places, `${e.key}: give it a field (src/web/form-options.ts)`).toBe(1);
    }
    // each not offered says why, and nothing is named there that has a field
    for (const [k, why] of Object.entries(FORM_NOT_OFFERED)) expect(why.length, k).toBeGreaterThan(20);
    // BookSim's rules and the engine choice are among the fields (issue: a researcher reproducing BookSim)
    for (const k of ['routerDelay', 'startup', 'self', 'injection', 'vcRelease', 'engine', 'vcLinks', 'destsMean'])
      expect(built, k).toContain(k);
  });

  it('every field is in the URL and in one box (the traffic in view, the rest in folds)', () => {
    for (const k of FORM_OPTIONS) expect(URL_FIELDS as readonly string[], k).toContain(optionFieldId(k));
    for (const id of Object.values(FORM_OWN)) expect(URL_FIELDS as readonly string[], id).toContain(id);
    for (const k of FORM_WRITTEN) expect(URL_FIELDS as readonly string[], k).toContain(optionFieldId(k));
    // a box's id is no field's (the seed units' box is not the field units)
    for (const b of FORM_BOXES) expect(URL_FIELDS as readonly string[], b.id).not.toContain(b.id);
    const boxed = FORM_BOXES.flatMap((b) => b.keys);
    expect(new Set(boxed).size).toBe(boxed.length);
    expect(FORM_BOXES.filter((b) => b.title === undefined).map((b) => b.id)).toEqual(['box-traffic']);
    expect(FORM_BOXES.find((b) => b.id === 'sim-rules')!.keys).toEqual(
      expect.arrayContaining(['routerDelay', 'startup', 'vcLinks', 'consumption', 'injection', 'vcRelease']),
    );
  });

  it("each field's value is the option's value in the run's options (requestValues), and empty leaves it out", () => {
    for (const k of FORM_OPTIONS) {
      const [text, want] = sample(k);
      expect(requestValues({ ...SIM, [k]: text }).values[k], k).toEqual(want);
      expect(requestValues({ ...SIM, [k]: '' }).values, k).not.toHaveProperty(k);
    }
  });

  it("a bad value of each field is the panel's one line naming the field", () => {
    for (const k of FORM_OPTIONS) {
      if (optionEntry(k).value.kind === 'string') continue;
      let e: unknown;
      try {
        requestValues({ ...SIM, [k]: 'x' });
      } catch (x) {
        e = x;
      }
      expect(e, k).toBeInstanceOf(WormcastError);
      const line = errorText(e);
      expect(line.split('\n'), k).toHaveLength(1);
      expect(line, k).toContain(optionWords(k));
    }
  });
});

describe("the form's runs of these options are `wormcast simulate`'s", () => {
  it("BookSim's rules (router delay 4, back-to-back, tail-sent, self, 2 VCs) on mesh:8x8 at 0.2: the CLI's meanLatency", async () => {
    const req: SimulationRequest = {
      ...SIM,
      topology: 'mesh:8x8',
      load: '0.2',
      vcs: '2',
      routerDelay: '4',
      injection: 'back-to-back',
      vcRelease: 'tail-sent',
      self: '1',
    };
    const v = await computeSimulation(req, wasm);
    const j = await cliJson([
      ...['simulate', '--topology', 'mesh:8x8', '--load', '0.2', '--vcs', '2', '--router-delay', '4'],
      ...['--injection', 'back-to-back', '--vc-release', 'tail-sent', '--self'],
      ...['--warmup', '100', '--cycles', '1000', '--drain', '1000'],
    ]);
    expect(v.outcome).toBe('finished');
    expect(v.result.meanLatency).toBeCloseTo(j.meanLatency, 3);
    expect(v.result.flitHops).toBe(j.flitHops);
    expect(v.heading).toContain(', self true, router delay 4, injection back-to-back, VC release tail-sent');
    // the router delay is felt: four cycles a hop more than the default's run
    const plain = await computeSimulation({ ...req, routerDelay: '' }, wasm);
    expect(v.result.meanLatency).toBeGreaterThan(plain.result.meanLatency + 3 * 2);
  });

  it("the engine field: the reference engine's run is the wasm engine's and the CLI's --engine reference", async () => {
    const req: SimulationRequest = { ...SIM, startup: '3', vcLinks: '1', consumption: 'vc', watchdog: '50' };
    const ref = await computeSimulation({ ...req, engine: 'reference' }, wasm);
    const fast = await computeSimulation(req, wasm);
    const j = await cliJson([
      ...SIM_FLAGS,
      ...['--load', '0.1', '--startup', '3', '--vc-links', '--consumption', 'vc', '--watchdog', '50'],
      ...['--engine', 'reference'],
    ]);
    expect(ref.heading).toMatch(/, reference engine$/);
    expect(fast.heading).toMatch(/, wasm engine$/);
    expect(ref.result.meanLatency).toBeCloseTo(j.meanLatency, 3);
    expect(ref.result.flitHops).toBe(fast.result.flitHops);
    expect(ref.result.meanLatency).toBe(fast.result.meanLatency);
    expect([...ref.channelFlits]).toEqual([...fast.channelFlits]);
  });

  it("seed units (seed004, inter-arrival in µs, message bytes) with the load and flits fields empty: the CLI's run", async () => {
    const req: SimulationRequest = {
      ...SIM,
      load: '',
      flits: '',
      units: 'seed004',
      interarrivalUs: '2000',
      messageBytes: '64',
    };
    const v = await computeSimulation(req, wasm);
    const j = await cliJson([
      ...SIM_FLAGS,
      ...['--units', 'seed004', '--interarrival-us', '2000', '--message-bytes', '64'],
    ]);
    expect(v.result.multicasts).toBe(j.multicasts);
    expect(v.result.flitHops).toBe(j.flitHops);
    expect(v.result.meanLatency).toBeCloseTo(j.meanLatency, 3);
    // a load typed as well is two spellings of one quantity: one line naming both
    await expect(computeSimulation({ ...req, load: '0.1' }, wasm)).rejects.toThrow(/both give .*give one of them/);
  });

  it('isolated multicasts (traffic isolated, sets 20): the intervals of `wormcast simulate --traffic isolated --json`', async () => {
    // the load and window fields are not read (the form disables them): a bad load is no error here
    const req: SimulationRequest = {
      ...SIM,
      algorithm: 'dual-path',
      dests: '3',
      load: 'x',
      traffic: 'isolated',
      sets: '20',
    };
    const v = await computeIsolated(req, wasm);
    const out = await runMain([
      ...['simulate', '--topology', 'mesh:4x4', '--algorithm', 'dual-path', '--dests', '3'],
      ...['--traffic', 'isolated', '--sets', '20', '--json'],
    ]);
    expect(out.stderr).toBe('');
    type Iv = { mean: number; halfWidth: number };
    const j = JSON.parse(out.stdout) as Record<'latency' | 'networkLatency' | 'completion' | 'flitHops', Iv> & {
      sets: number;
    };
    expect(v.result.sets).toBe(j.sets);
    for (const k of ['latency', 'networkLatency', 'completion', 'flitHops'] as const) {
      expect(v.result[k].mean, k).toBeCloseTo(j[k].mean, 3);
      expect(v.result[k].halfWidth, k).toBeCloseTo(j[k].halfWidth, 3);
    }
    expect(v.heading).toMatch(
      /^mesh:4x4 dual-path to 3 destinations .*isolated multicasts .*20 random sets, .*wasm engine$/,
    );
    // the reference engine's sets are the wasm engine's
    const ref = await computeIsolated({ ...req, engine: 'reference' }, wasm);
    expect(ref.result.perSet).toEqual(v.result.perSet);
    // an option of dynamic traffic is refused in one line naming it; the watch and the curves take dynamic traffic only
    await expect(computeIsolated({ ...req, pattern: 'near', radius: '1' }, wasm)).rejects.toThrow(
      /^wormcast: pattern, radius: do not apply to traffic: isolated/,
    );
    expect(() => parseSimulationRequest({ ...req, load: '0.1' })).toThrow(
      /^wormcast: traffic isolated: .*dynamic traffic$/,
    );
  });

  it('a mean number of destinations with the destinations field empty: the CLI --dests-mean run', async () => {
    const req: SimulationRequest = { ...SIM, algorithm: 'dual-path', load: '0.05', destsMean: '4' };
    const v = await computeSimulation(req, wasm);
    const j = await cliJson([...SIM_FLAGS, '--algorithm', 'dual-path', '--load', '0.05', '--dests-mean', '4']);
    expect(v.result.multicasts).toBe(j.multicasts);
    expect(v.result.flitHops).toBe(j.flitHops);
    expect(v.result.meanLatency).toBeCloseTo(j.meanLatency, 3);
    // both given is one line naming both; neither, one line naming either
    await expect(computeSimulation({ ...req, dests: '3' }, wasm)).rejects.toThrow(/dests 3 and destsMean 4 both give/);
    await expect(computeSimulation({ ...req, destsMean: '' }, wasm)).rejects.toThrow(/dests: missing.*destsMean/);
  });
});
