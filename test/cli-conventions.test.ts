import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRouting, ROUTINGS } from '../src/routing/registry.ts';
import { getAlgorithm } from '../src/multicast/registry.ts';
import { getScenario, SCENARIOS, treeScenario } from '../src/engine/scenarios.ts';
import { findAlgorithm } from '../src/engine/workload.ts';
import { wormSchemeFor } from '../src/multicast/path-based/schemes.ts';
import { WormcastError, parseIntIn, parseNumberIn } from '../src/errors.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { EXAMPLE_ROUTES } from '../src/cli/commands/example.ts';
import { bin } from './cli.ts';
import { runMain } from './cli-main.ts';

/** exit 2 and exactly one line `wormcast: ...` (docs/cli.md). */
async function userError(...argv: string[]): Promise<string> {
  const r = await runMain(argv);
  expect(r.stderr, argv.join(' ')).toMatch(/^wormcast: [^\n]*\n$/);
  expect(r.status, argv.join(' ')).toBe(2);
  expect(r.stdout).toBe('');
  return r.stderr;
}

const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];

describe('item 7: names of Object.prototype members are unknown names, not internal errors', () => {
  it('every registry look-up is an own-property look-up', () => {
    const t = parseTopology('mesh:4x4');
    for (const name of PROTOTYPE_NAMES) {
      expect(() => createRouting(name, t)).toThrow(WormcastError);
      expect(() => getAlgorithm(name)).toThrow(WormcastError);
      expect(() => getScenario(name)).toThrow(WormcastError);
      expect(() => findAlgorithm(name)).toThrow(WormcastError);
      expect(() => wormSchemeFor(name, createRouting('dor', t))).toThrow(WormcastError);
      expect(() => treeScenario(name)).toThrow(WormcastError);
    }
  });

  it('every option that names a registry entry', async () => {
    for (const name of PROTOTYPE_NAMES) {
      expect(
        await userError('route', '--topology', 'mesh:4x4', '--routing', name, '--from', '0,0', '--to', '1,1'),
      ).toContain(`unknown routing '${name}'`);
      expect(
        await userError('plan', '--topology', 'mesh:4x4', '--algorithm', name, '--source', '0,0', '--dests', '1,1'),
      ).toContain(`'${name}'`);
      expect(
        await userError(
          'plan',
          '--topology',
          'mesh:4x4',
          '--algorithm',
          'x-first',
          '--routing',
          name,
          '--source',
          '0,0',
          '--dests',
          '1,1',
        ),
      ).toContain(`'${name}'`);
      expect(await userError('verify', '--topology', 'mesh:4x4', '--algorithm', name, '--dests', 'random:3')).toContain(
        `'${name}'`,
      );
      expect(await userError('simulate', '--scenario', name)).toContain(`unknown scenario '${name}'`);
      expect(
        await userError('simulate', '--topology', 'mesh:4x4', '--load', '0.1', '--algorithm', name, '--dests', '2'),
      ).toContain(`'${name}'`);
      expect(await userError('simulate', '--topology', 'mesh:4x4', '--load', '0.1', '--routing', name)).toContain(
        `unknown routing '${name}'`,
      );
      expect(await userError('analyze', 'stepwise', '--algorithms', name)).toContain(`'${name}'`);
      expect(await userError('deadlock', '--topology', 'mesh:4x4', '--algorithm', name)).toContain(`'${name}'`);
      expect(await userError('deadlock', '--topology', 'mesh:4x4', '--routing', name)).toContain(
        `unknown routing '${name}'`,
      );
      expect(await userError('topology', `${name}:4`)).toMatch(/bad topology|unknown topology family/);
    }
  });
});

/** Spawn the CLI with its stdout a pipe whose reader has already gone: every write fails with EPIPE. */
function runWithClosedPipe(...args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    p.stdout.destroy();
    let stderr = '';
    p.stderr.on('data', (d) => {
      stderr += d;
    });
    p.on('close', (status) => resolve({ status, stderr }));
  });
}

describe('item 10: a reader that goes away (`| head -1`) ends the command quietly', () => {
  it('route and example exit 0 without a stack trace on EPIPE', async () => {
    const [route, example] = await Promise.all([
      runWithClosedPipe('route', '--topology', 'mesh:300x300', '--routing', 'dor', '--from', '0,0', '--to', '299,299'),
      runWithClosedPipe('example'),
    ]);
    expect(route).toEqual({ status: 0, stderr: '' });
    expect(example).toEqual({ status: 0, stderr: '' });
  });
});

