import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getScenario } from '../../src/engine/scenarios.ts';
import * as L from '../../src/engine/layout.ts';
import { WasmEngine } from '../../src/engine/wasm.ts';
import { simulate } from '../../src/experiment/run/simulate.ts';
import { parseSimulationRequest, plannedCycles, type SimulationRequest } from '../../src/web/simulate-panel.ts';
import { WatchSession } from '../../src/web/watch/session.ts';
import { portOf } from '../../src/routing/types.ts';
import { heldFromOwners, simulateRegionAt } from './region-read.ts';

/**
 * The watch (docs/web.md "Watching a simulation") in Node: the state the page shows at cycle k is
 * the engine's at cycle k. Each check reads the region of a separate engine run to k directly
 * (the owner array and the slot records of src/engine/layout.ts), not through the snapshot reader.
 */
const wasm = readFileSync(new URL('../../build/wormcast.wasm', import.meta.url));

const SCENARIO = (name: string): SimulationRequest => ({
  scenario: name,
  topology: '',
  routing: '',
  algorithm: '',
  dests: '',
  load: '',
  flits: '',
  cycles: '',
  warmup: '',
  drain: '',
  seed: '',
  vcs: '',
  buffer: '',
  port: '',
});
const RANDOM: SimulationRequest = {
  scenario: '',
  topology: 'mesh:4x4',
  routing: '',
  algorithm: 'dual-path',
  dests: '3',
  load: '0.2',
  flits: '8',
  cycles: '600',
  warmup: '100',
  drain: '800',
  seed: '3',
  vcs: '2',
  buffer: '4',
  port: '',
};

/**
 * A region's words, with H_STATUS 'running' (a run not started: the watch at cycle 0 made no
 * runUntil call) read as 'limit' (a run stopped at the cycle asked for), which is the same state.
 */
function words(region: Uint8Array): Int32Array {
  const m = new Int32Array(region.slice().buffer);
  if (m[L.H_STATUS] === L.ST_RUNNING) m[L.H_STATUS] = L.ST_LIMIT;
  return m;
}

const sorted = <T extends number[]>(xs: T[]): T[] => [...xs].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);

