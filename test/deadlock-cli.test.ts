import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/wormcast.mjs', import.meta.url));

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('wormcast deadlock and wormcast plan with path-based algorithms', () => {
  it('deadlock --json: dor on a torus is acyclic, and cyclic with one VC class (the cycle is printed)', () => {
    const ok = run('deadlock', '--topology', 'torus:6x6', '--routing', 'dor', '--json');
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ topology: 'torus:6x6', routing: 'dor', verdict: 'acyclic', cycle: [] });
    const bad = run('deadlock', '--topology', 'torus:6x6', '--routing', 'dor', '--one-class', '--json');
    expect(bad.status).toBe(0);
    const out = JSON.parse(bad.stdout);
    expect(out.verdict).toBe('cyclic');
    expect(out.cycle).toHaveLength(6);
    expect(Object.keys(out.cycle[0])).toEqual(['from', 'to', 'port', 'class']);
  });

  it('deadlock --algorithm: hcm-fixed on the 4-star is acyclic; text output names the verdict', () => {
    const r = run('deadlock', '--topology', 'star:4', '--algorithm', 'hcm-fixed');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^hcm-fixed \(hcm\) on star:4: acyclic \(deadlock-free\)/);
    const d = run('deadlock', '--topology', 'torus:4x4', '--algorithm', 'hcm-uniform', '--drop-boundary-rule');
    expect(d.stdout).toMatch(/cyclic: a dependency cycle of \d+ channels/);
  });

  it('deadlock errors name the bad input and exit 2', () => {
    const r = run('deadlock', '--topology', 'mesh:6x6', '--algorithm', 'u-mesh');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/'u-mesh'.*dual-path/);
    const n = run('deadlock', '--topology', 'mesh:6x6');
    expect(n.status).toBe(2);
    expect(n.stderr).toMatch(/--routing/);
  });

  it('plan --json with dual-path prints traffic, additionalTraffic, maxHops, meanHops, worms and each worm with network and route', () => {
    const r = run('plan', '--topology', 'mesh:6x6', '--algorithm', 'dual-path', '--source', '3,2', '--dests', '0,0;0,2;0,5;1,3;4,5;5,0;5,1;5,3;5,4', '--json');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ traffic: 33, additionalTraffic: 24, maxHops: 18, worms: 2 });
    expect(out.meanHops).toBeCloseTo(10.1111, 4);
    expect(out.messages[0]).toMatchObject({ kind: 'path', network: 'high', dests: ['5,3', '1,3', '5,4', '4,5', '0,5'] });
    expect(out.messages[0].hops).toHaveLength(18);
    expect(out.messages[1].hops[0]).toEqual({ from: '3,2', to: '2,2', port: '-x', vc: 'low' });
  });

  it('plan with hcm-uniform on the 4x4 torus prints the worms and the traffic line', () => {
    const r = run('plan', '--topology', 'torus:4x4', '--algorithm', 'hcm-uniform', '--source', '3,2', '--dests', '0,0;1,0;2,0;1,1;0,2;2,2;3,3;2,3;0,3');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/traffic 13 channels \(additional 4\) in 2 messages; hops to a destination: max 7/);
    expect(r.stdout).toMatch(/0,3 -\+y\/qh-> 0,0/);
  });
});
