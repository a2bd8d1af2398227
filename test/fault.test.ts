import { describe, expect, it } from 'vitest';
import { faultRoutes, routablePairs, routeHealthy } from '../src/analysis/fault-routes.ts';
import { healthyComponents, unreachablePairs } from '../src/fault/components.ts';
import { channelHealthy, deadLinkCount } from '../src/fault/fault-set.ts';
import { faultsJson } from '../src/fault/fault-json.ts';
import { parseFaults } from '../src/fault/parse-faults.ts';
import { createRouting } from '../src/routing/registry.ts';
import { tracePath } from '../src/routing/trace.ts';
import { parseTopology } from '../src/topology/registry.ts';

describe('fault model (docs/faults.md)', () => {
  it('a faulty link kills both of its channels and nothing else', () => {
    const t = parseTopology('mesh:4x4');
    const f = parseFaults(t, 'link:1,1-2,1');
    const a = t.parse('1,1');
    const b = t.parse('2,1');
    let dead = 0;
    for (let v = 0; v < t.nodes; v++)
      for (let p = 0; p < t.ports; p++) if (t.neighbor(v, p) >= 0 && !channelHealthy(t, f, v, p)) dead++;
    expect(dead).toBe(2);
    expect(channelHealthy(t, f, a, 0)).toBe(false); // +x of (1,1)
    expect(channelHealthy(t, f, b, 1)).toBe(false); // -x of (2,1)
    expect(deadLinkCount(t, f)).toBe(1);
    expect(faultsJson(t, f)).toEqual({ links: [['1,1', '2,1']], nodes: [], deadLinks: 1 });
  });

  it('a faulty node kills its links: the corner of mesh:3x3 takes 2, leaving 8 nodes connected', () => {
    const t = parseTopology('mesh:3x3');
    const f = parseFaults(t, 'node:0,0');
    expect(deadLinkCount(t, f)).toBe(2);
    const c = healthyComponents(t, f);
    expect(c.sizes).toEqual([8]);
    // 9*8 ordered pairs, 8*7 of them between healthy nodes
    expect(unreachablePairs(t, c)).toBe(72 - 56);
  });

  it('two dead links isolate a corner: two components, the corner unreachable both ways', () => {
    const t = parseTopology('mesh:3x3');
    const c = healthyComponents(t, parseFaults(t, 'link:0,0-1,0; link:0,0-0,1'));
    expect([...c.sizes].sort()).toEqual([1, 8]);
    expect(unreachablePairs(t, c)).toBe(16);
  });

  it('a link or node listed twice is refused in one line, as a hot spot listed twice is (both were accepted silently)', () => {
    const t = parseTopology('mesh:4x4');
    expect(() => parseFaults(t, 'link:0,0-0,1;link:0,1-0,0')).toThrow(
      /^wormcast: faults: bad item 'link:0,1-0,0': the link is listed twice;/,
    );
    expect(() => parseFaults(t, 'node:1,1;link:0,0-1,0;node:1,1')).toThrow(
      /^wormcast: faults: bad item 'node:1,1': the node is listed twice;/,
    );
    // distinct items and a random count beside a listed link are fine
    expect(parseFaults(t, 'link:0,0-0,1;link:0,0-1,0;links:2', 5).links).toHaveLength(4);
  });

  it('random faults: the count asked, distinct, reproducible from the seed, never touching a faulty node', () => {
    const t = parseTopology('mesh:8x8');
    const f = parseFaults(t, 'links:6', 1);
    expect(f.links).toHaveLength(6);
    expect(new Set(f.links.map(([a, b]) => `${a}-${b}`)).size).toBe(6);
    expect(parseFaults(t, 'links:6', 1).links).toEqual(f.links);
    expect(parseFaults(t, 'links:6', 2).links).not.toEqual(f.links);
    // 5% of mesh:8x8's 112 links, rounded
    expect(parseFaults(t, 'links:5%', 1).links).toHaveLength(6);
    const g = parseFaults(t, 'nodes:3;links:10', 7);
    expect(g.nodes).toHaveLength(3);
    for (const [a, b] of g.links) expect(g.nodeMask[a]! + g.nodeMask[b]!).toBe(0);
  });

  it.each([
    ['link:0,0-2,0', /link 0,0-2,0 is not a link of mesh:4x4/],
    ['bogus:1', /bad item 'bogus:1': unknown kind 'bogus'.*expected items joined by/],
    ['links:x', /bad item 'links:x'/],
    ['links:200%', /percentage must be 0..100/],
    ['links:1000', /1000 links asked, only 24/],
    ['node:9,9', /bad item 'node:9,9'/],
    ['link:0,0', /two addresses joined by -/],
  ])('--faults %s is refused with the item and the valid form', (text, message) => {
    expect(() => parseFaults(parseTopology('mesh:4x4'), text)).toThrow(message);
    // one line with one `wormcast: ` prefix (a bad address once carried the topology's own prefix too)
    try {
      parseFaults(parseTopology('mesh:4x4'), text);
    } catch (e) {
      expect((e as Error).message.match(/wormcast: /g)).toHaveLength(1);
    }
  });
});

describe('reachability per routing function', () => {
  it('dor on mesh:4x4 with link (1,0)-(2,0) down: the 32 routes that cross it in row 0 are unroutable', () => {
    const t = parseTopology('mesh:4x4');
    const r = createRouting('dor', t);
    const f = parseFaults(t, 'link:1,0-2,0');
    // x first: sources (0,0),(1,0) to the 8 nodes with x >= 2, and (2,0),(3,0) to the 8 with x <= 1
    expect(faultRoutes(r, f)).toEqual({ pairs: 240, unreachable: 0, components: 1, unroutable: 32 });
    expect(routeHealthy(r, f, t.parse('0,0'), t.parse('3,3'))).toBe(false);
    expect(routeHealthy(r, f, t.parse('0,1'), t.parse('3,0'))).toBe(true);
  });

  it('a pair is routable exactly when its traced route takes only healthy channels (random faults)', () => {
    for (const spec of ['hypercube:5', 'mesh:5x4', 'torus:4x4', 'ccc:3']) {
      const t = parseTopology(spec);
      const r = createRouting(
        spec.startsWith('hypercube') ? 'ecube' : spec.startsWith('ccc') ? 'ccc-simple' : 'dor',
        t,
      );
      for (const seed of [1, 2, 3]) {
        const f = parseFaults(t, 'links:4;nodes:1', seed);
        const ok = routablePairs(r, f)!;
        const c = healthyComponents(t, f);
        for (let s = 0; s < t.nodes; s++)
          for (let d = 0; d < t.nodes; d++) {
            if (s === d) continue;
            const clean =
              f.nodeMask[s] === 0 &&
              f.nodeMask[d] === 0 &&
              tracePath(r, s, d).every((h) => f.channelMask[h.from * t.ports + h.port] === 0);
            expect(ok[s * t.nodes + d], `${spec} seed ${seed} ${s}->${d}`).toBe(clean ? 1 : 0);
            if (clean) expect(c.of[s]).toBe(c.of[d]);
          }
      }
    }
  });
});
