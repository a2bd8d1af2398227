import { describe, expect, it } from 'vitest';
import { customLabelling } from '../src/labelling/custom.ts';
import { fixedNetworkIsHigh, VC_PH, VC_PL, VC_QH, VC_QL } from '../src/routing/hcm-model.ts';
import { createRouting } from '../src/routing/registry.ts';
import { tracePath } from '../src/routing/trace.ts';
import { DELIVER, INJECT, portOf, vcOf, type Hop, type RoutingFunction } from '../src/routing/types.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { WasmRouting } from '../src/wasm/module.ts';
import { checkRoutes, pairs } from './utils.ts';

/** A multidestination worm: route through `dests` in order from src, keeping the VC class. */
function worm(r: RoutingFunction, src: number, dests: number[], vcIn: number, wasm?: WasmRouting): Hop[] {
  const hops: Hop[] = [];
  let node = src;
  let vc = vcIn;
  for (const d of dests) {
    for (;;) {
      const word = wasm ? wasm.route(node, d, vc) : r.route(node, d, vc);
      if (word === DELIVER) break;
      const next = r.topology.neighbor(node, portOf(word));
      hops.push({ from: node, to: next, port: portOf(word), vc: vcOf(word) });
      node = next;
      vc = vcOf(word);
      if (hops.length > 4 * r.topology.nodes) throw new Error('worm does not arrive');
    }
  }
  return hops;
}

/**
 * The monotone order of seed 003 sections 2.2.4 and 3.1 on one route (or worm): it stays in
 * one network; in the high network every common hop raises the label and every boundary hop
 * lowers it (low network: the reverse); it takes at most one boundary hop, on p-channels
 * before it and q-channels from it on; so the channels are acquired in strictly increasing
 * order of (p before q, then the label reached: rising in the high network, falling in the
 * low). Returns an error message, or '' when the property holds.
 */
function hcmOrderViolation(r: RoutingFunction, path: Hop[], firstHopQ = false): string {
  if (path.length === 0) return '';
  const l = r.labelling!.labelOf;
  const n = r.topology.nodes;
  const half = Math.ceil(n / 2);
  const high = path[0]!.vc === VC_PH || path[0]!.vc === VC_QH;
  let crossed = firstHopQ;
  let prev = -1;
  for (const [i, h] of path.entries()) {
    const lu = l[h.from]!;
    const lw = l[h.to]!;
    const boundary = Math.abs(lw - lu) > half;
    const rises = lw > lu;
    if (high ? rises === boundary : rises !== boundary)
      return `hop ${i} ${lu}->${lw} (${boundary ? 'boundary' : 'common'}) goes the wrong way for the ${high ? 'high' : 'low'} network`;
    if (boundary) {
      if (crossed && !firstHopQ) return `hop ${i} ${lu}->${lw} crosses the boundary a second time`;
      crossed = true;
    }
    const want = high ? (crossed ? VC_QH : VC_PH) : crossed ? VC_QL : VC_PL;
    if (h.vc !== want) return `hop ${i} ${lu}->${lw} on ${r.vcClasses[h.vc]}, expected ${r.vcClasses[want]}`;
    const key = (crossed ? n : 0) + (high ? lw : n - 1 - lw);
    if (key <= prev) return `hop ${i} ${lu}->${lw} breaks the channel order`;
    prev = key;
  }
  return '';
}

const labels = (r: RoutingFunction, path: Hop[]) =>
  path.map((h) => `${r.labelling!.labelOf[h.to]}${r.vcClasses[h.vc]}`).join(' ');

