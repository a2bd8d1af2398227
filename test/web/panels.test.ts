import { describe, expect, it } from 'vitest';
import { WormcastError } from '../../src/errors.ts';
import { simulate } from '../../src/experiment/run/simulate.ts';
import { createRouting } from '../../src/routing/registry.ts';
import { tracePath } from '../../src/routing/trace.ts';
import { pack } from '../../src/routing/types.ts';
import { parseTopology } from '../../src/topology/registry.ts';
import { errorText } from '../../src/web/dom.ts';
import { computePlan, type PlanRequest } from '../../src/web/plan-panel.ts';
import { planOverlay, sharedLinks } from '../../src/web/draw/overlay.ts';
import { compareRoute, computeRoute } from '../../src/web/route-panel.ts';
import { computeSimulation, MAX_MESSAGES, type SimulationRequest } from '../../src/web/simulate-panel.ts';
import { runMain } from '../cli-main.ts';
import { MESH4_SIM, WASM_BYTES } from './sim-request.ts';

/**
 * The panels' computations without a browser (the DOM-free halves of src/web/*-panel.ts),
 * given the wasm as bytes exactly as the page passes them.
 */
const wasm = WASM_BYTES;

const FIG5: PlanRequest = {
  topology: 'hypercube:4',
  algorithm: 'u-cube',
  routing: '',
  source: '0100',
  dests: '0001 0011 0101 0111 1000 1010 1011 1111',
  port: '',
  seed: '',
  check: true,
};

const ROUTE_BASE = { topology: 'mesh:6x6', routing: 'dim-reversal', from: '0,2', to: '5,3' };

const SIM: SimulationRequest = { ...MESH4_SIM, port: 'one' };

