import { describe, expect, it } from 'vitest';
import { tracePlan } from '../src/analysis/paths.ts';
import { planFaults } from '../src/analysis/plan-faults.ts';
import { healthyComponents, reachable } from '../src/fault/components.ts';
import { noFaults } from '../src/fault/fault-set.ts';
import { parseFaults } from '../src/fault/parse-faults.ts';
import { mulberry32 } from '../src/random.ts';
import { MESSAGE_KINDS, NONE } from '../src/multicast/plan.ts';
import { createPlan } from '../src/multicast/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';

const addrs = (t: ReturnType<typeof parseTopology>, list: string) => list.split(';').map((a) => t.parse(a));

describe('planFaults: destinations a fault set keeps from their copies (docs/faults.md "Plans")', () => {
  it('u-mesh on mesh:6x6 from (2,2): a dead first link loses every destination, the forwarded ones too', () => {
    const t = parseTopology('mesh:6x6');
    const plan = createPlan('u-mesh', t, t.parse('2,2'), addrs(t, '0,0;5,5;0,5;5,0;3,3;4,4'));
    // every message from (2,2) starts +x over (2,2)-(3,2); (5,5) never receives, so never forwards
    const lost = planFaults(plan, tracePlan(plan), parseFaults(t, 'link:2,2-3,2'));
    expect(lost.undeliverable.map((d) => t.format(d)).sort()).toEqual(['0,0', '0,5', '3,3', '4,4', '5,0', '5,5']);
    expect(lost.unreachable).toBe(0);
    expect(Array.from(lost.sent)).toEqual(Array.from(plan.afters, (a) => (a === NONE ? 1 : 0)));
  });

  it('a faulty destination is undeliverable and unreachable', () => {
    const t = parseTopology('mesh:6x6');
    const plan = createPlan('u-mesh', t, t.parse('2,2'), addrs(t, '0,0;5,5;0,5;5,0;3,3;4,4'));
    const lost = planFaults(plan, tracePlan(plan), parseFaults(t, 'node:3,3'));
    expect(lost.undeliverable.map((d) => t.format(d))).toEqual(['3,3']);
    expect(lost.unreachable).toBe(1);
  });

  it('on random fault sets: nothing lost without faults, every unreachable destination lost, every sent unicast on healthy channels', () => {
    const cases: [string, string[]][] = [
      ['mesh:6x6', ['separate', 'u-mesh', 'dual-path', 'multi-path', 'x-first']],
      ['hypercube:5', ['u-cube', 'separate', 'ecube-tree']],
    ];
    let checked = 0;
    for (const [spec, algorithms] of cases) {
      const t = parseTopology(spec);
      const rand = mulberry32(9);
      for (const name of algorithms)
        for (let seed = 1; seed <= 4; seed++) {
          const source = Math.floor(rand() * t.nodes);
          const dests = Array.from({ length: t.nodes }, (_, v) => v).filter((v) => v !== source && rand() < 0.3);
          const plan = createPlan(name, t, source, dests);
          const paths = tracePlan(plan);
          expect(planFaults(plan, paths, noFaults(t)).undeliverable).toEqual([]);
          const f = parseFaults(t, 'links:5;nodes:1', seed);
          const lost = planFaults(plan, paths, f);
          const c = healthyComponents(t, f);
          const lostSet = new Set(lost.undeliverable);
          for (const d of plan.destinations) if (!reachable(c, source, d)) expect(lostSet.has(d)).toBe(true);
          for (let id = 0; id < plan.count; id++) {
            if (lost.sent[id] !== 1) continue;
            expect(f.nodeMask[plan.senders[id]!]).toBe(0);
            if (MESSAGE_KINDS[plan.kinds[id]!] !== 'unicast') continue;
            const d = plan.receiver(id);
            const healthy = Array.from(paths.channels.subarray(paths.offsets[id]!, paths.offsets[id + 1]!)).every(
              (ch) => f.channelMask[Math.floor(ch / paths.vcs)] === 0,
            );
            // a sent unicast delivers exactly when its whole route is healthy
            expect(lostSet.has(d)).toBe(!healthy);
            checked++;
          }
        }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