describe('hcm routing: the worked examples of seed 003 section 4', () => {
  it('4x4 torus, uniform: from (3,2)^11, D^h = 12,13,15,0,1 takes 6 hops and D^l = 10,8,6,2 takes 7', async () => {
    const t = parseTopology('torus:4x4');
    const r = createRouting('hcm', t);
    const wasm = await WasmRouting.create(r);
    const s = t.parse('3,2');
    const dh = ['3,3', '2,3', '0,3', '0,0', '1,0'].map((a) => t.parse(a));
    const dl = ['2,2', '0,2', '1,1', '2,0'].map((a) => t.parse(a));
    const mh = worm(r, s, dh, VC_PH);
    const ml = worm(r, s, dl, VC_PL);
    expect(mh.length).toBe(6);
    expect(ml.length).toBe(7);
    // "After M^h goes across the boundary, it will use the q-channel"
    expect(labels(r, mh)).toBe('12ph 13ph 14ph 15ph 0qh 1qh');
    expect(labels(r, ml)).toBe('10pl 9pl 8pl 7pl 6pl 5pl 2pl');
    expect(worm(r, s, dh, VC_PH, wasm)).toEqual(mh);
    expect(worm(r, s, dl, VC_PL, wasm)).toEqual(ml);
    expect(hcmOrderViolation(r, mh) + hcmOrderViolation(r, ml)).toBe('');
  });

  it('4x4 torus, fixed: D^h = 12,13,15,0,1,2 takes 7 hops and D^l = 10,8,6 takes 5', () => {
    const t = parseTopology('torus:4x4');
    const r = createRouting('hcm', t);
    const s = t.parse('3,2');
    expect(
      worm(
        r,
        s,
        ['3,3', '2,3', '0,3', '0,0', '1,0', '2,0'].map((a) => t.parse(a)),
        VC_PH,
      ).length,
    ).toBe(7);
    expect(
      worm(
        r,
        s,
        ['2,2', '0,2', '1,1'].map((a) => t.parse(a)),
        VC_PL,
      ).length,
    ).toBe(5);
  });

  it('4-star, uniform: from 1432^17, D^h = 19,21,22,1,2 takes 9 hops and D^l = 12,9,7,4 takes 9 (the 5 + 4 split)', async () => {
    const t = parseTopology('star:4');
    const r = createRouting('hcm', t);
    const wasm = await WasmRouting.create(r);
    const s = t.parse('1432');
    const dh = ['3421', '2341', '3241', '2134', '3124'].map((a) => t.parse(a));
    const dl = ['3412', '4123', '1243', '2314'].map((a) => t.parse(a));
    const mh = worm(r, s, dh, VC_PH);
    const ml = worm(r, s, dl, VC_PL);
    expect(mh.length).toBe(9);
    expect(ml.length).toBe(9);
    expect(labels(r, mh)).toBe('18ph 19ph 20ph 21ph 22ph 23ph 0qh 1qh 2qh');
    expect(worm(r, s, dh, VC_PH, wasm)).toEqual(mh);
    expect(worm(r, s, dl, VC_PL, wasm)).toEqual(ml);
  });

  it('4-star, fixed: D^h = 19,21,22,1,2,4 takes 11 hops and D^l = 12,9,7 takes 6', () => {
    const t = parseTopology('star:4');
    const r = createRouting('hcm', t);
    const s = t.parse('1432');
    const mh = worm(
      r,
      s,
      ['3421', '2341', '3241', '2134', '3124', '2314'].map((a) => t.parse(a)),
      VC_PH,
    );
    const ml = worm(
      r,
      s,
      ['3412', '4123', '1243'].map((a) => t.parse(a)),
      VC_PL,
    );
    expect(mh.length).toBe(11);
    expect(ml.length).toBe(6);
    expect(hcmOrderViolation(r, mh) + hcmOrderViolation(r, ml)).toBe('');
  });
});

describe('hcm routing: the routing function R (seed 003 section 3.1)', () => {
  it('declares the VC classes ph, qh, pl, ql, wasm id 7, and is not minimal', () => {
    const r = createRouting('hcm', parseTopology('torus:4x4'));
    expect(r.vcClasses).toEqual(['ph', 'qh', 'pl', 'ql']);
    expect([r.wasmId, r.wasmOption, r.minimal]).toEqual([7, 0, false]);
    expect(createRouting('hcm', parseTopology('star:4'), { dropBoundaryRule: true }).wasmOption).toBe(1);
  });

  for (const spec of ['torus:4x4', 'star:4', 'torus:5x6', 'star:5']) {
    it(`every pair of ${spec}: valid, wasm == TS, in the fixed-preparation network, channels in the seed's monotone order`, async () => {
      const t = parseTopology(spec);
      const r = createRouting('hcm', t);
      const l = r.labelling!.labelOf;
      const list = pairs(t, 1e9);
      const n = await checkRoutes(r, list, {
        check(s, d, path) {
          const why = hcmOrderViolation(r, path);
          if (why) expect.fail(`${t.format(s)} -> ${t.format(d)}: ${why}`);
          expect(path[0]!.vc === VC_PH || path[0]!.vc === VC_QH).toBe(fixedNetworkIsHigh(l[s]!, l[d]!, t.nodes));
        },
      });
      expect(n).toBe(t.nodes * (t.nodes - 1));
    });
  }

  it('a worm injected on ph or pl stays in that network; wasm agrees (every pair of torus:4x4 and star:4)', async () => {
    for (const spec of ['torus:4x4', 'star:4']) {
      const t = parseTopology(spec);
      const r = createRouting('hcm', t);
      const wasm = await WasmRouting.create(r);
      for (const [s, d] of pairs(t, 1e9)) {
        for (const vc of [VC_PH, VC_PL]) {
          const path = worm(r, s, [d], vc);
          const why = hcmOrderViolation(r, path);
          if (why) expect.fail(`${spec} ${t.format(s)} -> ${t.format(d)} from ${r.vcClasses[vc]}: ${why}`);
          expect(path.at(-1)!.to).toBe(d);
          expect(path.every((h) => h.vc < 2 === (vc === VC_PH))).toBe(true);
          expect(worm(r, s, [d], vc, wasm)).toEqual(path);
        }
      }
    }
  });

  it('100,000 random pairs of the 64x64 torus: valid, monotone, wasm == TS', async () => {
    const t = parseTopology('torus:64x64');
    const r = createRouting('hcm', t);
    let bad = '';
    expect(
      await checkRoutes(r, pairs(t, 100_000, 3), {
        check: (s, d, p) => {
          bad ||= hcmOrderViolation(r, p);
        },
      }),
    ).toBe(100_000);
    expect(bad).toBe('');
  });

  it('100,000 random pairs of the 7-star: valid, monotone, wasm == TS', async () => {
    const t = parseTopology('star:7');
    const r = createRouting('hcm', t);
    let bad = '';
    expect(
      await checkRoutes(r, pairs(t, 100_000, 4), {
        check: (s, d, p) => {
          bad ||= hcmOrderViolation(r, p);
        },
      }),
    ).toBe(100_000);
    expect(bad).toBe('');
  });
});

