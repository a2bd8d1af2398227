import { describe, expect, it } from 'vitest';
import { ARBITER_POLICY, arbiterOf } from '../src/engine/reference-arbiter.ts';

// The arbitration seam of docs/model-flit.md "Arbitration", on its own: the round-robin pair of
// the reference (the engines' use of it is pinned by test/engine-rules.test.ts, "round-robin
// arbitration", and held equal to the wasm engine's by the differential tests).
describe('the arbitration seam: round-robin arbitrate / arbitrated', () => {
  const V = 4;
  // the fold of step 3: the first candidate is the winner so far, each further one is compared with it
  const grant = (a: ReturnType<typeof arbiterOf>, chan: number, candidates: number[]): number =>
    candidates.slice(1).reduce((w, c) => a.arbitrate(chan, w, c), candidates[0]!);

  it('is the only policy, named round-robin', () => {
    expect(ARBITER_POLICY).toBe('round-robin');
    expect(arbiterOf(ARBITER_POLICY, 1, V).policy).toBe('round-robin');
  });

  it('grants VC 0 first, then the VC that follows the one that moved last, cyclically', () => {
    const a = arbiterOf(ARBITER_POLICY, 2, V);
    expect(grant(a, 0, [3, 1, 0, 2])).toBe(0);
    a.arbitrated(0, 1);
    // after 1: 2, 3, 0, then 1 itself last
    expect(grant(a, 0, [1, 3, 0])).toBe(3);
    expect(grant(a, 0, [0, 1])).toBe(0);
    expect(grant(a, 0, [1])).toBe(1);
    // channel 1 keeps its own pointer
    expect(grant(a, 1, [3, 1])).toBe(1);
  });

  it('gives the same winner whatever order the candidates enter in', () => {
    const a = arbiterOf(ARBITER_POLICY, 1, V);
    a.arbitrated(0, 2);
    const orders = [
      [0, 1, 3],
      [3, 1, 0],
      [1, 0, 3],
      [0, 3, 1],
    ];
    expect(orders.map((o) => grant(a, 0, o))).toEqual([3, 3, 3, 3]);
  });

  it('moves only when a flit crossed: an unused grant leaves the pointer', () => {
    const a = arbiterOf(ARBITER_POLICY, 1, V);
    // VC 1 wins but its move lost another channel: no arbitrated call, so it wins again
    expect(grant(a, 0, [1, 2])).toBe(1);
    expect(grant(a, 0, [1, 2])).toBe(1);
    a.arbitrated(0, 1);
    expect(grant(a, 0, [1, 2])).toBe(2);
  });
});
