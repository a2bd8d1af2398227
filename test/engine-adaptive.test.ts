import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../src/engine/reference.ts';
import type { EngineOptions, WormSpec } from '../src/engine/types.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { choiceTaken } from '../src/routing/choice-taken.ts';
import { createRouting } from '../src/routing/registry.ts';
import type { RoutingFunction } from '../src/routing/types.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { firstResultDifference, runResults } from './engine-compare.ts';
import { runCli } from './cli.ts';
import { rng } from './utils.ts';

/*
 * Issue 26 step 4: both engines route adaptive functions (docs/model-flit.md "Adaptive routing:
 * choices and selection"): the same results, cycle for cycle, and the selection really chooses.
 */

const CASES: Array<[string, string, string | undefined]> = [
  ['mesh:4x4', 'west-first', 'first-free'],
  ['mesh:4x4', 'north-last', 'random'],
  ['mesh:4x4', 'negative-first', 'first-free'],
  ['mesh:4x4', 'planar-adaptive', 'first-free'],
  ['mesh:5x3', 'planar-adaptive', 'random'],
  ['mesh:4x4', 'min-adaptive', 'first-free'],
  ['mesh:3x5', 'min-adaptive', 'random'],
  ['torus:4x4', 'min-adaptive', 'first-free'],
  ['torus:5x4', 'min-adaptive', 'random'],
  ['hypercube:4', 'min-adaptive', 'first-free'],
  ['hypercube:4', 'min-adaptive', 'random'],
  ['mesh:4x4', 'west-first', 'most-credits'],
  ['mesh:5x3', 'min-adaptive', 'most-credits'],
  ['torus:4x4', 'min-adaptive', 'most-credits'],
  ['hypercube:4', 'min-adaptive', 'most-credits'],
  ['mesh:4x4', 'planar-adaptive', 'most-credits'],
  ['mesh:4x4', 'o1turn', undefined],
  ['mesh:4x4', 'valiant', undefined],
  ['torus:4x4', 'valiant', undefined],
];

function unicasts(seed: number, nodes: number): WormSpec[] {
  const g = rng(seed * 131 + 7);
  const worms: WormSpec[] = [];
  let time = 0;
  for (let i = 0; i < 60; i++) {
    time += Math.floor(g() * 3);
    const src = Math.floor(g() * nodes);
    worms.push({
      kind: 'unicast',
      src,
      dests: [Math.floor(g() * nodes)],
      flits: 1 + Math.floor(g() * 10),
      created: time,
    });
  }
  return worms;
}

function optionsOf(seed: number): EngineOptions {
  const g = rng(seed * 7919 + 13);
  return {
    buffer: 1 + Math.floor(g() * 4),
    routerDelay: Math.floor(g() * 3),
    startup: Math.floor(g() * 2),
    port: g() < 0.5 ? 'one' : 'all',
    vcLinks: g() < 0.3,
    vcsPerClass: g() < 0.6 ? 1 : 2,
    watchdog: 200,
    channelUse: true,
    readyListAt: [2048, 0, 12, 40][seed % 4],
    injection: seed % 3 === 2 ? 'after-tail' : 'back-to-back',
    vcRelease: seed % 5 === 3 ? 'tail-sent' : 'tail-credit',
  };
}

/** The same function without its choices: what the engines ran before (its route only). */
function deterministic(r: RoutingFunction): RoutingFunction {
  return { ...r, choices: undefined, wasmOption: r.wasmOption & 0xff, selection: undefined };
}

