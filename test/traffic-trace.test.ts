import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EngineOptions } from '../src/engine/types.ts';
import { makeEngine, runWorkload } from '../src/experiment/run/simulate.ts';
import { RUN_END } from '../src/experiment/run/simulation-result.ts';
import { lastDelivery, traceWorkload } from '../src/experiment/run/trace-run.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { parseTrace } from '../src/traffic/trace-file.ts';
import { simulate, type SimulateOptions } from '../src/experiment/config/simulate-options.ts';
import { resultJson } from '../src/experiment/run/result-json.ts';
import { sweep } from '../src/index.ts';
import { runMain } from './cli-main.ts';

/*
 * Trace-driven traffic (docs/traffic.md "Traces"): a trace replayed by the engine, its dependencies
 * as the engine's triggers. The two example traces are made of one-hop messages without contention,
 * so their zero-load finish times follow from the engine's zero-load latency (docs/model-flit.md):
 * a message activated at cycle a delivers its tail at a + T, T = S + (h + 2) + (h + 1) R + (L - 1),
 * h = 1; a message after:K is activated in the cycle message K's tail reaches its source.
 */

const cube6 = parseTopology('hypercube:6');
const ecube = createRouting('ecube', cube6);

async function replay(file: string, engine: 'wasm' | 'reference', options: EngineOptions, algorithm = 'unicast') {
  const messages = parseTrace(
    readFileSync(new URL(`../examples/traces/${file}`, import.meta.url), 'utf8'),
    cube6,
    file,
  );
  const w = traceWorkload(messages, algorithm, ecube);
  const e = await makeEngine(engine, { routing: ecube, worms: w.worms, options });
  const r = runWorkload(e, ecube, w, { from: 0, to: RUN_END }, RUN_END, 'finished');
  return { r, finish: lastDelivery(e.times().destTail), messages: messages.length };
}

describe('example traces: zero-load finish times derived by hand', () => {
  for (const [S, R] of [
    [1, 1],
    [0, 0],
    [3, 2],
    [2, 4],
  ] as const) {
    for (const port of ['one', 'all'] as const) {
      it(`binomial broadcast, 64 nodes: the chain 0-1-3-7-15-31-63 of six one-hop sends, 6 T (S ${S}, R ${R}, ${port}-port)`, async () => {
        const T = S + 3 + 2 * R + 15;
        for (const engine of ['wasm', 'reference'] as const) {
          const { r, finish, messages } = await replay('binomial-broadcast-64.trace', engine, {
            startup: S,
            routerDelay: R,
            port,
          });
          expect(messages).toBe(63);
          expect(r.status).toBe('finished');
          expect(r.completed).toBe(63);
          expect(finish).toBe(6 * T);
          // all-port: every send leaves at once, so every message takes T from its activation
          if (port === 'all') expect(r.maxLatency).toBe(T);
        }
      });
      it(`ring allgather, 64 nodes: 63 steps of one-hop sends, 63 T (S ${S}, R ${R}, ${port}-port)`, async () => {
        const T = S + 3 + 2 * R + 7;
        for (const engine of ['wasm', 'reference'] as const) {
          const { r, finish, messages } = await replay('ring-allgather-64.trace', engine, {
            startup: S,
            routerDelay: R,
            port,
          });
          expect(messages).toBe(63 * 64);
          expect(r.status).toBe('finished');
          expect(finish).toBe(63 * T);
          expect(r.maxLatency).toBe(T);
          expect(r.meanLatency).toBe(T);
        }
      });
    }
  }
});

describe('traces: both engines equal, multicasts and dependencies', () => {
  it('a multicast message (dual-path) and the sends that wait for its copies: wasm = reference', async () => {
    const t = parseTopology('mesh:6x6');
    const dor = createRouting('label', t);
    const text = [
      '0 0 35/5/30/14 12',
      'after:0 5 10 8',
      'after:0 30 0 8',
      'after:1 10 20/21 6',
      '3 7 8 20',
      'after:4 8 9 4',
    ].join('\n');
    const m = parseTrace(text, t);
    const out = [];
    for (const engine of ['wasm', 'reference'] as const) {
      const w = traceWorkload(m, 'dual-path', dor);
      const e = await makeEngine(engine, { routing: dor, worms: w.worms, options: { consumption: 'vc' } });
      const r = runWorkload(e, dor, w, { from: 0, to: RUN_END }, RUN_END, 'finished');
      const { timing: _t, ...rest } = r as typeof r & { timing?: unknown };
      out.push({ ...rest, finish: lastDelivery(e.times().destTail) });
    }
    expect(out[0]).toEqual(out[1]);
    expect(out[0]!.status).toBe('finished');
    expect(out[0]!.completed).toBe(6);
  });
});

