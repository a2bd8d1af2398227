import { describe, expect, it } from 'vitest';
import { getScenario } from '../src/engine/scenarios.ts';
import type { EngineInput, EngineOptions, WormSpec } from '../src/engine/types.ts';
import { makeEngine } from '../src/experiment/run/simulate.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';

// docs/model-flit.md "Tree replication" (issue 27), derived by hand on the line 0 - 1 - 2 - 3
// (mesh:4x1, dimension order, one VC per link, B = 8, S = R = 1) with the timeline of
// test/engine-rules.test.ts: a header that arrives at a router at a is routed at a + 1, where its
// requests are made and, if free, granted, and it crosses in that cycle; times are arrival times.

const line = parseTopology('mesh:4x1');
const dor = createRouting('dor', line);
const PX = 0;
const MX = 1;

async function times(worms: WormSpec[], options: EngineOptions) {
  const out = [];
  for (const kind of ['reference', 'wasm'] as const) {
    const input: EngineInput = { routing: dor, worms, options };
    const e = await makeEngine(kind, input);
    const status = e.runUntil(10_000);
    out.push({ kind, status, t: e.times(), c: e.counters() });
  }
  return out;
}

describe('tree replication: independent and lockstep, both engines', () => {
  it('lockstep: one blocked branch stops the whole tree; independent: the other branch goes on', async () => {
    // U: 2 -> 3, L = 40, created at 0: holds 2 -> 3 from 3; its tail is delivered at 3 at
    // 0 + 1 + 1 + 2 x 2 + 39 = 45, so the VC is free from cycle 45. T: a tree from 1: 1 -> 0
    // (destination 0) and 1 -> 2 -> 3 (destination 3), L = 8, created at 5: its first flit crosses
    // the injection channel during 6 and flit k during 6 + k; the header is routed at 1 at 8, both
    // first edges are free and granted, it reaches 0 and 2 at 9 and is routed there at 10: at 0 the
    // ejection VC is granted, at 2 the request for 2 -> 3 waits for U (cycles 10..44, 35 waits).
    // independent: the branch to 0 goes on: flit k leaves 1 during 8 + k, is delivered at
    // 0 at 11 + k (header 11, tail 18), while the other flits fill the buffer at 2 (B = 8 holds all).
    // lockstep: from 10 the tree has a request not granted, so nothing of it moves until 2 -> 3 is
    // granted at 45: flits 0 and 1 wait at 0 and at 2 (flits 2, 3 in the injection buffer) and
    // from 45 the tree moves one flit a cycle: at 0 flit k is delivered at 46 + k (tail 53).
    // Either way the copy for 3 leaves 2 at 45 (routed at 3 at 47): header 48, tail 55.
    const worms: WormSpec[] = [
      { kind: 'unicast', src: 2, dests: [3], flits: 40, created: 0 },
      {
        kind: 'tree',
        src: 1,
        dests: [0, 3],
        flits: 8,
        created: 5,
        tree: [
          { parent: -1, port: MX, vc: 0 },
          { parent: -1, port: PX, vc: 0 },
          { parent: 1, port: PX, vc: 0 },
        ],
      },
    ];
    const expected = {
      independent: [11, 48, 18, 55],
      lockstep: [46, 48, 53, 55],
    } as const;
    for (const rule of ['independent', 'lockstep'] as const) {
      for (const { kind, status, t, c } of await times(worms, { treeReplication: rule })) {
        const what = `${kind} ${rule}`;
        expect(status, what).toBe('finished');
        expect(t.destTail[0], what).toBe(45);
        expect([t.destHead[1], t.destHead[2], t.destTail[1], t.destTail[2]], what).toEqual(expected[rule]);
        // lockstep: the ejection request at 0 waits with the one for 2 -> 3 (granted together at 45)
        expect(t.waits[1], what).toBe(rule === 'lockstep' ? 70 : 35);
        // the same flits cross the same links under both rules: 40 + 8 x 3
        expect(c.flitHops, what).toBe(40 + 24);
      }
    }
  });

  it('lockstep: a branching router grants its requests together, so the tree holds no half of it', async () => {
    // U: 0 -> 2, L = 40, created at 0: holds 1 -> 2 from 5 until its tail is delivered at 2 at
    // 0 + 1 + 1 + 3 x 2 + 39 = 47 (free from 47). T: a tree from 1 to 0 (-x) and 2 (+x), L = 4,
    // created at 10, routed at 13: it asks for 1 -> 0 and 1 -> 2. X: 2 -> 0, L = 4, created at 14:
    // its header is routed at 1 at 19 and asks for 1 -> 0.
    // independent: T is granted 1 -> 0 at 13 and holds it, waiting for 1 -> 2 (13..46: 34 waits);
    // granted at 47, both copies: headers 50, tails 53 (test/engine-rules.test.ts). X waits for
    // 1 -> 0 until T's tail has left it (delivered at 53): granted at 53, at 0 at 54, routed 55:
    // header 56, tail 59.
    // lockstep: T's two requests wait together (2 x 34 waits) and 1 -> 0 stays free for X: granted
    // at 19, at 0 at 20, routed 21: header 22, tail 25; T is granted both at 47 as before.
    const worms: WormSpec[] = [
      { kind: 'unicast', src: 0, dests: [2], flits: 40, created: 0 },
      {
        kind: 'tree',
        src: 1,
        dests: [0, 2],
        flits: 4,
        created: 10,
        tree: [
          { parent: -1, port: MX, vc: 0 },
          { parent: -1, port: PX, vc: 0 },
        ],
      },
      { kind: 'unicast', src: 2, dests: [0], flits: 4, created: 14 },
    ];
    const expected = {
      independent: { t: [50, 50, 53, 53], waits: 34, x: [56, 59] },
      lockstep: { t: [50, 50, 53, 53], waits: 68, x: [22, 25] },
    } as const;
    for (const rule of ['independent', 'lockstep'] as const) {
      for (const { kind, status, t } of await times(worms, { treeReplication: rule })) {
        const what = `${kind} ${rule}`;
        expect(status, what).toBe('finished');
        expect([t.destHead[1], t.destHead[2], t.destTail[1], t.destTail[2]], what).toEqual(expected[rule].t);
        expect(t.waits[1], what).toBe(expected[rule].waits);
        expect([t.destHead[3], t.destTail[3]], what).toEqual(expected[rule].x);
      }
    }
  });

  it('lockstep: two trees that would each hold half of one branching router both finish; independent deadlocks', async () => {
    // mesh:3x3 (node x + 3y), centre 4, its branches 4 -> 3 (-x) and 4 -> 7 (+y). C: 3 -> 7
    // (3 -> 4 -> 7), L = 40, created at 0: holds 4 -> 7 from 5; tail delivered at 7 at
    // 0 + 1 + 1 + 3 x 2 + 39 = 47, so 4 -> 7 is free from 47. B: tree from 0 (0 -> 1 -> 4, then
    // 4 -> 3 and 4 -> 7), L = 4, created at 0 (before A in the active list): routed at 4 at 7.
    // A: tree from 5 (5 -> 4, then 4 -> 3 and 4 -> 7), L = 4, created at 1: routed at 4 at 6.
    // independent: A takes 4 -> 3 at 6 and waits for 4 -> 7; B waits for both; at 47 B (first in
    // the list) takes 4 -> 7: each holds what the other waits for, a deadlock.
    // lockstep: neither takes 4 -> 3 while 4 -> 7 is held; at 47 B takes both, crosses during 47,
    // reaches 3 and 7 at 48, is routed at 49: headers 50, tails 53; its VCs are free from 53, when
    // A takes both: headers 56, tails 59.
    const grid = parseTopology('mesh:3x3');
    const r = createRouting('dor', grid);
    const [E, W, N] = [0, 1, 2];
    const worms: WormSpec[] = [
      { kind: 'unicast', src: 3, dests: [7], flits: 40, created: 0 },
      {
        kind: 'tree',
        src: 0,
        dests: [3, 7],
        flits: 4,
        created: 0,
        tree: [
          { parent: -1, port: E, vc: 0 },
          { parent: 0, port: N, vc: 0 },
          { parent: 1, port: W, vc: 0 },
          { parent: 1, port: N, vc: 0 },
        ],
      },
      {
        kind: 'tree',
        src: 5,
        dests: [3, 7],
        flits: 4,
        created: 1,
        tree: [
          { parent: -1, port: W, vc: 0 },
          { parent: 0, port: W, vc: 0 },
          { parent: 0, port: N, vc: 0 },
        ],
      },
    ];
    for (const kind of ['reference', 'wasm'] as const) {
      const independent = await makeEngine(kind, { routing: r, worms, options: { watchdog: 100 } });
      expect(independent.runUntil(10_000), kind).toBe('deadlock');
      expect(independent.deadlock().worms.sort(), kind).toEqual([1, 2]);
      const lockstep = await makeEngine(kind, { routing: r, worms, options: { treeReplication: 'lockstep' } });
      expect(lockstep.runUntil(10_000), kind).toBe('finished');
      const t = lockstep.times();
      expect(Array.from(t.destHead), kind).toEqual([8, 50, 50, 56, 56]);
      expect(Array.from(t.destTail), kind).toEqual([47, 53, 53, 59, 59]);
    }
  });

  it('refuses an unknown rule with the valid ones', async () => {
    await expect(
      makeEngine('reference', { routing: dor, worms: [], options: { treeReplication: 'sync' as 'lockstep' } }),
    ).rejects.toThrow(/treeReplication: 'sync' must be independent or lockstep/);
  });
  it("seed 004's scenarios: its lock-step deadlocks (Figs. 6.1, 6.4) stay, double-channel X-first's branch deadlock goes", async () => {
    // Figs. 6.1 and 6.4 are deadlocks of the seed's own lock-step trees (section 6.1); the double-channel
    // cure (Fig. 6.4's pair on double channels) finishes under both rules; lin-6.2.1-branch is a
    // deadlock of double-channel X-first only when branches advance independently (docs/algorithms-tree.md)
    const expected: Record<string, [independent: string, lockstep: string]> = {
      'lin-fig-6.1': ['deadlock', 'deadlock'],
      'lin-fig-6.4': ['deadlock', 'deadlock'],
      'lin-fig-6.4-double-channel': ['finished', 'finished'],
      'lin-6.2.1-branch': ['deadlock', 'finished'],
    };
    for (const [name, [ind, lock]] of Object.entries(expected)) {
      const s = getScenario(name);
      for (const kind of ['reference', 'wasm'] as const) {
        const run = async (rule: 'independent' | 'lockstep') =>
          (
            await makeEngine(kind, {
              routing: s.routing,
              worms: s.worms,
              options: { ...s.options, treeReplication: rule },
            })
          ).runUntil(20_000);
        expect([await run('independent'), await run('lockstep')], `${name} ${kind}`).toEqual([ind, lock]);
      }
    }
  });
});
