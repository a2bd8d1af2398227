import { describe, expect, it } from 'vitest';
import type { Engine, EngineInput, EngineOptions, WormSpec } from '../src/engine/types.ts';
import { makeEngine } from '../src/experiment/run/simulate.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';

// The rules of docs/model-flit.md pinned independently of both engines (issue 15): small hand-built
// scenarios on a line of nodes 0 - 1 - 2 - 3 (mesh:4x1, dimension order), whose cycle-by-cycle
// outcome each test derives from the rules in its comments, run on both engines. Each test names
// its rule and the paragraph of docs/model-flit.md. Times are arrival times ("Time": a flit that
// crosses during cycle t is there at t + 1).
//
// The one timeline every test starts from ("The source", "One cycle t" 2a, 2b, 3), S = startup,
// R = router delay: a worm created at c is granted its injection VC in step 2 of cycle c; its
// header crosses the injection channel during c + S (in the injection buffer at c + S + 1); a header
// that arrived at a router at time a is routed in cycle a + R, where its next VC is requested and,
// if free, granted, and it crosses in that same cycle. So each hop costs R + 1 cycles and the copy
// is delivered (header) at c + S + 1 + (h + 1)(R + 1); flits follow one per cycle.

const line = parseTopology('mesh:4x1');
const dor = createRouting('dor', line);
const PX = 0; // port +x (towards higher node numbers)
const MX = 1; // port -x

const KINDS = ['reference', 'wasm'] as const;

async function run(
  worms: WormSpec[],
  options: EngineOptions,
  until = 10_000,
): Promise<Array<{ kind: string; e: Engine; status: string }>> {
  const out = [];
  for (const kind of KINDS) {
    const input: EngineInput = { routing: dor, worms, options };
    const e = await makeEngine(kind, input);
    out.push({ kind, e, status: e.runUntil(until) });
  }
  return out;
}

