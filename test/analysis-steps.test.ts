import { describe, expect, it } from 'vitest';
import { evaluateSteps, lowerBound } from '../src/analysis/steps.ts';
import { NONE, PlanBuilder } from '../src/multicast/plan.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';

const q3 = createRouting('ecube', parseTopology('hypercube:3'));

/** A plan on the 3-cube from [from, to, after, order] rows. */
function plan(rows: Array<[number, number, number, number]>, dests: number[]) {
  const b = new PlanBuilder(rows.length);
  for (const [from, to, after, order] of rows) b.unicast(from, to, after, order, 0, 0);
  return b.build(q3.topology, q3, 'hand', 0, Int32Array.from(dests).sort());
}

describe('lower bound on steps', () => {
  it('one-port: ceil(log2 m) for m nodes with the source (seed 000 section 1)', () => {
    expect([1, 2, 3, 4, 5, 8, 9, 512, 513, 10240].map((m) => lowerBound(m, 'one', 3))).toEqual([
      0, 1, 2, 2, 3, 3, 4, 9, 10, 14,
    ]);
  });

  it('all-port on degree p: the least t with (p + 1)^t >= m', () => {
    expect([1, 5, 6, 9, 25, 26].map((m) => lowerBound(m, 'all', 4))).toEqual([0, 1, 2, 2, 2, 3]);
  });
});

describe('one-port steps', () => {
  it('a node sends one message per step, in order, starting the step after it received', () => {
    // 0 -> 1, 2, 4 in that order; 1 -> 3 once it has the message (step 1)
    const p = plan(
      [
        [0, 1, NONE, 0],
        [0, 2, NONE, 1],
        [0, 4, NONE, 2],
        [1, 3, 0, 0],
      ],
      [1, 2, 3, 4],
    );
    const s = evaluateSteps(p, 'one');
    expect(Array.from(s.messageStep)).toEqual([1, 2, 3, 2]);
    expect(Array.from(s.receiveStep)).toEqual([1, 2, 2, 3]);
    expect(s.steps).toBe(3);
    expect(s.meanSteps).toBe(2);
    expect(s.lowerBound).toBe(3);
  });

  it('a sender whose messages are not contiguous in the plan keeps its queue', () => {
    const p = plan(
      [
        [0, 1, NONE, 0],
        [0, 2, NONE, 1],
        [1, 3, 0, 0],
        [0, 4, NONE, 2],
      ],
      [1, 2, 3, 4],
    );
    expect(Array.from(evaluateSteps(p, 'one').messageStep)).toEqual([1, 2, 2, 3]);
  });

  it('a message triggered by a later one is refused', () => {
    const p = plan(
      [
        [1, 3, 1, 0],
        [0, 1, NONE, 0],
      ],
      [1, 3],
    );
    expect(() => evaluateSteps(p, 'one')).toThrow(/triggered by a later message/);
  });
});

describe('all-port steps', () => {
  it('messages on distinct channels go in the same step; on one channel in successive steps (seed 001 Fig. 3(d))', () => {
    // from 000: 100 and 101 both leave on dimension 2, 001 on dimension 0
    const p = plan(
      [
        [0, 4, NONE, 0],
        [0, 5, NONE, 1],
        [0, 1, NONE, 2],
        [4, 6, 0, 0],
      ],
      [1, 4, 5, 6],
    );
    const s = evaluateSteps(p, 'all');
    expect(Array.from(s.messageStep)).toEqual([1, 2, 1, 2]);
    expect(s.steps).toBe(2);
    // 5 nodes on degree 3: 4^1 < 5 <= 4^2
    expect(s.lowerBound).toBe(2);
  });

  it('the queue of a channel follows plan order, not destination order', () => {
    const p = plan(
      [
        [0, 5, NONE, 0],
        [0, 4, NONE, 1],
      ],
      [4, 5],
    );
    expect(Array.from(evaluateSteps(p, 'all').receiveStep)).toEqual([2, 1]);
  });
});
