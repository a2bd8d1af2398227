import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adaptivePathGraph, checkAdaptivePath } from '../src/analysis/deadlock-adaptive-path.ts';
import { buildDependencyGraph, checkDeadlock } from '../src/analysis/deadlock.ts';
import { planWorms } from '../src/engine/plan-worms.ts';
import { ReferenceEngine } from '../src/engine/reference.ts';
import type { EngineOptions, WormSpec } from '../src/engine/types.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { labelScheme } from '../src/multicast/path-based/schemes.ts';
import { createPlan } from '../src/multicast/registry.ts';
import { createRouting } from '../src/routing/registry.ts';
import { pack, type RoutingFunction } from '../src/routing/types.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { runCli } from './cli.ts';
import { firstResultDifference } from './engine-compare.ts';
import { rng } from './utils.ts';

/*
 * adaptive-dual-path (docs/routing-adaptive.md "Adaptive multicast"): dual-path's worms, each hop
 * any profitable hop that keeps the worm's labels monotone (label-adaptive), chosen by the engines'
 * selection. Its deadlock argument is the checker's graph over every choice.
 */

const SPECS = ['mesh:4x4', 'mesh:5x3', 'mesh:3x6', 'hypercube:3', 'hypercube:4'];

/** `count` multicasts of adaptive-dual-path (or `algorithm`) as engine worms, from seed. */
function multicasts(r: RoutingFunction, seed: number, count: number, algorithm = 'adaptive-dual-path'): WormSpec[] {
  const g = rng(seed);
  const n = r.topology.nodes;
  const worms: WormSpec[] = [];
  let time = 0;
  for (let m = 0; m < count; m++) {
    time += Math.floor(g() * 4);
    const src = Math.floor(g() * n);
    const dests = [];
    for (let v = 0; v < n; v++) if (v !== src && g() < 0.4) dests.push(v);
    if (dests.length === 0) dests.push((src + 1) % n);
    const plan = createPlan(algorithm, r, src, dests);
    worms.push(...planWorms(plan, time, 1 + Math.floor(g() * 6), m, worms.length));
  }
  return worms;
}

function optionsOf(seed: number): EngineOptions {
  const g = rng(seed * 7919 + 13);
  return {
    buffer: 1 + Math.floor(g() * 3),
    routerDelay: Math.floor(g() * 2),
    vcsPerClass: g() < 0.7 ? 1 : 2,
    port: 'all',
    watchdog: 400,
    channelUse: true,
    vcRelease: seed % 3 === 1 ? 'tail-sent' : 'tail-credit',
  };
}

describe('label-adaptive choices (the hops adaptive-dual-path may take)', () => {
  it("R's hop first; every other choice one hop closer, strictly inside the leg's label range, on R's class (fast-check, 5000 pairs)", () => {
    const routings = SPECS.map((s) => createRouting('label-adaptive', parseTopology(s)));
    const label = SPECS.map((s) => createRouting('label', parseTopology(s)));
    let adaptive = 0;
    fc.assert(
      fc.property(fc.nat(SPECS.length - 1), fc.nat(), fc.nat(), (i, x, y) => {
        const r = routings[i]!;
        const t = r.topology;
        const [a, b] = [x % t.nodes, y % t.nodes];
        if (a === b) return;
        const lab = r.labelling!.labelOf;
        const cs = r.choices!(a, b, -1);
        expect(cs[0]).toBe(label[i]!.route(a, b, -1));
        expect(r.route(a, b, -1)).toBe(cs[0]);
        const high = lab[a]! < lab[b]!;
        for (const w of cs) {
          const to = t.neighbor(a, w & 0xff);
          expect(w >> 8).toBe(high ? 0 : 1);
          expect(high ? lab[to]! > lab[a]! && lab[to]! <= lab[b]! : lab[to]! < lab[a]! && lab[to]! >= lab[b]!).toBe(
            true,
          );
          if (w !== cs[0]) expect(t.distance(to, b)).toBe(t.distance(a, b) - 1);
        }
        expect(new Set(cs).size).toBe(cs.length);
        if (cs.length > 1) adaptive++;
      }),
      { numRuns: 5000, seed: 26 },
    );
    expect(adaptive).toBeGreaterThan(500);
  });

  it('on the 6x6 snake, (3,2) to (0,5) may go north or west first (hand-derived: both keep labels rising)', () => {
    // snake labels (seed 004 Fig. 6.9): row y runs +x when y is even, -x when odd; l(x,y) = 6y + x or 6y + 5 - x
    const t = parseTopology('mesh:6x6');
    const r = createRouting('label-adaptive', t);
    const at = (x: number, y: number): number => t.parse(`${x},${y}`);
    // l(3,2) = 15, l(0,5) = 35; north (3,3) has 20, west (2,2) has 14 (falls: not offered)
    expect(r.choices!(at(3, 2), at(0, 5), -1)).toEqual([pack(2, 0)]);
    // from (3,3) (l 20, row runs -x): west (2,3) has 21, north (3,4) has 27: both rise, both closer
    expect(r.choices!(at(3, 3), at(0, 5), -1)).toEqual([pack(2, 0), pack(1, 0)]);
  });
});