describe('adaptive routing in both engines (issue 26)', () => {
  it.each(CASES)(
    '%s %s (selection %s): wasm = reference on 8 loaded runs each, and no run deadlocks',
    async (spec, name, selection) => {
      const t = parseTopology(spec);
      const r = createRouting(name, t, selection ? { selection } : {});
      let differs = 0;
      for (let seed = 0; seed < 8; seed++) {
        const input = { routing: r, worms: unicasts(seed, t.nodes), options: optionsOf(seed) };
        const ref = new ReferenceEngine(input);
        const wasm = await WasmEngine.create(input);
        const s1 = ref.runUntil(50_000);
        const s2 = wasm.runUntil(50_000);
        expect(firstResultDifference(`${spec} ${name} seed ${seed}`, ref, s1, wasm, s2)).toBeNull();
        expect(s1).toBe('finished');
        if (r.choices) {
          const det = new ReferenceEngine({ ...input, routing: deterministic(r) });
          const s3 = det.runUntil(50_000);
          if (JSON.stringify(runResults(det, s3)) !== JSON.stringify(runResults(ref, s1))) differs++;
        }
      }
      // the selection takes other outputs than the default route on some of these loaded runs
      if (r.choices) expect(differs).toBeGreaterThan(0);
    },
  );
});

describe('most-credits reads the credits on the wire: linkLatency 2 and 3, both engines', () => {
  it.each([
    ['mesh:4x4', 'west-first'],
    ['mesh:4x4', 'min-adaptive'],
    ['torus:4x4', 'min-adaptive'],
  ])('%s %s: wasm = reference on 6 loaded runs', async (spec, name) => {
    const t = parseTopology(spec);
    const r = createRouting(name, t, { selection: 'most-credits' });
    for (let seed = 0; seed < 6; seed++) {
      const input = {
        routing: r,
        worms: unicasts(seed, t.nodes),
        options: { ...optionsOf(seed), linkLatency: 2 + (seed % 2) },
      };
      const ref = new ReferenceEngine(input);
      const wasm = await WasmEngine.create(input);
      const s1 = ref.runUntil(50_000);
      const s2 = wasm.runUntil(50_000);
      expect(firstResultDifference(`${spec} ${name} most-credits seed ${seed}`, ref, s1, wasm, s2)).toBeNull();
      expect(s1).toBe('finished');
    }
  });
});

describe('wormcast simulate with adaptive routing (issue 26)', () => {
  it('--routing west-first and min-adaptive --selection random run to the end, deadlock-free by the check; --selection on dor is refused naming the adaptive functions', () => {
    const wf = runCli('simulate', '--topology', 'mesh:6x6', '--routing', 'west-first', '--load', '0.2', '--json');
    expect(wf.status).toBe(0);
    expect(JSON.parse(wf.stdout)).toMatchObject({ status: 'finished' });
    const ma = runCli(
      'simulate',
      '--topology',
      'torus:6x6',
      '--routing',
      'min-adaptive',
      '--selection',
      'random',
      '--load',
      '0.3',
    );
    expect(ma.status).toBe(0);
    expect(ma.stdout).toMatch(/selection random, wasm engine; deadlock check: acyclic/);
    const bad = runCli(
      'simulate',
      '--topology',
      'mesh:6x6',
      '--routing',
      'dor',
      '--selection',
      'random',
      '--load',
      '0.1',
    );
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim()).toBe(
      'wormcast: --selection random: applies to traffic routed by an adaptive function (west-first, north-last, negative-first, planar-adaptive, min-adaptive, label-adaptive (algorithm adaptive-dual-path)), not routing dor',
    );
  });
});

describe('the selection rule, hand-derived (docs/model-flit.md "Adaptive routing: choices and selection")', () => {
  // mesh:4x4, node = x + 4 y. Worm A: (0,1) -> (3,1), 40 flits, through (1,1) east to (2,1): it
  // holds channel (1,1) east while its 40 flits pass. Worm B: (1,1) -> (2,2), 4 flits, created at
  // cycle 6, when A holds that channel. West-first offers B east then north: first-free takes
  // north ((1,1) -> (1,2) -> (2,2)); the default route (east first) waits for A's tail.
  const t = parseTopology('mesh:4x4');
  const worms: WormSpec[] = [
    { kind: 'unicast', src: 4, dests: [7], flits: 40, created: 0 },
    { kind: 'unicast', src: 5, dests: [10], flits: 4, created: 6 },
  ];
  const options: EngineOptions = { buffer: 2, routerDelay: 1, startup: 1, channelUse: true };
  const eastOf5 = 5 * t.ports + 0;
  const northOf5 = 5 * t.ports + 2;
  it.each(['reference', 'wasm'])(
    '%s engine: B turns north around A with first-free, and waits behind A without choices',
    async (kind) => {
      const r = createRouting('west-first', t);
      for (const [routing, turns] of [
        [r, true],
        [deterministic(r), false],
      ] as const) {
        const input = { routing, worms, options };
        const e = kind === 'wasm' ? await WasmEngine.create(input) : new ReferenceEngine(input);
        expect(e.runUntil(10_000)).toBe('finished');
        const flits = e.channelFlits();
        const times = e.times();
        if (turns) {
          expect(flits[eastOf5]).toBe(40);
          expect(flits[northOf5]).toBe(4);
          // B is done long before A's tail has passed (1,1)
          expect(times.done[1]!).toBeLessThan(times.done[0]! - 20);
        } else {
          expect(flits[eastOf5]).toBe(44);
          expect(flits[northOf5]).toBe(0);
          expect(times.done[1]!).toBeGreaterThan(times.done[0]!);
        }
      }
    },
  );
});