describe('route panel', () => {
  it('hc on ccc:3 from (1,000) to (0,111): the hops and heading of `wormcast route`, wasm = reference (seed 000 section 3)', async () => {
    const v = await computeRoute({ topology: 'ccc:3', routing: 'hc', from: '(1,000)', to: '(0,111)' }, wasm);
    expect(v.heading).toBe('hc on ccc:3: (1,000) -> (0,111), 6 hops (distance 5)');
    expect(v.hops.map((h) => `${h.from} ${h.to} ${h.port} ${h.vc}`)).toEqual([
      '(1,000) (2,000) cycle+ h0',
      '(2,000) (2,100) cube cube',
      '(2,100) (1,100) cycle- l0',
      '(1,100) (1,110) cube cube',
      '(1,110) (0,110) cycle- l0',
      '(0,110) (0,111) cube cube',
    ]);
    expect(v.differences).toEqual([]);
  });

  it('every routing function on a network of its family: wasm = reference on sample routes', async () => {
    const cases: Array<[string, string, string, string, { lowFirst?: boolean; shortest?: boolean }?]> = [
      ['hypercube:5', 'ecube', '00000', '10110'],
      ['hypercube:5', 'ecube', '00000', '10110', { lowFirst: true }],
      ['hypercube:4', 'label', '0011', '1100'],
      ['hypercube:4', 'label', '0011', '1100', { shortest: true }],
      ['mesh:6x6', 'dor', '0,0', '5,3'],
      ['mesh:6x6', 'label', '5,0', '0,5'],
      ['torus:5x5', 'dor', '4,4', '1,2'],
      ['torus:5x6', 'hcm', '0,0', '3,4'],
      ['ccc:4', 'ccc-optimal', '(0,0000)', '(2,1011)'],
      ['ccc:4', 'ccc-simple', '(3,0001)', '(1,1110)'],
      ['star:4', 'hcm', '1234', '4321'],
      ['star:4', 'star-min', '2143', '3412'],
    ];
    for (const [topology, routing, from, to, opts] of cases) {
      const v = await computeRoute({ topology, routing, from, to, ...opts }, wasm);
      const t = parseTopology(topology);
      const ref = tracePath(createRouting(routing, t, opts ?? {}), t.parse(from), t.parse(to));
      expect(v.differences, `${routing} on ${topology}`).toEqual([]);
      expect(v.hops.length, `${routing} on ${topology}`).toBe(ref.length);
      expect(v.hops.at(-1)?.to ?? from).toBe(t.format(t.parse(to)));
    }
  });

  it('with faults, the route of `wormcast route --faults --json`: dim-reversal goes round them, dor says it cannot deliver', async () => {
    for (const [routing, faults, seed] of [
      ['dim-reversal', 'link:2,2-3,2;node:4,3', ''],
      ['dim-reversal', 'links:6', '5'],
      ['dor', 'link:2,2-3,2', ''],
    ] as const) {
      const req = { topology: 'mesh:6x6', routing, from: '0,2', to: '5,3', faults, faultSeed: seed };
      const v = await computeRoute(req, wasm);
      const argv = ['route', '--topology', 'mesh:6x6', '--routing', routing, '--from', '0,2', '--to', '5,3'];
      const cli = await runMain([...argv, '--faults', faults, ...(seed ? ['--fault-seed', seed] : []), '--json']);
      const j = JSON.parse(cli.stdout);
      const what = `${routing} ${faults}`;
      expect(v.differences, what).toEqual([]);
      expect(v.hops, what).toEqual(j.path);
      expect(v.undeliverable === '', what).toBe(j.deliverable);
      const dead = v.faults!.channels;
      if (routing === 'dim-reversal')
        expect(
          v.channels.filter((c) => dead[c] === 1),
          what,
        ).toEqual([]);
      else
        expect(
          v.channels.some((c) => dead[c] === 1),
          what,
        ).toBe(true);
    }
    await expect(computeRoute({ ...ROUTE_BASE, faultSeed: '3' }, wasm)).rejects.toThrow(
      /fault seed applies with faults only/,
    );
    await expect(computeRoute({ ...ROUTE_BASE, faults: 'bogus' }, wasm)).rejects.toThrow(/faults: bad item 'bogus'/);
  });

  it('compareRoute names a differing hop and a differing length', () => {
    const t = parseTopology('ccc:3');
    const r = createRouting('hc', t);
    const ref = tracePath(r, t.parse('(1,000)'), t.parse('(0,111)'));
    const words = ref.map((h) => pack(h.port, h.vc));
    expect(compareRoute(r, ref, words)).toEqual([]);
    words[2] = pack(ref[2]!.port, 3);
    expect(compareRoute(r, ref, words)).toEqual(['hop 3 at (2,100): wasm cycle- vc l1, reference cycle- vc l0']);
    expect(
      compareRoute(
        r,
        ref,
        words.slice(0, 5).map((_, i) => pack(ref[i]!.port, ref[i]!.vc)),
      ),
    ).toEqual(['wasm takes 5 hops, the reference 6']);
  });

  it('bad input rejects with the WormcastError of the parser or registry', async () => {
    const ask = (topology: string, routing: string, from: string, to: string): Promise<unknown> =>
      computeRoute({ topology, routing, from, to }, wasm);
    await expect(ask('ccc:1', 'hc', '(0,0)', '(0,1)')).rejects.toThrow(new WormcastError('ccc:1: n must be 3..16'));
    await expect(ask('ccc:3', 'nope', '(0,000)', '(0,111)')).rejects.toThrow(
      /^wormcast: unknown routing 'nope': expected one of ecube, dor, hc/,
    );
    await expect(ask('ccc:3', 'ecube', '(0,000)', '(0,111)')).rejects.toBeInstanceOf(WormcastError);
    await expect(ask('ccc:3', 'hc', '(9,000)', '(0,111)')).rejects.toBeInstanceOf(WormcastError);
  });
});

