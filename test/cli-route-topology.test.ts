import { describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';

const run = runCli;

describe('wormcast topology / route CLI', () => {
  it('topology --json gives nodes, degree, diameter, links', () => {
    const r = run('topology', 'hypercube:4', '--json');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ nodes: 16, degree: 4, diameter: 4, links: 32 });
  });

  it('route --json gives hops and one path entry per hop with from, to, port, vc', () => {
    const r = run(
      'route',
      '--topology',
      'hypercube:4',
      '--routing',
      'ecube',
      '--from',
      '0100',
      '--to',
      '1011',
      '--json',
    );
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.hops).toBe(4);
    expect(out.path).toHaveLength(4);
    expect(out.path[0]).toEqual({ from: '0100', to: '1100', port: 'dim 3', vc: 'c' });
  });

  it('bad input prints one line naming it, no stack trace, exit status 2', () => {
    for (const args of [
      ['topology', 'ccc:1'],
      ['topology', 'mesh:0x4'],
      ['route', '--topology', 'hypercube:4', '--routing', 'nope', '--from', '0', '--to', '1'],
      ['route', '--topology', 'hypercube:4', '--routing', 'ecube', '--from', '0102', '--to', '1'],
      ['route', '--topology', 'mesh:4x4', '--routing', 'ecube', '--from', '0,0', '--to', '1,1'],
    ]) {
      const r = run(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^wormcast: /);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    expect(run('topology', 'ccc:1').stderr).toContain('n must be 3..16');
    expect(run('route', '--topology', 'hypercube:4', '--routing', 'nope', '--from', '0', '--to', '1').stderr).toContain(
      'expected one of ecube, dor, hc',
    );
  });

  it('--help works on every command', () => {
    for (const cmd of [[], ['topology'], ['route']]) {
      const r = run(...cmd, '--help');
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('Usage: wormcast');
    }
  });
});