describe("item 12: commander's own errors are one `wormcast: ` line with exit 2", () => {
  it('unknown option, unknown command, missing option, missing argument, too many arguments, no command', async () => {
    expect(await userError('topology', 'mesh:4x4', '--foo')).toBe("wormcast: topology: unknown option '--foo'\n");
    expect(await userError('topology', 'mesh:4x4', '--jsn')).toBe(
      "wormcast: topology: unknown option '--jsn' (Did you mean --json?)\n",
    );
    expect(await userError('frobnicate')).toBe("wormcast: unknown command 'frobnicate'\n");
    expect(await userError('rout')).toBe("wormcast: unknown command 'rout' (Did you mean route?)\n");
    expect(await userError('route', '--from', '0,0')).toBe(
      "wormcast: route: required option '--topology <spec>' not specified\n",
    );
    expect(await userError('topology')).toBe("wormcast: topology: missing required argument 'spec'\n");
    expect(await userError('topology', 'mesh:4x4', 'extra')).toMatch(/^wormcast: topology: too many arguments/);
    expect(await userError('route', '--topology')).toBe(
      "wormcast: route: option '--topology <spec>' argument missing\n",
    );
    expect(await userError()).toMatch(
      /^wormcast: give a command: example, topology, route, analyze, plan, deadlock, verify, simulate/,
    );
    expect(await userError('analyze')).toMatch(/^wormcast: analyze: give a command: reed, stepwise/);
  });

  it('--help still prints help on stdout with exit 0; --version prints package.json version', async () => {
    for (const argv of [
      ['--help'],
      ['help'],
      ['plan', '--help'],
      ['help', 'simulate'],
      ['analyze', 'reed', '--help'],
    ]) {
      const r = await runMain(argv);
      expect(r.status, argv.join(' ')).toBe(0);
      expect(r.stdout).toMatch(/^Usage: wormcast/);
      expect(r.stderr).toBe('');
    }
    const version = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version as string;
    for (const flag of ['--version', '-V']) {
      const r = await runMain([flag]);
      expect(r).toMatchObject({ status: 0, stdout: `${version}\n`, stderr: '' });
    }
  });

  it('a user text with a newline stays on one line', async () => {
    expect(
      await userError('route', '--topology', 'mesh:4x4', '--routing', 'dor\nx', '--from', '0,0', '--to', '1,1'),
    ).toContain("unknown routing 'dor\\nx'");
  });
});

describe("item 12: numbers are decimal, ranges are the engine's", () => {
  it('the shared parsers take decimal notation only', () => {
    for (const bad of [
      '0x10',
      '0b11',
      '0o7',
      'Infinity',
      '',
      ' ',
      'NaN',
      '1_000',
      '1,5',
      '--1',
      '-1',
      '1e',
      '.',
      '١٢',
    ]) {
      expect(() => parseNumberIn(bad, 0, 100, '--x'), bad).toThrow(WormcastError);
    }
    expect(parseNumberIn('16', 0, 100, '--x')).toBe(16);
    expect(parseNumberIn('.5', 0, 100, '--x')).toBe(0.5);
    expect(parseNumberIn('+2.5e1', 0, 100, '--x')).toBe(25);
    expect(parseNumberIn('1E-3', 0, 100, '--x')).toBe(0.001);
    expect(() => parseNumberIn('1e999', 0, 100, '--x')).toThrow('out of range');
    for (const bad of ['0x10', '1.0', '1e3', '', '-0', '+-1'])
      expect(() => parseIntIn(bad, 0, 10000, '--n'), bad).toThrow(WormcastError);
    expect(parseIntIn('+7', 0, 10, '--n')).toBe(7);
    expect(() => parseIntIn('99999999999999999999999', 0, 10, '--n')).toThrow('out of range');
  });

  it('--load 0x10 is not 16', async () => {
    expect(await userError('simulate', '--topology', 'mesh:4x4', '--load', '0x10', '--flits', '16')).toContain(
      "--load (at most --flits: one message per node per cycle): '0x10' is not a decimal number",
    );
    expect(await userError('simulate', '--topology', 'mesh:4x4', '--load', '17', '--flits', '16')).toContain(
      '17 is out of range; must be 1e-9..16',
    );
  });

  it('--watchdog: the CLI refuses what the engine would refuse, and accepts its floor', async () => {
    expect(await userError('simulate', '--topology', 'mesh:4x4', '--load', '0.05', '--watchdog', '1')).toContain(
      '--watchdog (at least --startup + --router-delay + 2',
    );
    expect(
      await userError(
        'simulate',
        '--topology',
        'mesh:4x4',
        '--load',
        '0.05',
        '--watchdog',
        '7',
        '--startup',
        '3',
        '--router-delay',
        '3',
      ),
    ).toContain('7 is out of range; must be 8..');
    const ok = await runMain([
      'simulate',
      '--topology',
      'mesh:4x4',
      '--load',
      '0.05',
      '--watchdog',
      '8',
      '--startup',
      '3',
      '--router-delay',
      '3',
      '--cycles',
      '100',
      '--warmup',
      '0',
      '--drain',
      '100',
      '--json',
    ]);
    expect(ok.stderr).not.toMatch(/watchdog|internal/);
    expect(JSON.parse(ok.stdout).cycles).toBeGreaterThan(0);
  });

  it('one seed range, 0..2^32-1, in every command that takes --seed', async () => {
    const commands: string[][] = [
      [
        'plan',
        '--topology',
        'hypercube:3',
        '--algorithm',
        'u-cube',
        '--source',
        '000',
        '--dests',
        'random:3',
        '--json',
      ],
      [
        'verify',
        '--topology',
        'hypercube:3',
        '--algorithm',
        'u-cube',
        '--dests',
        'random:3',
        '--trials',
        '2',
        '--json',
      ],
      ['analyze', 'stepwise', '--n', '3', '--sets', '2', '--json'],
      [
        'simulate',
        '--topology',
        'mesh:3x3',
        '--load',
        '0.05',
        '--cycles',
        '50',
        '--warmup',
        '0',
        '--drain',
        '50',
        '--json',
      ],
    ];
    for (const c of commands) {
      const top = await runMain([...c, '--seed', '4294967295']);
      expect(top.stderr, c[0]).not.toMatch(/--seed/);
      expect(await userError(...c, '--seed', '4294967296')).toContain(
        '--seed: 4294967296 is out of range; must be 0..4294967295',
      );
    }
  });
});

