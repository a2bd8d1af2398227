import type { Slot, Worm } from './reference-objects.ts';
import { edgeOrder, type WaitEdge, type WormTimes } from './results.ts';

// What the reference engine reports from its objects (docs/model-flit.md "Results", "Watchdog").

/** Per worm and per destination times of `worms` ("Results"). */
export function wormTimes(worms: readonly Worm[]): WormTimes {
  const per = (f: (w: Worm) => number): Int32Array => Int32Array.from(worms, f);
  const destBase = new Int32Array(worms.length);
  const destNode: number[] = [];
  const destHead: number[] = [];
  const destTail: number[] = [];
  const destWorm: number[] = [];
  worms.forEach((w, k) => {
    destBase[k] = destNode.length;
    destNode.push(...w.spec.dests);
    destHead.push(...w.destHead);
    destTail.push(...w.destTail);
    destWorm.push(...w.spec.dests.map(() => w.n));
  });
  return {
    activated: per((w) => w.activated),
    injected: per((w) => w.injected),
    done: per((w) => w.done),
    waits: per((w) => w.waits),
    destBase,
    destNode: Int32Array.from(destNode),
    destHead: Int32Array.from(destHead),
    destTail: Int32Array.from(destTail),
    destWorm: Int32Array.from(destWorm),
  };
}

/**
 * "Watchdog": the wait-for graph, worm -> the holder of each VC it requests, and (vcRelease
 * 'tail-sent') -> the worm whose flits are right ahead of its own in a VC's buffer (`fifo`, per
 * network VC its slots in buffer order), worms in number order.
 */
export function waitForEdges(
  active: readonly Worm[],
  owner: ReadonlyArray<Slot | null>,
  fifo: readonly (readonly Slot[])[] = [],
): Map<number, WaitEdge[]> {
  const edges = new Map<number, WaitEdge[]>();
  for (const w of [...active].sort((a, b) => a.n - b.n)) {
    const out: WaitEdge[] = [];
    if (w.state === 'request' && owner[w.injVc]) out.push({ to: owner[w.injVc]!.worm.n, vc: w.injVc });
    for (const s of w.slots) {
      if (s.granted || s.dead) continue;
      for (let i = 0; i < s.choices; i++) {
        const h = owner[s.vc + i];
        if (h) out.push({ to: h.worm.n, vc: s.vc + i });
      }
    }
    out.sort(edgeOrder);
    if (out.length > 0) edges.set(w.n, out);
  }
  fifo.forEach((q, vc) => {
    for (let i = 1; i < q.length; i++) {
      const y = q[i]!.worm.n;
      if (y === q[i - 1]!.worm.n) continue;
      const out = edges.get(y) ?? [];
      out.push({ to: q[i - 1]!.worm.n, vc, behind: true });
      edges.set(y, out.sort(edgeOrder));
    }
  });
  return edges;
}
