import { SCENARIOS } from '../src/engine/scenarios.ts';
import { WormcastError } from '../src/errors.ts';
import { MULTICAST_ALGORITHMS, createPlan } from '../src/multicast/registry.ts';
import { ROUTINGS, createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { rng } from './utils.ts';

/*
 * The fuzz test's clean command lines (test/cli-fuzz.test.ts): for a command (or a mode of
 * simulate) and a topology, a line of valid, compatible values only, which wormcast must run
 * (exit 0, or 3 for a simulation that did not complete its measurement). They make the fuzz
 * reach every command and mode in earnest by construction, where a floor on how many random
 * lines happened to run broke when a registry grew (issue 28). Choices among valid values come
 * from the registries (the routings a topology accepts, the algorithms that run on it), so a new
 * family or routing is tried here too.
 */

/** Routing functions whose factory accepts the topology. */
function routingsOn(spec: string): string[] {
  const t = parseTopology(spec);
  return Object.keys(ROUTINGS).filter((name) => {
    try {
      createRouting(name, t);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Multicast algorithms that plan a multicast on the topology with their default routing (tried
 * from node 0 to the last node: an algorithm refuses a network by its shape, not by the pair).
 */
function algorithmsOn(spec: string): string[] {
  const t = parseTopology(spec);
  if (t.nodes < 2) return [];
  return Object.keys(MULTICAST_ALGORITHMS).filter((name) => {
    try {
      createPlan(name, t, 0, [t.nodes - 1]);
      return true;
    } catch (e) {
      if (e instanceof WormcastError) return false;
      throw e;
    }
  });
}

/** The commands and simulate modes with a clean line (keys: command path, a space, the mode). */
export const CLEAN_TARGETS = [
  'example none',
  'topology none',
  'route none',
  'analyze reed none',
  'analyze stepwise none',
  'plan none',
  'deadlock none',
  'verify none',
  'simulate none',
  'simulate units',
  'simulate isolated',
  'simulate scenario',
  'simulate plan',
  'simulate example',
];

/**
 * A clean line for `target` on `topology`, its choices drawn from `seed`; `planFile` is a valid
 * plan for simulate --plan. Undefined for a target with no clean line (sweep, worker, ...: they
 * need files or a queue).
 */
export function cleanLine(target: string, topology: string, seed: number, planFile: string): string[] | undefined {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const t = parseTopology(topology);
  const node = (): string => t.format(Math.floor(r() * t.nodes));
  const json = r() < 0.5 ? ['--json'] : [];
  // destinations other than the source, at least one where the network has two nodes
  const others = (source: string): string[] => {
    const s = t.parse(source);
    const all = [...Array(t.nodes).keys()].filter((v) => v !== s);
    const k = 1 + Math.floor(r() * Math.min(4, all.length));
    const chosen = new Set<number>();
    while (chosen.size < k) chosen.add(pick(all));
    return [...chosen].map((v) => t.format(v));
  };
  const algorithms = algorithmsOn(topology);
  const window = ['--cycles', '300', '--warmup', '50', '--drain', '300'];
  switch (target) {
    case 'example none':
      return ['example'];
    case 'analyze reed none':
      return ['analyze', 'reed', '--max-n', pick(['3', '4', '5']), ...json];
    case 'analyze stepwise none':
      return [
        'analyze',
        'stepwise',
        '--n',
        pick(['2', '3', '4']),
        '--sets',
        '1',
        '--seed',
        String(seed % 1000),
        ...json,
      ];
    case 'topology none':
      return ['topology', topology, ...json];
    case 'route none':
      return [
        'route',
        '--topology',
        topology,
        '--routing',
        pick(routingsOn(topology)),
        '--from',
        node(),
        '--to',
        node(),
        ...json,
      ];
    case 'plan none': {
      if (algorithms.length === 0 || t.nodes < 2) return undefined;
      const source = node();
      return [
        'plan',
        '--topology',
        topology,
        '--algorithm',
        pick(algorithms),
        '--source',
        source,
        '--dests',
        others(source).join(';'),
        ...json,
      ];
    }
    case 'deadlock none':
      return ['deadlock', '--topology', topology, '--routing', pick(routingsOn(topology)), ...json];
    case 'verify none': {
      if (algorithms.length === 0 || t.nodes < 2) return undefined;
      return [
        'verify',
        '--topology',
        topology,
        '--algorithm',
        pick(algorithms),
        '--dests',
        `random:${1 + Math.floor(r() * (t.nodes - 1))}`,
        '--trials',
        '2',
        ...json,
      ];
    }
    // dynamic traffic on one node has no destination: refused (exit 2, 'dor cannot route 0,0 ->
    // 0,0' as of issue 28), so no clean line there
    case 'simulate none':
      if (t.nodes < 2) return undefined;
      return [
        'simulate',
        '--topology',
        topology,
        '--load',
        pick(['0.01', '0.05', '0.1']),
        ...window,
        '--seed',
        String(seed % 1000),
        ...json,
      ];
    // seed000 has no cycle time to convert --interarrival-us with (docs/units.md)
    case 'simulate units':
      if (t.nodes < 2) return undefined;
      return [
        'simulate',
        '--topology',
        topology,
        '--units',
        pick(['seed001', 'seed003', 'seed004']),
        '--interarrival-us',
        pick(['300', '1000', '3000']),
        ...window,
        ...json,
      ];
    case 'simulate isolated': {
      if (algorithms.length === 0 || t.nodes < 2) return undefined;
      // by the seed's parity, so that consecutive clean cases give both count options
      const count =
        seed % 2 === 0
          ? ['--dests', String(1 + Math.floor(r() * (t.nodes - 1)))]
          : ['--dests-mean', String(1 + Math.floor(r() * (t.nodes - 1)))];
      return [
        'simulate',
        '--topology',
        topology,
        '--traffic',
        'isolated',
        '--algorithm',
        pick(algorithms),
        ...count,
        '--sets',
        '1',
        ...json,
      ];
    }
    case 'simulate scenario':
      return ['simulate', '--scenario', pick(Object.keys(SCENARIOS)), ...json];
    case 'simulate plan':
      return ['simulate', '--plan', planFile, ...json];
    case 'simulate example':
      return ['simulate', '--example', ...window, ...json];
    default:
      return undefined;
  }
}
