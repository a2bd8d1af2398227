import { describe, expect, it } from 'vitest';
import { parseTopology } from '../src/topology/registry.ts';
import { bfs } from './utils.ts';

describe('hypercube topology', () => {
  it('parses n-bit binary and integer addresses', () => {
    const t = parseTopology('hypercube:4');
    expect(t.parse('0100')).toBe(4);
    expect(t.parse('12')).toBe(12);
    expect(t.parse('#4')).toBe(4);
    expect(t.format(11)).toBe('1011');
    expect([t.nodes, t.ports, t.links, t.diameter]).toEqual([16, 4, 32, 4]);
  });

  it('distance is BFS distance (popcount) on a 6-cube', () => {
    const t = parseTopology('hypercube:6');
    for (let a = 0; a < t.nodes; a++) {
      const d = bfs(t, a);
      for (let b = 0; b < t.nodes; b++) expect(t.distance(a, b)).toBe(d[b]);
    }
  });

  it('rejects bad specs and addresses with the valid range', () => {
    expect(() => parseTopology('hypercube:0')).toThrow('hypercube:0: n must be 1..20');
    expect(() => parseTopology('hypercube:21')).toThrow('n must be 1..20');
    expect(() => parseTopology('hypercube:x')).toThrow(
      "'x' is not a non-negative integer; expected hypercube:n (n = 1..20)",
    );
    expect(() => parseTopology('star:-1')).toThrow('expected star:n (n = 3..9)');
    const t = parseTopology('hypercube:4');
    expect(() => t.parse('01a0')).toThrow("bad address '01a0'");
    expect(() => t.parse('16')).toThrow('must be 0..15');
  });
});

describe('mesh and torus topologies', () => {
  it('mixed radix ids: node = x + k0 * (y + k1 * z)', () => {
    const t = parseTopology('mesh:4x3x2');
    expect(t.parse('1,2,1')).toBe(1 + 4 * (2 + 3 * 1));
    expect(t.format(21)).toBe('1,2,1');
    expect(t.parse('(3,2,0)')).toBe(11);
  });

  it('counts nodes, links and diameter', () => {
    expect(parseTopology('mesh:6x6')).toMatchObject({ nodes: 36, ports: 4, links: 60, diameter: 10 });
    expect(parseTopology('mesh:4x4x4')).toMatchObject({ nodes: 64, ports: 6, links: 144, diameter: 9 });
    expect(parseTopology('torus:4x4')).toMatchObject({ nodes: 16, links: 32, diameter: 4 });
    expect(parseTopology('torus:64x64')).toMatchObject({ nodes: 4096, links: 8192, diameter: 64 });
    expect(parseTopology('torus:5x3x4')).toMatchObject({ nodes: 60, ports: 6, diameter: 2 + 1 + 2 });
  });

  it('distance is BFS distance on 6x6 mesh, 4x4x4 mesh, 5x4 and 3x3x4 tori', () => {
    for (const spec of ['mesh:6x6', 'mesh:4x4x4', 'torus:5x4', 'torus:3x3x4']) {
      const t = parseTopology(spec);
      let checked = 0;
      for (let a = 0; a < t.nodes; a++) {
        const d = bfs(t, a);
        for (let b = 0; b < t.nodes; b++) {
          expect(t.distance(a, b)).toBe(d[b]);
          checked++;
        }
      }
      expect(checked).toBe(t.nodes * t.nodes);
    }
  });

  it('mesh edges have no neighbour past the border; torus wraps', () => {
    const m = parseTopology('mesh:6x6');
    expect(m.neighbor(m.parse('5,0'), 0)).toBe(-1);
    expect(m.neighbor(m.parse('0,0'), 3)).toBe(-1);
    const t = parseTopology('torus:4x4');
    expect(t.format(t.neighbor(t.parse('3,2'), 0))).toBe('0,2');
    expect(t.format(t.neighbor(t.parse('3,0'), 3))).toBe('3,3');
  });

  it('rejects bad specs and addresses with the valid range', () => {
    expect(() => parseTopology('mesh:6')).toThrow('mesh:6: a mesh has 2 or 3 dimensions');
    expect(() => parseTopology('mesh:6x0')).toThrow('every radix must be 1..65536');
    expect(() => parseTopology('torus:2x4')).toThrow('torus:2x4: every radix must be 3..65536');
    expect(() => parseTopology('torus:4xa')).toThrow('expected torus:k0xk1');
    expect(() => parseTopology('cube:3')).toThrow("unknown topology family 'cube'");
    expect(() => parseTopology('ccc')).toThrow("bad topology 'ccc'");
    const t = parseTopology('mesh:6x6');
    expect(() => t.parse('6,0')).toThrow("address '6,0', coordinate 0: 6 is out of range; must be 0..5");
    expect(() => t.parse('1,2,3')).toThrow('expected 2 coordinates x,y');
  });
});
