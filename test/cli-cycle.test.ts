import { describe, expect, it } from 'vitest';
import { customLabelling } from '../src/labelling/custom.ts';
import { createPlan } from '../src/multicast/registry.ts';
import { tracePlan } from '../src/analysis/paths.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { startCli } from './cli.ts';

const run = startCli;

const mesh = parseTopology('mesh:4x4');
/** Seed 004 section 5.4: the Hamiltonian cycle C of the 4 x 4 mesh, node ids x + 4y. */
const SEED_CYCLE = [0, 1, 2, 3, 7, 6, 5, 9, 10, 11, 15, 14, 13, 12, 8, 4];
const addresses = (ids: readonly number[]): string => ids.map((v) => mesh.format(v)).join(';');
/** Another Hamiltonian cycle: the seed's comb with x and y exchanged. */
const OTHER_CYCLE = [0, 4, 8, 12, 13, 9, 5, 6, 10, 14, 15, 11, 7, 3, 2, 1];

interface HopJson {
  from: string;
  to: string;
}

/** The nodes a path worm of `plan --json` visits, source first. */
function visited(out: { source: string; messages: Array<{ hops: HopJson[] }> }): string[] {
  return [out.source, ...out.messages[0]!.hops.map((h) => h.to)];
}

describe('a user-supplied Hamiltonian cycle for sorted MP / MC (issue 4: "any user-supplied cycle")', () => {
  it('seed 004 section 5.4 from the CLI: source 9, K = {0, 1, 6, 12} on the given cycle gives the path (9,13,12,8,4,0,1,2,6)', async () => {
    const r = await run(
      'plan',
      '--topology',
      'mesh:4x4',
      '--algorithm',
      'sorted-mp',
      '--source',
      mesh.format(9),
      '--dests',
      addresses([0, 1, 6, 12]),
      '--cycle',
      addresses(SEED_CYCLE),
      '--json',
    );
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(visited(out)).toEqual([9, 13, 12, 8, 4, 0, 1, 2, 6].map((v) => mesh.format(v)));
    expect(out.messages[0].dests).toEqual([12, 0, 1, 6].map((v) => mesh.format(v)));
    expect(out).toMatchObject({ traffic: 8, worms: 1, steps: 1, lowerBound: 1 });
  });

  it('the cycle decides the worm: another cycle gives another sorted order and path; sorted MC closes on it', async () => {
    const [mp, mc] = await Promise.all([
      run(
        'plan',
        '--topology',
        'mesh:4x4',
        '--algorithm',
        'sorted-mp',
        '--source',
        mesh.format(9),
        '--dests',
        addresses([0, 1, 6, 12]),
        '--cycle',
        addresses(OTHER_CYCLE),
        '--json',
      ),
      run(
        'plan',
        '--topology',
        'mesh:4x4',
        '--algorithm',
        'sorted-mc',
        '--source',
        mesh.format(9),
        '--dests',
        addresses([0, 1, 6, 12]),
        '--cycle',
        addresses(SEED_CYCLE),
        '--json',
      ),
    ]);
    // OTHER_CYCLE from 9: 5 6 10 14 15 11 7 3 2 1 0 4 8 12 13, so D = (6, 1, 0, 12); each hop
    // takes the neighbour furthest along the cycle not past the next destination (Fig. 5.2)
    const other = JSON.parse(mp.stdout);
    expect(other.messages[0].dests).toEqual([6, 1, 0, 12].map((v) => mesh.format(v)));
    expect(visited(other)).toEqual([9, 5, 6, 2, 1, 0, 4, 8, 12].map((v) => mesh.format(v)));
    // MC: the MP path, then on round C back to the source: from 6 the neighbour furthest along C
    // is 5, then the source 9 itself (its key is the largest of all)
    const closed = JSON.parse(mc.stdout);
    expect(visited(closed)).toEqual([9, 13, 12, 8, 4, 0, 1, 2, 6, 5, 9].map((v) => mesh.format(v)));
  });

  it('the same through the library: customLabelling + label routing + createPlan', () => {
    const routing = createRouting('label', mesh, { labelling: customLabelling(mesh, SEED_CYCLE, true) });
    const plan = createPlan('sorted-mp', routing, 9, [0, 1, 6, 12]);
    const paths = tracePlan(plan);
    const V = routing.vcClasses.length;
    const nodes = [
      9,
      ...Array.from(paths.channels, (c) =>
        mesh.neighbor(Math.floor(c / V / mesh.ports), Math.floor(c / V) % mesh.ports),
      ),
    ];
    expect(nodes).toEqual([9, 13, 12, 8, 4, 0, 1, 2, 6]);
  });

  it('verify and deadlock take the cycle too', async () => {
    const [v, d] = await Promise.all([
      run(
        'verify',
        '--topology',
        'mesh:4x4',
        '--algorithm',
        'sorted-mc',
        '--dests',
        'random:5',
        '--trials',
        '20',
        '--cycle',
        addresses(SEED_CYCLE),
        '--json',
      ),
      run('deadlock', '--topology', 'mesh:4x4', '--algorithm', 'sorted-mp', '--cycle', addresses(SEED_CYCLE), '--json'),
    ]);
    expect(JSON.parse(v.stdout)).toMatchObject({ algorithm: 'sorted-mc', trials: 20, meanSteps: 1 });
    expect(JSON.parse(d.stdout)).toMatchObject({ scheme: 'sorted-mp (custom-cycle)', verdict: 'cyclic' });
  });

  it('a bad cycle is refused with the position and the rule it breaks (src/labelling/custom.ts)', async () => {
    const plan = (cycle: string) =>
      run(
        'plan',
        '--topology',
        'mesh:4x4',
        '--algorithm',
        'sorted-mp',
        '--source',
        '1,2',
        '--dests',
        '0,0',
        '--cycle',
        cycle,
      );
    const [gap, twice, short, open, address, routing] = await Promise.all([
      plan(addresses([0, 1, 2, 3, 7, 6, 5, 9, 10, 11, 15, 14, 13, 12, 4, 8])),
      plan(addresses([0, 1, 2, 3, 7, 6, 5, 9, 10, 11, 15, 14, 13, 12, 8, 0])),
      plan(addresses([0, 1, 2])),
      plan(addresses([0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11, 15, 14, 13, 12])),
      plan(`${addresses(SEED_CYCLE.slice(0, 15))};0,9`),
      run(
        'plan',
        '--topology',
        'mesh:4x4',
        '--algorithm',
        'u-mesh',
        '--source',
        '1,2',
        '--dests',
        '0,0',
        '--cycle',
        addresses(SEED_CYCLE),
      ),
    ]);
    for (const r of [gap, twice, short, open, address, routing]) expect(r.status).toBe(2);
    expect(gap.stderr).toMatch(
      /--cycle on mesh:4x4: position 14: node 0,1 \(4\) is not adjacent to node 0,3 \(12\) at position 13/,
    );
    expect(twice.stderr).toMatch(/position 15: node 0,0 \(0\) already appears at position 0/);
    expect(short.stderr).toMatch(/the order has 3 nodes; a Hamiltonian cycle lists all 16 nodes/);
    expect(open.stderr).toMatch(/not a cycle: the last node 0,3 \(12, position 15\) is not adjacent to the first 0,0/);
    expect(address.stderr).toMatch(
      /--cycle: entry 16 of 16: mesh:4x4: address '0,9', coordinate 1: 9 is out of range; must be 0..3/,
    );
    expect(routing.stderr).toMatch(
      /--cycle: routing dor takes no Hamiltonian labelling; it needs routing label or hcm/,
    );
  });
});