describe('numbers refused by sweep and simulate (found by bench/fuzz-commands.ts)', () => {
  it("sweep's point options are refused as simulate refuses them, with the option's range", async () => {
    // sweep parsed every numeric point option as 0..Number.MAX_SAFE_INTEGER and named that range
    const base = ['--topology', 'mesh:4x4', '--load', '0.1'];
    for (const [flag, value] of [
      ['--warmup', 'NaN'],
      ['--warmup', '-1'],
      ['--warmup', '1.5'],
      ['--cycles', ''],
      ['--drain', '-1'],
      ['--vcs', '0'],
      ['--link-latency', '17'],
    ] as const) {
      const simulate = await userError('simulate', ...base, flag, value);
      expect(await userError('sweep', ...base, flag, value), `${flag} ${value}`).toBe(simulate);
    }
    expect(await userError('sweep', '--topology', 'mesh:4x4', '--load', 'x')).toBe(
      "wormcast: --load: 'x' is not a decimal number; must be 1e-9..16777216\n",
    );
    expect(await userError('sweep', '--topology', 'mesh:4x4', '--grid', 'load=0.1,-1')).toBe(
      "wormcast: --grid load: '-1' is not a decimal number; must be 1e-9..16777216\n",
    );
    expect(await userError('sweep', '--topology', 'mesh:4x4', '--grid', 'vcs=1:x:1')).toBe(
      "wormcast: --grid vcs to: 'x' is not a decimal number; must be 1..64\n",
    );
  });
  it('a number out of range is quoted as it was typed, not as the double it became', async () => {
    expect(
      await userError('simulate', '--topology', 'mesh:4x4', '--load', '0.1', '--seed', '99999999999999999999'),
    ).toBe('wormcast: --seed: 99999999999999999999 is out of range; must be 0..4294967295\n');
  });
});

describe('an option given twice', () => {
  it('is refused with its name (commander would keep the last value in silence); --grid and --where collect their uses', async () => {
    expect(await userError('simulate', '--topology', 'mesh:4x4', '--load', '0.1', '--topology', 'mesh:8x8')).toBe(
      'wormcast: simulate: --topology given 2 times; give it once (the value that counts would be unclear)\n',
    );
    expect(await userError('simulate', '--topology=mesh:4x4', '--load', '0.1', '--load=0.2')).toBe(
      'wormcast: simulate: --load given 2 times; give it once (the value that counts would be unclear)\n',
    );
    expect(await userError('simulate', '--topology', 'mesh:4x4', '--load', '0.1', '--self', '--self')).toBe(
      'wormcast: simulate: --self given 2 times; give it once (the value that counts would be unclear)\n',
    );
    // a value that looks like an option is not counted as one
    expect(await userError('sweep', '--grid', 'load=0.1', '--grid', 'vcs=2', '--name', '--grid')).not.toContain(
      'given',
    );
  });
});

