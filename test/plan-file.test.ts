import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPlanFile, wormsFromPlanJson } from '../src/cli/plan-file.ts';
import { MULTICAST_ALGORITHMS } from '../src/multicast/registry.ts';
import { runMain } from './cli-main.ts';

// issue 10 item 8: `simulate --plan <file>` validates its file (docs/plan-json.md "Reading a plan")

const dir = mkdtempSync(join(tmpdir(), 'wormcast-plan-'));
let files = 0;
function file(text: string | Buffer): string {
  const p = join(dir, `plan-${files++}.json`);
  writeFileSync(p, text);
  return p;
}

async function planJson(...args: string[]): Promise<Record<string, any>> {
  const r = await runMain(['plan', ...args, '--json']);
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Record<string, any>;
}

/** simulate --plan on the JSON `plan`: exit 2 and one line naming the problem. */
async function refused(plan: unknown): Promise<string> {
  const r = await runMain([
    'simulate',
    '--plan',
    file(typeof plan === 'string' ? plan : JSON.stringify(plan)),
    '--json',
  ]);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(/^wormcast: --plan: [^\n]*\n$/);
  expect(r.status).toBe(2);
  return r.stderr;
}

describe('simulate --plan: every plan that plan --json prints is accepted (round trip)', () => {
  const networks: Array<[string, string, string]> = [
    ['hypercube:4', '0101', 'random:9'],
    ['hypercube:3', '000', 'all'],
    ['mesh:6x6', '2,3', 'random:12'],
    ['mesh:4x4x3', '1,2,1', 'random:10'],
    ['torus:6x6', '2,3', 'random:12'],
    ['ccc:4', '(1,0110)', 'random:20'],
    ['star:4', '2143', 'random:10'],
  ];
  it('all algorithms on every topology family they accept; the engine runs them to completion', async () => {
    let accepted = 0;
    const covered = new Set<string>();
    for (const algorithm of Object.keys(MULTICAST_ALGORITHMS)) {
      for (const [topology, source, dests] of networks) {
        const a = MULTICAST_ALGORITHMS[algorithm]!;
        if (a.topologies !== 'any' && !a.topologies.includes(topology.split(':')[0] as never)) continue;
        const made = await runMain([
          'plan',
          '--topology',
          topology,
          '--algorithm',
          algorithm,
          '--source',
          source,
          '--dests',
          dests,
          '--json',
        ]);
        if (made.status === 2) continue; // e.g. label routing on a 3D mesh: refused by plan itself
        expect(made.stderr).toBe('');
        const plan = JSON.parse(made.stdout) as Record<string, any>;
        const read = wormsFromPlanJson(JSON.stringify(plan), 4);
        expect(read.worms.length).toBe(plan.messages.length);
        expect(read.dests.length).toBe(plan.destinations.length);
        const r = await runMain([
          'simulate',
          '--plan',
          file(JSON.stringify(plan)),
          '--flits',
          '4',
          '--port',
          'all',
          '--json',
        ]);
        expect(r.stderr, `${algorithm} on ${topology}`).toBe('');
        expect(r.status).toBe(0);
        expect(JSON.parse(r.stdout).completed, `${algorithm} on ${topology}`).toBe(1);
        accepted++;
        covered.add(algorithm);
      }
    }
    expect(covered.size).toBe(Object.keys(MULTICAST_ALGORITHMS).length);
    expect(accepted).toBeGreaterThanOrEqual(40);
  });

  it('a UTF-8 byte order mark is accepted', async () => {
    const plan = await planJson(
      '--topology',
      'mesh:4x4',
      '--algorithm',
      'dual-path',
      '--source',
      '1,1',
      '--dests',
      '0,0;3,3;2,0',
    );
    const r = await runMain([
      'simulate',
      '--plan',
      file(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(plan))])),
      '--json',
    ]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readPlanFile(file('\ufeff{}'))).toBe('{}');
  });
});

