import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli as run } from './cli.ts';

describe('--faults in topology, route and deadlock (docs/faults.md)', () => {
  it('topology --json reports the faults and what they disconnect: an isolated corner of mesh:3x3', () => {
    const r = run('topology', 'mesh:3x3', '--faults', 'link:0,0-1,0;link:0,0-0,1', '--json');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      faults: {
        links: [
          ['0,0', '1,0'],
          ['0,0', '0,1'],
        ],
        nodes: [],
        deadLinks: 2,
      },
      unreachable: { pairs: 16, of: 72, components: 2, largestComponent: 8 },
    });
  });

  it('topology --json without --faults still carries the two fields, empty', () => {
    const out = JSON.parse(run('topology', 'hypercube:3', '--json').stdout);
    expect(out.faults).toEqual({ links: [], nodes: [], deadLinks: 0 });
    expect(out.unreachable).toEqual({ pairs: 0, of: 56, components: 1, largestComponent: 8 });
  });

  it('random faults are the same for the same --fault-seed', () => {
    const a = run('topology', 'mesh:8x8', '--faults', 'links:6', '--fault-seed', '1', '--json');
    const b = run('topology', 'mesh:8x8', '--faults', 'links:6', '--fault-seed', '1', '--json');
    expect(JSON.parse(a.stdout).faults.links).toHaveLength(6);
    expect(a.stdout).toBe(b.stdout);
  });

  it('route marks the hop over a dead link: dor (0,0)->(3,3) on mesh:4x4 crosses (1,0)-(2,0) at hop 2', () => {
    const r = run('route', '--topology', 'mesh:4x4', '--routing', 'dor', '--from', '0,0', '--to', '3,3');
    expect(r.status).toBe(0);
    const j = JSON.parse(
      run(
        'route',
        '--topology',
        'mesh:4x4',
        '--routing',
        'dor',
        '--from',
        '0,0',
        '--to',
        '3,3',
        '--faults',
        'link:1,0-2,0',
        '--json',
      ).stdout,
    );
    expect(j).toMatchObject({
      deliverable: false,
      reachable: true,
      blockedAt: 1,
      unreachable: { pairs: 0, unroutable: 32 },
    });
  });

  it('route and deadlock hand the faults to dim-reversal, which goes round them', () => {
    const args = ['--topology', 'mesh:4x4', '--routing', 'dim-reversal', '--faults', 'link:1,0-2,0', '--json'];
    const j = JSON.parse(run('route', ...args, '--from', '0,0', '--to', '3,3').stdout);
    expect(j).toMatchObject({ deliverable: true, blockedAt: null, unreachable: { unroutable: 0 } });
    expect(j.path.map((h: { to: string }) => h.to)).toEqual(['1,0', '1,1', '1,2', '1,3', '2,3', '3,3']);
    expect(JSON.parse(run('deadlock', ...args).stdout)).toMatchObject({
      verdict: 'acyclic',
      unreachable: { unroutable: 0 },
    });
  });

  it('route: a pair whose route loops where dim-reversal is stuck is called unroutable, as deadlock counts it', () => {
    // it printed 'route 0,0 -> 5,5 exceeds 208 hops', as if the function had failed
    const args = ['--topology', 'mesh:6x6', '--routing', 'dim-reversal', '--faults', 'links:8', '--fault-seed', '3'];
    const r = run('route', ...args, '--from', '0,0', '--to', '5,5');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toBe(
      'wormcast: dim-reversal on mesh:6x6: route 0,0 -> 5,5 does not reach its destination with these faults (it loops): the pair is unroutable, as `deadlock --faults` counts it (docs/routing-faults.md)',
    );
    expect(JSON.parse(run('deadlock', ...args, '--json').stdout).unreachable.unroutable).toBe(68);
  });

  it('a faulty destination node is not deliverable', () => {
    const j = JSON.parse(
      run(
        'route',
        '--topology',
        'hypercube:3',
        '--routing',
        'ecube',
        '--from',
        '000',
        '--to',
        '111',
        '--faults',
        'node:111',
        '--json',
      ).stdout,
    );
    expect(j).toMatchObject({ deliverable: false, reachable: false });
  });

  it('deadlock checks the routes the function still delivers and reports them', () => {
    const r = run('deadlock', '--topology', 'mesh:4x4', '--routing', 'dor', '--faults', 'link:1,0-2,0', '--json');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.verdict).toBe('acyclic');
    // the 32 routes over the dead link no longer add their dependencies (68 without faults)
    expect(j.dependencies).toBeLessThan(68);
    expect(j.unreachable.unroutable).toBe(32);
  });

  it("simulate --faults: the issue's run finishes and reports its faults and its undeliverable count", () => {
    const r = run(
      'simulate',
      '--topology',
      'mesh:8x8',
      '--faults',
      'links:6',
      '--fault-seed',
      '1',
      '--algorithm',
      'dual-path',
      '--dests',
      '8',
      '--load',
      '0.01',
      '--json',
    );
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({
      status: 'finished',
      faults: { deadLinks: 6 },
      config: { faults: 'links:6', faultSeed: 1 },
    });
    expect(j.undeliverable).toBeGreaterThan(0);
    expect(j.completed).toBe(j.multicasts);
    // isolated multicasts apply the faults and report them (issue 22, docs/faults.md "simulate")
    const isolated = run(
      'simulate',
      '--topology',
      'mesh:8x8',
      '--faults',
      'links:2',
      '--traffic',
      'isolated',
      '--algorithm',
      'dual-path',
      '--dests',
      '4',
      '--sets',
      '30',
      '--json',
    );
    expect(isolated.status).toBe(0);
    const iso = JSON.parse(isolated.stdout);
    expect(iso).toMatchObject({ traffic: 'isolated', faults: { deadLinks: 2 } });
    expect(iso.undeliverable).toBeGreaterThan(0);
    // a plan file gives its own network: faults there would be ignored, so they are refused
    const planFile = join(mkdtempSync(join(tmpdir(), 'wormcast-faults-')), 'plan.json');
    writeFileSync(
      planFile,
      run(
        'plan',
        '--topology',
        'mesh:4x4',
        '--algorithm',
        'dual-path',
        '--source',
        '0,0',
        '--dests',
        '3,3;1,2',
        '--json',
      ).stdout,
    );
    const plan = run('simulate', '--plan', planFile, '--faults', 'links:1');
    expect(plan.status).toBe(2);
    expect(plan.stderr).toMatch(/--faults would be ignored/);
  });

  it('errors name the bad input and the valid form', () => {
    const bad = run('topology', 'mesh:4x4', '--faults', 'wire:1');
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/bad item 'wire:1'.*expected items joined by ';'/);
    const seedAlone = run('topology', 'mesh:4x4', '--fault-seed', '3');
    expect(seedAlone.stderr).toMatch(/--fault-seed applies with --faults only/);
  });

  it('simulate --plan applies the faults a plan file carries (wormcast plan --faults): undeliverable as the plan says, both engines equal', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wormcast-plan-faults-'));
    for (const [algorithm, faults] of [
      ['dual-path', 'link:2,1-1,1'],
      ['u-mesh', 'node:1,2'],
    ] as const) {
      const file = join(dir, `${algorithm}.json`);
      const args = ['--topology', 'mesh:4x4', '--algorithm', algorithm, '--source', '0,0'];
      const plan = JSON.parse(run('plan', ...args, '--dests', '3,3;1,2;2,0;3,1', '--faults', faults, '--json').stdout);
      writeFileSync(file, JSON.stringify(plan));
      const wasm = JSON.parse(run('simulate', '--plan', file, '--json').stdout);
      const ref = JSON.parse(run('simulate', '--plan', file, '--engine', 'reference', '--json').stdout);
      expect(plan.undeliverable, algorithm).toBeGreaterThan(0);
      expect(wasm, algorithm).toMatchObject({
        status: 'finished',
        undeliverable: plan.undeliverable,
        faults: plan.faults,
      });
      const { timing: _w, ...w } = wasm;
      const { timing: _r, ...r } = ref;
      expect(r).toEqual(w);
    }
  });
});
