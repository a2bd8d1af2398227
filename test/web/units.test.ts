import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WasmEngine } from '../../src/engine/wasm.ts';
import { getScenario } from '../../src/engine/scenarios.ts';
import { parseTopology } from '../../src/topology/registry.ts';
import { layoutOf } from '../../src/web/draw/layout.ts';
import { toCsv, toJson } from '../../src/web/export.ts';
import { withProgress } from '../../src/web/progress-engine.ts';
import { computeSimulation, outcomeOf, type SimulationRequest } from '../../src/web/simulate-panel.ts';
import { metricRows } from '../../src/web/simulate-result.ts';
import { readState, writeState } from '../../src/web/url-state.ts';
import { MESH4_SIM, WASM_BYTES } from './sim-request.ts';

/** The DOM-free pieces of issue 14's app work (docs/web.md), in Node. */
const wasm = WASM_BYTES;
const SIM: SimulationRequest = { ...MESH4_SIM, port: 'one' };

describe('runs in chunks with progress', () => {
  it('a run reporting its progress gives the same result as one that does not, and reports increasing cycles up to the end', async () => {
    const plain = await computeSimulation(SIM, wasm);
    const cycles: number[] = [];
    const tracked = await computeSimulation(SIM, wasm, (c) => cycles.push(c));
    expect(tracked.result).toEqual(plain.result);
    expect(cycles.length).toBeGreaterThan(0);
    expect(cycles).toEqual([...cycles].sort((a, b) => a - b));
    expect(cycles.at(-1)).toBe(plain.result.cycles);
  });

  it('withProgress over a seed scenario stops where the engine stops (lin-fig-6.1 deadlocks at 209)', async () => {
    const s = getScenario('lin-fig-6.1');
    const inner = await WasmEngine.create({ routing: s.routing, worms: s.worms, options: s.options }, wasm);
    const seen: number[] = [];
    const e = withProgress(inner, (c) => seen.push(c), 0.001);
    expect(e.runUntil(1 << 30)).toBe('deadlock');
    expect(e.cycle).toBe(209);
    expect(seen.at(-1)).toBe(209);
  });
});

describe('outcome labels', () => {
  it('a run that left messages of its window undelivered is saturated, not finished; a deadlock is a deadlock', async () => {
    const sat = await computeSimulation({ ...SIM, load: '0.9', warmup: '0', cycles: '2000', drain: '0' }, wasm);
    expect(sat.result.completed).toBeLessThan(sat.result.multicasts);
    expect(sat.outcome).toBe('saturated');
    expect(sat.outcomeText).toMatch(
      new RegExp(`^saturated: delivered ${sat.result.completed} of ${sat.result.multicasts} messages`),
    );
    const ok = await computeSimulation(SIM, wasm);
    expect(ok.outcome).toBe('finished');
    const dl = await computeSimulation({ ...SIM, scenario: 'lin-fig-6.4' }, wasm);
    expect(dl.outcome).toBe('deadlock');
    expect(dl.cycleChannels.map((c) => c.label)).toEqual([
      'worm 0 waits for network channel 2,1 +x vc c',
      'worm 1 waits for network channel 1,1 -x vc c',
    ]);
    expect(outcomeOf({ ...ok.result, incomplete: 'no message was created' }).outcome).toBe('incomplete');
  });

  it("an incomplete run's reason names the page's fields, not the CLI's flags ('raise --load or --cycles')", async () => {
    const empty = await computeSimulation({ ...SIM, load: '0.0001', cycles: '10' }, wasm);
    expect(empty.result.incomplete).toContain('raise --load or --cycles');
    expect(empty.outcome).toBe('incomplete');
    expect(empty.outcomeText).toBe(
      'incomplete: delivered 0 of 0 messages created in the measurement window; no message was created in the measurement window (cycles 100..110): raise load or cycles',
    );
    const full = await computeSimulation({ ...SIM, load: '0.9', inFlight: '100' }, wasm);
    expect(full.outcomeText).toMatch(/\(raise in flight, or lower the load\)/);
    expect(full.outcomeText).not.toContain('--');
  });

  it("a run that delivered every message in its drain but is saturated by the CLI's rule is saturated, not green", async () => {
    // mesh:4x4 at 0.5: all delivered in the drain, accepted 0.4534 < generated 0.5500; `wormcast
    // simulate` prints SATURATED and exits 3 (the page said "finished", green, with these latencies)
    const v = await computeSimulation({ ...SIM, load: '0.5' }, wasm);
    expect(v.result.completed).toBe(v.result.multicasts);
    expect(v.saturation).toEqual(['accepted 0.4534 < generated 0.5500 flits/node/cycle']);
    expect(v.outcome).toBe('saturated');
    expect(v.outcomeText).toBe(
      `saturated: delivered ${v.result.completed} of ${v.result.multicasts} messages created in the measurement window (100.0%), but accepted 0.4534 < generated 0.5500 flits/node/cycle: its latencies are lower bounds, not steady-state values (lower the load)`,
    );
    // and a run the rule finds stable stays finished
    const ok = await computeSimulation({ ...SIM, load: '0.3' }, wasm);
    expect(ok.saturation).toEqual([]);
    expect(ok.outcome).toBe('finished');
  });
});

