import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDependencyGraph, checkDeadlock, unicastScheme, withOneClass } from '../src/analysis/deadlock.ts';
import { ReferenceEngine } from '../src/engine/reference.ts';
import type { EngineInput, EngineOptions, WormSpec } from '../src/engine/types.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { wormKey } from '../src/engine/worm-key.ts';
import { resolvePoint, simulateCommand, simulateConfig } from '../src/experiment/config/point-config.ts';
import { optionValueError } from '../src/experiment/config/schema.ts';
import { makeEngine, simulate, simulationRouting } from '../src/experiment/run/simulate.ts';
import { mulberry32 } from '../src/random.ts';
import { createRouting } from '../src/routing/registry.ts';
import { DELIVER, INJECT, pack, type RoutingFunction } from '../src/routing/types.ts';
import type { Grid } from '../src/topology/grid.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { WasmRouting } from '../src/wasm/module.ts';
import { runCli } from './cli.ts';
import { firstResultDifference } from './engine-compare.ts';

// Issue 15, "Rules a BookSim user expects": dor on a torus with tieBreak 'random' takes + or - at
// offset k/2 per packet and dimension (BookSim's dor_next_torus), from bit d of the worm's key,
// a hash of (routeSeed, worm number) (docs/model-flit.md "Routing keys").

const grid = (spec: string): Grid => parseTopology(spec) as Grid;
const randomDor = (spec: string): RoutingFunction => createRouting('dor', grid(spec), { tieBreak: 'random' });

/** Torus distance between a and b (the minimal hop count). */
function distance(g: Grid, a: number, b: number): number {
  let h = 0;
  for (let d = 0; d < g.dims.length; d++) {
    const k = g.dims[d]!;
    const off = (g.coord(b, d) - g.coord(a, d) + k) % k;
    h += Math.min(off, k - off);
  }
  return h;
}

/** The route words from src to dst under key `key` (each route told the port the header arrived by). */
function trace(r: RoutingFunction, src: number, dst: number, key: number): number[] {
  const words: number[] = [];
  let node = src;
  let vc = INJECT;
  let inPort = -1;
  for (let i = 0; i < 4 * r.topology.nodes; i++) {
    const w = r.route(node, dst, vc, key, inPort);
    if (w === DELIVER) return words;
    words.push(w);
    node = r.topology.neighbor(node, w & 0xff);
    vc = w >> 8;
    inPort = w & 0xff;
  }
  throw new Error(`no delivery ${src} -> ${dst}`);
}

