import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { WormcastError } from '../src/errors.ts';
import { LABELLINGS, defaultLabelling } from '../src/labelling/registry.ts';
import type { Labelling } from '../src/labelling/types.ts';
import { DEFAULT_ROUTING } from '../src/multicast/registry.ts';
import { ROUTINGS, createRouting, routingSamples, routingsFor } from '../src/routing/registry.ts';
import { TOPOLOGIES, TOPOLOGY_FORMS, parseTopology } from '../src/topology/registry.ts';
import type { TopologyKind } from '../src/topology/types.ts';
import {
  ASSEMBLY_TABLE_PATH,
  assemblyTable,
  neighborFunctionName,
  routeFunctionName,
} from '../src/wasm/assembly-table.ts';
import { WasmRouting, loadWasm } from '../src/wasm/module.ts';

const kinds = Object.keys(TOPOLOGIES) as TopologyKind[];

describe('one table of ids (issue 15)', () => {
  it('assembly/table.ts is what the registries give (regenerate: npx tsx src/wasm/write-assembly-table.ts)', () => {
    expect(readFileSync(ASSEMBLY_TABLE_PATH, 'utf8')).toBe(assemblyTable());
  });

  it('ids are distinct positive integers, and the ids of before the table are kept', () => {
    const tIds = kinds.map((k) => TOPOLOGIES[k].id);
    const rIds = Object.values(ROUTINGS).map((r) => r.id);
    for (const ids of [tIds, rIds]) {
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(Number.isInteger(id) && id > 0).toBe(true);
    }
    // the numbers hand-kept in assembly/topology.ts and assembly/routing/state.ts until issue 15
    // (toMatchObject: a family or routing added later keeps these and adds its own)
    expect(Object.fromEntries(kinds.map((k) => [k, TOPOLOGIES[k].id]))).toMatchObject({
      hypercube: 1,
      ccc: 2,
      mesh: 3,
      torus: 4,
      star: 5,
    });
    expect(Object.fromEntries(Object.entries(ROUTINGS).map(([n, r]) => [n, r.id]))).toMatchObject({
      ecube: 1,
      dor: 2,
      hc: 3,
      'ccc-optimal': 4,
      'ccc-simple': 5,
      label: 6,
      hcm: 7,
      'star-min': 8,
      'xy-double': 9,
    });
  });

  it('the generator names the AssemblyScript functions by convention, and each file exports them', () => {
    expect(routeFunctionName('xy-double')).toBe('routeXyDouble');
    expect(neighborFunctionName('mesh')).toBe('meshNeighbor');
    for (const name of Object.keys(ROUTINGS))
      expect(readFileSync(`assembly/routing/${name}.ts`, 'utf8')).toMatch(
        new RegExp(`export function ${routeFunctionName(name)}\\(`),
      );
    for (const k of kinds) {
      const file = TOPOLOGIES[k].wasm;
      if (file !== null)
        expect(readFileSync(`assembly/${file}.ts`, 'utf8')).toMatch(
          new RegExp(`export function ${neighborFunctionName(k)}\\(`),
        );
    }
  });

  it('createRouting stamps the table id; the wasm module routes with it (TS = wasm on every pair of every sample)', async () => {
    for (const [name, entry] of Object.entries(ROUTINGS))
      for (const spec of routingSamples(name)) {
        const t = parseTopology(spec);
        const r = createRouting(name, t);
        expect(r.wasmId).toBe(entry.id);
        const w = await WasmRouting.create(r);
        const bad: string[] = [];
        for (let s = 0; s < t.nodes; s++)
          for (let d = 0; d < t.nodes; d++)
            if (w.route(s, d, -1) !== r.route(s, d, -1)) bad.push(`${name} on ${spec}: ${s} -> ${d}`);
        expect(bad.length, `${bad.length} found, first: ${bad.slice(0, 5).join('; ')}`).toBe(0);
      }
  });

  it('the wasm module finds every neighbour by the family id (TS = wasm), configured by the default routing', async () => {
    for (const k of kinds)
      for (const spec of TOPOLOGIES[k].samples) {
        const t = parseTopology(spec);
        const w = await WasmRouting.create(createRouting(DEFAULT_ROUTING[k], t));
        const bad: string[] = [];
        for (let v = 0; v < t.nodes; v++)
          for (let p = 0; p < t.ports + 1; p++)
            if (w.wasm.neighbor(v, p) !== t.neighbor(v, p)) bad.push(`${spec}: port ${p} of ${v}`);
        expect(bad.length, `${bad.length} found, first: ${bad.slice(0, 5).join('; ')}`).toBe(0);
      }
  });

  it('an unknown id makes the module deliver at once and find no neighbour', async () => {
    const w = await loadWasm();
    w.setTopology(0, 16, 4, 1);
    expect(w.neighbor(3, 0)).toBe(-1);
    w.setRouting(0, 0);
    expect(w.route(3, 5, -1)).toBe(-1);
  });
});