describe('plan panel', () => {
  it('seed 001 Fig. 5 with u-cube: 4 steps = lower bound, 8 unicasts in step order, contention-free (as `wormcast plan`)', () => {
    const v = computePlan(FIG5);
    expect(v.heading).toBe('u-cube on hypercube:4 (routing ecube, one-port): 0100 to 8 destinations');
    expect([
      v.steps,
      v.lowerBound,
      v.meanSteps,
      v.worms,
      v.traffic,
      v.additionalTraffic,
      v.maxHops,
      v.meanHops,
    ]).toEqual([4, 4, 2.625, 8, 15, 7, 8, 4.5]);
    expect(v.contention).toEqual({ violations: 0, examples: [], channels: [] });
    expect(v.sharing).toEqual({ sharedPairs: 0, blocked: 0, steps: 4, meanSteps: 2.625 });
    expect(v.rows.map((r) => r.step)).toEqual([1, 2, 2, 3, 3, 3, 3, 4]);
    expect(v.rows[0]).toEqual({
      id: 0,
      step: 1,
      from: '0100',
      to: '0011',
      kind: 'unicast',
      network: '',
      path: '0100 -dim 2-> 0000 -dim 1-> 0010 -dim 0-> 0011',
      address: '1111 1000 1010 1011',
    });
    expect(v.hidden).toBe(0);
  });

  it('w-sort on Fig. 5 is all-port by design (2 steps, seed 001 Fig. 3(e)); port one overrides (4 steps)', () => {
    expect(computePlan({ ...FIG5, algorithm: 'w-sort' })).toMatchObject({ port: 'all', steps: 2, lowerBound: 2 });
    expect(computePlan({ ...FIG5, algorithm: 'w-sort', port: 'one' })).toMatchObject({ port: 'one', steps: 4 });
  });

  it("random:<m> with a seed is the CLI's set (u-ccc on ccc:6, random:40 seed 3: 6 steps); rows beyond the limit are counted, not shown", () => {
    const v = computePlan(
      {
        topology: 'ccc:6',
        algorithm: 'u-ccc',
        routing: '',
        source: '0',
        dests: 'random:40',
        port: '',
        seed: '3',
        check: false,
      },
      10,
    );
    expect(v.destinations).toHaveLength(40);
    expect(v.steps).toBe(6);
    expect(v.rows).toHaveLength(10);
    expect(v.hidden).toBe(30);
    expect(v.contention).toBeUndefined();
  });

  it('a tree worm shows its edges, not a chain (x-first, seed 004 section 5.4)', () => {
    const v = computePlan({
      topology: 'mesh:6x6',
      algorithm: 'x-first',
      routing: '',
      source: '2,2',
      dests: '0,0;5,4;1,5;4,0',
      port: '',
      seed: '',
      check: true,
    });
    expect(v.rows).toHaveLength(1);
    expect(v.rows[0]!.kind).toBe('tree');
    expect(v.rows[0]!.path.split(', ').slice(0, 3)).toEqual(['2,2 -+x-> 3,2', '2,2 --x-> 1,2', '3,2 -+x-> 4,2']);
    expect(v.traffic).toBe(14);
  });

  it('bad input throws the WormcastError naming it', () => {
    expect(() => computePlan({ ...FIG5, algorithm: 'u-ccc' })).toThrow(
      new WormcastError('algorithm u-ccc: needs a ccc topology, not hypercube:4'),
    );
    expect(() => computePlan({ ...FIG5, port: 'two' })).toThrow(
      new WormcastError("port model 'two': expected one or all"),
    );
    expect(() => computePlan({ ...FIG5, seed: '-1' })).toThrow(WormcastError);
    expect(() => computePlan({ ...FIG5, dests: '0100' })).toThrow(
      new WormcastError('hypercube:4: destination 0100 is the source'),
    );
  });
});

