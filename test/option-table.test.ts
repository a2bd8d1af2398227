import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { flagsOf, optionFromText } from '../src/cli/option-text.ts';
import { WormcastError } from '../src/errors.ts';
import { OPTION_KEYS } from '../src/experiment/config/option-keys.ts';
import { flagOf, OPTION_TABLE, optionEntry } from '../src/experiment/config/option-table.ts';
import { BOOLEAN_OPTIONS, NUMERIC_OPTIONS, OPTION_SCHEMAS } from '../src/experiment/config/options.ts';
import { OPTIONS_DOC_PATH, optionsMarkdown } from '../src/experiment/config/options-doc.ts';
import { resolvePoint, simulateConfig } from '../src/experiment/config/point-config.ts';
import { resolveSimulation, simulate } from '../src/experiment/config/simulate-options.ts';
import { runMain } from './cli-main.ts';

// The one option table (issue 28; docs/options.md): what is derived from it agrees with it.

const dir = mkdtempSync(join(tmpdir(), 'wormcast-options-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the option table', () => {
  it("the grid's numeric and boolean sets are the options whose schemas take numbers and booleans", () => {
    // an int that also takes a word or a size mix (warmup: auto, flits: 4:1,16:1) is a union with a number in it
    const type = (k: (typeof OPTION_KEYS)[number]) => {
      const def = OPTION_SCHEMAS[k].def as { type: string; options?: { def: { type: string } }[] };
      return def.type === 'union' && def.options?.some((o) => o.def.type === 'number') ? 'number' : def.type;
    };
    expect([...NUMERIC_OPTIONS].sort()).toEqual(OPTION_KEYS.filter((k) => type(k) === 'number').sort());
    expect([...BOOLEAN_OPTIONS].sort()).toEqual(OPTION_KEYS.filter((k) => type(k) === 'boolean').sort());
    // the option of issue 28's report, missing from the hand-written set before
    expect(NUMERIC_OPTIONS.has('linkLatency')).toBe(true);
    // every key has a schema, and only the point options are keys
    expect(Object.keys(OPTION_SCHEMAS).sort()).toEqual([...OPTION_KEYS].sort());
    expect(OPTION_TABLE.filter((e) => !e.point).map((e) => e.key)).toEqual(['seed']);
  });

  it('the command line and the schemas take the same range: its ends accepted, one step beyond refused by both', () => {
    for (const e of OPTION_TABLE) {
      const v = e.value;
      if (v.kind !== 'int' && v.kind !== 'number') continue;
      const step = v.kind === 'int' ? 1 : v.min > 0 ? v.min / 2 : 1e-9;
      const schema = e.point ? OPTION_SCHEMAS[e.key as (typeof OPTION_KEYS)[number]] : undefined;
      for (const ok of [v.min, v.max]) {
        expect(optionFromText(e.key, String(ok)), e.key).toBe(ok);
        if (schema) expect(schema.safeParse(ok).success, `${e.key} ${ok}`).toBe(true);
      }
      for (const bad of [v.min - step, v.max + (v.kind === 'int' ? 1 : v.max)]) {
        expect(() => optionFromText(e.key, String(bad)), `${e.key} ${bad}`).toThrow(
          new RegExp(`^wormcast: ${flagOf(e.key)}: .* must be ${v.min}\\.\\.${v.max}$`),
        );
        if (schema) expect(schema.safeParse(bad).success, `${e.key} ${bad}`).toBe(false);
      }
    }
    expect(() => optionFromText('vcRelease', 'never')).toThrow(
      "--vc-release 'never': expected tail-credit or tail-sent",
    );
  });

  it('docs/options.md is the table rendered (regenerate: npx tsx src/experiment/config/write-options-doc.ts)', () => {
    expect(readFileSync(OPTIONS_DOC_PATH, 'utf8')).toBe(optionsMarkdown());
    for (const e of OPTION_TABLE) expect(optionsMarkdown()).toContain(`| \`${e.key}\` | \`${flagOf(e.key)}`);
  });

  it('simulate --help lists every option of the table, in its order, with its help', async () => {
    const help = (await runMain(['simulate', '--help'])).stdout.replace(/\s+/g, ' ');
    let at = 0;
    for (const e of OPTION_TABLE) {
      const i = help.indexOf(`${flagsOf(e)} `, at);
      expect(i, e.key).toBeGreaterThan(at);
      at = i;
    }
    expect(help).toContain(optionEntry('linkLatency').help);
  });
});

describe('one resolution for the CLI, sweeps and the library (issues 23, 25, 28)', () => {
  it('sweep --grid linkLatency=1,2 runs both points, and the second is slower', async () => {
    const out = join(dir, 'latency.jsonl');
    const r = await runMain(
      [
        'sweep',
        '--topology',
        'mesh:4x4',
        '--load',
        '0.1',
        '--grid',
        'linkLatency=1,2',
        '--cycles',
        '1000',
        '--replications',
        '2',
        '--workers',
        '1',
        '--quiet',
        '--out',
        out,
      ],
      120_000,
    );
    expect(r.stderr).not.toContain('must be a number');
    expect(r.status).toBe(0);
    const points = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            config: { linkLatency?: number };
            summary: { metrics: { meanLatency: { mean: number } } };
          },
      );
    expect(points.map((p) => p.config.linkLatency)).toEqual([1, 2]);
    expect(points[1]!.summary.metrics.meanLatency.mean).toBeGreaterThan(points[0]!.summary.metrics.meanLatency.mean);
  });

  it('a grid range with a fractional step on an integer option is refused before any point runs: one line, exit 2', async () => {
    const file = join(dir, 'fraction.yaml');
    const out = join(dir, 'fraction.jsonl');
    writeFileSync(
      file,
      'name: fraction\nbase: { topology: mesh:4x4, load: 0.1 }\ngrid: { cycles: { from: 100, to: 200, step: 0.5 } }\n',
    );
    const r = await runMain(['sweep', file, '--out', out, '--quiet']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      `wormcast: ${file}: grid.cycles: 100.5 must be an integer (a value of the range 100 to 200 step 0.5)\n`,
    );
    expect(existsSync(out)).toBe(false);
    const vcs = await runMain(['sweep', '--topology', 'mesh:4x4', '--load', '0.1', '--grid', 'vcs=1:2:0.5']);
    expect(vcs.status).toBe(2);
    expect(vcs.stderr).toBe(
      'wormcast: sweep: grid.vcs: 1.5 must be an integer (a value of the range 1 to 2 step 0.5)\n',
    );
  });

  it("the library's simulate() takes the CLI's keys and defaults: mesh:8x8 dual-path to 8 at 0.01 is 48.59 through both", async () => {
    const options = { topology: 'mesh:8x8', algorithm: 'dual-path', dests: 8, load: 0.01 } as const;
    const cli = await runMain(
      ['simulate', '--topology', 'mesh:8x8', '--algorithm', 'dual-path', '--dests', '8', '--load', '0.01', '--json'],
      120_000,
    );
    expect(cli.status).toBe(0);
    const j = JSON.parse(cli.stdout) as { meanLatency: number; flitHops: number; status: string };
    const lib = await simulate(options);
    expect(lib.meanLatency.toFixed(2)).toBe('48.59');
    expect(lib.meanLatency).toBeCloseTo(j.meanLatency, 4);
    expect(lib.flitHops).toBe(j.flitHops);
    expect(lib.status).toBe(j.status);
    // the same configuration a sweep's point gets: one resolve function
    expect(resolveSimulation(options)).toEqual(simulateConfig(resolvePoint(options), 1));
    expect(resolveSimulation(options).options).toMatchObject({
      port: 'all',
      consumption: 'vc',
      injection: 'after-tail',
    });
  });

  it('the lower-level form (a SimulateConfig with the engine options as given) still runs as it did', async () => {
    const r = await simulate({
      topology: 'mesh:4x4',
      algorithm: 'unicast',
      dests: 1,
      load: 0.1,
      flits: 8,
      warmup: 100,
      measure: 500,
      drain: 2000,
      seed: 3,
      engine: 'wasm',
      options: {},
    });
    const same = await simulate({
      topology: 'mesh:4x4',
      load: 0.1,
      flits: 8,
      warmup: 100,
      cycles: 500,
      drain: 2000,
      seed: 3,
    });
    // unicast: the CLI's defaults are the engine's, so both forms run the same traffic the same way
    expect(same.meanLatency).toBe(r.meanLatency);
    expect(same.flitHops).toBe(r.flitHops);
  });

  it("the library's options are checked by the table: a bad value or an unknown key is one WormcastError naming it", async () => {
    await expect(simulate({ topology: 'mesh:4x4', load: 0.1, vcs: 0 })).rejects.toThrow(
      new WormcastError('simulate: vcs: 0 must be >= 1'),
    );
    await expect(simulate({ topology: 'mesh:4x4', load: 0.1, linkLatency: 17 })).rejects.toThrow(
      new WormcastError('simulate: linkLatency: 17 must be <= 16'),
    );
    await expect(simulate({ topology: 'mesh:4x4', lod: 0.1 } as never)).rejects.toThrow(
      /^wormcast: simulate: lod: unknown option \(did you mean 'load'\?\)/,
    );
    await expect(simulate({ topology: 'mesh:4x4', load: 0.1, traffic: 'isolated' } as never)).rejects.toThrow(
      /runIsolated/,
    );
  });
});
