import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate, type SimulateOptions } from '../../src/experiment/config/simulate-options.ts';
import { WormcastError } from '../../src/errors.ts';
import { errorText } from '../../src/web/dom.ts';
import {
  computeSimulation,
  MAX_MESSAGES,
  MAX_TRACE_CHARS,
  plannedCycles,
  type SimulationRequest,
} from '../../src/web/simulate-panel.ts';
import { TRACE_EXAMPLES, traceOf } from '../../src/web/trace-input.ts';
import { WatchSession } from '../../src/web/watch/session.ts';
import * as L from '../../src/engine/layout.ts';
import { readChannelFlits } from '../../src/engine/results.ts';
import { WasmEngine } from '../../src/engine/wasm.ts';
import { traceWorkload } from '../../src/experiment/run/trace-run.ts';
import { createRouting } from '../../src/routing/registry.ts';
import { parseTopology } from '../../src/topology/registry.ts';
import { parseTrace } from '../../src/traffic/trace-file.ts';
import { runMain } from '../cli-main.ts';

/**
 * Traces in the simulation panel (docs/web.md, docs/traffic.md "Traces"): the page's replay of a
 * trace is `wormcast simulate --trace`'s and the library's simulate({ trace }), the bundled
 * examples are the files of examples/traces/, and a bad trace is one line naming its line.
 */
const wasm = readFileSync(new URL('../../build/wormcast.wasm', import.meta.url));

/** The form's defaults (index.html) with a trace as the workload. */
const REQ: SimulationRequest = {
  scenario: '',
  topology: 'hypercube:6',
  routing: '',
  algorithm: 'unicast',
  dests: '4',
  load: '0.1',
  flits: '16',
  cycles: '2000',
  warmup: '200',
  drain: '5000',
  seed: '1',
  vcs: '1',
  buffer: '8',
  port: '',
};

/** A region's words, a run not started (no runUntil call yet: 'running') read as one stopped at the cycle asked ('limit'). */
function words(region: Uint8Array): Int32Array {
  const m = new Int32Array(region.slice().buffer);
  if (m[L.H_STATUS] === L.ST_RUNNING) m[L.H_STATUS] = L.ST_LIMIT;
  return m;
}

const example = (name: string): SimulationRequest => ({ ...REQ, trace: traceOf(`trace:${name}`, '', '')! });