describe('item 12: options a mode would ignore, flags of another routing function', () => {
  it('simulate --example / --scenario / --plan refuse options they would ignore', async () => {
    // --ejection vcs replaces the consumption channels
    expect(
      await userError(
        'simulate',
        '--topology',
        'mesh:4x4',
        '--load',
        '0.1',
        '--vcs',
        '2',
        '--switch',
        'per-port',
        '--ejection',
        'vcs',
        '--consumption',
        'vc',
      ),
    ).toContain('simulate: --consumption would be ignored: --ejection vcs gives every node V ejection VCs');
    expect(await userError('simulate', '--example', '--topology', 'torus:4x4')).toContain(
      'simulate --example: --topology would be ignored',
    );
    expect(await userError('simulate', '--example', '--load', '0.1', '--vcs', '4')).toContain(
      '--load, --vcs would be ignored',
    );
    expect(await userError('simulate', '--scenario', 'lin-fig-6.1', '--cycles', '5')).toContain(
      'simulate --scenario: --cycles would be ignored',
    );
    expect(await userError('simulate', '--scenario', 'lin-fig-6.1', '--example')).toContain(
      '--example would be ignored',
    );
    expect(await userError('simulate', '--plan', 'x.json', '--load', '0.1')).toContain(
      'simulate --plan: --load would be ignored',
    );
    // the options a mode uses stay allowed (defaults never count)
    const scen = await runMain(['simulate', '--scenario', 'lin-fig-6.1', '--engine', 'reference', '--json']);
    expect(scen.stderr).not.toMatch(/ignored/);
    const ex = await runMain(['simulate', '--example', '--cycles', '100', '--warmup', '0', '--drain', '100', '--json']);
    expect(ex.stderr).not.toMatch(/ignored/);
  });

  it('--dests with a unicast run is an error (it was echoed and ignored)', async () => {
    expect(await userError('simulate', '--topology', 'mesh:4x4', '--load', '0.1', '--dests', '5')).toContain(
      '--dests applies to multicast algorithms',
    );
    expect(
      await userError('simulate', '--topology', 'mesh:4x4', '--load', '0.1', '--algorithm', 'unicast', '--dests', '1'),
    ).toContain('--dests applies to multicast algorithms');
  });

  it('an unknown routing with a flag of a routing function is an unknown routing (found by bench/fuzz-commands.ts)', async () => {
    // the flag's check came first and took the unknown name for a routing function:
    // "--shortest applies to routing label only, not __proto__"
    const unknown = /^wormcast: unknown routing '(__proto__|nope)': expected one of ecube, dor, /;
    expect(await userError('deadlock', '--topology', 'mesh:4x4', '--routing', '__proto__', '--shortest')).toMatch(
      unknown,
    );
    expect(await userError('deadlock', '--topology', 'torus:4x4', '--routing', 'nope', '--tie-break', 'plus')).toMatch(
      unknown,
    );
    expect(
      await userError('deadlock', '--topology', 'torus:4x4', '--routing', 'nope', '--dateline', 'booksim'),
    ).toMatch(unknown);
    const route = ['route', '--topology', 'mesh:4x4', '--from', '0,0', '--to', '1,1', '--low-first'];
    expect(await userError(...route, '--routing', 'nope')).toMatch(unknown);
  });
  it('a flag of another routing function is an error', async () => {
    expect(await userError('deadlock', '--topology', 'mesh:4x4', '--routing', 'dor', '--drop-boundary-rule')).toBe(
      'wormcast: --drop-boundary-rule applies to routing hcm only, not dor\n',
    );
    expect(await userError('deadlock', '--topology', 'mesh:4x4', '--algorithm', 'dual-path', '--low-first')).toContain(
      '--low-first applies to routing ecube only, not label',
    );
    expect(
      await userError(
        'route',
        '--topology',
        'mesh:4x4',
        '--routing',
        'dor',
        '--from',
        '0,0',
        '--to',
        '1,1',
        '--shortest',
      ),
    ).toContain('--shortest applies to routing label only, not dor');
    expect(
      await userError(
        'route',
        '--topology',
        'mesh:4x4',
        '--routing',
        'dor',
        '--from',
        '0,0',
        '--to',
        '1,1',
        '--low-first',
      ),
    ).toContain('--low-first applies to routing ecube only');
    const ok = await runMain([
      'deadlock',
      '--topology',
      'torus:4x4',
      '--routing',
      'hcm',
      '--drop-boundary-rule',
      '--json',
    ]);
    expect(ok.status).toBe(0);
  });

  it('topology reports the largest node degree, not the port count', async () => {
    const degree = async (spec: string): Promise<number> =>
      JSON.parse((await runMain(['topology', spec, '--json'])).stdout).degree as number;
    expect(await degree('mesh:1x1')).toBe(0);
    expect(await degree('mesh:1x4')).toBe(2);
    expect(await degree('mesh:2x2')).toBe(2);
    expect(await degree('mesh:2x5')).toBe(3);
    expect(await degree('mesh:3x3')).toBe(4);
    expect(await degree('mesh:2x2x2')).toBe(3);
    expect(await degree('torus:3x3')).toBe(4);
    expect(await degree('hypercube:1')).toBe(1);
    expect(await degree('star:3')).toBe(2);
    expect((await runMain(['topology', 'mesh:1x1'])).stdout).toBe('mesh:1x1: 1 nodes, degree 0, diameter 0, 0 links\n');
    // the degree is what the neighbour function gives
    for (const spec of [
      'mesh:1x1',
      'mesh:2x3',
      'mesh:1x2x3',
      'mesh:4x4',
      'torus:3x4',
      'ccc:3',
      'hypercube:3',
      'star:4',
    ]) {
      const t = parseTopology(spec);
      let max = 0;
      for (let v = 0; v < t.nodes; v++) {
        let d = 0;
        for (let p = 0; p < t.ports; p++) if (t.neighbor(v, p) >= 0) d++;
        max = Math.max(max, d);
      }
      expect(await degree(spec), spec).toBe(max);
    }
  });
});