/** True when the channel dependency graph of the given routes (VC to next VC) has a cycle. */
function dependencyCycle(r: RoutingFunction, routes: Hop[][]): boolean {
  const ports = r.topology.ports;
  const vcs = r.vcClasses.length;
  const id = (h: Hop) => (h.from * ports + h.port) * vcs + h.vc;
  const size = r.topology.nodes * ports * vcs;
  const out = new Map<number, Set<number>>();
  const indeg = new Int32Array(size);
  for (const path of routes) {
    for (let i = 1; i < path.length; i++) {
      const a = id(path[i - 1]!);
      const b = id(path[i]!);
      let set = out.get(a);
      if (!set) out.set(a, (set = new Set()));
      if (!set.has(b)) {
        set.add(b);
        indeg[b]!++;
      }
    }
  }
  const queue: number[] = [];
  for (let v = 0; v < size; v++) if (indeg[v] === 0) queue.push(v);
  let removed = 0;
  while (queue.length > 0) {
    const v = queue.pop()!;
    removed++;
    for (const w of out.get(v) ?? []) if (--indeg[w]! === 0) queue.push(w);
  }
  return removed < size;
}

describe('hcm routing: the boundary rule and deadlock', () => {
  for (const spec of ['torus:4x4', 'star:4']) {
    it(`on ${spec} the routes' channel dependencies are acyclic with the boundary rule and cyclic without it`, () => {
      const t = parseTopology(spec);
      const routes = (r: RoutingFunction) =>
        pairs(t, 1e9).flatMap(([s, d]) => [INJECT, VC_PH, VC_PL].map((vc) => worm(r, s, [d], vc)));
      expect(dependencyCycle(createRouting('hcm', t), routes(createRouting('hcm', t)))).toBe(false);
      const dropped = createRouting('hcm', t, { dropBoundaryRule: true });
      const all = routes(dropped);
      expect(all.every((p) => p.every((h) => h.vc === VC_PH || h.vc === VC_PL))).toBe(true);
      expect(dependencyCycle(dropped, all)).toBe(true);
    });
  }

  it('without the boundary rule the wasm twin still agrees (option bit 0), and the boundary hop N-1 -> 0 stays on ph', async () => {
    const t = parseTopology('star:4');
    const r = createRouting('hcm', t, { dropBoundaryRule: true });
    expect(await checkRoutes(r, pairs(t, 1e9))).toBe(552);
    const at = r.labelling!.nodeAt;
    expect(labels(r, tracePath(r, at[22]!, at[1]!))).toBe('23ph 0ph 1ph');
    expect(labels(createRouting('hcm', t), tracePath(createRouting('hcm', t), at[22]!, at[1]!))).toBe('23ph 0qh 1qh');
  });

  it('a q input class stays q (a worm that has crossed the boundary never returns to p)', () => {
    const t = parseTopology('torus:4x4');
    const r = createRouting('hcm', t);
    const at = r.labelling!.nodeAt;
    expect(worm(r, at[0]!, [at[5]!], VC_QH).every((h) => h.vc === VC_QH)).toBe(true);
    expect(worm(r, at[9]!, [at[5]!], VC_QL).every((h) => h.vc === VC_QL)).toBe(true);
  });
});

describe('hcm routing: topologies and labellings', () => {
  it('runs over a user-supplied Hamiltonian cycle, and refuses paths and other families', async () => {
    const t = parseTopology('torus:4x4');
    // the reversed default cycle is also a Hamiltonian cycle
    const rev = Array.from(createRouting('hcm', t).labelling!.nodeAt).reverse();
    const r = createRouting('hcm', t, { labelling: customLabelling(t, rev, true) });
    expect(r.labelling!.name).toBe('custom-cycle');
    expect(await checkRoutes(r, pairs(t, 1e9), { check: (s, d, p) => expect(hcmOrderViolation(r, p)).toBe('') })).toBe(
      240,
    );
    expect(() => createRouting('hcm', t, { labelling: customLabelling(t, rev, false) })).toThrow(
      "routing hcm: labelling 'custom-path' is a Hamiltonian path; the Hamiltonian cycle model (seed 003 section 2.2) needs a cycle",
    );
    expect(() => createRouting('hcm', parseTopology('hypercube:4'))).toThrow(
      'routing hcm: needs a torus or star graph (torus:k0xk1 with k1 even, star:n), not hypercube:4',
    );
    expect(() => createRouting('hcm', parseTopology('torus:4x5'))).toThrow('k1 = 5 must be even');
  });
});
