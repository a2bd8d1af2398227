import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../src/engine/reference.ts';
import type { EngineOptions } from '../src/engine/types.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { firstResultDifference } from './engine-compare.ts';
import { buildWorkload } from '../src/engine/workload.ts';
import { simulationRouting } from '../src/experiment/run/simulate.ts';
import { generateTraffic } from '../src/experiment/run/traffic.ts';
import { rng } from './utils.ts';

/** (topology, algorithm) pairs: every multicast algorithm of the registries on a small network. */
const PAIRS: Array<[string, string]> = [
  ['hypercube:4', 'unicast'],
  ['hypercube:4', 'separate'],
  ['hypercube:4', 'u-cube'],
  ['hypercube:4', 'maxport'],
  ['hypercube:4', 'combine'],
  ['hypercube:4', 'w-sort'],
  ['hypercube:4', 'sorted-mp'],
  ['hypercube:4', 'dual-path'],
  ['hypercube:4', 'multi-path'],
  ['hypercube:4', 'fixed-path'],
  ['hypercube:4', 'ecube-tree'],
  ['ccc:3', 'u-ccc'],
  ['ccc:4', 'separate'],
  ['mesh:4x4', 'u-mesh'],
  ['mesh:4x4', 'x-first'],
  ['mesh:4x4', 'divided-greedy'],
  ['mesh:4x4', 'dual-path'],
  ['mesh:4x4', 'sorted-mc'],
  ['mesh:4x4', 'double-channel-x-first'],
  ['torus:4x4', 'hcm-uniform'],
  ['torus:4x4', 'hcm-fixed'],
  ['torus:4x4', 'hp-dual-path'],
  ['torus:4x4', 'unicast'],
  ['star:4', 'hp-dual-path'],
  ['mesh:4x4', 'greedy-st'],
];

describe('differential on multicast Plans under dynamic traffic (issue 6)', () => {
  it('wasm and reference report the same results on 125 (topology, algorithm, port, multiplexing, B, load, seed) runs', async () => {
    let compared = 0;
    const failures: string[] = [];
    for (let seed = 0; seed < 125; seed++) {
      const [topology, algorithm] = PAIRS[seed % PAIRS.length]!;
      const g = rng(seed + 991);
      const routing = simulationRouting(topology, algorithm);
      const n = routing.topology.nodes;
      const options: EngineOptions = {
        buffer: 1 + Math.floor(g() * 4),
        routerDelay: Math.floor(g() * 3),
        startup: Math.floor(g() * 6),
        port: g() < 0.5 ? 'one' : 'all',
        vcLinks: g() < 0.3,
        vcsPerClass: g() < 0.7 ? 1 : 2,
        watchdog: 300,
      };
      const flits = 1 + Math.floor(g() * 10);
      const dests = algorithm === 'unicast' ? 0 : 1 + Math.floor(g() * Math.min(8, n - 2));
      const load = 0.005 + g() * 0.05;
      const events = generateTraffic({ nodes: n, load, flits, dests, cycles: 300, seed });
      let worms: ReturnType<typeof buildWorkload>['worms'];
      try {
        worms = buildWorkload(events, algorithm, routing, flits).worms;
      } catch (e) {
        failures.push(`${topology} ${algorithm}: ${(e as Error).message}`);
        continue;
      }
      const input = { routing, worms, options };
      const ref = new ReferenceEngine(input);
      const wasm = await WasmEngine.create(input);
      const s1 = ref.runUntil(30_000);
      const s2 = wasm.runUntil(30_000);
      const run = `#${seed} ${topology} ${algorithm} options ${JSON.stringify(options)} flits ${flits} dests ${dests} load ${load} (generateTraffic seed ${seed}, 300 cycles)`;
      expect(firstResultDifference(run, ref, s1, wasm, s2)).toBeNull();
      compared++;
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(compared).toBe(125);
  });
});