describe('item 13: the docs and the CLI agree', () => {
  it('example prints one route of every registered routing function', async () => {
    expect(new Set(EXAMPLE_ROUTES.map((e) => e.routing))).toEqual(new Set(Object.keys(ROUTINGS)));
    const r = await runMain(['example']);
    expect(r.status).toBe(0);
    for (const name of Object.keys(ROUTINGS)) expect(r.stdout).toMatch(new RegExp(`\\), ${name} \\(`));
  });

  it('plan --help lists the topologies each algorithm accepts', async () => {
    const help = (await runMain(['plan', '--help'])).stdout;
    expect(help).toContain('the topologies each accepts');
    expect(help).toMatch(/\n {2}u-cube +hypercube +ecube +one-port\n/);
    // its routings, the default first: label, and label-detour round faults (docs/routing-faults.md)
    expect(help).toMatch(/\n {2}dual-path +mesh, hypercube +label, label-detour +all-port\n/);
    expect(help).toMatch(/\n {2}separate +any topology +any routing +one-port\n/);
  });

  it('lin-6.2.1-branch, cited in docs/errata.md, runs from simulate --scenario and deadlocks', async () => {
    expect(Object.keys(SCENARIOS)).toContain('lin-6.2.1-branch');
    expect(readFileSync(new URL('../docs/errata.md', import.meta.url), 'utf8')).toContain('lin-6.2.1-branch');
    const r = await runMain(['simulate', '--scenario', 'lin-6.2.1-branch', '--json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).status).toBe('deadlock');
  });

  it("the README's library snippet names fields that exist, and runs", async () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const snippet = /## Library\n\n```ts\n([\s\S]*?)```/.exec(readme)![1]!;
    const named = [...snippet.matchAll(/steps\.(\w+)/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    const { evaluateSteps, createPlan } = await import('../src/index.ts');
    const t = parseTopology('ccc:5');
    const steps = evaluateSteps(
      createPlan('u-ccc', t, t.parse('(3,01010)'), [t.parse('(1,00101)'), t.parse('(0,10000)')]),
      'one',
    );
    for (const f of named) expect(steps, `steps.${f}`).toHaveProperty(f);
    // run it: the import made absolute, the simulation shortened (the call itself is unchanged)
    const src = new URL('../src/index.ts', import.meta.url).href;
    const body = snippet
      .replace("from './src/index.ts'", `from '${src}'`)
      .replace('measure: 10000, drain: 10000', 'measure: 500, drain: 500');
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const file = `${mkdtempSync(`${tmpdir()}/wormcast-readme-`)}/snippet.ts`;
    writeFileSync(file, `${body}\n(globalThis as { __readmeResult?: unknown }).__readmeResult = result;\nexport {};\n`);
    await import(/* @vite-ignore */ file);
    const result = (globalThis as { __readmeResult?: { meanLatency: number; deadlock: unknown } }).__readmeResult;
    expect(result!.meanLatency).toBeGreaterThan(0);
    expect(result!.deadlock).toBeNull();
  });
});