describe('metric rows', () => {
  it("a run that measured no latency shows its percentiles as '-', as every quantity with nothing to tell (not NaN)", async () => {
    const row = (v: Awaited<ReturnType<typeof computeSimulation>>, key: string): string | undefined =>
      metricRows(v).find(([k]) => k === key)?.[2];
    // nothing created in the window; a scenario that deadlocks before any delivery
    for (const v of [
      await computeSimulation({ ...SIM, load: '0.0001', cycles: '10' }, wasm),
      await computeSimulation({ ...SIM, scenario: 'lin-fig-6.1' }, wasm),
    ]) {
      expect(v.result.completed).toBe(0);
      expect(row(v, 'percentiles')).toBe('p50 -, p90 -, p99 -, p99.9 -, max -');
      // the maximum too: it showed 'max 0' beside 'max -' in the percentiles row (2026-11-27)
      expect(row(v, 'mean-latency')).toBe('mean -, max -');
      expect(row(v, 'completion')).toBe('mean -, max -');
    }
    const ok = await computeSimulation(SIM, wasm);
    const p = ok.result.latencyPercentiles!;
    expect(row(ok, 'percentiles')).toBe(`p50 ${p.p50}, p90 ${p.p90}, p99 ${p.p99}, p99.9 ${p.p999}, max ${p.max}`);
    expect(p.p50).toBeGreaterThan(0);
  });
});

describe('URL state and exports', () => {
  it('writeState then readState gives back every field, the panels, the step and the panel drawn (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('topology', 'route-from', 'plan-dests', 'sim-load', 'plan-check'), fc.string()),
        fc.subarray(['route', 'plan', 'sim'] as const),
        fc.option(fc.integer({ min: 1, max: 99 }), { nil: undefined }),
        (fields, run, step) => {
          const back = readState(
            writeState({ fields: new Map(Object.entries(fields)), run: [...run], step, show: run[0] }),
          );
          expect(Object.fromEntries(back.fields)).toEqual(fields);
          expect(back.run).toEqual(run);
          expect(back.step).toBe(step);
          expect(back.show).toBe(run[0]);
        },
      ),
    );
  });

  it('CSV quotes fields with commas, quotes and line breaks (RFC 4180); JSON writes typed arrays as arrays', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['0,0 -+x-> 1,0', 'say "hi"'],
          [1, 'x\ny'],
        ],
      ),
    ).toBe('a,b\r\n"0,0 -+x-> 1,0","say ""hi"""\r\n1,"x\ny"\r\n');
    expect(JSON.parse(toJson({ c: Int32Array.of(1, 2), u: Uint8Array.of(3) }))).toEqual({ c: [1, 2], u: [3] });
  });

  it("a quantity with nothing to tell is an empty CSV cell, as `wormcast results --format csv` writes it (was 'NaN')", async () => {
    expect(
      toCsv(
        ['field', 'value'],
        [
          ['mean latency (cycles)', Number.NaN],
          ['x', Infinity],
          ['n', 0],
        ],
      ),
    ).toBe('field,value\r\nmean latency (cycles),\r\nx,\r\nn,0\r\n');
  });
});

describe('layouts', () => {
  it('every node has its own position and the bucket index holds each node once, for every family', () => {
    for (const spec of [
      'mesh:5x3',
      'mesh:3x3x3',
      'torus:4x5x3',
      'hypercube:7',
      'ccc:5',
      'star:5',
      'star:6',
      'torus:7',
    ]) {
      const t = parseTopology(spec);
      const L = layoutOf(t);
      const seen = new Set<string>();
      for (let v = 0; v < t.nodes; v++) seen.add(`${L.x[v]!.toFixed(3)},${L.y[v]!.toFixed(3)}`);
      expect(seen.size, spec).toBe(t.nodes);
      expect([...L.order].sort((a, b) => a - b)).toEqual(Array.from({ length: t.nodes }, (_, i) => i));
    }
  });

  it('hypercube: a link of dimension d is horizontal for even d and vertical for odd d; ccc rings hold n nodes around one centre', () => {
    const t = parseTopology('hypercube:6');
    const L = layoutOf(t);
    for (let v = 0; v < t.nodes; v++) {
      for (let d = 0; d < 6; d++) {
        const w = v ^ (1 << d);
        expect(d % 2 === 0 ? L.y[v] === L.y[w] : L.x[v] === L.x[w]).toBe(true);
      }
    }
    const c = parseTopology('ccc:4');
    const C = layoutOf(c);
    const cx = (w: number): number => [0, 1, 2, 3].reduce((s, i) => s + C.x[w * 4 + i]!, 0) / 4;
    for (let i = 0; i < 4; i++) expect(Math.abs(C.x[i]! - cx(0))).toBeLessThan(1.5);
  });
});