describe('the choice a header took, as a view reads it (src/routing/choice-taken.ts)', () => {
  it("B of the case above, routed at (1,1) while A holds the east channel: west-first's [east, north], north taken (index 1), read from the reference's slots", () => {
    const t = parseTopology('mesh:4x4');
    const r = createRouting('west-first', t);
    const worms: WormSpec[] = [
      { kind: 'unicast', src: 4, dests: [7], flits: 40, created: 0 },
      { kind: 'unicast', src: 5, dests: [10], flits: 4, created: 6 },
    ];
    const e = new ReferenceEngine({ routing: r, worms, options: { buffer: 2, routerDelay: 1, startup: 1 } });
    let taken: ReturnType<typeof choiceTaken> | undefined;
    while (!taken && e.runUntil(e.cycle + 1) !== 'finished') {
      for (const s of e.owner) {
        if (s?.kind !== 'network' || s.worm.n !== 1 || !s.parent) continue;
        const p = s.parent;
        taken = choiceTaken(r, p.node, worms[1]!.dests[s.target]!, p.cls, s.worm.key, p.port, (s.cls << 8) | s.port);
      }
    }
    expect(taken).toEqual({ choices: [0, 2], index: 1 });
  });
});

describe('most-credits, hand-derived (docs/model-flit.md "Adaptive routing: choices and selection")', () => {
  // The worms above with 2 VCs per class: when B is routed at (1,1), A holds one VC of the east
  // channel and its flits stream through that VC's buffer at (2,1), while the channel's other VC and
  // both VCs north are free and empty. Both of B's choices are free: first-free takes east (the
  // first), most-credits north (the east channel has fewer free buffer flits: V * B minus A's).
  const t = parseTopology('mesh:4x4');
  const worms: WormSpec[] = [
    { kind: 'unicast', src: 4, dests: [7], flits: 40, created: 0 },
    { kind: 'unicast', src: 5, dests: [10], flits: 4, created: 6 },
  ];
  const eastOf5 = 5 * t.ports + 0;
  const northOf5 = 5 * t.ports + 2;
  it.each(['reference', 'wasm'])(
    '%s engine: first-free shares the east channel with A; most-credits turns north',
    async (kind) => {
      for (const vcRelease of ['tail-credit', 'tail-sent'] as const) {
        const options: EngineOptions = {
          buffer: 2,
          routerDelay: 1,
          startup: 1,
          channelUse: true,
          vcsPerClass: 2,
          vcRelease,
        };
        for (const [selection, east, north] of [
          ['first-free', 44, 0],
          ['most-credits', 40, 4],
        ] as const) {
          const input = { routing: createRouting('west-first', t, { selection }), worms, options };
          const e = kind === 'wasm' ? await WasmEngine.create(input) : new ReferenceEngine(input);
          expect(e.runUntil(10_000)).toBe('finished');
          expect([e.channelFlits()[eastOf5], e.channelFlits()[northOf5]], `${selection} ${vcRelease}`).toEqual([
            east,
            north,
          ]);
        }
      }
    },
  );
});
