import { describe, expect, it } from 'vitest';
import { checkDeadlock, unicastScheme } from '../src/analysis/deadlock.ts';
import { faultRoutes, routablePairs } from '../src/analysis/fault-routes.ts';
import { blockFaults } from '../src/fault/blocks.ts';
import { faultDrawing } from '../src/fault/fault-drawing.ts';
import { healthyComponents } from '../src/fault/components.ts';
import { parseFaults } from '../src/fault/parse-faults.ts';
import { createRouting } from '../src/routing/registry.ts';
import { tracePath } from '../src/routing/trace.ts';
import { INJECT } from '../src/routing/types.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { WasmRouting } from '../src/wasm/module.ts';
import { runCli as run } from './cli.ts';

/* fault-ring (docs/routing-faults.md): e-cube round rectangular fault blocks on their rings. */

const mesh = parseTopology('mesh:8x8');
const hops = (spec: string, from: string, to: string) => {
  const r = createRouting('fault-ring', mesh, { faults: parseFaults(mesh, spec) });
  return tracePath(r, mesh.parse(from), mesh.parse(to)).map((h) => `${mesh.format(h.to)} ${r.vcClasses[h.vc]}`);
};

describe('fault blocks (src/fault/blocks.ts)', () => {
  it('two diagonal faulty nodes close to one 2x2 block, switching off the other two nodes', () => {
    const b = blockFaults(mesh, parseFaults(mesh, 'node:3,3;node:4,4'));
    expect(b.blocks).toEqual([{ x0: 3, x1: 4, y0: 3, y1: 4 }]);
    expect(b.disabled).toBe(2);
    expect(b.faults.nodes.map((v) => mesh.format(v))).toEqual(['3,3', '4,3', '3,4', '4,4']);
  });

  it('a faulty link switches off its higher-numbered end; nodes two apart stay separate blocks', () => {
    const b = blockFaults(mesh, parseFaults(mesh, 'link:2,2-3,2;node:5,2'));
    expect(b.blocks).toEqual([
      { x0: 3, x1: 3, y0: 2, y1: 2 },
      { x0: 5, x1: 5, y0: 2, y1: 2 },
    ]);
    expect(b.disabled).toBe(1);
  });

  it('the completed blocks are filled rectangles no two of which touch, even at a corner', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const { blocks, faults } = blockFaults(mesh, parseFaults(mesh, 'links:5;nodes:2', seed));
      let cells = 0;
      for (const b of blocks) cells += (b.x1 - b.x0 + 1) * (b.y1 - b.y0 + 1);
      expect(cells, `seed ${seed}`).toBe(faults.nodes.length);
      for (const a of blocks)
        for (const b of blocks)
          if (a !== b) {
            const apart = a.x1 + 1 < b.x0 || b.x1 + 1 < a.x0 || a.y1 + 1 < b.y0 || b.y1 + 1 < a.y0;
            expect(apart, `seed ${seed}`).toBe(true);
          }
    }
  });
});