describe('the topology registry', () => {
  it('every default routing is defined on its family, and DEFAULT_ROUTING is read from the registry', () => {
    for (const k of kinds) {
      expect(routingsFor(k)).toContain(TOPOLOGIES[k].defaultRouting);
      expect(DEFAULT_ROUTING[k]).toBe(TOPOLOGIES[k].defaultRouting);
    }
    expect(DEFAULT_ROUTING).toMatchObject({ hypercube: 'ecube', ccc: 'hc', mesh: 'dor', torus: 'dor', star: 'hcm' });
  });

  it("the default labelling is the family's entry in LABELLINGS (every sample it accepts); a family without one lists those with one", () => {
    let labelled = 0;
    for (const k of kinds) {
      const make = LABELLINGS[k];
      if (!make) continue;
      for (const spec of TOPOLOGIES[k].samples) {
        const t = parseTopology(spec);
        let own: Labelling;
        try {
          own = make(t);
        } catch {
          // torus-hcm needs an even number of rows, as the labelling itself says
          expect(() => defaultLabelling(t)).toThrow(WormcastError);
          continue;
        }
        expect(defaultLabelling(t).nodeAt).toEqual(own.nodeAt);
        labelled++;
      }
    }
    expect(labelled).toBeGreaterThan(0);
    expect(Object.keys(LABELLINGS).every((k) => (kinds as string[]).includes(k))).toBe(true);
    expect(defaultLabelling(parseTopology('mesh:4x4')).name).toBe('mesh-snake');
    expect(() => defaultLabelling(parseTopology('ccc:3'))).toThrow(
      'wormcast: ccc:3: no Hamiltonian labelling is defined for ccc; families with one: hypercube, mesh, torus, star',
    );
  });

  it('every routing names families that exist, and its words name each of them', () => {
    for (const [name, r] of Object.entries(ROUTINGS)) {
      expect(r.kinds.length, name).toBeGreaterThan(0);
      for (const k of r.kinds) {
        expect(kinds).toContain(k);
        expect(r.topologies).toContain(k);
      }
    }
    expect(routingsFor('mesh')).toEqual([
      'dor',
      'label',
      'xy-double',
      'west-first',
      'north-last',
      'negative-first',
      'o1turn',
      'min-adaptive',
      'valiant',
      'planar-adaptive',
      'dim-reversal',
      'fault-ring',
      'label-detour',
      'label-adaptive',
    ]);
  });

  it('the forms are the registry entries, and specs parse as before', () => {
    expect(Object.keys(TOPOLOGY_FORMS)).toEqual(kinds);
    for (const k of kinds) for (const spec of TOPOLOGIES[k].samples) expect(parseTopology(` ${spec} `).spec).toBe(spec);
    expect(() => parseTopology('hypercube:x')).toThrow(
      "wormcast: hypercube:x: 'x' is not a non-negative integer; expected hypercube:n (n = 1..20)",
    );
    expect(() => parseTopology('mesh:4xa')).toThrow('wormcast: mesh:4xa: expected mesh:k0xk1 or mesh:k0xk1xk2');
    expect(() => parseTopology('__proto__:3')).toThrow(/bad topology/);
    expect(() => parseTopology('constructor:3')).toThrow(
      "wormcast: unknown topology family 'constructor' in 'constructor:3': expected one of hypercube:n (n = 1..20); ccc:n (n = 3..16); mesh:k0xk1 or mesh:k0xk1xk2; torus:k0xk1[x...] (every k >= 3); star:n (n = 3..9)",
    );
  });

  it('a routing on a family it is not defined for lists the routings that are (one wormcast: line, exit 2)', async () => {
    expect(() => createRouting('ecube', parseTopology('mesh:4x4'))).toThrow(
      'wormcast: routing ecube: needs a hypercube, not mesh:4x4; routings for mesh: dor, label, xy-double',
    );
    // a finer condition within a family the routing is defined on: the factory's own message
    expect(() => createRouting('xy-double', parseTopology('mesh:4x4x4'))).toThrow(
      /^wormcast: routing xy-double: needs a 2D mesh \(mesh:k0xk1\), not mesh:4x4x4$/,
    );
    const err: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((s: string) => {
      err.push(String(s));
      return true;
    }) as typeof process.stderr.write;
    let code: number | undefined;
    try {
      code = await main(['route', '--topology', 'star:4', '--routing', 'dor', '--from', '0123', '--to', '1023']);
    } finally {
      process.stderr.write = write;
    }
    expect(code).toBe(2);
    expect(err.join('')).toBe(
      'wormcast: routing dor: needs a mesh or torus (mesh:k0xk1[xk2], torus:k0xk1[x...]), not star:4; routings for star: hcm, star-min\n',
    );
  });
});