describe('traces in the simulation panel', () => {
  it('the bundled examples are the files of examples/traces/, as the CLI reads them', () => {
    for (const [name, text] of Object.entries(TRACE_EXAMPLES))
      expect(text, name).toBe(readFileSync(new URL(`../../examples/traces/${name}`, import.meta.url), 'utf8'));
    expect(Object.keys(TRACE_EXAMPLES).sort()).toEqual(['binomial-broadcast-64.trace', 'ring-allgather-64.trace']);
  });

  it("the ring allgather on hypercube:6 drains at 819 (63 T, docs/traffic.md), the CLI's drain time; the whole result is simulate({ trace })'s", async () => {
    const v = await computeSimulation(example('ring-allgather-64.trace'), wasm);
    expect(v.result.drainTime).toBe(819);
    const cli = await runMain([
      'simulate',
      '--trace',
      'examples/traces/ring-allgather-64.trace',
      '--topology',
      'hypercube:6',
      '--json',
    ]);
    expect(cli.stderr).toBe('');
    const j = JSON.parse(cli.stdout) as { drainTime: number; flitHops: number; meanLatency: number };
    expect(j.drainTime).toBe(819);
    expect(v.result.flitHops).toBe(j.flitHops);
    expect(v.result.meanLatency).toBeCloseTo(j.meanLatency, 3);
    const node = await simulate({
      topology: 'hypercube:6',
      trace: 'examples/traces/ring-allgather-64.trace',
    } as SimulateOptions);
    // the library's options form adds its saturation verdict (none here); the page shows the outcome instead
    const { saturation, ...run } = node;
    expect(saturation).toEqual([]);
    expect(v.result).toEqual(run);
    expect(v.outcome).toBe('finished');
    expect(v.heading).toBe(
      'trace ring-allgather-64.trace on hypercube:6 (routing ecube), 4032 messages, one-port nodes, consumption channels one per node, wasm engine',
    );
    // a trace runs until its last delivery: no window to announce
    expect(plannedCycles(example('ring-allgather-64.trace'))).toBe(0);
  });

  it('the binomial broadcast drains at 6 T = 126; with startup-free engine rules from the form the run is the CLI one with the same flags', async () => {
    const v = await computeSimulation(example('binomial-broadcast-64.trace'), wasm);
    expect(v.result.drainTime).toBe(126);
    // the form's network and engine fields apply (the CLI's --vcs, --buffer, --port, --vc-release ...)
    const w = await computeSimulation(
      { ...example('binomial-broadcast-64.trace'), port: 'all', buffer: '2', vcRelease: 'tail-sent' },
      wasm,
    );
    const cli = await runMain(
      ['simulate', '--trace', 'examples/traces/binomial-broadcast-64.trace', '--topology', 'hypercube:6'].concat([
        '--port',
        'all',
        '--buffer',
        '2',
        '--vc-release',
        'tail-sent',
        '--json',
      ]),
    );
    const j = JSON.parse(cli.stdout) as { drainTime: number; flitHops: number; meanLatency: number };
    expect(w.result.drainTime).toBe(j.drainTime);
    expect(w.result.flitHops).toBe(j.flitHops);
    expect(w.result.meanLatency).toBeCloseTo(j.meanLatency, 3);
    expect(w.heading).toContain('all-port nodes');
    expect(w.heading).toContain('VC release tail-sent');
  });

  it("a pasted trace with a multicast runs with the form's algorithm (simulate({ trace }) of the same text in Node gives the same result)", async () => {
    const text = '# a multicast and a reply\n0 0 3/5 8\nafter:0 5 0 4\n';
    const v = await computeSimulation({ ...REQ, algorithm: 'dual-path', trace: { name: 'mine', text } }, wasm);
    const file = join(mkdtempSync(join(tmpdir(), 'wormcast-trace-')), 'mine.trace');
    writeFileSync(file, text);
    const { saturation, ...node } = await simulate({
      topology: 'hypercube:6',
      algorithm: 'dual-path',
      trace: file,
    } as SimulateOptions);
    rmSync(dirname(file), { recursive: true });
    expect(saturation).toEqual([]);
    expect(v.result).toEqual(node);
    expect(v.result.multicasts).toBe(2);
    expect(v.result.drainTime).toBeGreaterThan(0);
  });

  it('a bad trace is one line naming its line (the library parser), and the limits are one line naming the numbers', async () => {
    const bad = async (req: SimulationRequest): Promise<string> => {
      const e = await computeSimulation(req, wasm).then(
        () => null,
        (x: unknown) => x,
      );
      expect(e).toBeInstanceOf(WormcastError);
      const text = errorText(e);
      expect(text.split('\n'), text).toHaveLength(1);
      return text;
    };
    const own = (text: string, name = 'trace'): SimulationRequest => ({ ...REQ, trace: traceOf('trace', text, name)! });
    expect(await bad(own('0 0 1 16\n\n# fine so far\n0 0 99 16\n'))).toBe(
      'wormcast: trace:4: node 99 is not a node of hypercube:6 (ids 0..63)',
    );
    expect(await bad(own('0 0 1\n', 'my.trace'))).toMatch(/^wormcast: my\.trace:1: '0 0 1' must be 4 fields/);
    expect(await bad(own('after:0 1 2 16\n'))).toMatch(/^wormcast: trace:1: after:0 must name an earlier message/);
    expect(await bad(own('0 0 1/2 16\n'))).toMatch(/trace message 0 has 2 destinations: give algorithm/);
    expect(await bad(own('# only a comment\n'))).toBe(
      'wormcast: trace trace: no messages: paste a trace or load a file (one message per line: at src dests flits)',
    );
    expect(await bad(own('0 0 1 16\n'.repeat(MAX_MESSAGES + 1)))).toBe(
      `wormcast: trace trace: ${MAX_MESSAGES + 1} messages; the browser app runs at most ${MAX_MESSAGES} (the CLI has no such limit)`,
    );
    expect(await bad(own(`0 0 1 16 ${'#'.repeat(MAX_TRACE_CHARS)}`))).toMatch(
      new RegExp(`^wormcast: trace trace: ${MAX_TRACE_CHARS + 9} characters; the browser app takes at most`),
    );
    // a form field that applies to a trace is still checked with its words
    expect(await bad({ ...example('ring-allgather-64.trace'), buffer: '0' })).toMatch(/^wormcast: buffer/);
    expect(() => traceOf('trace:nope.trace', '', '')).toThrow(
      "trace 'nope.trace': not an example trace; the examples are binomial-broadcast-64.trace, ring-allgather-64.trace",
    );
  });

  it("a trace watched cycle by cycle is the replay's engine at each cycle, and ends where Simulate's run ends with its channel flits", async () => {
    const req = example('binomial-broadcast-64.trace');
    const session = await WatchSession.create(req, wasm);
    // the replay built from the library's own parts (docs/traffic.md "Traces"), run to k in one call
    const t = parseTopology('hypercube:6');
    const routing = createRouting('ecube', t);
    const w = traceWorkload(parseTrace(req.trace!.text, t, 'x'), 'unicast', routing);
    for (const k of [0, 1, 5, 21, 22, 40, 63, 100]) {
      session.advance(k);
      const node = await WasmEngine.create(
        { routing, worms: w.worms, options: { routeSeed: 1, injection: 'back-to-back' } },
        wasm,
      );
      node.runUntil(k);
      expect(session.frame(k).snapshot.cycle, `at ${k}`).toBe(node.cycle);
      expect(words(session.region()), `at ${k}`).toEqual(words(node.region()));
    }
    session.advance(1_000_000);
    const v = await computeSimulation(req, wasm);
    const end = session.frame(1_000_000);
    expect(end.over).toBe(`finished at cycle ${v.result.cycles}`);
    expect(end.end).toBe(0);
    expect(readChannelFlits(session.region(), t.nodes, t.ports)).toEqual(v.channelFlits);
    // something moved: every node but the root received its 16 flits over one channel
    expect(v.channelFlits.reduce((a, b) => a + b, 0)).toBe(63 * 16);
  });
});