describe('fault-ring routing', () => {
  it('a row message blocked by node 3,3 goes up the ring column, over the block and on east (hand-derived)', () => {
    // at 2,3 +x is dead; the block's rows are 3..3 and the destination row 3 is equally far from
    // either side, so north; at 2,4 +x is free, e-cube on to column 7, then a column message down
    expect(hops('node:3,3', '0,3', '7,3')).toEqual([
      '1,3 we',
      '2,3 we',
      '2,4 we',
      '3,4 we',
      '4,4 we',
      '5,4 we',
      '6,4 we',
      '7,4 we',
      '7,3 ns',
    ]);
  });

  it('a column message blocked by node 3,3 goes out along the ring row, down its side, and back (hand-derived)', () => {
    expect(hops('node:3,3', '3,0', '3,7')).toEqual([
      '3,1 sn',
      '3,2 sn',
      '4,2 sn',
      '4,3 sn',
      '4,4 sn',
      '3,4 sn',
      '3,5 sn',
      '3,6 sn',
      '3,7 sn',
    ]);
  });

  it('without faults it is e-cube: x first in we/ew, then y in sn/ns, minimal', () => {
    const r = createRouting('fault-ring', mesh);
    expect(r.minimal).toBe(true);
    expect(tracePath(r, mesh.parse('5,1'), mesh.parse('2,6')).map((h) => r.vcClasses[h.vc])).toEqual([
      'ew',
      'ew',
      'ew',
      'sn',
      'sn',
      'sn',
      'sn',
      'sn',
    ]);
  });

  it('routes every pair of nodes the blocks leave on and connected, and its dependency graph is acyclic, on random fault sets', () => {
    for (const spec of ['mesh:8x8', 'mesh:6x5', 'mesh:12x12']) {
      const t = parseTopology(spec);
      for (const faults of ['links:3', 'links:6', 'nodes:3', 'links:4;nodes:2'])
        for (const seed of [1, 2, 3, 4]) {
          const f = parseFaults(t, faults, seed);
          const r = createRouting('fault-ring', t, { faults: f });
          // the pairs the blocks leave connected: components of the nodes left on
          let connected = 0;
          for (const n of healthyComponents(t, r.faults!).sizes) connected += n * (n - 1);
          const ok = routablePairs(r, f)!;
          let routable = 0;
          for (const x of ok) routable += x;
          expect(routable, `${spec} ${faults} seed ${seed}`).toBe(connected);
          const rep = checkDeadlock({ ...unicastScheme(r), first: (a, b) => ok[a * t.nodes + b] === 1 });
          expect(rep.verdict, `${spec} ${faults} seed ${seed}`).toBe('acyclic');
        }
    }
  });

  it('on mesh:8x8 links:6 seed 1 it routes 3080 pairs and loses 952 to the 8 nodes it switches off; dor loses 896', () => {
    const f = parseFaults(mesh, 'links:6', 1);
    expect(blockFaults(mesh, f).disabled).toBe(8);
    expect(faultRoutes(createRouting('fault-ring', mesh, { faults: f }), f)!.unroutable).toBe(952);
    expect(faultRoutes(createRouting('dor', mesh), f)!.unroutable).toBe(896);
  });

  it('the wasm twin gives the same route word in every state, with the block mask uploaded', async () => {
    for (const spec of ['mesh:6x5', 'mesh:8x8']) {
      const t = parseTopology(spec);
      for (const seed of [1, 2, 3]) {
        const r = createRouting('fault-ring', t, { faults: parseFaults(t, 'links:3;nodes:2', seed) });
        const w = await WasmRouting.create(r);
        let states = 0;
        for (let v = 0; v < t.nodes; v++)
          for (let d = 0; d < t.nodes; d++)
            for (let vc = INJECT; vc < r.vcClasses.length; vc++)
              for (let p = vc === INJECT ? -1 : 0; p < (vc === INJECT ? 0 : t.ports); p++) {
                const ts = r.route(v, d, vc, 0, p);
                const as = w.route(v, d, vc, 0, p);
                if (ts !== as) expect.fail(`${spec} seed ${seed}: ${v} -> ${d} vc ${vc} in ${p}: ts ${ts}, wasm ${as}`);
                states++;
              }
        expect(states).toBeGreaterThan(t.nodes * t.nodes);
      }
    }
  });

  it('wormcast deadlock checks it on the faulty network; a 3D mesh is refused', () => {
    const args = ['--topology', 'mesh:8x8', '--routing', 'fault-ring', '--faults', 'links:6', '--fault-seed', '1'];
    expect(JSON.parse(run('deadlock', ...args, '--json').stdout)).toMatchObject({
      verdict: 'acyclic',
      unreachable: { pairs: 0, unroutable: 952 },
    });
    // a destination its blocks switch off: 3,4 closes the block of 3,3 and 4,4 (hand-derived above)
    const off = JSON.parse(
      run(
        'route',
        '--topology',
        'mesh:8x8',
        '--routing',
        'fault-ring',
        '--faults',
        'node:3,3;node:4,4',
        '--from',
        '0,3',
        '--to',
        '3,4',
        '--json',
      ).stdout,
    );
    expect(off).toMatchObject({ deliverable: false, reachable: true, disabled: 2 });
    const bad = run('route', '--topology', 'mesh:4x4x4', '--routing', 'fault-ring', '--from', '0,0,0', '--to', '1,1,1');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('wormcast: routing fault-ring: needs a 2D mesh (mesh:k0xk1), not mesh:4x4x4\n');
  });
});

describe('faultDrawing (what the browser drawing marks)', () => {
  it('node 3,3 of mesh:8x8 takes its four links down; a listed link is one more', () => {
    const d = faultDrawing(mesh, parseFaults(mesh, 'node:3,3;link:0,0-1,0'));
    expect(d.nodes.map((v) => mesh.format(v))).toEqual(['3,3']);
    expect(d.links.map(([a, b]) => `${mesh.format(a)}-${mesh.format(b)}`)).toEqual([
      '0,0-1,0',
      '3,2-3,3',
      '2,3-3,3',
      '3,3-4,3',
      '3,3-3,4',
    ]);
  });
});
