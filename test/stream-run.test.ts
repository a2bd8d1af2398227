import { describe, expect, it } from 'vitest';
import { prepare } from '../src/engine/input.ts';
import { ReferenceEngine } from '../src/engine/reference.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import type { EngineOptions } from '../src/engine/types.ts';
import { buildWorkload } from '../src/engine/workload.ts';
import { runWorkload, simulationRouting } from '../src/experiment/run/simulate.ts';
import { eventWorms, runStream, streamCapacity } from '../src/experiment/run/stream-run.ts';
import { generateTraffic } from '../src/experiment/run/traffic.ts';
import { EventList } from '../src/experiment/run/traffic-stream.ts';
import { simulate, type SimulateOptions } from '../src/experiment/config/simulate-options.ts';

// Issue 11 "Runs that do not grow with their length": a streamed run (worms written while the
// engine runs, records of finished multicasts reused) gives exactly the statistics of the same
// traffic given to the engine all at once, on both engines, even with record rings small enough
// to wrap (records reused).

interface Case {
  topology: string;
  algorithm: string;
  dests: number;
  load: number;
  options: EngineOptions;
  inFlight: number;
}

const CASES: Case[] = [
  { topology: 'mesh:4x4', algorithm: 'unicast', dests: 0, load: 0.2, options: { vcsPerClass: 2 }, inFlight: 120 },
  {
    topology: 'mesh:6x6',
    algorithm: 'dual-path',
    dests: 5,
    load: 0.05,
    options: { port: 'all', consumption: 'vc' },
    inFlight: 100,
  },
  { topology: 'hypercube:4', algorithm: 'u-cube', dests: 6, load: 0.08, options: { port: 'one' }, inFlight: 100 },
  {
    topology: 'mesh:4x4',
    algorithm: 'x-first',
    dests: 4,
    load: 0.03,
    options: { port: 'one', watchdog: 300 },
    inFlight: 25,
  },
  {
    topology: 'torus:4x4',
    algorithm: 'hcm-uniform',
    dests: 4,
    load: 0.06,
    options: { port: 'all', consumption: 'vc', vcsPerClass: 2 },
    inFlight: 33,
  },
  { topology: 'ccc:3', algorithm: 'u-ccc', dests: 8, load: 0.02, options: {}, inFlight: 60 },
];

describe('streamed runs equal whole runs (issue 11)', () => {
  // each case's streamed result on each engine, compared across engines by the case's last test
  const streamed = new Map<string, unknown>();
  for (const c of CASES) {
    for (const kind of ['wasm', 'reference'] as const) {
      it(`${c.topology} ${c.algorithm} on the ${kind} engine, ${c.inFlight} messages in flight at most`, async () => {
        const routing = simulationRouting(c.topology, c.algorithm);
        const t = routing.topology;
        const warmup = 300;
        const measure = 2000;
        const end = measure + warmup + 4000;
        const events = generateTraffic({
          nodes: t.nodes,
          load: c.load,
          flits: 8,
          dests: c.dests,
          cycles: warmup + measure,
          seed: 7,
        });
        const w = buildWorkload(events, c.algorithm, routing, 8);
        const whole =
          kind === 'wasm'
            ? await WasmEngine.create({ routing, worms: w.worms, options: c.options })
            : new ReferenceEngine({ routing, worms: w.worms, options: c.options });
        const a = runWorkload(whole, routing, w, { from: warmup, to: warmup + measure }, end);

        const samples = events.slice(0, 16).map((e, k) => eventWorms(e, c.algorithm, routing, 8, k));
        const capacity = streamCapacity(t.nodes, c.load, 8, samples, c.inFlight);
        const input = { routing, worms: [], options: c.options, capacity };
        const engine = kind === 'wasm' ? await WasmEngine.create(input) : new ReferenceEngine(input);
        const b = runStream(
          engine,
          prepare(input),
          {
            routing,
            algorithm: c.algorithm,
            flits: 8,
            traffic: new EventList(events),
            window: { from: warmup, to: warmup + measure },
            end,
          },
          c.inFlight,
        );
        expect(b.status).toBe(a.status);
        const { slots: _s1, ...ra } = a;
        const { slots: _s2, ...rb } = b;
        expect(rb).toEqual(ra);
        // the rings wrapped: far more worms than records
        expect(w.worms.length).toBeGreaterThan(1.5 * capacity.worms);
        streamed.set(`${c.topology} ${c.algorithm} ${kind}`, b);
      });
    }
    it(`${c.topology} ${c.algorithm}: the reference and wasm report the same streamed results, slots included`, () => {
      const ref = streamed.get(`${c.topology} ${c.algorithm} reference`);
      const wasm = streamed.get(`${c.topology} ${c.algorithm} wasm`);
      expect(ref && wasm).toBeTruthy();
      expect(ref).toEqual(wasm);
    });
  }

  it('a network that cannot keep up stops as saturated, saying so', async () => {
    const routing = simulationRouting('mesh:4x4', 'unicast');
    const events = generateTraffic({ nodes: 16, load: 0.9, flits: 8, dests: 0, cycles: 6000, seed: 3 });
    const capacity = streamCapacity(16, 0.9, 8, [eventWorms(events[0]!, 'unicast', routing, 8, 0)], 64);
    const input = { routing, worms: [], options: {}, capacity };
    const engine = await WasmEngine.create(input);
    const r = runStream(
      engine,
      prepare(input),
      {
        routing,
        algorithm: 'unicast',
        flits: 8,
        traffic: new EventList(events),
        window: { from: 500, to: 6000 },
        end: 20_000,
      },
      64,
    );
    expect(r.status).toBe('saturated');
    expect(r.incomplete).toMatch(/^the network saturated at cycle \d+: 64 messages were in flight/);
    expect(r.window.to).toBeLessThan(6000);
  });

  it('the default in-flight capacity: 16,384 cycles of traffic, at most 1,024 messages per node, at least 4,096', () => {
    const routing = simulationRouting('torus:8x8', 'unicast');
    const one = [eventWorms({ created: 0, src: 0, dests: [9] }, 'unicast', routing, 2, 0)];
    // 2-flit messages at load 2: 64 a cycle, 16,384 cycles' worth is a million; 1,024 per node bind
    expect(streamCapacity(64, 2, 2, one).worms).toBe(64 * 1024);
    // 16-flit messages at 0.6 (past the 8x8 mesh's saturation): 2.4 a cycle, as before
    expect(streamCapacity(64, 0.6, 16, one).worms).toBe(Math.ceil(2.4 * 16_384));
    expect(streamCapacity(4, 0.01, 16, one).worms).toBe(4096);
  });

  it('a hopeless overload stops as saturated early, not after the whole run (torus:8x8 at load 2, 2-flit messages)', async () => {
    // each message waiting at its source is a worm visited every cycle: with room for a million
    // (16,384 cycles of traffic) the 21,000 cycles ran over 3 minutes
    const r = await simulate({ topology: 'torus:8x8', load: 2, flits: 2 } as SimulateOptions);
    expect(r.status).toBe('saturated');
    expect(r.incomplete).toMatch(/^the network saturated at cycle \d+: 65536 messages were in flight/);
    expect(r.cycles).toBeLessThan(2000);
  });
});