describe('simulation panel', () => {
  it('seed 004 Fig. 6.1: the E-cube broadcast trees deadlock; the report names the wait-for cycle', async () => {
    const v = await computeSimulation({ ...SIM, scenario: 'lin-fig-6.1' }, wasm);
    expect(v.result.status).toBe('deadlock');
    expect(v.deadlock).toEqual([
      'DEADLOCK at cycle 209: worms 0 -> 1 -> 0 each wait for a VC the next one holds:',
      'worm 0 waits for network channel 001 dim 1 vc c',
      'worm 1 waits for network channel 000 dim 1 vc c',
      'waiting worms: 0, 1',
    ]);
  });

  it('the same broadcasts as dual-path worms finish (seed 004 section 6.3): no deadlock', async () => {
    const v = await computeSimulation({ ...SIM, scenario: 'lin-fig-6.1-dual-path' }, wasm);
    expect(v.result.status).toBe('finished');
    expect(v.deadlock).toBeNull();
  });

  it('dynamic traffic gives exactly the numbers of simulate() in Node, for unicast and a multicast algorithm', async () => {
    const v = await computeSimulation(SIM, wasm);
    const node = await simulate({
      topology: 'mesh:4x4',
      algorithm: 'unicast',
      dests: 0,
      load: 0.1,
      flits: 16,
      warmup: 100,
      measure: 1000,
      drain: 1000,
      seed: 1,
      engine: 'wasm',
      options: { buffer: 8, vcsPerClass: 1, port: 'one' },
    });
    expect(v.result).toEqual(node);
    expect(v.heading).toBe(
      'mesh:4x4 unicast (routing dor), offered 0.1 flits/node/cycle, 16-flit messages, one-port nodes, consumption channels one per node, wasm engine',
    );
    const m = await computeSimulation(
      { ...SIM, topology: 'hypercube:4', algorithm: 'u-cube', dests: '5', load: '0.05', port: 'all' },
      wasm,
    );
    const nodeM = await simulate({
      topology: 'hypercube:4',
      algorithm: 'u-cube',
      dests: 5,
      load: 0.05,
      flits: 16,
      warmup: 100,
      measure: 1000,
      drain: 1000,
      seed: 1,
      engine: 'reference',
      options: { buffer: 8, vcsPerClass: 1, port: 'all', injection: 'after-tail' },
    });
    expect(m.result.status).toBe('finished');
    expect(m.result.meanLatency).toBe(nodeM.meanLatency);
    expect(m.result.flitHops).toBe(nodeM.flitHops);
  });

  it("the default node model is the CLI's: the algorithm's port model, one consumption channel per incoming VC for path worms (issue 10 item 2)", async () => {
    const v = await computeSimulation({ ...SIM, algorithm: 'dual-path', dests: '4', load: '0.05', port: '' }, wasm);
    expect(v.heading).toContain('all-port nodes, consumption channels one per incoming VC');
    const node = await simulate({
      topology: 'mesh:4x4',
      algorithm: 'dual-path',
      dests: 4,
      load: 0.05,
      flits: 16,
      warmup: 100,
      measure: 1000,
      drain: 1000,
      seed: 1,
      engine: 'wasm',
      // the CLI's injection rule for a multicast: after-tail (docs/model-flit.md "The source")
      options: { buffer: 8, vcsPerClass: 1, port: 'all', consumption: 'vc', injection: 'after-tail' },
    });
    expect(v.result).toEqual(node);
  });

  it("the injection rule is the CLI's: the page's dual-path run equals `wormcast simulate`'s, its unicast run too", async () => {
    for (const [algorithm, dests] of [
      ['dual-path', '4'],
      ['unicast', ''],
    ] as const) {
      const v = await computeSimulation({ ...SIM, algorithm, dests, load: '0.05', port: '' }, wasm);
      const argv = ['simulate', '--topology', 'mesh:4x4', '--algorithm', algorithm, '--load', '0.05', '--flits', '16'];
      if (dests) argv.push('--dests', dests);
      argv.push(
        '--warmup',
        '100',
        '--cycles',
        '1000',
        '--drain',
        '1000',
        '--seed',
        '1',
        '--vcs',
        '1',
        '--buffer',
        '8',
        '--json',
      );
      const cli = await runMain(argv);
      expect(cli.status).toBe(0);
      const j = JSON.parse(cli.stdout);
      // the CLI's JSON rounds to 4 decimals
      expect(v.result.meanLatency).toBeCloseTo(j.meanLatency, 3);
      expect(v.result.flitHops).toBe(j.flitHops);
    }
  });

  it("this round's options from the form (pattern, process, sizes, adaptive routing and selection, faults) run as `wormcast simulate` runs them", async () => {
    const cases: Array<[Partial<SimulationRequest>, string[]]> = [
      [{ topology: 'torus:8x8', pattern: 'tornado' }, ['--topology', 'torus:8x8', '--pattern', 'tornado']],
      [
        { pattern: 'hotspot', hotspots: '0,5', hotspotFraction: '0.5' },
        ['--pattern', 'hotspot', '--hotspots', '0,5', '--hotspot-fraction', '0.5'],
      ],
      [{ pattern: 'near', radius: '2' }, ['--pattern', 'near', '--radius', '2']],
      [{ process: 'onoff', onoff: '0.1,0.2' }, ['--process', 'onoff', '--onoff', '0.1,0.2']],
      [{ process: 'batch', batch: '3' }, ['--process', 'batch', '--batch', '3']],
      [{ sizes: '4:1,16:1' }, ['--sizes', '4:1,16:1']],
      [{ routing: 'west-first', selection: 'random' }, ['--routing', 'west-first', '--selection', 'random']],
      [{ faults: 'links:3', faultSeed: '2' }, ['--faults', 'links:3', '--fault-seed', '2']],
    ];
    for (const [fields, flags] of cases) {
      const v = await computeSimulation({ ...SIM, ...fields }, wasm);
      // the form's topology unless the case gives its own (a flag given twice is refused)
      const topology = flags.includes('--topology') ? [] : ['--topology', 'mesh:4x4'];
      const argv = ['simulate', ...topology, '--load', '0.1', '--flits', '16'];
      // a batch is measured whole: simulate refuses a window beside it (the form's is not used)
      if (fields.process !== 'batch') argv.push('--warmup', '100', '--cycles', '1000', '--drain', '1000');
      argv.push('--seed', '1', '--vcs', '1', '--buffer', '8', '--port', 'one');
      const cli = await runMain([...argv, ...flags, '--json']);
      const what = flags.join(' ');
      expect(cli.stderr, what).toBe('');
      const j = JSON.parse(cli.stdout);
      expect(v.result.flitHops, what).toBe(j.flitHops);
      expect(v.result.multicasts, what).toBe(j.multicasts);
      expect(v.result.meanLatency, what).toBeCloseTo(j.meanLatency, 3);
      expect(v.result.meanHops, what).toBeCloseTo(j.meanHops, 3);
      expect(v.result.drainTime, what).toBe(j.drainTime);
      expect(v.result.faults, what).toEqual(j.faults);
      // the heading names each option the form set, in the form's words
      if (fields.pattern) expect(v.heading).toContain(`, pattern ${fields.pattern}`);
      if (fields.faults) expect(v.heading).toContain(`, fault seed ${fields.faultSeed}`);
    }
    // tornado on the 8x8 torus: every message goes 3 hops in each dimension (README, docs/traffic.md)
    expect((await computeSimulation({ ...SIM, topology: 'torus:8x8', pattern: 'tornado' }, wasm)).result.meanHops).toBe(
      6,
    );
  });

  it("a bad value of this round's options is one line naming the form's field", async () => {
    await expect(computeSimulation({ ...SIM, hotspotFraction: '2' }, wasm)).rejects.toThrow(
      new WormcastError("hotspot fraction: '2' must be a number 0..1"),
    );
    await expect(computeSimulation({ ...SIM, pattern: 'nope' }, wasm)).rejects.toThrow(
      /pattern 'nope': expected uniform or /,
    );
    await expect(computeSimulation({ ...SIM, faultSeed: '-1' }, wasm)).rejects.toThrow(/: fault seed: '-1'/);
    for (const [fields, field] of [
      [{ pattern: 'hotspot' }, 'hotspots'],
      [{ pattern: 'hotspot', hotspots: '0,x' }, 'hotspots'],
      [{ process: 'onoff', onoff: '0.1' }, 'onoff'],
      [{ sizes: '4:x' }, 'sizes'],
      [{ faults: 'bogus' }, 'faults'],
    ] as const) {
      const e = await computeSimulation({ ...SIM, ...fields }, wasm).then(
        () => null,
        (x: unknown) => x,
      );
      expect(e, JSON.stringify(fields)).toBeInstanceOf(WormcastError);
      const text = errorText(e);
      expect(text.split('\n'), text).toHaveLength(1);
      expect(text, JSON.stringify(fields)).toContain(field);
      expect(text).not.toContain('--');
    }
  });

  it('bad input and oversized runs throw a WormcastError naming the field and its range', async () => {
    await expect(computeSimulation({ ...SIM, load: 'x' }, wasm)).rejects.toThrow(
      new WormcastError("load (flits per node per cycle): 'x' must be a number 1e-9..16"),
    );
    await expect(computeSimulation({ ...SIM, algorithm: 'u-mesh', dests: '16' }, wasm)).rejects.toThrow(
      new WormcastError('destinations per multicast on mesh:4x4: 16 is out of range; must be 1..15'),
    );
    await expect(computeSimulation({ ...SIM, scenario: 'nope' }, wasm)).rejects.toThrow(
      /^wormcast: unknown scenario 'nope': expected one of lin-fig-6.1/,
    );
    await expect(
      computeSimulation({ ...SIM, topology: 'mesh:32x32', load: '1', cycles: '100000' }, wasm),
    ).rejects.toThrow(`at most ${MAX_MESSAGES}`);
  });
});