describe('rules of docs/model-flit.md, derived by hand, on both engines', () => {
  it('startup and the zero-load timeline ("The source: activation, queueing and startup"; "Zero-load latency")', async () => {
    // created at 7, S = 5, R = 2, 0 -> 3 (h = 3), L = 6: granted at 7, header crosses the injection
    // channel during 7 + 5 = 12; delivered (header) at 7 + 5 + 1 + 4 x 3 = 25, tail 5 cycles later
    for (const { kind, e, status } of await run([{ kind: 'unicast', src: 0, dests: [3], flits: 6, created: 7 }], {
      startup: 5,
      routerDelay: 2,
    })) {
      expect(status, kind).toBe('finished');
      const t = e.times();
      expect([t.activated[0], t.injected[0], t.destHead[0], t.destTail[0], t.done[0]], kind).toEqual([
        7, 12, 25, 30, 30,
      ]);
      expect(e.counters().flitHops, kind).toBe(18);
    }
  });

  it('round-robin arbitration of a multiplexed channel ("One cycle t" 3, Arbitration)', async () => {
    // X: 0 -> 2 created at 0, Y: 1 -> 2 created at 2, L = 4, K = 2 copies of dor's class (V = 2,
    // multiplexed), S = R = 1, B = 8, one consumption channel per incoming VC (so that only
    // channel 1 -> 2 is shared). X's header reaches node 1 at 4 and is routed at 5; Y's header is in
    // node 1's injection buffer at 4 and is routed at 5 too. X is first in the active list: it takes
    // copy 0, Y copy 1. From cycle 5 both have a flit for channel 1 -> 2 every cycle. The pointer
    // starts at the channel's last VC (1), so VC 0 (X) wins cycle 5; then the VC after the one that
    // moved: Y at 6, X at 7, Y at 8, ... X's flits cross at 5, 7, 9, 11 (at node 2 at 6, 8, 10, 12),
    // Y's at 6, 8, 10, 12 (at 7, 9, 11, 13). Sharing events: cycles 5..11 (7); at 12 Y is alone.
    // Node 2 routes X's header at 7 (ejected: at 8) and Y's at 8 (at 9); each later flit is ejected
    // the cycle after it arrives: X's tail at 13, Y's at 14 (alone, X's tail would be at 11).
    const worms: WormSpec[] = [
      { kind: 'unicast', src: 0, dests: [2], flits: 4, created: 0 },
      { kind: 'unicast', src: 1, dests: [2], flits: 4, created: 2 },
    ];
    for (const { kind, e, status } of await run(worms, { vcsPerClass: 2, consumption: 'vc' })) {
      expect(status, kind).toBe('finished');
      const t = e.times();
      expect([t.destHead[0], t.destTail[0], t.destHead[1], t.destTail[1]], kind).toEqual([8, 13, 9, 14]);
      expect(e.counters().sharingEvents, kind).toBe(7);
      expect(e.counters().vcWaitCycles, kind).toBe(0);
      // channel 1 -> 2 carried both worms' flits, 0 -> 1 only X's
      expect([e.channelFlits()[0 * 4 + PX], e.channelFlits()[1 * 4 + PX]], kind).toEqual([4, 8]);
    }
  });

  it('credits: a flit may enter a buffer only if it had room at the start of the cycle ("One cycle t" 3, buffer room; "Zero-load latency", B = 1)', async () => {
    // B = 1: a buffer whose flit leaves during t takes the next flit during t + 1 at the earliest
    // (the credit is usable in t + 1), so a VC passes one flit every two cycles and the tail trails
    // the header by 2 (L - 1). 0 -> 3, L = 5, S = R = 1: header delivered at 0 + 1 + 1 + 4 x 2 = 10,
    // tail at 10 + 2 x 4 = 18 (with credits usable at once it would be 14).
    for (const { kind, e, status } of await run([{ kind: 'unicast', src: 0, dests: [3], flits: 5, created: 0 }], {
      buffer: 1,
      vcLinks: true,
    })) {
      expect(status, kind).toBe('finished');
      expect([e.times().destHead[0], e.times().destTail[0]], kind).toEqual([10, 18]);
    }
  });

  it('a full buffer stops the flits behind it: B flits per buffer, the rest stay at the source ("One cycle t" 3; "Channels": one-port ejection)', async () => {
    // H: 2 -> 2 (crosses no link) created at 0, L = 60, holds node 2's only consumption channel
    // (one-port) from cycle 3 until its tail is delivered. W: 0 -> 2, L = 20, created at 0, B = 2:
    // its header reaches node 2 at 6 and waits there for the consumption channel. Behind it every
    // buffer fills to B = 2: the injection buffer at 0, the buffers of 0 -> 1 and 1 -> 2: W has
    // injected 3 x 2 = 6 flits and sent none further, one VC wait per cycle from cycle 7 (H's tail
    // is delivered at 0 + 1 + 1 + 2 + 59 = 63, so the channel is W's from cycle 63).
    const worms: WormSpec[] = [
      { kind: 'unicast', src: 2, dests: [2], flits: 60, created: 0 },
      { kind: 'unicast', src: 0, dests: [2], flits: 20, created: 0 },
    ];
    for (const kind of KINDS) {
      const e = await makeEngine(kind, { routing: dor, worms, options: { buffer: 2 } });
      expect(e.runUntil(40), kind).toBe('limit');
      const c = e.counters();
      // H injected 38 flits by cycle 39: during 1 and 2; at the start of 3 its injection buffer is
      // full (2 flits; its header is routed at 3 and leaves during 3, a credit usable at 4), then
      // one per cycle during 4..39
      expect(c.injectedFlits - 38, kind).toBe(6);
      expect(c.flitHops, kind).toBe(2 + 2 * 2);
      expect(e.times().waits[1], kind).toBe(40 - 7);
      expect(e.runUntil(10_000), kind).toBe('finished');
      expect(e.times().destTail[0], kind).toBe(63);
    }
  });

  it('one-port injection: one message at a time in activation order; all-port: one per port ("The source"; "Channels": injection q)', async () => {
    // A: 1 -> 2 and B: 1 -> 0, both created at 0 (A first), L = 4, S = R = 1, B = 8. One-port,
    // after-tail: A is granted node 1's injection VC at 0 and sends during 1..4; its flits leave the
    // injection buffer during 3..6 (routed at 3), so the VC is freed at the end of 6 and B, head of
    // the queue since 0, is granted at 7 and injects its header during 8 (B waited cycles 1..6, six
    // VC waits). One-port, back-to-back (the default): B's startup runs from the end of A's (2) to
    // 3; A's tail crosses the injection channel during 4, so B is granted at 5 and its header
    // crosses during 5 (waits 1..4). All-port: A's first hop is port +x, B's port -x: two injection
    // channels, both inject at 1.
    const worms: WormSpec[] = [
      { kind: 'unicast', src: 1, dests: [2], flits: 4, created: 0 },
      { kind: 'unicast', src: 1, dests: [0], flits: 4, created: 0 },
    ];
    for (const { kind, e, status } of await run(worms, { port: 'one', injection: 'after-tail' })) {
      expect(status, kind).toBe('finished');
      expect(Array.from(e.times().injected), kind).toEqual([1, 8]);
      expect(Array.from(e.times().waits), kind).toEqual([0, 6]);
    }
    for (const { kind, e, status } of await run(worms, { port: 'one' })) {
      expect(status, kind).toBe('finished');
      expect(Array.from(e.times().injected), kind).toEqual([1, 5]);
      expect(Array.from(e.times().waits), kind).toEqual([0, 4]);
    }
    for (const { kind, e, status } of await run(worms, { port: 'all' })) {
      expect(status, kind).toBe('finished');
      expect(Array.from(e.times().injected), kind).toEqual([1, 1]);
      expect(e.counters().vcWaitCycles, kind).toBe(0);
    }
  });

  it('back-to-back injection: a header may cross the injection channel in the cycle after the previous tail; one startup at a time ("The source", option injection)', async () => {
    // Three worms 0 -> 3 created at 0, L = 4, R = 1, K = 2 copies of dor's class (so that no worm
    // waits for a network VC), B = 8.
    // Back-to-back, S = 2: W0 is head at 0, its startup 0..1: granted at 0, header crosses the
    // injection channel during 2, tail during 5. W1 became head at 0 (when W0 was granted); its
    // startup runs after W0's, 2..3; the channel is free from 6: granted at 6, header during 6
    // (waits 1..5). W2 became head at 6: startup 6..7, channel free from 10: header during 10
    // (waits 7..9). Each worm then runs at the zero-load time, 4 cycles after the previous one:
    // header delivered at 2 + 1 + 4 x 2 = 11, tail 14, and 15/18, 19/22. W1's header reaches node
    // 3 at 13 and is routed at 14, when the consumption channel (W0's tail delivered during 13) is
    // free again.
    // Back-to-back, S = 6 > L: the startups are the bottleneck: W1's runs 6..11, W2's 12..17, so
    // the headers cross during 6, 12, 18.
    // After-tail, S = 2: W1 is granted when W0's tail has left the injection buffer (header routed
    // at 4, tail leaves during 7): at 8, header during 10; W2 at 16, header during 18.
    const worms: WormSpec[] = [0, 1, 2].map(() => ({ kind: 'unicast', src: 0, dests: [3], flits: 4, created: 0 }));
    for (const { kind, e, status } of await run(worms, { startup: 2, vcsPerClass: 2 })) {
      expect(status, kind).toBe('finished');
      const t = e.times();
      expect(Array.from(t.injected), kind).toEqual([2, 6, 10]);
      expect(Array.from(t.waits), kind).toEqual([0, 5, 3]);
      expect([...t.destHead, ...t.destTail], kind).toEqual([11, 15, 19, 14, 18, 22]);
    }
    for (const { kind, e } of await run(worms, { startup: 6, vcsPerClass: 2 }))
      expect(Array.from(e.times().injected), kind).toEqual([6, 12, 18]);
    for (const { kind, e } of await run(worms, { startup: 2, vcsPerClass: 2, injection: 'after-tail' })) {
      expect(Array.from(e.times().injected), kind).toEqual([2, 10, 18]);
      expect(Array.from(e.times().destTail), kind).toEqual([14, 22, 30]);
    }
  });

  it('VC release: tail-credit frees a VC when the tail has left its buffer, tail-sent when the tail has come in; the next holder queues behind ("One cycle t" 4b, option vcRelease)', async () => {
    // One VC per link (dor on the line, K = 1), S = R = 1, B = 8. H: 2 -> 2, L = 30, created at 0,
    // holds node 2's consumption channel from cycle 3; its tail is delivered at 1 + 1 + 1 + 30 = 33
    // (the channel is free from 33). A: 0 -> 2, L = 4, created at 0: header at node 2 at 6, routed
    // at 7, waits for the consumption channel; its flits cross 1 -> 2 during 5..8 and stay there
    // (4 flits). A is granted the channel at 33 and delivers during 33..36: head 34, tail 37.
    // B: 1 -> 3, L = 6, created at 5: header in node 1's injection buffer at 7, routed at 8,
    // asks for 1 -> 2, held by A.
    // tail-credit: 1 -> 2 is free when A's tail has left it (during 36): B is granted at 37 (waits
    // 8..36, 29 cycles), crosses 1 -> 2 during 37, is routed at node 2 at 39, crosses 2 -> 3 at
    // 39, is routed at node 3 at 41: head delivered at 42, tail at 47.
    // tail-sent: 1 -> 2 is free when A's tail has come in (during 8): B is granted at 9 (one wait)
    // and its flits join A's in the buffer: 4 + 4 = B = 8 flits during 9..12; its fifth flit
    // waits for room: A's first flit leaves during 33, so it crosses during 34, the sixth during
    // 35. B's header reaches the front when A's tail has left (during 36): routed at 37 + R = 38,
    // crosses 2 -> 3 during 38, routed at node 3 at 40: head 41, tail 46.
    const worms: WormSpec[] = [
      { kind: 'unicast', src: 2, dests: [2], flits: 30, created: 0 },
      { kind: 'unicast', src: 0, dests: [2], flits: 4, created: 0 },
      { kind: 'unicast', src: 1, dests: [3], flits: 6, created: 5 },
    ];
    for (const { kind, e, status } of await run(worms, {})) {
      expect(status, kind).toBe('finished');
      const t = e.times();
      expect([...t.destHead, ...t.destTail], kind).toEqual([4, 34, 42, 33, 37, 47]);
      expect(Array.from(t.waits), kind).toEqual([0, 26, 29]);
    }
    for (const { kind, e, status } of await run(worms, { vcRelease: 'tail-sent' })) {
      expect(status, kind).toBe('finished');
      const t = e.times();
      expect([...t.destHead, ...t.destTail], kind).toEqual([4, 34, 41, 33, 37, 46]);
      expect(Array.from(t.waits), kind).toEqual([0, 26, 1]);
    }
    // the buffer of 1 -> 2 holds B = 8 flits of both holders: at cycle 30, 4 of A's and 4 of B's
    // have crossed 1 -> 2 (B's fifth crosses at 34)
    for (const { kind, e, status } of await run(worms, { vcRelease: 'tail-sent' }, 30)) {
      expect(status, kind).toBe('limit');
      expect(e.channelFlits()[1 * 4 + PX], kind).toBe(8);
      e.runUntil(35);
      expect(e.channelFlits()[1 * 4 + PX], kind).toBe(9);
    }
  });

  it('one-port ejection: one consumption channel per node, held until the tail is delivered; all-port: one per incoming link ("Channels": ejection q)', async () => {
    // W1: 0 -> 1 and W2: 2 -> 1, both created at 0, L = 4: both headers reach node 1 at 4 and are
    // routed at 5. One-port: W1 (first in the active list) takes the consumption channel and
    // delivers at 6..9 (tail 9); W2 waits cycles 5..8 (its flits wait in the buffer of 2 -> 1),
    // is granted at 9 and delivers one flit per cycle: 10..13. All-port: the two arrive on
    // different links, so on different channels: both tails at 9.
    const worms: WormSpec[] = [
      { kind: 'unicast', src: 0, dests: [1], flits: 4, created: 0 },
      { kind: 'unicast', src: 2, dests: [1], flits: 4, created: 0 },
    ];
    for (const { kind, e } of await run(worms, { port: 'one' })) {
      expect(Array.from(e.times().destTail), kind).toEqual([9, 13]);
      expect(Array.from(e.times().destHead), kind).toEqual([6, 10]);
      expect(Array.from(e.times().waits), kind).toEqual([0, 4]);
    }
    for (const { kind, e } of await run(worms, { port: 'all' }))
      expect(Array.from(e.times().destTail), kind).toEqual([9, 9]);
  });

  it('a path worm delivers a copy at each destination on its way, at the zero-load time with h = the hops so far ("Worms and slots": path)', async () => {
    // 0 -> [1, 3], L = 5, S = 1, R = 2, created at 3: at node 1 (h = 1) the header is delivered at
    // 3 + 1 + 1 + 2 x 3 = 11 and the worm moves on in lock-step with its copy (one slot, two
    // children); at node 3 (h = 3) at 3 + 1 + 1 + 4 x 3 = 17. Tails 4 cycles later.
    for (const { kind, e, status } of await run([{ kind: 'path', src: 0, dests: [1, 3], flits: 5, created: 3 }], {
      routerDelay: 2,
    })) {
      expect(status, kind).toBe('finished');
      expect([...e.times().destHead, ...e.times().destTail], kind).toEqual([11, 17, 15, 21]);
      expect(e.counters().ejectedFlits, kind).toBe(10);
      expect(e.counters().flitHops, kind).toBe(15);
    }
  });

  it('a tree worm moves in lock-step: a branch held by another worm stops every branch ("One cycle t" 3, lock-step; 2c hold and wait)', async () => {
    // U: 0 -> 2, L = 40, created at 0: routed at node 1 at 5, it holds channel 1 -> 2 (one VC per
    // link) until its tail leaves that buffer, i.e. is delivered at node 2: at 0 + 1 + 1 + 3 x 2 +
    // 39 = 47, so the VC is free from cycle 47. T: a tree from node 1 to 0 (edge -x) and 2 (edge
    // +x), L = 4, created at 10: its header is in node 1's injection buffer at 12 and is routed at 13:
    // it is granted 1 -> 0 but waits for 1 -> 2 (one VC wait per cycle, 13..46). Holding 1 -> 0 does
    // not let it send to 0: every flit goes to both children at once. Granted 1 -> 2 at 47, its
    // flits cross both links during 47..50, reach 0 and 2 at 48..51 and are delivered the cycle
    // after each arrival (header routed at 49): both tails at 53 (alone: 19).
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
    ];
    for (const { kind, e, status } of await run(worms, {})) {
      expect(status, kind).toBe('finished');
      const t = e.times();
      expect(t.destTail[0], kind).toBe(47);
      expect([t.destHead[1], t.destHead[2], t.destTail[1], t.destTail[2]], kind).toEqual([50, 50, 53, 53]);
      expect(t.waits[1], kind).toBe(47 - 13);
    }
  });

  it('software forwarding: a triggered worm starts when its trigger\'s tail is delivered at its source ("The source": trigger; "One cycle t" 4d)', async () => {
    // W0: 0 -> 1, L = 4, created at 0: tail delivered at 1 at 0 + 1 + 1 + 2 x 2 + 3 = 9. W1: 1 -> 3
    // after W0 is activated at 9 (step 1 of cycle 9), granted at 9, injects its header during 10;
    // tail at 3 (h = 2): 9 + 1 + 1 + 3 x 2 + 3 = 20. W2: 1 -> 0 after W0 too, listed after W1: it
    // queues behind W1 at node 1 (one-port). After-tail: it is granted only after W1's tail leaves
    // the injection buffer (W1 routed at 12, tail leaves during 15): granted at 16, injects during
    // 17; tail at 0 (h = 1): 16 + 1 + 1 + 2 x 2 + 3 = 25. Back-to-back (the default): its startup
    // runs after W1's (10..11), W1's tail crosses the injection channel during 13, so W2 is granted
    // at 14 and injects during 14; tail at 14 + (1 + 2) + 2 x 1 + 3 = 22.
    const worms: WormSpec[] = [
      { kind: 'unicast', src: 0, dests: [1], flits: 4, created: 0 },
      { kind: 'unicast', src: 1, dests: [3], flits: 4, after: 0, group: 0 },
      { kind: 'unicast', src: 1, dests: [0], flits: 4, after: 0, group: 0 },
    ];
    for (const { kind, e, status } of await run(worms, { injection: 'after-tail' })) {
      expect(status, kind).toBe('finished');
      const t = e.times();
      expect(Array.from(t.activated), kind).toEqual([0, 9, 9]);
      expect(Array.from(t.injected), kind).toEqual([1, 10, 17]);
      expect(Array.from(t.destTail), kind).toEqual([9, 20, 25]);
    }
    for (const { kind, e, status } of await run(worms, {})) {
      expect(status, kind).toBe('finished');
      const t = e.times();
      expect(Array.from(t.activated), kind).toEqual([0, 9, 9]);
      expect(Array.from(t.injected), kind).toEqual([1, 10, 14]);
      expect(Array.from(t.destTail), kind).toEqual([9, 20, 22]);
    }
  });

  it('link latency l: a flit and its credit take l cycles over a network channel ("Time", linkLatency)', async () => {
    // The zero-load timeline with l cycles per network hop (the injection and ejection channels
    // stay 1): created at 7, S = 5, R = 2, 0 -> 3 (h = 3), L = 6. The header is in the injection
    // buffer at 7 + 5 + 1 = 13, routed at +R, crosses during that cycle and reaches the next
    // router l cycles after: R + l per network hop, then R + 1 to be delivered, so
    // 13 + 3 (R + l) + (R + 1) = 25 + 3 (l - 1): 28 for l = 2, 31 for l = 3. With room for the
    // credit round trip (B >= 2l) the body follows one flit per cycle: tail = header + 5.
    // With B = 1 and l = 2 a buffer place is used again only 2l = 4 cycles after it was filled
    // (flit sent at u, there at u + 2, leaves at u + 2, its credit back at u + 4): tail = 28 + 4 x 5 = 48.
    // With B = 2 and l = 2 two flits go back to back, then the first credit returns 4 cycles after
    // the first was sent: gaps 1, 3, 1, 3, 1, tail = 28 + 9 = 37; B = 2, l = 3: gaps 1, 5, ..., tail = 31 + 13 = 44.
    const cases: Array<[number, number, number, number]> = [
      // l, B, header, tail
      [1, 8, 25, 30],
      [2, 8, 28, 33],
      [3, 8, 31, 36],
      [2, 4, 28, 33],
      [2, 1, 28, 48],
      [2, 2, 28, 37],
      [3, 2, 31, 44],
    ];
    for (const [l, B, head, tail] of cases) {
      for (const { kind, e, status } of await run([{ kind: 'unicast', src: 0, dests: [3], flits: 6, created: 7 }], {
        startup: 5,
        routerDelay: 2,
        buffer: B,
        linkLatency: l,
      })) {
        const t = e.times();
        expect([status, t.injected[0], t.destHead[0], t.destTail[0], t.done[0]], `${kind} l=${l} B=${B}`).toEqual([
          'finished',
          12,
          head,
          tail,
          tail,
        ]);
        expect(e.counters().flitHops, kind).toBe(18);
      }
    }
  });

  it('the watchdog declares a deadlock W cycles after the last progress ("Watchdog")', async () => {
    // A: tree from 1 to 0 (edge -x) and 3 (edges +x, then +x from 2); B: tree from 2 to 3 (edge +x)
    // and 0 (edges -x, then -x from 1). Both are routed at their sources at 3 and take their first
    // channels: A 1 -> 0 and 1 -> 2, B 2 -> 3 and 2 -> 1. At 5 A's header at node 2 asks for 2 -> 3
    // (B holds it) and B's at node 1 for 1 -> 0 (A holds it): each holds what the other waits for,
    // and no flit can move once the buffers before the blocked branches are full. The run stops at
    // the first cycle t with t - 1 - lastProgress >= W: cycle = lastProgress + W + 1; a larger W moves
    // the stop by as much and nothing else.
    const worms: WormSpec[] = [
      {
        kind: 'tree',
        src: 1,
        dests: [0, 3],
        flits: 32,
        created: 0,
        tree: [
          { parent: -1, port: MX, vc: 0 },
          { parent: -1, port: PX, vc: 0 },
          { parent: 1, port: PX, vc: 0 },
        ],
      },
      {
        kind: 'tree',
        src: 2,
        dests: [3, 0],
        flits: 32,
        created: 0,
        tree: [
          { parent: -1, port: PX, vc: 0 },
          { parent: -1, port: MX, vc: 0 },
          { parent: 1, port: MX, vc: 0 },
        ],
      },
    ];
    for (const kind of KINDS) {
      const stops: number[] = [];
      for (const watchdog of [50, 80]) {
        const e = await makeEngine(kind, { routing: dor, worms, options: { buffer: 2, port: 'all', watchdog } });
        expect(e.runUntil(10_000), kind).toBe('deadlock');
        const d = e.deadlock();
        expect(e.cycle, kind).toBe(d.lastProgress + watchdog + 1);
        expect(d.worms.sort(), kind).toEqual([0, 1]);
        expect(d.channels.map((c) => `${c.node} ${line.portName(c.port)}`).sort(), kind).toEqual(['1,0 -x', '2,0 +x']);
        stops.push(e.cycle);
        // the network froze after its last progress: no flit crossed a link after it
        expect(e.counters().flitHops, kind).toBeGreaterThan(0);
      }
      expect(stops[1]! - stops[0]!, kind).toBe(30);
    }
  });
});
