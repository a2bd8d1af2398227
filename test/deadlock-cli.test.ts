import { describe, expect, it } from 'vitest';
import { runCli, startCli } from './cli.ts';

const run = runCli;

const start = startCli;

describe('wormcast deadlock and wormcast plan with path-based algorithms', () => {
  it('deadlock --json: dor on a torus is acyclic, and cyclic with one VC class (the cycle is printed)', () => {
    const ok = run('deadlock', '--topology', 'torus:6x6', '--routing', 'dor', '--json');
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({
      topology: 'torus:6x6',
      routing: 'dor',
      verdict: 'acyclic',
      cycle: [],
    });
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
    const r = run(
      'plan',
      '--topology',
      'mesh:6x6',
      '--algorithm',
      'dual-path',
      '--source',
      '3,2',
      '--dests',
      '0,0;0,2;0,5;1,3;4,5;5,0;5,1;5,3;5,4',
      '--json',
    );
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ traffic: 33, additionalTraffic: 24, maxHops: 18, worms: 2, steps: 1, lowerBound: 1 });
    expect(out.meanHops).toBeCloseTo(10.1111, 4);
    expect(out.messages[0]).toMatchObject({
      kind: 'path',
      network: 'high',
      dests: ['5,3', '1,3', '5,4', '4,5', '0,5'],
    });
    expect(out.messages[0].hops).toHaveLength(18);
    expect(out.messages[1].hops[0]).toEqual({ from: '3,2', to: '2,2', port: '-x', vc: 'low' });
  });

  it('plan with hcm-uniform on the 4x4 torus prints the worms and the traffic line', () => {
    const r = run(
      'plan',
      '--topology',
      'torus:4x4',
      '--algorithm',
      'hcm-uniform',
      '--source',
      '3,2',
      '--dests',
      '0,0;1,0;2,0;1,1;0,2;2,2;3,3;2,3;0,3',
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/traffic 13 channels \(additional 4\) in 2 messages; hops to a destination: max 7/);
    expect(r.stdout).toMatch(/0,3 -\+y\/qh-> 0,0/);
  });
});

describe('wormcast deadlock with the tree algorithms (issue 5: a branch holds its channels)', () => {
  it('x-first and ecube-tree on single channels are cyclic: two worms each holding what the other one needs (seed 004 section 6.1)', async () => {
    const runs = await Promise.all(
      [
        ['mesh:4x3', 'x-first'],
        ['hypercube:3', 'ecube-tree', '--low-first'],
      ].map((args) => start('deadlock', '--topology', args[0]!, '--algorithm', ...args.slice(1), '--json')),
    );
    for (const [i, r] of runs.entries()) {
      expect(r.status).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out).toMatchObject({
        algorithm: ['x-first', 'ecube-tree'][i],
        verdict: 'cyclic',
        holding: 'lock-step',
        enumeration: 'broadcast',
        exact: true,
      });
      expect(out.cycle).toHaveLength(2);
    }
  });

  it('double-channel-x-first: acyclic under lock-step (Assertion 1), cyclic with the branch holding or with its two channel copies merged', async () => {
    const args = ['deadlock', '--topology', 'mesh:4x3', '--algorithm', 'double-channel-x-first'];
    const [ok, branch, merged] = await Promise.all([
      start(...args, '--json'),
      start(...args, '--holding', 'branch', '--json'),
      start(...args, '--one-class'),
    ]);
    expect(JSON.parse(ok.stdout)).toMatchObject({
      routing: 'xy-double',
      verdict: 'acyclic',
      holding: 'lock-step',
      cycle: [],
    });
    const b = JSON.parse(branch.stdout);
    expect(b).toMatchObject({ verdict: 'cyclic', holding: 'branch' });
    // the branch-model cycle stays in one copy of the doubled channels (docs/algorithms-tree.md Errata 3);
    // it may pass through a consumption channel, which belongs to no copy (docs/deadlock.md "Consumption channels")
    expect(
      new Set(b.cycle.map((c: { class: string }) => c.class).filter((k: string) => k !== 'consumption')).size,
    ).toBe(1);
    expect(merged.stdout).toMatch(
      /^double-channel-x-first \(lock-step\) on mesh:4x3: cyclic: a dependency cycle of 2 channels/,
    );
    expect(merged.stdout).toMatch(/ all\n/);
  });

  it('greedy-st: every multicast on a 3 x 3 mesh (exact), only the broadcasts on a 4 x 4 mesh, and the text says so', async () => {
    const [small, big] = await Promise.all([
      start('deadlock', '--topology', 'mesh:3x3', '--algorithm', 'greedy-st', '--json'),
      start('deadlock', '--topology', 'mesh:4x4', '--algorithm', 'greedy-st', '--holding', 'branch'),
    ]);
    expect(JSON.parse(small.stdout)).toMatchObject({
      verdict: 'cyclic',
      enumeration: 'all-subsets',
      exact: true,
      routing: 'dor',
    });
    expect(big.status).toBe(0);
    expect(big.stdout).toMatch(
      /trees of the broadcast from every source; branch holding; not every multicast: a cycle is real, an acyclic verdict is no proof/,
    );
  });

  it('tree options are checked and name what is valid', async () => {
    const [bad, unicast, huge] = await Promise.all([
      start('deadlock', '--topology', 'mesh:4x3', '--algorithm', 'x-first', '--holding', 'loose'),
      start('deadlock', '--topology', 'mesh:4x3', '--routing', 'dor', '--enumeration', 'broadcast'),
      start('deadlock', '--topology', 'mesh:64x64', '--algorithm', 'x-first'),
    ]);
    for (const r of [bad, unicast, huge]) expect(r.status).toBe(2);
    expect(bad.stderr).toMatch(/--holding 'loose': expected one of lock-step, branch/);
    expect(unicast.stderr).toMatch(/apply to the tree algorithms \(greedy-st, x-first/);
    expect(huge.stderr).toMatch(/mesh:64x64: .* use a smaller network/);
  });
});
