import { describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.ts';
import { createPlan } from '../src/multicast/registry.ts';
import { LISTING_LINES } from '../src/cli/plan-text.ts';
import { parseTopology } from '../src/topology/registry.ts';

// Issue 10 items 1 and 10: `plan` draws a tree worm as a tree, and long listings are cut (with a
// note) instead of overflowing the stack or printing megabytes; --json keeps everything.

async function capture(argv: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const ow = process.stdout.write.bind(process.stdout);
  const ew = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((s: string | Uint8Array) => {
    stdout += String(s);
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((s: string | Uint8Array) => {
    stderr += String(s);
    return true;
  }) as typeof process.stderr.write;
  try {
    const status = await main(argv);
    return { status, stdout, stderr };
  } finally {
    process.stdout.write = ow;
    process.stderr.write = ew;
  }
}

const FIG_5_11 = [
  'plan',
  '--topology',
  'mesh:6x6',
  '--algorithm',
  'x-first',
  '--source',
  '3,2',
  '--dests',
  '2,0;3,0;4,0;1,1;5,1;0,2;1,3;2,5;3,5;5,5',
];

/** The `node -> child (port), ...` lines of a text plan, as [parent, [child, port, delivers]]. */
function treeRows(text: string): [string, [string, string, boolean][]][] {
  return text
    .split('\n')
    .filter((l) => /^ {8}\S+ -> /.test(l))
    .map((l) => {
      const [parent, kids] = l.trim().split(' -> ') as [string, string];
      return [
        parent.replace('*', ''),
        kids.split(', ').map((k) => {
          const m = /^(\S+?)(\*?) \((\S+)\)$/.exec(k)!;
          return [m[1]!, m[3]!, m[2] === '*'] as [string, string, boolean];
        }),
      ];
    });
}

describe('plan text: a tree worm is drawn as a tree', () => {
  it('X-first on seed 004 Fig. 5.11: the source replicates onto +x, -x, +y, -y; every child is a neighbour of its parent', async () => {
    const r = await capture(FIG_5_11);
    expect(r.status).toBe(0);
    const t = parseTopology('mesh:6x6');
    const rows = treeRows(r.stdout);
    expect(r.stdout).toContain('        3,2 -> 4,2 (+x), 2,2 (-x), 3,3 (+y), 3,1 (-y)\n');
    expect(r.stdout).toContain('        1,2 -> 0,2* (-x), 1,3* (+y), 1,1* (-y)\n');
    // the tree: 23 channels, every edge between neighbours by the named port, 10 deliveries
    const edges = rows.flatMap(([p, kids]) => kids.map(([c, port]) => [p, c, port] as const));
    expect(edges).toHaveLength(23);
    for (const [p, c, port] of edges) {
      const a = t.parse(p);
      expect(t.neighbor(a, [0, 1, 2, 3].find((q) => t.portName(q) === port)!)).toBe(t.parse(c));
    }
    expect(rows.flatMap(([, kids]) => kids.filter((k) => k[2]).map((k) => k[0])).sort()).toEqual([
      '0,2',
      '1,1',
      '1,3',
      '2,0',
      '2,5',
      '3,0',
      '3,5',
      '4,0',
      '5,1',
      '5,5',
    ]);
    // no chain of arrows through non-adjacent nodes (the old rendering: "-+y-> 0,1 -+x-> 2,0")
    expect(r.stdout).not.toMatch(/-[+-][xy]-> /);
    expect(r.stdout).toContain('hops to a destination: max 5, mean 3.2');
  });

  it('double-channel X-first on the Fig. 6.13 set: four trees with their VC classes; max 6 hops', async () => {
    const r = await capture([
      'plan',
      '--topology',
      'mesh:6x6',
      '--algorithm',
      'double-channel-x-first',
      '--source',
      '3,2',
      '--dests',
      '0,0;0,2;0,5;1,3;4,5;5,0;5,1;5,3;5,4',
    ]);
    expect(r.status).toBe(0);
    expect(r.stdout.match(/tree worm, \d+ channels/g)).toHaveLength(4);
    expect(r.stdout).toContain('        5,3* -> 5,4* (+y/xy)\n');
    expect(r.stdout).toContain('max 6, mean 3.8889');
  });
});

describe('plan text on large plans', () => {
  it('a broadcast of 262,143 unicasts (hypercube:18): no stack overflow; the listing is cut at the stated limit', async () => {
    const argv = [
      'plan',
      '--topology',
      'hypercube:18',
      '--algorithm',
      'u-cube',
      '--source',
      '0',
      '--dests',
      'all',
      '--no-check',
    ];
    const r = await capture(argv);
    // no error (and no progress line: not a terminal, and it is done within the delay)
    expect(r.stderr).not.toMatch(/wormcast: /);
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    const rows = lines.filter((l) => /^ {0,3}\d+ {2}/.test(l));
    expect(rows).toHaveLength(LISTING_LINES);
    expect(r.stdout).toContain(
      `(the listing stops after ${LISTING_LINES} lines: ${LISTING_LINES} of 262,143 messages; --json prints every message and hop)`,
    );
    // a row's address field is cut too (the first unicast carries half the cube)
    expect(lines[2]).toMatch(/; D = \{(\S+ ){32}\.\.\. \(\+131,039 more\)\}$/);
    expect(r.stdout.length).toBeLessThan(200_000);
    expect(lines.at(-1)).toMatch(/^traffic \d+ channels .* hops to a destination: max 18, mean 9\b/);
  }, 60_000);

  it('--json is not cut: every message of a 4,095-destination broadcast, while the text stops at the limit', async () => {
    const argv = [
      'plan',
      '--topology',
      'hypercube:12',
      '--algorithm',
      'u-cube',
      '--source',
      '0',
      '--dests',
      'all',
      '--no-check',
    ];
    const text = await capture(argv);
    expect(text.stdout).toContain(`${LISTING_LINES} of 4,095 messages`);
    const json = JSON.parse((await capture([...argv, '--json'])).stdout) as {
      messages: { id: number; hops: unknown[] }[];
      destinations: string[];
    };
    expect(json.messages.map((m) => m.id)).toEqual(Array.from({ length: 4095 }, (_, i) => i));
    expect(json.destinations).toHaveLength(4095);
  });

  it('--json of worms longer than 4,096 hops (written hop by hop): valid JSON, every hop, the same hops as the text', async () => {
    const argv = [
      'plan',
      '--topology',
      'mesh:100x100',
      '--algorithm',
      'dual-path',
      '--source',
      '3,3',
      '--dests',
      'all',
      '--no-check',
    ];
    const json = JSON.parse((await capture([...argv, '--json'])).stdout) as {
      traffic: number;
      messages: { hops: { from: string; to: string }[] }[];
    };
    const lengths = json.messages.map((m) => m.hops.length);
    expect(Math.max(...lengths)).toBeGreaterThan(4096);
    expect(lengths.reduce((a, b) => a + b, 0)).toBe(json.traffic);
    for (const m of json.messages)
      for (let h = 1; h < m.hops.length; h++) expect(m.hops[h]!.from).toBe(m.hops[h - 1]!.to);
  });

  it('a tree of 65,535 nodes (x-first on mesh:256x256): the drawing is cut, and says how much', async () => {
    const r = await capture([
      'plan',
      '--topology',
      'mesh:256x256',
      '--algorithm',
      'x-first',
      '--source',
      '0,0',
      '--dests',
      'all',
      '--no-check',
    ]);
    expect(r.status).toBe(0);
    expect(treeRows(r.stdout)).toHaveLength(LISTING_LINES - 1);
    expect(r.stdout).toMatch(
      /\(the listing stops after 200 lines: [\d,]+ tree nodes with children not drawn; --json prints every message and hop\)/,
    );
    expect(r.stdout).toContain('hops to a destination: max 510, mean 255');
  }, 60_000);

  it('divided greedy on a 1024 x 160 mesh from a corner: no stack overflow (its lists were appended by spreading)', () => {
    const t = parseTopology('mesh:1024x160');
    const plan = createPlan(
      'divided-greedy',
      t,
      0,
      Int32Array.from({ length: t.nodes - 1 }, (_, i) => i + 1),
    );
    expect(plan.message(0).dests).toHaveLength(t.nodes - 1);
  }, 60_000);
});

describe('route text on long routes', () => {
  it('a route of 4,094 hops lists the first 200 and says so; --json has every hop', async () => {
    const argv = ['route', '--topology', 'mesh:2048x2048', '--routing', 'dor', '--from', '0,0', '--to', '2047,2047'];
    const r = await capture(argv);
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('dor on mesh:2048x2048: 0,0 -> 2047,2047, 4094 hops (distance 4094)');
    expect(lines).toHaveLength(LISTING_LINES + 2);
    expect(lines.at(-1)).toBe(
      `  (the listing stops after ${LISTING_LINES} lines: ${LISTING_LINES} of 4,094 hops; --json prints every hop)`,
    );
    const json = JSON.parse((await capture([...argv, '--json'])).stdout) as { hops: number; path: unknown[] };
    expect(json.path).toHaveLength(4094);
  });

  it('a short route is listed whole, without a note', async () => {
    const r = await capture([
      'route',
      '--topology',
      'ccc:3',
      '--routing',
      'hc',
      '--from',
      '(1,000)',
      '--to',
      '(0,111)',
    ]);
    expect(r.status).toBe(0);
    expect(r.stdout).not.toContain('listing stops');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.length - 1).toBe(Number(/, (\d+) hops/.exec(lines[0]!)![1]));
  });
});