describe('the deadlock checker on path schemes over adaptive functions', () => {
  it("over the deterministic label function the walk gives exactly the dependency graph's edges; label-adaptive's are the same", () => {
    for (const spec of ['mesh:5x4', 'hypercube:4']) {
      const t = parseTopology(spec);
      const det = labelScheme('dual-path', createRouting('label', t));
      const g = buildDependencyGraph(det);
      const V = g.vcs;
      const P = t.ports;
      const fromGraph = new Set<string>();
      for (let c = 0; c < g.succ.length; c++)
        for (let bit = 0; bit < 32; bit++)
          if ((g.succ[c]! >>> bit) & 1) fromGraph.add(`${c}>${g.headOf[(c / V) | 0]! * P * V + bit}`);
      expect(checkAdaptivePath(det).verdict).toBe('acyclic');
      expect(edgeSet(adaptivePathGraph(det).edges)).toEqual(fromGraph);
      const adaptive = edgeSet(
        adaptivePathGraph(labelScheme('adaptive-dual-path', createRouting('label-adaptive', t))).edges,
      );
      // over all pairs, every profitable label-monotone turn is already some pair's R route: the
      // choices add no dependency (mesh:5x4 92 edges, hypercube:4 96), so dual-path's argument covers them
      expect(adaptive).toEqual(fromGraph);
    }
  });

  it('adaptive-dual-path is deadlock-free over every choice on mesh:8x8 and hypercube:6; a junction rule that lets a worm turn back is caught with its cycle', () => {
    for (const spec of ['mesh:8x8', 'hypercube:6']) {
      const r = createRouting('label-adaptive', parseTopology(spec));
      const rep = checkDeadlock(labelScheme('adaptive-dual-path', r));
      expect(rep.verdict).toBe('acyclic');
      expect(rep.argument).toMatch(/^acyclic over every choice/);
    }
    const r = createRouting('label-adaptive', parseTopology('mesh:4x4'));
    // broken on purpose: after any destination the worm may head anywhere on its class
    const broken = { ...labelScheme('adaptive-dual-path', r), name: 'turn-back', next: () => true };
    const rep = checkDeadlock(broken);
    expect(rep.verdict).toBe('cyclic');
    if (rep.verdict !== 'cyclic') return;
    expect(rep.cycle.length).toBeGreaterThan(1);
    // consecutive channels of the cycle meet: each ends where the next starts
    for (let i = 0; i < rep.cycle.length; i++)
      expect(rep.cycle[(i + 1) % rep.cycle.length]!.from).toBe(rep.cycle[i]!.to);
    // a path scheme over a function with escape classes: Duato's argument is not extended to junctions
    const duato = createRouting('min-adaptive', parseTopology('mesh:4x4'));
    expect(() =>
      checkDeadlock({ name: 'paths over min-adaptive', routing: duato, startClasses: [-1], next: () => true }),
    ).toThrow(
      /the checker takes a path scheme over an adaptive function only when its graph over every choice can be acyclic .*min-adaptive is not such a function/,
    );
  });
});

/** A graph's edges as 'c>c2' strings. */
function edgeSet(edges: Map<number, Set<number>>): Set<string> {
  const out = new Set<string>();
  for (const [c, succ] of edges) for (const d of succ) out.add(`${c}>${d}`);
  return out;
}