describe('simulate --plan refuses malformed plans with exit 2 and one line naming the field', async () => {
  // u-mesh: unicasts with after chains; dual-path: path worms; x-first: a tree worm
  const uMesh = await planJson(
    '--topology',
    'mesh:4x4',
    '--algorithm',
    'u-mesh',
    '--source',
    '1,1',
    '--dests',
    '0,0;3,3;2,0;0,3;3,1',
  );
  const dual = await planJson(
    '--topology',
    'mesh:4x4',
    '--algorithm',
    'dual-path',
    '--source',
    '1,1',
    '--dests',
    '0,0;3,3;2,0;0,3',
  );
  const tree = await planJson(
    '--topology',
    'mesh:4x4',
    '--algorithm',
    'x-first',
    '--source',
    '1,1',
    '--dests',
    '0,0;3,3;2,0',
  );
  const edit = (base: Record<string, any>, f: (p: any) => void): unknown => {
    const p = structuredClone(base);
    f(p);
    return p;
  };

  it('the bases are valid and have the shapes the cases assume', () => {
    expect(uMesh.messages.some((m: any) => m.after !== null)).toBe(true);
    expect(dual.messages[0].kind).toBe('path');
    expect(tree.messages[0].kind).toBe('tree');
  });

  // valid JSON that used to end in an internal error (the 26 of the audit are of these kinds)
  const schemaCases: Array<[string, unknown, RegExp]> = [
    ['an array', [], /--plan: the plan: .*expected object/],
    ['null', null, /--plan: the plan: /],
    ['a number', 42, /--plan: the plan: /],
    ['a string', 'x', /--plan: /],
    ['an empty object', {}, /--plan: topology: /],
    [
      'topology a number',
      edit(uMesh, (p) => {
        p.topology = 4;
      }),
      /--plan: topology: .*expected string/,
    ],
    [
      'no routing',
      edit(uMesh, (p) => {
        delete p.routing;
      }),
      /--plan: routing: /,
    ],
    [
      'no source',
      edit(uMesh, (p) => {
        delete p.source;
      }),
      /--plan: source: /,
    ],
    [
      'messages an object',
      edit(uMesh, (p) => {
        p.messages = {};
      }),
      /--plan: messages: /,
    ],
    [
      'no messages',
      edit(uMesh, (p) => {
        p.messages = [];
      }),
      /--plan: messages: a plan has at least one message/,
    ],
    [
      'a null message',
      edit(uMesh, (p) => {
        p.messages[2] = null;
      }),
      /--plan: messages\[2\]: /,
    ],
    [
      'from a number',
      edit(uMesh, (p) => {
        p.messages[1].from = 11;
      }),
      /--plan: messages\[1\]\.from: /,
    ],
    [
      'dests a string',
      edit(uMesh, (p) => {
        p.messages[0].dests = '3,3';
      }),
      /--plan: messages\[0\]\.dests: /,
    ],
    [
      'dests empty',
      edit(uMesh, (p) => {
        p.messages[0].dests = [];
      }),
      /--plan: messages\[0\]\.dests: a message delivers to at least one node/,
    ],
    [
      'a dest a number',
      edit(uMesh, (p) => {
        p.messages[0].dests = [15];
      }),
      /--plan: messages\[0\]\.dests\[0\]: /,
    ],
    [
      'after a string',
      edit(uMesh, (p) => {
        p.messages[3].after = '0';
      }),
      /--plan: messages\[3\]\.after: /,
    ],
    [
      'after negative',
      edit(uMesh, (p) => {
        p.messages[3].after = -1;
      }),
      /--plan: messages\[3\]\.after: /,
    ],
    [
      'after fractional',
      edit(uMesh, (p) => {
        p.messages[3].after = 0.5;
      }),
      /--plan: messages\[3\]\.after: /,
    ],
    [
      'after missing',
      edit(uMesh, (p) => {
        delete p.messages[3].after;
      }),
      /--plan: messages\[3\]\.after: /,
    ],
    [
      'kind banana',
      edit(uMesh, (p) => {
        p.messages[0].kind = 'banana';
      }),
      /--plan: messages\[0\]\.kind: .*unicast/,
    ],
    [
      'hops an object',
      edit(dual, (p) => {
        p.messages[0].hops = {};
      }),
      /--plan: messages\[0\]\.hops: /,
    ],
    [
      'a null hop',
      edit(dual, (p) => {
        p.messages[0].hops[1] = null;
      }),
      /--plan: messages\[0\]\.hops\[1\]: /,
    ],
    [
      'a hop without vc',
      edit(dual, (p) => {
        delete p.messages[0].hops[0].vc;
      }),
      /--plan: messages\[0\]\.hops\[0\]\.vc: /,
    ],
    [
      'a hop from a number',
      edit(dual, (p) => {
        p.messages[0].hops[0].from = 5;
      }),
      /--plan: messages\[0\]\.hops\[0\]\.from: /,
    ],
    [
      'destinations missing',
      edit(uMesh, (p) => {
        delete p.destinations;
      }),
      /--plan: destinations: /,
    ],
    [
      'destinations empty',
      edit(uMesh, (p) => {
        p.destinations = [];
      }),
      /--plan: destinations: a plan has at least one destination/,
    ],
    [
      'id not a number',
      edit(uMesh, (p) => {
        p.messages[0].id = 'zero';
      }),
      /--plan: messages\[0\]\.id: /,
    ],
  ];
  for (const [name, plan, error] of schemaCases) {
    it(`schema: ${name}`, async () => {
      expect(await refused(plan)).toMatch(error);
    });
  }

  const semanticCases: Array<[string, unknown, RegExp]> = [
    ['not JSON', '{"topology": ', /--plan: not JSON/],
    [
      'an unknown topology',
      edit(uMesh, (p) => {
        p.topology = 'ring:5';
      }),
      /--plan: unknown topology family 'ring'/,
    ],
    [
      'an unknown routing',
      edit(uMesh, (p) => {
        p.routing = 'banana';
      }),
      /--plan: unknown routing 'banana'/,
    ],
    [
      'routing __proto__',
      edit(uMesh, (p) => {
        p.routing = '__proto__';
      }),
      /--plan: unknown routing '__proto__'/,
    ],
    [
      'a source off the network',
      edit(uMesh, (p) => {
        p.source = '4,4';
      }),
      /--plan: source: /,
    ],
    [
      'a destination off the network',
      edit(uMesh, (p) => {
        p.destinations[0] = '0,9';
      }),
      /--plan: destinations\[0\]: /,
    ],
    [
      'a destination twice',
      edit(uMesh, (p) => {
        p.destinations.push(p.destinations[0]);
      }),
      /--plan: destinations\[5\]: 0,0 appears twice/,
    ],
    [
      'the source a destination',
      edit(uMesh, (p) => {
        p.destinations.push('1,1');
      }),
      /--plan: destinations\[5\]: 1,1 is the source/,
    ],
    [
      'a source that disagrees with the senders',
      edit(uMesh, (p) => {
        p.source = '2,2';
      }),
      /--plan: messages\[0\]\.from: 1,1 is not the source 2,2/,
    ],
    [
      'a circular after chain',
      edit(uMesh, (p) => {
        p.messages[0].after = 3;
      }),
      /--plan: messages\[0\]\.after: 3 is not an earlier message/,
    ],
    [
      'after pointing forward',
      edit(uMesh, (p) => {
        p.messages[3].after = 4;
      }),
      /--plan: messages\[3\]\.after: 4 is not an earlier message \(0\.\.2\)/,
    ],
    [
      'a sender that did not receive its trigger',
      edit(uMesh, (p) => {
        p.messages[3].after = 1;
      }),
      /--plan: messages\[3\]\.from: 3,3 did not receive messages\[1\]/,
    ],
    [
      'a delivery to a non-destination',
      edit(uMesh, (p) => {
        p.messages[1].dests = ['2,2'];
      }),
      /--plan: messages\[1\]\.dests\[0\]: 2,2 is not one of the plan's destinations/,
    ],
    [
      'a destination received twice',
      edit(uMesh, (p) => {
        p.messages[1].dests = p.messages[0].dests;
      }),
      /already receives messages\[0\]/,
    ],
    [
      'a destination nobody delivers to',
      edit(uMesh, (p) => {
        p.destinations.push('2,2');
      }),
      /--plan: destinations\[5\]: no message delivers to 2,2/,
    ],
    [
      'a unicast with two destinations',
      edit(uMesh, (p) => {
        p.messages[1].dests.push('0,1');
        p.destinations.push('0,1');
      }),
      /--plan: messages\[1\]\.dests: a unicast has exactly one destination, not 2/,
    ],
    [
      'an id that is not the index',
      edit(uMesh, (p) => {
        p.messages[1].id = 7;
      }),
      /--plan: messages\[1\]\.id: 7 is not the message's index 1/,
    ],
    [
      'a hop off the network',
      edit(dual, (p) => {
        p.messages[0].hops[1].to = '0,7';
      }),
      /--plan: messages\[0\]\.hops\[1\]\.to: /,
    ],
    [
      'a hop between non-neighbours',
      edit(dual, (p) => {
        p.messages[0].hops[0].to = '3,3';
      }),
      /--plan: messages\[0\]\.hops\[0\]: 1,1 -> 3,3 is not a channel of mesh:4x4 \(the nodes are not neighbours\)/,
    ],
    [
      'a hop on an unknown VC class',
      edit(dual, (p) => {
        p.messages[0].hops[0].vc = 'zz';
      }),
      /--plan: messages\[0\]\.hops\[0\]\.vc: 'zz' is not a VC class of label; expected one of /,
    ],
    [
      'a hop whose port disagrees',
      edit(dual, (p) => {
        p.messages[0].hops[0].port = '-q';
      }),
      /no port '-q' joins them/,
    ],
    [
      'path hops that are not consecutive',
      edit(dual, (p) => {
        const h = p.messages[0].hops;
        h.splice(1, 1);
      }),
      /--plan: messages\[0\]\.hops\[1\]\.from: .* is not where the previous hop arrived/,
    ],
    [
      'a path that does not start at its sender',
      edit(dual, (p) => {
        p.messages[0].hops.shift();
      }),
      /--plan: messages\[0\]\.hops\[0\]\.from: .* is not where the message starts \(1,1\)/,
    ],
    [
      'a path worm without hops',
      edit(dual, (p) => {
        p.messages[0].hops = [];
      }),
      /--plan: messages\[0\]\.hops: a path worm needs its hops/,
    ],
    [
      'a path that misses a destination',
      edit(dual, (p) => {
        const m = p.messages[0];
        m.hops = m.hops.slice(0, 1);
      }),
      /--plan: messages\[0\]\.dests\[\d\]: .* is not reached by the message's hops/,
    ],
    [
      'a tree hop from a node the tree has not reached',
      edit(tree, (p) => {
        p.messages[0].hops[2].from = '3,3';
      }),
      /--plan: messages\[0\]\.hops\[2\]\.from: 3,3 is neither the sender 1,1 nor reached by an earlier hop/,
    ],
    [
      'a tree that reaches a node twice',
      edit(tree, (p) => {
        p.messages[0].hops.push({ from: '1,1', to: '0,1', vc: 'c' });
      }),
      /--plan: messages\[0\]\.hops\[7\]\.to: the tree reaches 0,1 twice/,
    ],
    [
      'a unicast whose hops end elsewhere',
      edit(uMesh, (p) => {
        p.messages[1].hops.pop();
      }),
      /--plan: messages\[1\]\.hops: a unicast's hops end at its destination 3,1, not 2,1/,
    ],
  ];
  for (const [name, plan, error] of semanticCases) {
    it(`semantics: ${name}`, async () => {
      expect(await refused(plan)).toMatch(error);
    });
  }
});

