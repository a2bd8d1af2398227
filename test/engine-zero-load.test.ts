import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../src/engine/reference.ts';
import type { EngineOptions, WormSpec } from '../src/engine/types.ts';
import { createRouting } from '../src/routing/registry.ts';
import { tracePath } from '../src/routing/trace.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { checkReferenceInvariants } from './engine-helpers.ts';
import { rng } from './utils.ts';

/** Every routing function on a small network of each topology it supports. */
const ROUTED: Array<[string, string]> = [
  ['hypercube:4', 'ecube'],
  ['hypercube:5', 'label'],
  ['ccc:3', 'hc'],
  ['ccc:4', 'ccc-optimal'],
  ['ccc:4', 'ccc-simple'],
  ['mesh:4x5', 'dor'],
  ['mesh:3x4', 'label'],
  ['mesh:3x3x2', 'dor'],
  ['torus:5x4', 'dor'],
  ['torus:4x4', 'hcm'],
  ['star:4', 'star-min'],
  ['star:4', 'hcm'],
];

/** Run a reference engine cycle by cycle, checking the invariants after each cycle. */
function runChecked(e: ReferenceEngine, limit = 100_000): string {
  let status = e.runUntil(e.cycle + 1);
  while (status === 'limit' && e.cycle < limit) {
    checkReferenceInvariants(e);
    status = e.runUntil(e.cycle + 1);
  }
  return status;
}

describe('zero-load latency: tail at c + S + (h + 2) + (h + 1) R + (L - 1) (docs/model-flit.md)', () => {
  for (const [spec, name] of ROUTED) {
    it(`${name} on ${spec}: lone unicasts, one-port and all-port, every cycle checked`, () => {
      const t = parseTopology(spec);
      const r = createRouting(name, t);
      const g = rng(spec.length * 31 + name.length);
      let checked = 0;
      for (let k = 0; k < 12; k++) {
        const src = Math.floor(g() * t.nodes);
        const dst = k === 0 ? src : Math.floor(g() * t.nodes);
        const h = tracePath(r, src, dst).length;
        const flits = 1 + Math.floor(g() * 20);
        const c = Math.floor(g() * 50);
        const options: EngineOptions = {
          startup: Math.floor(g() * 5),
          routerDelay: Math.floor(g() * 4),
          buffer: 2 + Math.floor(g() * 4),
          port: k % 2 ? 'all' : 'one',
          vcLinks: k % 3 === 0,
        };
        const worms: WormSpec[] = [{ kind: 'unicast', src, dests: [dst], flits, created: c }];
        const e = new ReferenceEngine({ routing: r, worms, options });
        expect(runChecked(e)).toBe('finished');
        const times = e.times();
        const S = options.startup!;
        const R = options.routerDelay!;
        expect(times.destTail[0], `${src}->${dst} h=${h} L=${flits} S=${S} R=${R}`).toBe(
          c + S + (h + 2) + (h + 1) * R + (flits - 1),
        );
        expect(times.destHead[0]).toBe(c + S + (h + 2) + (h + 1) * R);
        expect(e.counters().flitHops).toBe(h * flits);
        expect(e.counters().ejectedFlits).toBe(flits);
        checked++;
      }
      expect(checked).toBe(12);
    });
  }

  it('a path worm delivers at each destination at the formula with h = hops so far', () => {
    const t = parseTopology('mesh:6x6');
    const r = createRouting('dor', t);
    const dests = [t.parse('3,0'), t.parse('3,4'), t.parse('0,5')];
    const hops = [3, 4, 4];
    const e = new ReferenceEngine({
      routing: r,
      worms: [{ kind: 'path', src: 0, dests, flits: 10, created: 2 }],
      options: { startup: 3, routerDelay: 2 },
    });
    expect(runChecked(e)).toBe('finished');
    const times = e.times();
    let h = 0;
    hops.forEach((d, i) => {
      h += d;
      expect(times.destTail[i]).toBe(2 + 3 + (h + 2) + (h + 1) * 2 + 9);
    });
    expect(e.counters().flitHops).toBe(11 * 10);
    expect(e.counters().ejectedFlits).toBe(30);
  });

  it('with B = 1 a VC passes one flit every two cycles', () => {
    const t = parseTopology('mesh:4x4');
    const r = createRouting('dor', t);
    const e = new ReferenceEngine({
      routing: r,
      worms: [{ kind: 'unicast', src: 0, dests: [3], flits: 6, created: 0 }],
      options: { buffer: 1, startup: 1, routerDelay: 1 },
    });
    expect(runChecked(e)).toBe('finished');
    const h = 3;
    expect(e.times().destTail[0]).toBe(1 + (h + 2) + (h + 1) + 2 * 5);
  });
});