describe('adaptive-dual-path in the engines', () => {
  it('its worms take only label-adaptive hops, labels monotone within each leg, and reach every destination in label order (fast-check, 1000 loaded runs, reference engine)', () => {
    const routings = new Map<string, RoutingFunction>();
    let offR = 0;
    fc.assert(
      fc.property(fc.constantFrom(...SPECS), fc.constantFrom('first-free', 'random'), fc.nat(), (spec, sel, seed) => {
        const key = `${spec} ${sel}`;
        if (!routings.has(key))
          routings.set(key, createRouting('label-adaptive', parseTopology(spec), { selection: sel }));
        const r = routings.get(key)!;
        const t = r.topology;
        const lab = r.labelling!.labelOf;
        const worms = multicasts(r, seed, 3 + (seed % 4));
        const e = new ReferenceEngine({ routing: r, worms, options: optionsOf(seed) });
        const hops = new Set<string>();
        let status = e.runUntil(1);
        while (status === 'running' || status === 'limit') {
          for (const s of e.owner)
            if (s && s.kind === 'network') hops.add(`${s.worm.n} ${s.chan} ${s.cls} ${s.target}`);
          if (e.cycle > 20_000) break;
          status = e.runUntil(e.cycle + 1);
        }
        expect(status).toBe('finished');
        for (const h of hops) {
          const [n, chan, cls, target] = h.split(' ').map(Number) as [number, number, number, number];
          const from = Math.floor(chan / t.ports);
          const port = chan % t.ports;
          const to = t.neighbor(from, port);
          const dest = worms[n]!.dests[target]!;
          const word = pack(port, cls);
          // admissible: one of the function's choices at that node toward the destination headed for
          expect(r.choices!(from, dest, cls)).toContain(word);
          // and what that means, stated apart from the function: labels move toward dest's, never past it
          if (cls === 0) expect(lab[from]! < lab[to]! && lab[to]! <= lab[dest]!).toBe(true);
          else expect(lab[from]! > lab[to]! && lab[to]! >= lab[dest]!).toBe(true);
          if (word !== r.route(from, dest, cls)) offR++;
        }
        const times = e.times();
        for (let w = 0; w < worms.length; w++) {
          const ds = worms[w]!.dests;
          const base = times.destBase[w]!;
          for (let j = 0; j < ds.length; j++) {
            expect(times.destTail[base + j]).toBeGreaterThanOrEqual(0);
            if (j === 0) continue;
            // label order: the high worm's rise, the low worm's fall, and they are reached in that order
            const rising = lab[ds[1]!]! > lab[ds[0]!]!;
            expect(rising ? lab[ds[j]!]! > lab[ds[j - 1]!]! : lab[ds[j]!]! < lab[ds[j - 1]!]!).toBe(true);
            expect(times.destHead[base + j]!).toBeGreaterThan(times.destHead[base + j - 1]!);
          }
        }
      }),
      { numRuns: 1000, seed: 2626 },
    );
    // the selection does leave R's route on these loaded runs
    expect(offR).toBeGreaterThan(0);
  });

  it('wasm = reference, cycle for cycle, on 12 loaded runs per selection; first-free differs from dual-path on some', async () => {
    for (const sel of ['first-free', 'random']) {
      let differs = 0;
      for (let seed = 0; seed < 12; seed++) {
        const spec = SPECS[seed % SPECS.length]!;
        const r = createRouting('label-adaptive', parseTopology(spec), { selection: sel });
        const input = { routing: r, worms: multicasts(r, seed + 100, 5), options: optionsOf(seed) };
        const ref = new ReferenceEngine(input);
        const wasm = await WasmEngine.create(input);
        const s1 = ref.runUntil(50_000);
        const s2 = wasm.runUntil(50_000);
        expect(firstResultDifference(`${spec} ${sel} seed ${seed}`, ref, s1, wasm, s2)).toBeNull();
        expect(s1).toBe('finished');
        const det = createRouting('label', parseTopology(spec));
        const dual = new ReferenceEngine({
          ...input,
          routing: det,
          worms: multicasts(det, seed + 100, 10, 'dual-path'),
        });
        const s3 = dual.runUntil(50_000);
        expect(s3).toBe('finished');
        if (dual.times().destHead.join() !== ref.times().destHead.join()) differs++;
      }
      expect(differs).toBeGreaterThan(0);
    }
  });
});

describe('wormcast with adaptive-dual-path', () => {
  it('plan on the seed 004 Fig. 6.13 example follows R (33 channels, as dual-path); deadlock states the argument; simulate --selection random runs; --selection random on dual-path is refused', () => {
    const example = ['--topology', 'mesh:6x6', '--source', '3,2', '--dests', '0,0;0,2;0,5;1,3;4,5;5,0;5,1;5,3;5,4'];
    const plan = runCli('plan', '--algorithm', 'adaptive-dual-path', ...example);
    expect(plan.status).toBe(0);
    expect(plan.stdout).toContain('traffic 33 channels (additional 24) in 2 messages; hops to a destination: max 18');
    const dl = runCli('deadlock', '--topology', 'mesh:8x8', '--algorithm', 'adaptive-dual-path');
    expect(dl.status).toBe(0);
    expect(dl.stdout).toContain('acyclic (deadlock-free)');
    expect(dl.stdout).toContain('argument: acyclic over every choice');
    const sim = runCli(
      'simulate',
      '--topology',
      'hypercube:5',
      '--algorithm',
      'adaptive-dual-path',
      '--selection',
      'random',
      '--dests',
      '6',
      '--load',
      '0.02',
      '--cycles',
      '2000',
      '--json',
    );
    expect(sim.status).toBe(0);
    expect(JSON.parse(sim.stdout)).toMatchObject({ status: 'finished', config: { routing: 'label-adaptive' } });
    const refused = runCli(
      'simulate',
      '--topology',
      'mesh:4x4',
      '--algorithm',
      'dual-path',
      '--selection',
      'random',
      '--load',
      '0.01',
    );
    expect(refused.status).toBe(2);
    expect(refused.stderr.trim()).toBe(
      'wormcast: --selection random: applies to traffic routed by an adaptive function (west-first, north-last, negative-first, planar-adaptive, min-adaptive, label-adaptive (algorithm adaptive-dual-path)), not algorithm dual-path',
    );
  });
});