describe('trace file errors: one line naming the line', () => {
  const t = parseTopology('mesh:4x4');
  const cases: Array<[string, RegExp]> = [
    ['0 1 2', /trace:1: .* must be 4 fields/],
    ['after:0 1 2 4', /trace:1: after:0 must name an earlier message/],
    ['0 1 2 4\nafter:0 3 5 4', /trace:2: after:0: message 0 does not deliver at this message's source 3/],
    ['0 1 99 4', /trace:1: node 99 is not a node of mesh:4x4/],
    ['0 1 2/2 4', /a destination is listed twice/],
    ['0 1 1 4', /the source 1 is among its destinations/],
    ['0 1 2 0', /flits '0' must be an integer/],
    ['x 1 2 4', /'x' must be a cycle/],
    // a run stops at cycle 2^30: a message at 2^30 .. 2^31 - 1 was taken and never created
    ['1073741824 1 2 4', /trace:1: '1073741824' must be a cycle 0\.\.1073741823 \(a run stops at cycle 2\^30\)/],
    ['# nothing\n\n', /no messages/],
    ['0 1 9,9 4', /'9,9' is neither a node id/],
  ];
  for (const [text, re] of cases)
    it(JSON.stringify(text), () => {
      expect(() => parseTrace(text, t)).toThrow(re);
    });
  it("timed lines out of the order of their cycles: the file and line, not the engine's worms (found by bench/fuzz-commands.ts)", async () => {
    // the engine takes worms in creation order; the trace passed its lines on unchecked, and the
    // refusal spoke of worms: "worm 1: created 5 is before the previous worm's 10; list worms ..."
    expect(() => parseTrace('10 0 1 4\nafter:0 1 2 4\n\n5 2 3 4', t, 'x.trace')).toThrow(
      /^wormcast: x\.trace:4: cycle 5 is before cycle 10 of line 1; list the timed messages in the order of their cycles$/,
    );
    const file = join(mkdtempSync(join(tmpdir(), 'wormcast-trace-order-')), 'late.trace');
    writeFileSync(file, '10 0 1 4\n5 1 2 4\n');
    const r = await runMain(['simulate', '--trace', file, '--topology', 'mesh:4x4']);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `wormcast: ${file}:2: cycle 5 is before cycle 10 of line 1; list the timed messages in the order of their cycles\n`,
    );
    expect(r.status).toBe(2);
    expect(parseTrace('5 0 1 4\n5 1 2 4\nafter:1 2 3 4\n7 3 0 4', t)).toHaveLength(4);
  });
  it('simulate --trace refuses every option a sweep refuses with a trace (found by bench/fuzz-commands.ts)', async () => {
    // --cycles, --warmup, --drain, --self, --in-flight, --hotspots ... ran and changed nothing,
    // where a sweep's point with a trace refuses them ("cycles, warmup, drain: do not apply ...")
    const file = join(mkdtempSync(join(tmpdir(), 'wormcast-trace-refused-')), 'two.trace');
    writeFileSync(file, '0 0,0 1,1 4\nafter:0 1,1 2,2 4\n');
    const base = ['simulate', '--trace', file, '--topology', 'mesh:4x4'];
    for (const [flag, value] of [
      ['--cycles', '10'],
      ['--warmup', '10'],
      ['--drain', '100'],
      ['--self', undefined],
      ['--in-flight', '64'],
      ['--hotspots', '1'],
      ['--radius', '2'],
      ['--dests-mean', '2'],
    ] as const) {
      const r = await runMain([...base, flag, ...(value === undefined ? [] : [value])]);
      expect(r.stderr, flag).toBe(`wormcast: simulate --trace: ${flag} does not apply (the trace is the traffic)\n`);
      expect(r.status).toBe(2);
    }
    expect((await runMain([...base, '--startup', '2', '--json'])).status).toBe(0);
  });
  it('after:K on the first message says there is none before it (found by bench/fuzz-commands.ts)', async () => {
    // it said "must name an earlier message (0..-1: ...)"
    const file = join(mkdtempSync(join(tmpdir(), 'wormcast-trace-first-')), 'first.trace');
    writeFileSync(file, '# waits for nothing\nafter:4 0,0 1,1 4\n');
    const r = await runMain(['simulate', '--trace', file, '--topology', 'mesh:4x4']);
    expect(r.stderr).toBe(
      `wormcast: ${file}:2: after:4 must name an earlier message, and the first message has none; give it a cycle (e.g. 0)\n`,
    );
    expect(r.status).toBe(2);
  });
  it('addresses in the topology form as every command reads them: 0011 on a 4-cube is node 3 (found by bench/fuzz-commands.ts)', async () => {
    // the trace read every string of digits as a node id: 1011 was "not a node of hypercube:4" and
    // 0011 node 11, where docs/addressing.md (route, plan, ...) reads n binary digits as the address
    const cube4 = parseTopology('hypercube:4');
    const nodes = (text: string, top = cube4) => parseTrace(text, top).map((m) => [m.src, ...m.dests]);
    expect(nodes('0 0011 1011/2 4\n0 5 0001 4')).toEqual([
      [3, 11, 2],
      [5, 1],
    ]);
    // #k, the id form of the other commands, starts a comment here: the refusal says so
    expect(() => nodes('0 #5 0001 4')).toThrow(
      /trace:1: '0' must be 4 fields: .*; # starts a comment \(node ids go without it\)$/,
    );
    expect(nodes('0 1234 2 4', parseTopology('star:4'))).toEqual([[0, 2]]);
    const file = join(mkdtempSync(join(tmpdir(), 'wormcast-trace-address-')), 'cube.trace');
    writeFileSync(file, '0 0000 1011 4\n');
    const r = await runMain(['simulate', '--trace', file, '--topology', 'hypercube:4', '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).meanHops).toBe(3);
  });
  it('addresses in the topology form: 1,2 on a mesh', () => {
    expect(parseTrace('0 0,0 3,3/1,2 4', t)[0]!.dests).toEqual([t.parse('3,3'), t.parse('1,2')]);
  });
});

describe('traces through the library and sweeps (option trace)', () => {
  it('simulate --trace --json names its configuration, node model and rules, and the flits per channel', async () => {
    // they were missing from a trace's JSON (a generated run's has them)
    const trace = 'examples/traces/ring-allgather-64.trace';
    const r = await runMain(['simulate', '--trace', trace, '--topology', 'hypercube:6', '--seed', '5', '--json']);
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout) as Record<string, unknown> & { flitHops: number; channelFlits: number[] };
    expect(j.config).toMatchObject({ topology: 'hypercube:6', routing: 'ecube', trace, seed: 5, engine: 'wasm' });
    expect(j.nodeModel).toEqual({ port: 'one', consumption: 'port', vcsPerClass: 1 });
    expect(j.rules).toEqual({ injection: 'back-to-back', vcRelease: 'tail-credit' });
    expect(j.channelFlits).toHaveLength(64 * 6);
    expect(j.channelFlits.reduce((a, b) => a + b, 0)).toBe(j.flitHops);
  });

  it('simulate({ trace }) replays the file: drainTime 63 (S + 12) for the ring allgather', async () => {
    for (const startup of [0, 3]) {
      const r = await simulate({
        topology: 'hypercube:6',
        trace: 'examples/traces/ring-allgather-64.trace',
        startup,
      } as SimulateOptions);
      expect(r.status).toBe('finished');
      expect(r.drainTime).toBe(63 * (startup + 12));
    }
  });
  it("a sweep over the startup: every point's drainTime as derived", async () => {
    const out = await sweep('examples/experiments/trace-allgather.yaml');
    const rows = out.rows.map((row) => [row.values.startup, row.replications[0]!.result.drainTime]);
    expect(rows).toEqual([0, 1, 2, 4, 8].map((s) => [s, 63 * (s + 12)]));
  }, 120_000);
  it('plot of a trace sweep takes the option the grid varies as x, not load (every point said load 0: one column)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wormcast-trace-plot-'));
    try {
      const store = join(dir, 'ta.jsonl');
      await sweep('examples/experiments/trace-allgather.yaml', { out: store });
      const r = await runMain(['plot', store, '--y', 'drainTime', '-o', join(dir, 'ta.svg')]);
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(`plot: 5 points; --x startup (the grid varies them) -> ${join(dir, 'ta.svg')}\n`);
      const svg = readFileSync(join(dir, 'ta.svg'), 'utf8');
      expect(svg).toContain('Startup');
      // a given --x is kept
      const given = await runMain(['plot', store, '--y', 'drainTime', '--x', 'load', '-o', join(dir, 'tb.svg')]);
      expect(given.stdout).not.toContain('--x startup');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
  it('a relative trace in an experiment file is read beside the file, from any working directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wormcast-trace-'));
    const cwd = process.cwd();
    try {
      mkdirSync(join(dir, 'exp'));
      copyFileSync('examples/traces/ring-allgather-64.trace', join(dir, 'exp', 'ring.trace'));
      writeFileSync(
        join(dir, 'exp', 'x.yaml'),
        'name: beside\nbase: { topology: hypercube:6, trace: ring.trace }\ngrid: { startup: [2] }\nreplications: 1\nstatistics: { metrics: [drainTime] }\n',
      );
      process.chdir(tmpdir());
      const out = await sweep(join(dir, 'exp', 'x.yaml'));
      expect(out.rows.map((row) => row.replications[0]!.result.drainTime)).toEqual([63 * 14]);
      // the point names the file it read, not a name relative to wherever the sweep ran
      expect(out.rows[0]!.config.trace).toBe(join(dir, 'exp', 'ring.trace'));
      // the same sweep again: the point is in the store; the trace edited: a new point, run again
      const store = join(dir, 'r.jsonl');
      const first = await sweep(join(dir, 'exp', 'x.yaml'), { out: store });
      expect(first.run).toBe(1);
      expect((await sweep(join(dir, 'exp', 'x.yaml'), { out: store })).run).toBe(0);
      writeFileSync(join(dir, 'exp', 'ring.trace'), '0 0 1 4\n');
      const edited = await sweep(join(dir, 'exp', 'x.yaml'), { out: store });
      expect(edited.run).toBe(1);
      expect(edited.rows[0]!.replications[0]!.result.drainTime).not.toBe(63 * 14);
    } finally {
      process.chdir(cwd);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
  it('simulate --trace runs what simulate({ trace }) runs: the routing rules and the seed of the routing keys', async () => {
    // the command line built its own routing function and engine options for a trace: --tie-break,
    // --dateline and --selection were dropped and --seed ignored (routing keys of seed 0), so a
    // valiant or randomised run differed from the library's and a sweep's of the same options
    // (torus:4x4, valiant, seed 5: meanLatency 134.10 against 110.34), with nothing said
    const file = join(mkdtempSync(join(tmpdir(), 'wormcast-trace-rules-')), 'm16.trace');
    let text = '';
    for (let t = 0; t < 20; t++)
      for (let v = 0; v < 16; v++) {
        const d = (v * 7 + 3 + t) % 16;
        text += `${t * 10} ${v} ${d === v ? (v + 1) % 16 : d} 8\n`;
      }
    writeFileSync(file, text);
    const cases: Array<[string[], Partial<SimulateOptions>]> = [
      [['--tie-break', 'random'], { tieBreak: 'random' }],
      [['--dateline', 'booksim'], { dateline: 'booksim' }],
      [
        ['--routing', 'min-adaptive', '--vcs', '2', '--selection', 'random'],
        { routing: 'min-adaptive', vcs: 2, selection: 'random' },
      ],
      [['--routing', 'valiant', '--seed', '5'], { routing: 'valiant', seed: 5 }],
      [['--routing', 'valiant'], { routing: 'valiant' }],
    ];
    for (const [flags, options] of cases) {
      const cli = await runMain(['simulate', '--trace', file, '--topology', 'torus:4x4', ...flags, '--json']);
      expect(cli.status, flags.join(' ')).toBe(0);
      const lib = await simulate({ topology: 'torus:4x4', trace: file, ...options } as SimulateOptions);
      const printed = JSON.parse(cli.stdout) as Record<string, unknown>;
      const expected = JSON.parse(JSON.stringify(resultJson(lib))) as Record<string, unknown>;
      for (const k of Object.keys(expected)) expect(printed[k], `${flags.join(' ')}: ${k}`).toEqual(expected[k]);
    }
  }, 60_000);
  it('messages of several sizes: generated counts each its own flits, so a finished trace is not saturated', async () => {
    // generated counted every message at the first message's size: 33 messages of 1..33 flits to
    // 85 destinations in all made 0.1191 flits/node/cycle generated against 0.0419 accepted, and the
    // run was called saturated (exit 3) though every copy was delivered
    const file = join(mkdtempSync(join(tmpdir(), 'wormcast-trace-sizes-')), 'sizes.trace');
    writeFileSync(file, '0 0 5/10 33\n0 3 12 1\nafter:1 12 7/1/2 4\n9 6 9 16\n');
    const flits = 33 * 2 + 1 + 4 * 3 + 16;
    for (const engine of ['wasm', 'reference'] as const) {
      const r = await simulate({ topology: 'mesh:4x4', algorithm: 'separate', trace: file, engine } as SimulateOptions);
      expect(r.status).toBe('finished');
      expect(r.completed).toBe(4);
      const span = r.window.to - r.window.from;
      expect(r.generated).toBeCloseTo(flits / (16 * span), 12);
      expect(r.throughput).toBeCloseTo(r.generated, 12);
      expect(r.saturation).toEqual([]);
      const cli = await runMain([
        'simulate',
        '--trace',
        file,
        '--topology',
        'mesh:4x4',
        '--algorithm',
        'separate',
        '--engine',
        engine,
      ]);
      expect(cli.stderr).toBe('');
      expect(cli.status).toBe(0);
    }
  });
  it('what does not apply with a trace is refused in one line', async () => {
    await expect(
      simulate({
        topology: 'hypercube:6',
        trace: 'examples/traces/ring-allgather-64.trace',
        load: 0.1,
      } as SimulateOptions),
    ).rejects.toThrow(/load: does not apply with a trace/);
    await expect(simulate({ topology: 'hypercube:6', trace: '/nonexistent.trace' } as SimulateOptions)).rejects.toThrow(
      /trace: cannot read '\/nonexistent.trace'/,
    );
  });
});

describe('simulate --trace: the deadlock check of generated traffic', () => {
  it('a trace of x-first multicasts is warned about and its heading and JSON say cyclic (it ran unwarned)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wormcast-trace-check-'));
    const file = join(dir, 'x.trace');
    writeFileSync(file, '0 0 1/2/3 8\n0 5 6/7/9 8\n');
    try {
      const text = await runMain(['simulate', '--trace', file, '--topology', 'mesh:4x4', '--algorithm', 'x-first']);
      expect(text.stderr).toMatch(
        /^wormcast: warning: x-first \(branch\) on mesh:4x4 .* has a cyclic channel dependency graph: this run may deadlock/,
      );
      expect(text.stdout.split('\n')[0]).toMatch(/; deadlock check: cyclic$/);
      const json = await runMain([
        'simulate',
        '--trace',
        file,
        '--topology',
        'mesh:4x4',
        '--algorithm',
        'x-first',
        '--json',
      ]);
      expect(JSON.parse(json.stdout).deadlockCheck).toEqual({ verdict: 'cyclic' });
      const ring = await runMain([
        'simulate',
        '--trace',
        'examples/traces/ring-allgather-64.trace',
        '--topology',
        'hypercube:6',
      ]);
      expect(ring.stderr).toBe('');
      expect(ring.stdout.split('\n')[0]).toMatch(/; deadlock check: acyclic$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
