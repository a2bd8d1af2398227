import { describe, expect, it } from 'vitest';
import { checkRoutingDeadlock } from '../src/analysis/deadlock.ts';
import { checkScheme } from '../src/analysis/scheme-check.ts';
import { simulate, simulationRouting } from '../src/experiment/run/simulate.ts';
import { defaultNodeModel } from '../src/multicast/node-model.ts';
import { MULTICAST_ALGORITHMS, routingFor } from '../src/multicast/registry.ts';
import { createRouting } from '../src/routing/registry.ts';
import { TOPOLOGY_FAMILIES, parseTopology } from '../src/topology/registry.ts';

// Issue 10 item 3: every default is deadlock-free for the traffic it is the default for.
// Issue 28: on every sample of every family registered in src/topology/registry.ts, so that a
// family added by docs/extending.md is checked without a test edit.

const FAMILIES = Object.keys(TOPOLOGY_FAMILIES);
const SAMPLES = FAMILIES.flatMap((name) => TOPOLOGY_FAMILIES[name]!.samples);

/**
 * Schemes with a cyclic graph as the engine moves them (docs/deadlock.md): the seeds show x-first,
 * the E-cube tree, greedy ST, divided greedy and sorted MP/MC deadlock-prone (seed 004 sections
 * 6.1-6.2); double-channel-x-first is deadlock-free under the seed's lock-step tree model but not
 * under the engine's branch-by-branch replication (docs/algorithms-tree.md).
 */
const DEADLOCK_PRONE = new Set([
  'x-first',
  'ecube-tree',
  'greedy-st',
  'divided-greedy',
  'sorted-mp',
  'sorted-mc',
  'double-channel-x-first',
  // the LEN tree (seed 004 ref. [20]) is a router-replicated hypercube tree like the E-cube tree (Fig. 6.1)
  'len',
]);

describe('defaults are deadlock-free (issue 10 item 3)', () => {
  it.each(FAMILIES)('the default routing function of topology family %s is acyclic on every sample', (name) => {
    const routing = TOPOLOGY_FAMILIES[name]!.defaultRouting;
    const verdicts = TOPOLOGY_FAMILIES[name]!.samples.map((spec) => {
      const rep = checkRoutingDeadlock(createRouting(routing, parseTopology(spec)));
      return `${routing} on ${spec}: ${rep.verdict}`;
    });
    expect(verdicts).toEqual(TOPOLOGY_FAMILIES[name]!.samples.map((spec) => `${routing} on ${spec}: acyclic`));
  });

  it('the checker finds a cyclic routing cyclic: the old star default, star-min', () => {
    expect(checkRoutingDeadlock(createRouting('star-min', parseTopology('star:5'))).verdict).toBe('cyclic');
  });

  it("every algorithm's default routing and node model is acyclic on every sample it runs on, but for the seeds' deadlock-prone schemes", () => {
    let checked = 0;
    for (const [name, a] of Object.entries(MULTICAST_ALGORITHMS)) {
      for (const spec of SAMPLES) {
        const t = parseTopology(spec);
        if (a.topologies !== 'any' && !a.topologies.includes(t.kind)) continue;
        let routing: ReturnType<typeof routingFor>;
        try {
          routing = routingFor(a, t);
        } catch {
          continue; // e.g. label routing on a 3D mesh
        }
        const v = checkScheme(name, routing, { ...defaultNodeModel(name), copies: 1 });
        if (v.verdict === 'not-checked') continue;
        checked++;
        // on two nodes every route is one hop, so no channel waits for another: nothing can cycle
        const prone = DEADLOCK_PRONE.has(name) && t.nodes > 2;
        expect(v.verdict, `${name} on ${spec}`).toBe(prone ? 'cyclic' : 'acyclic');
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('star graphs under load no longer deadlock with the default routing (star:5 at 0.2 did with star-min)', async () => {
    for (const seed of [1, 2, 3]) {
      const r = await simulate({
        topology: 'star:5',
        algorithm: 'unicast',
        dests: 0,
        load: 0.2,
        flits: 16,
        warmup: 500,
        measure: 3000,
        drain: 5000,
        seed,
        engine: 'wasm',
        options: {},
      });
      expect(r.status, `seed ${seed}`).not.toBe('deadlock');
    }
    expect(simulationRouting('star:5', 'unicast').name).toBe('hcm');
  });
});
