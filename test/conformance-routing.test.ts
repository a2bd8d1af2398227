import { describe, expect, it } from 'vitest';
import { ROUTINGS, createRouting, routingSamples } from '../src/routing/registry.ts';
import { TOPOLOGIES, parseTopology } from '../src/topology/registry.ts';
import { checkRoutes, pairs } from './utils.ts';

/*
 * Issue 28: the routing contract checked for every routing function registered in
 * src/routing/registry.ts, on the samples of its families (routingSamples), so that a routing
 * function added by docs/extending.md is checked without a test edit. Its default-routing
 * deadlock freedom is in test/deadlock-defaults.test.ts.
 */

/** Every ordered pair up to 64 nodes; beyond, this many seeded random pairs. */
const PAIRS = 64 * 63;

describe.each(Object.keys(ROUTINGS))('routing %s, on the samples of its families (issue 28)', (name) => {
  const entry = ROUTINGS[name]!;

  it('its factory accepts at least one sample of each family it names', () => {
    const specs = routingSamples(name);
    for (const kind of entry.kinds)
      expect(
        specs.filter((s) => parseTopology(s).kind === kind),
        `${name} accepts none of ${TOPOLOGIES[kind].samples.join(', ')}`,
      ).not.toEqual([]);
  });

  it('every route reaches its destination over declared VC classes, is shortest when the function says minimal, and the wasm twin gives the same route words', async () => {
    let checked = 0;
    for (const spec of routingSamples(name)) {
      const t = parseTopology(spec);
      const r = createRouting(name, t);
      expect(r.wasmId, spec).toBe(entry.id);
      checked += await checkRoutes(r, pairs(t, PAIRS), { minimal: r.minimal });
    }
    expect(checked).toBeGreaterThan(0);
  });
});
