import { describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli/main.ts';
import { runCli } from './cli.ts';

/** Run the CLI in-process with stdout and stderr captured. */
async function run(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
    stdout += String(s);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
    stderr += String(s);
    return true;
  });
  try {
    const status = await main(args);
    return { status, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

const FIG5 = ['--topology', 'hypercube:4', '--source', '0100', '--dests', '0001 0011 0101 0111 1000 1010 1011 1111'];

describe('wormcast plan', () => {
  it('--json: seed 001 Fig. 5 with u-cube: 4 steps, 8 messages with sender, receiver, D, trigger, order, step, hops', async () => {
    const r = await run('plan', ...FIG5, '--algorithm', 'u-cube', '--json');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({
      topology: 'hypercube:4',
      routing: 'ecube',
      algorithm: 'u-cube',
      port: 'one',
      source: '0100',
      steps: 4,
      lowerBound: 4,
      violations: 0,
      stepsShared: 4,
    });
    expect(out.meanSteps).toBe(2.625);
    expect(out.destinations).toHaveLength(8);
    expect(out.messages).toHaveLength(8);
    expect(out.messages[0]).toEqual({
      id: 0,
      from: '0100',
      to: '0011',
      dests: ['0011'],
      address: ['1111', '1000', '1010', '1011'],
      after: null,
      order: 0,
      step: 1,
      kind: 'unicast',
      network: null,
      hops: [
        { from: '0100', to: '0000', port: 'dim 2', vc: 'c' },
        { from: '0000', to: '0010', port: 'dim 1', vc: 'c' },
        { from: '0010', to: '0011', port: 'dim 0', vc: 'c' },
      ],
    });
    expect(out.messages[3]).toMatchObject({ from: '0011', to: '1000', after: 0, order: 0, step: 2 });
  });

  it('w-sort is evaluated all-port by default (2 steps, Fig. 3(e)); --port one overrides', async () => {
    expect(JSON.parse((await run('plan', ...FIG5, '--algorithm', 'w-sort', '--json')).stdout)).toMatchObject({
      port: 'all',
      steps: 2,
      lowerBound: 2,
    });
    expect(
      JSON.parse((await run('plan', ...FIG5, '--algorithm', 'w-sort', '--port', 'one', '--json')).stdout),
    ).toMatchObject({ port: 'one', steps: 4 });
  });

  it('prints the tree: step, sender, receiver, path and address field, then the metrics', async () => {
    const r = await run(
      'plan',
      '--topology',
      'ccc:5',
      '--algorithm',
      'u-ccc',
      '--source',
      '(3,01010)',
      '--dests',
      '(1,00101);(0,10000);(4,01011);(2,10101);(3,00000);(1,01011);(0,11000)',
    );
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('u-ccc on ccc:5 (routing hc, one-port): (3,01010) to 7 destinations');
    expect(lines[2]).toMatch(
      /^ {3}1 {2}\(3,01010\) -> \(2,10101\) {2}\(3,01010\) -cycle\+\/h0-> \(4,01010\) .*-> \(2,10101\); D = \{\(0,11000\) \(3,00000\) \(1,00101\)\}$/,
    );
    expect(lines).toContain('steps 3 (lower bound 3), mean 2.4286 over the destinations');
    expect(lines).toContain('contention-free (seed 001 Definition 4)');
  });

  it('mesh addresses with commas, random sets and --no-check', async () => {
    const a = JSON.parse(
      (
        await run(
          'plan',
          '--topology',
          'mesh:6x6',
          '--algorithm',
          'u-mesh',
          '--source',
          '2,3',
          '--dests',
          '0,0;5,4',
          '--json',
        )
      ).stdout,
    );
    expect(a.destinations).toEqual(['0,0', '5,4']);
    expect(a.steps).toBe(2);
    const b = JSON.parse(
      (
        await run(
          'plan',
          '--topology',
          'ccc:6',
          '--algorithm',
          'u-ccc',
          '--source',
          '0',
          '--dests',
          'random:40',
          '--seed',
          '3',
          '--no-check',
          '--json',
        )
      ).stdout,
    );
    expect(b.destinations).toHaveLength(40);
    expect(b.steps).toBe(6);
    expect(b.violations).toBeUndefined();
    const c = JSON.parse(
      (
        await run(
          'plan',
          '--topology',
          'ccc:6',
          '--algorithm',
          'u-ccc',
          '--source',
          '0',
          '--dests',
          'random:40',
          '--seed',
          '3',
          '--json',
        )
      ).stdout,
    );
    expect(c.destinations).toEqual(b.destinations);
  });

  it('bad input: one line naming it, exit status 2', async () => {
    for (const [args, message] of [
      [['--algorithm', 'nope'], "unknown multicast algorithm 'nope': expected one of separate, u-cube"],
      [['--algorithm', 'u-ccc'], 'algorithm u-ccc: needs a ccc topology, not hypercube:4'],
      [['--algorithm', 'u-cube', '--port', 'two'], "--port 'two': expected one or all"],
      [['--algorithm', 'u-cube', '--routing', 'hc'], "algorithm u-cube: needs routing ecube, not 'hc'"],
    ] as const) {
      const r = await run('plan', ...FIG5, ...args);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    const r = await run(
      'plan',
      '--topology',
      'hypercube:4',
      '--algorithm',
      'u-cube',
      '--source',
      '0100',
      '--dests',
      '0100;0001',
    );
    expect(r.stderr).toBe('wormcast: hypercube:4: destination 0100 is the source\n');
  });
});

describe('wormcast verify', () => {
  it('--json: U-CCC on 6-CCC over 30 random sets: no violations, steps = ceil(log2 m)', async () => {
    const r = await run(
      'verify',
      '--topology',
      'ccc:6',
      '--algorithm',
      'u-ccc',
      '--dests',
      'random:31',
      '--trials',
      '30',
      '--seed',
      '2',
      '--json',
    );
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({
      topology: 'ccc:6',
      routing: 'hc',
      algorithm: 'u-ccc',
      port: 'one',
      trials: 30,
      seed: 2,
      violations: 0,
      violatingTrials: 0,
      meanSteps: 5,
      maxSteps: 5,
      meanLowerBound: 5,
      example: null,
    });
    expect(out.meanStepsShared).toBeGreaterThanOrEqual(5);
    expect(typeof out.meanSharedPairs).toBe('number');
  });

  it('reports violations with an example when the plan is not contention-free (U-CCC on all-port)', async () => {
    const out = JSON.parse(
      (
        await run(
          'verify',
          '--topology',
          'ccc:4',
          '--algorithm',
          'u-ccc',
          '--port',
          'all',
          '--dests',
          'random:30',
          '--trials',
          '100',
          '--json',
        )
      ).stdout,
    );
    expect(out.violations).toBeGreaterThan(0);
    expect(out.example.violation).toMatchObject({ channel: expect.objectContaining({ node: expect.any(String) }) });
  });

  it('prints a summary; an explicit list needs --source', async () => {
    const r = await run(
      'verify',
      '--topology',
      'hypercube:6',
      '--algorithm',
      'w-sort',
      '--dests',
      'random:20',
      '--trials',
      '20',
    );
    expect(r.stdout).toContain('violations of seed 001 Definition 4: 0 pairs in 0 multicasts');
    const bad = await run('verify', '--topology', 'hypercube:4', '--algorithm', 'w-sort', '--dests', '0001;0010');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('wormcast: verify: --source is needed with an explicit --dests list\n');
  });

  it('runs from the installed bin script', () => {
    const r = runCli(
      'verify',
      '--topology',
      'hypercube:5',
      '--algorithm',
      'u-cube',
      '--dests',
      'random:7',
      '--trials',
      '5',
      '--json',
    );
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ violations: 0, meanSteps: 3, maxSteps: 3 });
  });
});
