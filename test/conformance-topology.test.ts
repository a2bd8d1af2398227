import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SAMPLE_MAX_NODES, TOPOLOGY_FAMILIES, parseTopology } from '../src/topology/registry.ts';
import { ASSEMBLY_TABLE_PATH } from '../src/wasm/assembly-table.ts';
import { configureTopology, loadWasm } from '../src/wasm/module.ts';
import { bfs } from './utils.ts';

/*
 * Issue 28: the topology contract (src/topology/types.ts) checked for every family registered in
 * src/topology/registry.ts, on the samples its entry names, so that a family added by
 * docs/extending.md is checked without a test edit. Each check reports every failing node in one
 * message naming the sample.
 */

const NAMES = Object.keys(TOPOLOGY_FAMILIES);

describe('every topology family has samples (issue 28)', () => {
  it('each entry names at least one sample: specs of its own family, normalised, of at most SAMPLE_MAX_NODES nodes', () => {
    expect(NAMES.length).toBeGreaterThan(0);
    for (const name of NAMES) {
      const samples = TOPOLOGY_FAMILIES[name]!.samples;
      expect(samples.length, `${name} has no samples`).toBeGreaterThan(0);
      for (const spec of samples) {
        const t = parseTopology(spec);
        expect([t.kind, t.spec], spec).toEqual([name, spec]);
        expect(t.nodes, spec).toBeLessThanOrEqual(SAMPLE_MAX_NODES);
      }
    }
  });
});

describe.each(NAMES)('topology family %s, on its samples (issue 28)', (name) => {
  const samples = TOPOLOGY_FAMILIES[name]!.samples;

  it('every channel has one back (u -port-> v implies a port of v leads to u), none leads to its own node, and every neighbour is a node', () => {
    const bad: string[] = [];
    for (const spec of samples) {
      const t = parseTopology(spec);
      for (let u = 0; u < t.nodes; u++)
        for (let p = 0; p < t.ports; p++) {
          const v = t.neighbor(u, p);
          if (v === -1) continue;
          if (!Number.isInteger(v) || v < 0 || v >= t.nodes) bad.push(`${spec}: ${u} -${p}-> ${v} is no node`);
          else if (v === u) bad.push(`${spec}: port ${p} of ${u} leads to ${u} itself`);
          else if (![...Array(t.ports).keys()].some((q) => t.neighbor(v, q) === u))
            bad.push(`${spec}: ${u} -${p}-> ${v} but no port of ${v} leads to ${u}`);
        }
    }
    expect(bad.length, `${bad.length} found, first: ${bad.slice(0, 5).join('; ')}`).toBe(0);
  });

  it('distance(u, v) is the BFS distance for every pair; diameter is the largest of them, links the channels / 2', () => {
    const bad: string[] = [];
    for (const spec of samples) {
      const t = parseTopology(spec);
      let diameter = 0;
      let channels = 0;
      for (let u = 0; u < t.nodes; u++) {
        const d = bfs(t, u);
        for (let v = 0; v < t.nodes; v++) {
          if (d[v] === -1) bad.push(`${spec}: ${v} is not reachable from ${u}`);
          else if (t.distance(u, v) !== d[v])
            bad.push(`${spec}: distance(${u}, ${v}) = ${t.distance(u, v)}, BFS ${d[v]}`);
          diameter = Math.max(diameter, d[v]!);
        }
        for (let p = 0; p < t.ports; p++) if (t.neighbor(u, p) !== -1) channels++;
      }
      expect([spec, t.diameter, t.links]).toEqual([spec, diameter, channels / 2]);
    }
    expect(bad.length, `${bad.length} found, first: ${bad.slice(0, 5).join('; ')}`).toBe(0);
  });

  it('assembly/table.ts has its kind id, and the wasm module finds the same neighbour as TS for every node and port', async () => {
    const family = TOPOLOGY_FAMILIES[name]!;
    // family names are lowercase letters (the spec parser reads [a-z]+), so the constant is KIND_<NAME>
    const constant = `KIND_${name.toUpperCase()}`;
    const table = readFileSync(ASSEMBLY_TABLE_PATH, 'utf8');
    expect(table).toContain(`export const ${constant}: i32 = ${family.id};`);
    expect(table).toContain(`case ${constant}: return`);
    const bad: string[] = [];
    for (const spec of samples) {
      const t = parseTopology(spec);
      const w = await loadWasm();
      configureTopology(w, t);
      // one port past the last: the module must find nothing there either
      for (let v = 0; v < t.nodes; v++)
        for (let p = 0; p <= t.ports; p++) {
          const ts = p < t.ports ? t.neighbor(v, p) : -1;
          if (w.neighbor(v, p) !== ts) bad.push(`${spec}: port ${p} of ${v}: TS ${ts}, wasm ${w.neighbor(v, p)}`);
        }
    }
    expect(bad.length, `${bad.length} found, first: ${bad.slice(0, 5).join('; ')}`).toBe(0);
  });
});