describe('dor tieBreak random: the routing function', () => {
  it('on a ring of 4, 0 -> 2: key bit 0 clear takes + (class d1: no wrap ahead), set takes - over the wrap link (d0, then d1)', () => {
    const r = randomDor('torus:4');
    expect(r.keys).toBe(2);
    expect(r.wasmOption).toBe(1);
    expect(trace(r, 0, 2, 0)).toEqual([pack(0, 1), pack(0, 1)]);
    expect(trace(r, 0, 2, 1)).toEqual([pack(1, 0), pack(1, 1)]);
    // 'plus' (the default) ignores the key
    const plus = createRouting('dor', grid('torus:4'));
    expect(plus.keys).toBeUndefined();
    expect(trace(plus, 0, 2, 1)).toEqual([pack(0, 1), pack(0, 1)]);
    // off the tie the key changes nothing: 0 -> 1 and 0 -> 3 are one hop, whatever the key
    for (const key of [0, 1]) {
      expect(trace(r, 0, 1, key)).toEqual([pack(0, 1)]);
      expect(trace(r, 0, 3, key)).toEqual([pack(1, 0)]);
    }
  });

  it('on torus:4x4, (0,0) -> (2,2): bit 0 chooses the x direction, bit 1 the y direction, independently', () => {
    const g = grid('torus:4x4');
    const r = randomDor('torus:4x4');
    expect(r.keys).toBe(4);
    const dirs = (key: number) => trace(r, g.parse('0,0'), g.parse('2,2'), key).map((w) => w & 0xff);
    // ports: 2d for +, 2d + 1 for -
    expect(dirs(0)).toEqual([0, 0, 2, 2]);
    expect(dirs(1)).toEqual([1, 1, 2, 2]);
    expect(dirs(2)).toEqual([0, 0, 3, 3]);
    expect(dirs(3)).toEqual([1, 1, 3, 3]);
  });

  it('the AssemblyScript twin gives the same word for every node, destination, input class and key', async () => {
    for (const spec of ['torus:4x6', 'torus:4x3x4', 'torus:8', 'torus:5x5']) {
      const r = randomDor(spec);
      const wasm = await WasmRouting.create(r);
      const n = r.topology.nodes;
      const keys = r.keys ?? 1;
      let diff = 0;
      for (let a = 0; a < n; a++)
        for (let b = 0; b < n; b++)
          for (const vc of [INJECT, 0, 1])
            for (let key = 0; key < keys; key++) if (wasm.route(a, b, vc, key) !== r.route(a, b, vc, key)) diff++;
      expect(diff, spec).toBe(0);
    }
  });

  it('property: every route is minimal, and at offset k/2 both directions occur, about half each over many worms', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(4, 6, 8, 10, 16), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (dims, seed, firstWorm) => {
          const g = grid(`torus:${dims.join('x')}`);
          const r = createRouting('dor', g, { tieBreak: 'random' });
          const rand = mulberry32(seed);
          const worms = 400;
          // per dimension: how often its tie went + and how often it arose
          const plus = dims.map(() => 0);
          const ties = dims.map(() => 0);
          for (let i = 0; i < worms; i++) {
            const src = Math.floor(rand() * g.nodes);
            // a destination at offset k/2 in every dimension: each dimension's tie arises
            let dst = 0;
            for (let d = dims.length - 1; d >= 0; d--)
              dst = dst * dims[d]! + ((g.coord(src, d) + dims[d]! / 2) % dims[d]!);
            const key = wormKey(seed, firstWorm + i, r.keys);
            const words = trace(r, src, dst, key);
            expect(words.length).toBe(distance(g, src, dst));
            for (let d = 0; d < dims.length; d++) {
              const first = words.find((w) => (w & 0xff) >> 1 === d)!;
              ties[d]!++;
              if ((first & 1) === 0) plus[d]!++;
            }
            // random pairs as well: every route minimal
            const other = Math.floor(rand() * g.nodes);
            expect(trace(r, src, other, key).length).toBe(distance(g, src, other));
          }
          // binomial(400, 1/2): standard deviation 10; 0.4..0.6 is 4 of them
          for (let d = 0; d < dims.length; d++) {
            expect(plus[d]! / ties[d]!).toBeGreaterThanOrEqual(0.4);
            expect(plus[d]! / ties[d]!).toBeLessThanOrEqual(0.6);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('dor tieBreak random: the deadlock checker', () => {
  it('with the two dateline classes both directions together stay acyclic; with one class they are not', () => {
    for (const spec of ['torus:8x8', 'torus:4x6x4', 'torus:6', 'torus:16x4']) {
      const r = randomDor(spec);
      expect(checkDeadlock(unicastScheme(r)).verdict, spec).toBe('acyclic');
      expect(checkDeadlock(unicastScheme(withOneClass(r))).verdict, spec).toBe('cyclic');
      // the graph holds the - routes too: more VCs used than under 'plus'
      const plus = buildDependencyGraph(unicastScheme(createRouting('dor', grid(spec))));
      const random = buildDependencyGraph(unicastScheme(r));
      const count = (u: Uint8Array) => u.reduce((a, b) => a + b, 0);
      expect(count(random.used), spec).toBeGreaterThan(count(plus.used));
    }
  });

  it("the graph is exactly the union of every route's consecutive VC pairs over all keys", () => {
    for (const spec of ['torus:4x4', 'torus:6x4', 'torus:4x3']) {
      const r = randomDor(spec);
      const t = r.topology;
      const P = t.ports;
      const V = r.vcClasses.length;
      const want = new Set<string>();
      for (let a = 0; a < t.nodes; a++)
        for (let b = 0; b < t.nodes; b++)
          for (let key = 0; key < r.keys!; key++) {
            let node = a;
            let prev = -1;
            for (const w of trace(r, a, b, key)) {
              const vc = (node * P + (w & 0xff)) * V + (w >> 8);
              if (prev >= 0) want.add(`${prev}>${vc}`);
              prev = vc;
              node = t.neighbor(node, w & 0xff);
            }
          }
      const g = buildDependencyGraph(unicastScheme(r));
      const got = new Set<string>();
      g.succ.forEach((bits, c) => {
        const head = g.headOf[Math.floor(c / V)]!;
        for (let bit = 0; bit < 32; bit++) if ((bits >>> bit) & 1) got.add(`${c}>${head * P * V + bit}`);
      });
      expect([...got].sort(), spec).toEqual([...want].sort());
    }
  });
});

describe('dor tieBreak random: the engines', () => {
  it('rule: on a ring of 4, each worm 0 -> 2 takes the way its key bit 0 says, at the zero-load time either way (both engines)', async () => {
    // "Routing keys": worm n's key is wormKey(routeSeed, n, 2). L = 4, S = R = 1, B = 8: created at
    // c, header delivered at c + S + 1 + (h + 1)(R + 1) = c + 8 (h = 2 both ways), tail at c + 11.
    // + uses channels 0 -> 1 (node 0, port 0) and 1 -> 2 (node 1, port 0); - uses 0 -> 3 (node 0,
    // port 1) and 3 -> 2 (node 3, port 1); 4 flits on each.
    const r = randomDor('torus:4');
    const routeSeed = 12345;
    const worms: WormSpec[] = Array.from({ length: 12 }, (_, i) => ({
      kind: 'unicast',
      src: 0,
      dests: [2],
      flits: 4,
      created: 20 * i,
    }));
    const minus = worms.map((_, n) => wormKey(routeSeed, n, 2) === 1);
    // the sample holds both ways (the same pair, different packets: BookSim's per-packet draw)
    expect(minus.filter((m) => m).length).toBeGreaterThan(0);
    expect(minus.filter((m) => !m).length).toBeGreaterThan(0);
    const nMinus = minus.filter((m) => m).length;
    const want = new Array<number>(8).fill(0);
    want[0 * 2 + 0] = want[1 * 2 + 0] = 4 * (12 - nMinus);
    want[0 * 2 + 1] = want[3 * 2 + 1] = 4 * nMinus;
    for (const kind of ['reference', 'wasm'] as const) {
      const e = await makeEngine(kind, { routing: r, worms, options: { routeSeed } });
      expect(e.runUntil(10_000), kind).toBe('finished');
      expect([...e.channelFlits()], kind).toEqual(want);
      const t = e.times();
      expect([...t.destHead], kind).toEqual(worms.map((w) => w.created! + 8));
      expect([...t.destTail], kind).toEqual(worms.map((w) => w.created! + 11));
    }
    // 'plus' sends all 12 the + way
    const plusRun = await makeEngine('wasm', {
      routing: createRouting('dor', grid('torus:4')),
      worms,
      options: { routeSeed },
    });
    plusRun.runUntil(10_000);
    expect([...plusRun.channelFlits()]).toEqual([48, 0, 48, 0, 0, 0, 0, 0]);
  });

  it('differential: 120 random torus runs (tie-break random or plus, dateline booksim or position) give the same results on both engines, every route minimal', async () => {
    const specs = ['torus:4', 'torus:4x4', 'torus:6x4', 'torus:4x3x4', 'torus:8x8', 'torus:6x6'];
    let withMinus = 0;
    for (let seed = 0; seed < 120; seed++) {
      const rand = mulberry32(seed * 7919 + 1);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
      const spec = pick(specs);
      const dateline = rand() < 0.5 ? 'booksim' : 'position';
      const tieBreak = rand() < 0.75 ? 'random' : 'plus';
      const r = createRouting('dor', grid(spec), { tieBreak, dateline });
      const g = r.topology as Grid;
      const count = 10 + Math.floor(rand() * 60);
      const worms: WormSpec[] = [];
      for (let i = 0; i < count; i++) {
        const src = Math.floor(rand() * g.nodes);
        let dst = Math.floor(rand() * g.nodes);
        // half the worms at offset k/2 in every dimension: ties at every turn
        if (rand() < 0.5) {
          dst = 0;
          for (let d = g.dims.length - 1; d >= 0; d--)
            dst = dst * g.dims[d]! + ((g.coord(src, d) + Math.floor(g.dims[d]! / 2)) % g.dims[d]!);
        }
        if (dst === src) dst = (src + 1) % g.nodes;
        worms.push({
          kind: 'unicast',
          src,
          dests: [dst],
          flits: 1 + Math.floor(rand() * 8),
          created: Math.floor(rand() * 60),
        });
      }
      worms.sort((a, b) => a.created! - b.created!);
      const options: EngineOptions = {
        routeSeed: Math.floor(rand() * 2 ** 32),
        buffer: 1 + Math.floor(rand() * 4),
        vcsPerClass: 1 + Math.floor(rand() * 2),
        routerDelay: Math.floor(rand() * 3),
        startup: Math.floor(rand() * 3),
        port: rand() < 0.3 ? 'all' : 'one',
        injection: rand() < 0.5 ? 'back-to-back' : 'after-tail',
        vcRelease: rand() < 0.5 ? 'tail-credit' : 'tail-sent',
        ...(rand() < 0.3 ? { readyListAt: 0 } : {}),
        ...(rand() < 0.2 ? { vcLinks: true } : {}),
      };
      const input: EngineInput = { routing: r, worms, options };
      const ref = new ReferenceEngine(input);
      const wasm = await WasmEngine.create(input);
      const s1 = ref.runUntil(50_000);
      const s2 = wasm.runUntil(50_000);
      const label = `tie-break run ${seed}: ${spec} ${tieBreak} ${dateline}, ${count} worms, ${JSON.stringify(options)}`;
      expect(firstResultDifference(label, ref, s1, wasm, s2)).toBeNull();
      expect(s1, label).toBe('finished');
      const hops = worms.reduce((a, w) => a + w.flits * distance(g, w.src, w.dests[0]!), 0);
      expect(ref.counters().flitHops, label).toBe(hops);
      // some worm of the run has a key bit set (a - at its ties)
      if (worms.some((_w, n) => wormKey(options.routeSeed!, n, r.keys) !== 0)) withMinus++;
    }
    expect(withMinus).toBeGreaterThan(70);
  });

  it('simulate: --tie-break random is refused off dor and for multicasts; the experiment key tieBreak', () => {
    expect(simulationRouting('torus:8x8', 'unicast', undefined, { tieBreak: 'random' }).keys).toBe(4);
    expect(() => simulationRouting('torus:8x8', 'unicast', 'hcm', { tieBreak: 'random' })).toThrow(
      /--tie-break random.*routing hcm/,
    );
    expect(() => simulationRouting('mesh:4x4', 'dual-path', undefined, { tieBreak: 'random' })).toThrow(
      /algorithm dual-path/,
    );
    expect(optionValueError('tieBreak', 'random', 'base')).toBeNull();
    expect(optionValueError('tieBreak', 'minus', 'base')).not.toBeNull();
    const c = resolvePoint({ topology: 'torus:8x8', load: 0.1, tieBreak: 'random' });
    expect(simulateConfig(c, 1).tieBreak).toBe('random');
    expect(simulateCommand(c, 1)).toContain('--tie-break random');
    expect(simulateConfig(resolvePoint({ topology: 'torus:8x8', load: 0.1 }), 1).tieBreak).toBeUndefined();
    expect(() => resolvePoint({ topology: 'torus:8x8', traffic: 'isolated', tieBreak: 'random' })).toThrow(
      /tieBreak: random applies to dynamic unicast traffic/,
    );
  });

  it('simulate: the keys follow the run seed (same seed, same run; the engines agree), and plus is the default', async () => {
    const base = {
      topology: 'torus:8x8',
      algorithm: 'unicast',
      dests: 0,
      load: 0.1,
      flits: 8,
      warmup: 200,
      measure: 1000,
      drain: 2000,
      options: {},
    };
    const run = (seed: number, engine: 'wasm' | 'reference', tieBreak?: 'plus' | 'random') =>
      simulate({ ...base, seed, engine, ...(tieBreak ? { tieBreak } : {}) });
    const a = await run(5, 'wasm', 'random');
    expect(await run(5, 'reference', 'random')).toEqual(a);
    expect(await run(5, 'wasm', 'random')).toEqual(a);
    // the same traffic, other ways at the ties: the same flit-hops (minimal either way), other latencies
    const plus = await run(5, 'wasm');
    expect(await run(5, 'wasm', 'plus')).toEqual(plus);
    expect(a.flitHops).toBe(plus.flitHops);
    expect(a.meanLatency).not.toBe(plus.meanLatency);
  });

  it('the CLI: --tie-break random runs, other values and other routings are refused in one line', () => {
    const args = [
      'simulate',
      '--topology',
      'torus:4x4',
      '--load',
      '0.1',
      '--cycles',
      '500',
      '--warmup',
      '100',
      '--json',
    ];
    const ok = runCli(...args, '--tie-break', 'random');
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).flitHops).toBeGreaterThan(0);
    expect(runCli(...args, '--tie-break', 'minus').stderr).toBe(
      "wormcast: --tie-break 'minus': expected plus or random\n",
    );
    const hcm = runCli(...args, '--tie-break', 'random', '--routing', 'hcm');
    expect(hcm.status).toBe(2);
    expect(hcm.stderr).toMatch(/^wormcast: --tie-break random: applies to unicast traffic routed by dor/);
    const dl = runCli('deadlock', '--topology', 'torus:8x8', '--routing', 'dor', '--tie-break', 'random');
    expect(dl.status).toBe(0);
    expect(dl.stdout).toMatch(/^dor on torus:8x8: acyclic/);
  });
});

describe("dor dateline booksim: BookSim's dim_order_torus classes", () => {
  const booksim = (spec: string, tieBreak: 'plus' | 'random' = 'plus') =>
    createRouting('dor', grid(spec), { dateline: 'booksim', tieBreak });
  const classes = (r: RoutingFunction, src: string, dst: string, key = 0) => {
    const g = r.topology as Grid;
    return trace(r, g.parse(src), g.parse(dst), key).map((w) => `${w & 0xff}:${r.vcClasses[w >> 8]}`);
  };

  it('on a ring of 8: a route over the wrap link is p1 for the whole dimension (position: d0 up to the wrap, d1 after), one without it p0', () => {
    const r = booksim('torus:8');
    expect(r.vcClasses).toEqual(['p0', 'p1']);
    expect(r.inPort).toBe(true);
    expect(r.wasmOption).toBe(2);
    expect(classes(r, '6', '1')).toEqual(['0:p1', '0:p1', '0:p1']);
    expect(classes(createRouting('dor', grid('torus:8')), '6', '1')).toEqual(['0:d0', '0:d0', '0:d1']);
    expect(classes(r, '0', '2')).toEqual(['0:p0', '0:p0']);
    expect(classes(r, '1', '6')).toEqual(['1:p1', '1:p1', '1:p1']);
    expect(classes(r, '6', '3')).toEqual(['1:p0', '1:p0', '1:p0']);
  });

  it('on torus:8x8, (6,6) -> (1,2): x over the wrap (p1); turning into y the class is chosen again: p1 going + over the wrap, p0 going - (random tie-break)', () => {
    const r = booksim('torus:8x8', 'random');
    const x = ['0:p1', '0:p1', '0:p1'];
    expect(classes(r, '6,6', '1,2', 0)).toEqual([...x, '2:p1', '2:p1', '2:p1', '2:p1']);
    // the header arrives on p1 of an x channel and drops to p0 in y (what the input class alone cannot tell)
    expect(classes(r, '6,6', '1,2', 2)).toEqual([...x, '3:p0', '3:p0', '3:p0', '3:p0']);
  });

  it('the AssemblyScript twin gives the same word for every node, destination, input class, key and input port', async () => {
    for (const spec of ['torus:4x6', 'torus:4x3x4', 'torus:8', 'torus:5x5']) {
      for (const tieBreak of ['plus', 'random'] as const) {
        const r = booksim(spec, tieBreak);
        const wasm = await WasmRouting.create(r);
        const n = r.topology.nodes;
        const P = r.topology.ports;
        let diff = 0;
        for (let a = 0; a < n; a++)
          for (let b = 0; b < n; b++)
            for (const vc of [INJECT, 0, 1])
              for (let key = 0; key < (r.keys ?? 1); key++)
                for (let port = -1; port < P; port++)
                  if (wasm.route(a, b, vc, key, port) !== r.route(a, b, vc, key, port)) diff++;
        expect(diff, `${spec} ${tieBreak}`).toBe(0);
      }
    }
  });

  it("the deadlock checker: acyclic with either tie-break (cyclic with one class), and the graph is exactly the routes' consecutive VC pairs", () => {
    for (const spec of ['torus:8x8', 'torus:4x6x4', 'torus:6', 'torus:5x5']) {
      for (const tieBreak of ['plus', 'random'] as const) {
        const r = booksim(spec, tieBreak);
        expect(checkDeadlock(unicastScheme(r)).verdict, `${spec} ${tieBreak}`).toBe('acyclic');
        expect(checkDeadlock(unicastScheme(withOneClass(r))).verdict, spec).toBe('cyclic');
      }
    }
    for (const spec of ['torus:4x4', 'torus:6x4', 'torus:5x3']) {
      const r = booksim(spec, 'random');
      const t = r.topology;
      const P = t.ports;
      const V = r.vcClasses.length;
      const want = new Set<string>();
      for (let a = 0; a < t.nodes; a++)
        for (let b = 0; b < t.nodes; b++)
          for (let key = 0; key < (r.keys ?? 1); key++) {
            let node = a;
            let prev = -1;
            for (const w of trace(r, a, b, key)) {
              const vc = (node * P + (w & 0xff)) * V + (w >> 8);
              if (prev >= 0) want.add(`${prev}>${vc}`);
              prev = vc;
              node = t.neighbor(node, w & 0xff);
            }
          }
      const g = buildDependencyGraph(unicastScheme(r));
      const got = new Set<string>();
      g.succ.forEach((bits, c) => {
        const head = g.headOf[Math.floor(c / V)]!;
        for (let bit = 0; bit < 32; bit++) if ((bits >>> bit) & 1) got.add(`${c}>${head * P * V + bit}`);
      });
      expect([...got].sort(), spec).toEqual([...want].sort());
    }
  });

  it('rule, both engines: on a ring of 8, A 6 -> 1 (over the wrap) and B 0 -> 2 meet on channel 0 -> 1: one VC class under position (B waits for it), two under booksim (no VC wait; they share the link)', async () => {
    // S = R = 1, L = 8. A, created at 0: header at router 6 at 2, routed at 3, crosses 6 -> 7
    // during 3, 7 -> 0 during 5, is routed at node 0 in cycle 7 (alone: delivered at 10). B,
    // created at 4: header at router 0 at 6, routed in cycle 7 too (alone: 2 hops, delivered at
    // 4 + 1 + 1 + 3 x 2 = 12). Both ask for channel 0 -> 1 in cycle 7, A first (older).
    // position: both on d1 (no wrap ahead): B waits. A's tail crosses 0 -> 1 during 14 and leaves
    // node 1 during 16, so B is granted in cycle 17 (10 VC-wait cycles, 7..16), crosses during 17,
    // 1 -> 2 during 19: delivered at 22.
    // booksim: A on p1 (its route in x crossed the wrap), B on p0: both granted in cycle 7, no VC
    // wait. The link's round-robin pointer starts at its last VC (p1), so p0 (B) wins cycle 7: B
    // keeps its alone time 12, A's header crosses during 8 (delivered at 11); then they alternate.
    const worms: WormSpec[] = [
      { kind: 'unicast', src: 6, dests: [1], flits: 8, created: 0 },
      { kind: 'unicast', src: 0, dests: [2], flits: 8, created: 4 },
    ];
    for (const kind of ['reference', 'wasm'] as const) {
      const pos = await makeEngine(kind, { routing: createRouting('dor', grid('torus:8')), worms });
      expect(pos.runUntil(10_000), kind).toBe('finished');
      expect(pos.counters().vcWaitCycles, kind).toBe(10);
      expect(pos.counters().sharingEvents, kind).toBe(0);
      expect([...pos.times().destHead], kind).toEqual([10, 22]);
      const bs = await makeEngine(kind, { routing: booksim('torus:8'), worms });
      expect(bs.runUntil(10_000), kind).toBe('finished');
      expect(bs.counters().vcWaitCycles, kind).toBe(0);
      expect(bs.counters().sharingEvents, kind).toBeGreaterThan(0);
      expect(bs.counters().flitHops, kind).toBe(pos.counters().flitHops);
      expect([...bs.times().destHead], kind).toEqual([11, 12]);
    }
  });

  it('simulate: --dateline booksim, the experiment key dateline, refusals off dor', () => {
    expect(simulationRouting('torus:8x8', 'unicast', undefined, { dateline: 'booksim' }).vcClasses).toEqual([
      'p0',
      'p1',
    ]);
    expect(() => simulationRouting('torus:8x8', 'unicast', 'hcm', { dateline: 'booksim' })).toThrow(
      /--dateline booksim: applies to unicast traffic routed by dor/,
    );
    const c = resolvePoint({ topology: 'torus:8x8', load: 0.1, dateline: 'booksim' });
    expect(simulateConfig(c, 1).dateline).toBe('booksim');
    expect(simulateCommand(c, 1)).toContain('--dateline booksim');
    expect(optionValueError('dateline', 'booksim', 'base')).toBeNull();
    const args = [
      'simulate',
      '--topology',
      'torus:4x4',
      '--load',
      '0.1',
      '--cycles',
      '500',
      '--warmup',
      '100',
      '--json',
    ];
    const ok = runCli(...args, '--dateline', 'booksim', '--tie-break', 'random');
    expect(ok.status).toBe(0);
    expect(runCli(...args, '--dateline', 'late').stderr).toBe(
      "wormcast: --dateline 'late': expected position or booksim\n",
    );
    const dl = runCli(
      'deadlock',
      '--topology',
      'torus:8x8',
      '--routing',
      'dor',
      '--dateline',
      'booksim',
      '--tie-break',
      'random',
    );
    expect(dl.stdout).toMatch(/^dor on torus:8x8: acyclic/);
  });
});