describe('errorText', () => {
  it('shows a WormcastError as it is and anything else as an internal error', () => {
    expect(errorText(new WormcastError('ccc:1: n must be 3..16'))).toBe('wormcast: ccc:1: n must be 3..16');
    expect(errorText(new RangeError('boom'))).toBe('internal error: boom');
    expect(errorText('plain')).toBe('internal error: plain');
  });
});

describe('plan drawing: contention highlighted (issue 14)', () => {
  it('U-cube on all-port nodes contends (seed 001 Definition 4): the contended channels are drawn as thick red arrows, named in the legend', () => {
    // the 6-cube set of test/multicast-hypercube.test.ts, whose U-cube plan contends under the all-port model
    const dests =
      '000001 000011 000100 000101 000110 001010 001011 010000 010011 010101 010111 011000 011011 011111 100000 100001 100011 101100 101111 110001 110010 110101 110111 111001 111110';
    const v = computePlan({
      topology: 'hypercube:6',
      algorithm: 'u-cube',
      routing: '',
      source: '000000',
      dests,
      port: 'all',
      seed: '',
      check: true,
    });
    expect(v.contention!.violations).toBeGreaterThan(0);
    const o = planOverlay(v);
    expect(o.cycle).toBeDefined();
    expect(Array.from(o.cycle!).sort((a, b) => a - b)).toEqual([...v.contention!.channels].sort((a, b) => a - b));
    // every contended channel is a channel of the plan
    const arrows = new Set(Array.from(o.arrows));
    for (const c of o.cycle!) expect(arrows.has(c)).toBe(true);
    expect(o.legend.some(([, text]) => text.startsWith('contended channel'))).toBe(true);
    // a contention-free plan draws none
    expect(planOverlay(computePlan(FIG5)).cycle).toBeUndefined();
  });
});

describe('plan drawing: physical link sharing highlighted (issue 14)', () => {
  it('U-CCC on the 5-CCC (seed 000 section 6): links two unicasts of one step cross are hot exactly when the analysis counts shared pairs', () => {
    for (const seed of ['1', '2', '3']) {
      const v = computePlan({
        topology: 'ccc:5',
        algorithm: 'u-ccc',
        routing: '',
        source: '(0,00000)',
        dests: 'random:40',
        port: '',
        seed,
        check: true,
      });
      const heat = sharedLinks(v.drawing);
      const o = planOverlay(v);
      expect(heat !== undefined, `seed ${seed}: ${v.sharing!.sharedPairs} shared pairs`).toBe(
        v.sharing!.sharedPairs > 0,
      );
      if (heat) {
        expect(o.heat).toEqual(heat);
        expect(o.legend.some(([, text]) => text.startsWith('link shared'))).toBe(true);
        // every hot link is crossed by the plan
        const arrows = new Set(Array.from(o.arrows));
        heat.forEach((h, c) => {
          if (h > 0) expect(arrows.has(c)).toBe(true);
        });
      } else expect(o.heat).toBeUndefined();
    }
  });
});
