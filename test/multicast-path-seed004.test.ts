import { describe, expect, it } from 'vitest';
import { trafficOf } from '../src/analysis/traffic.ts';
import { customLabelling } from '../src/labelling/custom.ts';
import { checkPlan } from '../src/multicast/plan-check.ts';
import type { Message } from '../src/multicast/plan.ts';
import { meshCombCycle } from '../src/multicast/path-based/mesh-cycle.ts';
import { createPlan } from '../src/multicast/registry.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { routeLength, routeNodes } from './path-helpers.ts';

// Seed 004 section 6.2.2 (Figs. 6.13, 6.16, 6.17): the 6 x 6 mesh example.
const mesh6 = parseTopology('mesh:6x6');
const src6 = mesh6.parse('3,2');
const dests6 = ['0,0', '0,2', '0,5', '1,3', '4,5', '5,0', '5,1', '5,3', '5,4'].map((a) => mesh6.parse(a));
const fmt = (ids: readonly number[]): string[] => ids.map((d) => mesh6.format(d));

describe('seed 004 section 6.2.2: the 6x6 mesh, source (3,2), nine destinations', () => {
  it('dual-path: D_H and D_L as in the text, 33 channels (18 high, 15 low), maximum distance 18', () => {
    const plan = createPlan('dual-path', mesh6, src6, dests6);
    expect(checkPlan(plan)).toEqual([]);
    const [high, low] = plan.messages;
    expect(high!.network).toBe('high');
    expect(fmt(high!.dests)).toEqual(['5,3', '1,3', '5,4', '4,5', '0,5']);
    expect(low!.network).toBe('low');
    expect(fmt(low!.dests)).toEqual(['0,2', '5,1', '5,0', '0,0']);
    expect([routeLength(plan, 0), routeLength(plan, 1)]).toEqual([18, 15]);
    const m = trafficOf(plan);
    expect(m.traffic).toBe(33);
    expect(m.maxHops).toBe(18);
    expect(m.worms).toBe(2);
  });

  it('fixed-path: 35 channels (20 high, 15 low), maximum distance 20', () => {
    const plan = createPlan('fixed-path', mesh6, src6, dests6);
    expect(checkPlan(plan)).toEqual([]);
    expect([routeLength(plan, 0), routeLength(plan, 1)]).toEqual([20, 15]);
    const m = trafficOf(plan);
    expect(m.traffic).toBe(35);
    expect(m.maxHops).toBe(20);
    // the high worm walks labels 15, 16, ..., 35 of the snake
    const snake = createRouting('label', mesh6).labelling!;
    expect(routeNodes(plan, 0).map((v) => snake.labelOf[v])).toEqual(Array.from({ length: 21 }, (_, i) => 15 + i));
  });

  it('multi-path: the four sets of the text, maximum distance 6, 21 channels (the text prints 20: Errata)', () => {
    const plan = createPlan('multi-path', mesh6, src6, dests6);
    expect(checkPlan(plan)).toEqual([]);
    const sets = plan.messages.map((m) => fmt(m.dests));
    expect(sets).toEqual([
      ['5,3', '5,4', '4,5'], // D_H1, through (4,2)
      ['1,3', '0,5'], // D_H2, through (3,3)
      ['0,2', '0,0'], // the text's D_L2, through (2,2)
      ['5,1', '5,0'], // the text's D_L1, through (3,1)
    ]);
    expect(plan.messages.map((m) => m.network)).toEqual(['high', 'high', 'low', 'low']);
    expect(fmt(plan.messages.map((_, id) => routeNodes(plan, id)[1]!))).toEqual(['4,2', '3,3', '2,2', '3,1']);
    expect(plan.messages.map((_, id) => routeLength(plan, id))).toEqual([6, 6, 5, 4]);
    const m = trafficOf(plan);
    expect(m.maxHops).toBe(6);
    expect(m.traffic).toBe(21);
  });
});

describe('seed 004 section 5.4: sorted MP examples', () => {
  it('4x4 mesh with the printed cycle C, source 9, K = {9,0,1,6,12}: D = (12,0,1,6), path (9,13,12,8,4,0,1,2,6)', () => {
    const t = parseTopology('mesh:4x4');
    const C = [0, 1, 2, 3, 7, 6, 5, 9, 10, 11, 15, 14, 13, 12, 8, 4];
    const r = createRouting('label', t, { labelling: customLabelling(t, C, true) });
    const plan = createPlan('sorted-mp', r, 9, [0, 1, 6, 12]);
    expect(checkPlan(plan)).toEqual([]);
    expect(plan.count).toBe(1);
    expect(plan.message(0).dests).toEqual([12, 0, 1, 6]);
    expect(routeNodes(plan, 0)).toEqual([9, 13, 12, 8, 4, 0, 1, 2, 6]);
    // the comb cycle wormcast builds for a 4x4 mesh is the printed C
    expect(Array.from(meshCombCycle(t).nodeAt)).toEqual(C);
    expect(routeNodes(createPlan('sorted-mp', t, 9, [0, 1, 6, 12]), 0)).toEqual([9, 13, 12, 8, 4, 0, 1, 2, 6]);
  });

  it('4-cube, source 0011: D = (0111,0100,1100,1111,1010), path (0011,0111,0101,0100,1100,1101,1111,1110,1010)', () => {
    const t = parseTopology('hypercube:4');
    const b = (s: string): number => t.parse(s);
    const plan = createPlan('sorted-mp', t, b('0011'), ['0100', '0111', '1100', '1010', '1111'].map(b));
    expect(checkPlan(plan)).toEqual([]);
    expect(plan.message(0).dests.map((d) => t.format(d))).toEqual(['0111', '0100', '1100', '1111', '1010']);
    expect(routeNodes(plan, 0).map((v) => t.format(v))).toEqual([
      '0011',
      '0111',
      '0101',
      '0100',
      '1100',
      '1101',
      '1111',
      '1110',
      '1010',
    ]);
  });

  it('sorted MC closes the same worm back to the source', () => {
    const t = parseTopology('mesh:4x4');
    const plan = createPlan('sorted-mc', t, 9, [0, 1, 6, 12]);
    expect(checkPlan(plan)).toEqual([]);
    const nodes = routeNodes(plan, 0);
    expect(nodes.slice(0, 9)).toEqual([9, 13, 12, 8, 4, 0, 1, 2, 6]);
    // from 6 (position 6 of C) on round to 9 (position 8): 6 -> 5 -> 9
    expect(nodes.slice(8)).toEqual([6, 5, 9]);
    expect(trafficOf(plan).traffic).toBe(10);
  });
});

describe('seed 004 Fig. 6.19: 4-cube dual-path, source 1100', () => {
  it('D_L = (0100, 0111, 0011), D_H = (1111, 1000), and the high worm leaves through 1101', () => {
    const t = parseTopology('hypercube:4');
    const b = (s: string): number => t.parse(s);
    const plan = createPlan('dual-path', t, b('1100'), ['0100', '0011', '0111', '1000', '1111'].map(b));
    expect(checkPlan(plan)).toEqual([]);
    const byNet: Record<string, Message> = Object.fromEntries(plan.messages.map((m) => [m.network, m]));
    expect(byNet.high!.dests.map((d) => t.format(d))).toEqual(['1111', '1000']);
    expect(byNet.low!.dests.map((d) => t.format(d))).toEqual(['0100', '0111', '0011']);
    expect(t.format(routeNodes(plan, byNet.high!.id)[1]!)).toBe('1101');
  });
});
