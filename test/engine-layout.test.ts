import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as L from '../src/engine/layout.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { ASSEMBLY_LAYOUT_PATH, LAYOUT_SOURCE_PATH, assemblyLayout } from '../src/wasm/assembly-layout.ts';

describe('engine layout (src/engine/layout.ts = assembly/engine/layout.ts)', () => {
  it('assembly/engine/layout.ts is generated from src/engine/layout.ts (regenerate: npx tsx src/wasm/write-assembly-layout.ts)', () => {
    const generated = assemblyLayout(readFileSync(LAYOUT_SOURCE_PATH, 'utf8'));
    expect(readFileSync(ASSEMBLY_LAYOUT_PATH, 'utf8')).toBe(generated);
    // the diagram comes along, with the link-latency region (issue 28: the hand copy had lost both)
    expect(generated).toMatch(/\* +\+0 +header/);
    expect(generated).toMatch(/\* +lat +i32\[WIRE_STRIDE/);
  });

  it('the generator refuses a constant it cannot carry over', () => {
    expect(() => assemblyLayout('export const H_X = 1 << 3;\n')).toThrow(/integer constants only/);
  });

  it('the AssemblyScript constants equal the TypeScript ones, name by name', () => {
    const as = readFileSync(new URL('../assembly/engine/layout.ts', import.meta.url), 'utf8');
    const found = new Map(
      [...as.matchAll(/export const ([A-Z0-9_]+): i32 = (\d+);/g)].map((m) => [m[1]!, Number(m[2])]),
    );
    const ts = Object.entries(L).filter(([k, v]) => /^[A-Z0-9_]+$/.test(k) && typeof v === 'number');
    expect(ts.length).toBeGreaterThan(80);
    for (const [k, v] of ts) expect(found.get(k), k).toBe(v);
    expect(found.size).toBe(ts.length);
  });

  it('regions do not overlap and are 8-byte aligned', () => {
    const lay = L.computeLayout({
      nodes: 10,
      ports: 3,
      vcs: 4,
      q: 3,
      qe: 3,
      worms: 7,
      dests: 9,
      treeEntries: 5,
      slots: 33,
      mux: true,
      channelUse: true,
    });
    const starts = [
      lay.owner,
      lay.arb,
      lay.winner,
      lay.alone,
      lay.chanFlits,
      lay.qHead,
      lay.qTail,
      lay.worm,
      lay.dest,
      lay.tree,
      lay.slot,
      lay.active,
      lay.bytes,
    ];
    const words = [
      lay.vcTotal,
      4 * 30,
      30,
      30,
      0,
      30,
      30,
      7 * L.WORM_STRIDE,
      9 * L.DEST_STRIDE,
      5 * L.TREE_STRIDE,
      33 * L.SLOT_STRIDE,
      7,
    ];
    expect(starts[0]).toBe(L.COUNTERS_BYTE + 8 * L.COUNTERS);
    for (let i = 0; i < words.length; i++) {
      expect(starts[i]! % 8).toBe(0);
      expect(starts[i + 1]! - starts[i]!).toBeGreaterThanOrEqual(words[i]! * 4);
    }
    expect(lay.vcTotal).toBe(10 * 3 * 4 + 2 * 10 * 3);
    // one consumption channel per incoming VC (option consumption 'vc'): N P V of them
    expect(
      L.computeLayout({
        nodes: 10,
        ports: 3,
        vcs: 4,
        q: 3,
        qe: 12,
        worms: 7,
        dests: 9,
        treeEntries: 5,
        slots: 33,
        mux: true,
        channelUse: true,
      }).vcTotal,
    ).toBe(10 * 3 * 4 + 10 * 3 + 10 * 12);
    // multiplexed channels count their flits in the arbitration records, others in chanFlits
    expect(lay.arb % 16).toBe(0);
    const links = L.computeLayout({
      nodes: 10,
      ports: 3,
      vcs: 1,
      q: 1,
      qe: 1,
      worms: 7,
      dests: 9,
      treeEntries: 5,
      slots: 33,
      mux: false,
      channelUse: true,
    });
    expect(links.qHead - links.chanFlits).toBeGreaterThanOrEqual(30 * 4);
    expect(links.chanFlits - links.arb).toBe(0);
  });

  it('all-port ejection: distinct incoming links of a node have distinct upstream ports (docs/model-flit.md)', () => {
    for (const spec of ['hypercube:5', 'ccc:4', 'mesh:4x3', 'mesh:3x3x3', 'torus:3x4', 'torus:5x3x3', 'star:5']) {
      const t = parseTopology(spec);
      for (let v = 0; v < t.nodes; v++) {
        const ports = new Set<number>();
        let incoming = 0;
        for (let u = 0; u < t.nodes; u++)
          for (let p = 0; p < t.ports; p++)
            if (t.neighbor(u, p) === v) {
              incoming++;
              ports.add(p);
            }
        expect(ports.size, `${spec} node ${v}`).toBe(incoming);
      }
    }
  });
});