describe('reading the plan file', () => {
  it('a regular file larger than the limit is refused by its size, without reading it', () => {
    const p = file('x'.repeat(100));
    expect(() => readPlanFile(p, 50)).toThrow(`--plan: '${p}' is larger than 50 bytes, the limit of a plan file`);
    expect(readPlanFile(p, 100)).toBe('x'.repeat(100));
  });

  it('/dev/zero is read no further than the limit', () => {
    // the refusal names the limit: the reader stopped there (an unbounded read never returns)
    expect(() => readPlanFile('/dev/zero', 1 << 16)).toThrow("--plan: '/dev/zero' is larger than 65536 bytes");
  });

  it('simulate --plan /dev/zero exits 2 at the documented limit (256 MiB)', async () => {
    const r = await runMain(['simulate', '--plan', '/dev/zero']);
    expect(r.stderr).toBe(
      "wormcast: --plan: '/dev/zero' is larger than 268435456 bytes, the limit of a plan file (docs/plan-json.md)\n",
    );
    expect(r.status).toBe(2);
  });

  it('a directory and a missing file are user errors', async () => {
    expect((await runMain(['simulate', '--plan', dir])).stderr).toMatch(/^wormcast: --plan: '.*' is a directory/);
    const missing = await runMain(['simulate', '--plan', join(dir, 'nope.json')]);
    expect(missing.stderr).toMatch(/^wormcast: --plan: cannot read '.*nope\.json' \(ENOENT\)\n$/);
    expect(missing.status).toBe(2);
  });
});