describe('watching a run cycle by cycle', () => {
  it('a seed scenario stepped to cycle k holds the VCs, with the flits, of the engine run to k in one call (lin-fig-6.4, lin-fig-6.1)', async () => {
    for (const name of ['lin-fig-6.4', 'lin-fig-6.1']) {
      const s = getScenario(name);
      const session = await WatchSession.create(SCENARIO(name), wasm);
      for (const k of [0, 1, 3, 7, 12, 20, 35, 60, 120]) {
        session.advance(k);
        const node = await WasmEngine.create({ routing: s.routing, worms: s.worms, options: s.options }, wasm);
        node.runUntil(k);
        const frame = session.frame(k);
        expect(frame.snapshot.cycle, `${name} at ${k}`).toBe(node.cycle);
        const shown = frame.snapshot.held.map((h): [number, number, number] => [h.vc, h.worm, h.flits]);
        expect(sorted(shown), `${name} at ${k}`).toEqual(sorted(heldFromOwners(node.region())));
        expect(words(session.region())).toEqual(words(node.region()));
      }
    }
  });

  it('lin-fig-6.4 watched to its end deadlocks where the CLI says, with the wait-for cycle of the simulation report, and blocked headers on the cycle', async () => {
    const session = await WatchSession.create(SCENARIO('lin-fig-6.4'), wasm);
    session.advance(1 << 20);
    const f = session.frame(1 << 20);
    expect(f.over).toMatch(/^deadlock at cycle \d+$/);
    expect(f.cycleChannels.length).toBe(2);
    const { computeSimulation } = await import('../../src/web/simulate-panel.ts');
    const sim = await computeSimulation(SCENARIO('lin-fig-6.4'), wasm);
    expect(f.snapshot.cycle).toBe(sim.result.cycles);
    expect(f.cycleChannels).toEqual(sim.cycleChannels.map((c) => [c.node, c.port]));
    // every channel of the cycle is asked for by a blocked header and held by another worm
    for (const [node, port] of f.cycleChannels) {
      const b = f.snapshot.blocked.find((x) => x.kind === 'network' && x.node === node && x.port === port);
      expect(b, `${node} ${port}`).toBeDefined();
      expect(b!.holder).toBeGreaterThanOrEqual(0);
      expect(b!.holder).not.toBe(b!.worm);
    }
  });

  it('random traffic watched to cycle k has the region of `simulate()` (the streamed run of the Simulate button) stopped at k', async () => {
    const { config } = parseSimulationRequest(RANDOM);
    for (const k of [0, 50, 333, 1024, 1100, 1450]) {
      const session = await WatchSession.create(RANDOM, wasm);
      // a few stops on the way: the state must not depend on them
      for (const at of [Math.floor(k / 3), Math.floor(k / 2), k]) session.advance(at);
      const at = await simulateRegionAt(config, k, wasm);
      const seen = at.region;
      const seenCycle = at.cycle;
      expect(session.frame(k).snapshot.cycle).toBe(seenCycle);
      const a = words(session.region());
      const b = words(seen);
      const differ = a.findIndex((x, i) => x !== b[i]);
      expect(a.length, `region size at cycle ${k}`).toBe(b.length);
      expect(differ, `first differing word at cycle ${k}`).toBe(-1);
    }
  });

  it("a batch is watched past warm-up + cycles + drain to its last delivery, as simulate() runs it (the watch stopped at the drain's end)", async () => {
    // 16 nodes x 60 messages of 8 flits: at least 480 cycles per source, past the window's end at 400
    const req: SimulationRequest = {
      ...RANDOM,
      algorithm: 'unicast',
      dests: '',
      load: '0.1',
      warmup: '100',
      cycles: '200',
      drain: '100',
      process: 'batch',
      batch: '60',
    };
    // the Simulate button's progress and the watch have no end to count to (it said 'cycle 46080 of at most 7200')
    expect(plannedCycles(req)).toBe(0);
    expect(plannedCycles(RANDOM)).toBe(1500);
    const { config } = parseSimulationRequest(req);
    const run = await simulate(config);
    expect(run.status).toBe('finished');
    expect(run.cycles).toBeGreaterThan(600);
    for (const k of [450, 600]) {
      const session = await WatchSession.create(req, wasm);
      session.advance(k);
      const at = await simulateRegionAt(config, k, wasm);
      expect(session.frame(k).snapshot.cycle).toBe(at.cycle);
      const a = words(session.region());
      const b = words(at.region);
      expect(
        a.findIndex((x, i) => x !== b[i]),
        `first differing word at cycle ${k}`,
      ).toBe(-1);
    }
    const session = await WatchSession.create(req, wasm);
    session.advance(1 << 20);
    const end = session.frame(1 << 20);
    expect(end.over).toBe(`finished at cycle ${run.cycles}`);
    expect(end.end).toBe(0);
    expect(end.snapshot.ejected).toBe(16 * 60 * 8);
  });

  // an adaptive routing with faults is refused (docs/routing-faults.md: the adaptive functions do not
  // route round dead channels), so faults are watched with a fault-tolerant function and the random
  // selection without faults
  it("with faults, or an adaptive routing's random selection, the watched run is still simulate()'s stopped at k", async () => {
    const requests: SimulationRequest[] = [
      { ...RANDOM, faults: 'links:3;node:1,1', faultSeed: '2' },
      { ...RANDOM, algorithm: 'unicast', dests: '', routing: 'fault-ring', faults: 'links:2' },
      { ...RANDOM, algorithm: 'unicast', dests: '', routing: 'west-first', selection: 'random' },
    ];
    for (const req of requests) {
      const { config, faults } = parseSimulationRequest(req);
      expect(faults !== undefined, 'the request has faults').toBe(req.faults !== undefined);
      for (const k of [0, 333, 1100]) {
        const session = await WatchSession.create(req, wasm);
        for (const at of [Math.floor(k / 2), k]) session.advance(at);
        const at = await simulateRegionAt(config, k, wasm);
        const a = words(session.region());
        const b = words(at.region);
        expect(session.frame(k).snapshot.cycle).toBe(at.cycle);
        expect(
          a.findIndex((x, i) => x !== b[i]),
          `${req.routing || req.algorithm}: first differing word at cycle ${k}`,
        ).toBe(-1);
        // the frame carries the fault set the drawing marks
        if (faults) expect([...session.frame(k).faults!.channels]).toEqual([...faults.channelMask]);
      }
    }
  });

  it("an adaptive worm's chosen output at each hop is shown with what it was offered: the output held, among the routing's choices there", async () => {
    const req: SimulationRequest = {
      ...RANDOM,
      algorithm: 'unicast',
      dests: '',
      routing: 'west-first',
      load: '0.3',
      vcs: '1',
    };
    const session = await WatchSession.create(req, wasm);
    const { routing } = parseSimulationRequest(req);
    let seen = 0;
    for (const k of [150, 300, 450, 600]) {
      session.advance(k);
      const f = session.frame(k);
      for (const c of f.choices) {
        // the output the worm holds at that node is one it was offered, and there was a choice
        const held = f.snapshot.held.find((h) => h.kind === 'network' && h.worm === c.worm && h.node === c.node);
        expect(held?.port).toBe(c.port);
        expect(c.offered.length).toBeGreaterThan(1);
        expect(c.offered.map(portOf)).toContain(c.port);
        // west-first is minimal (docs/routing-adaptive.md): every output offered brings the worm one hop closer
        const t = routing.topology;
        for (const w of c.offered)
          expect(t.distance(t.neighbor(c.node, portOf(w)), c.dest)).toBe(t.distance(c.node, c.dest) - 1);
        expect(c.text).toMatch(/^\S+ of \S+, \S+/);
      }
      seen += f.choices.length;
    }
    expect(seen, 'hops with a choice over four cycles of west-first at load 0.3').toBeGreaterThan(0);
    // a deterministic routing offers no choice: nothing is shown
    const dor = await WatchSession.create({ ...req, routing: '' }, wasm);
    dor.advance(300);
    expect(dor.frame(300).choices).toEqual([]);
  });

  it('in unicast traffic the flits buffered in the VCs held are the flits injected and not ejected, at every cycle (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 1500 }),
        fc.constantFrom('1', '2'),
        async (seed, k, vcs) => {
          const req = { ...RANDOM, algorithm: 'unicast', seed: String(seed), load: '0.3', vcs };
          const session = await WatchSession.create(req, wasm);
          session.advance(k);
          const s = session.frame(k).snapshot;
          const buffered = s.held.reduce((a, h) => a + h.flits, 0);
          expect(buffered).toBe(s.injected - s.ejected);
          // and no VC is listed twice
          expect(new Set(s.held.map((h) => h.vc)).size).toBe(s.held.length);
        },
      ),
      { numRuns: 12 },
    );
  });
});
