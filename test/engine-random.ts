import type { EngineOptions, WormSpec } from '../src/engine/types.ts';
import { routeTree } from './route-tree.ts';
import { createRouting } from '../src/routing/registry.ts';
import type { RoutingFunction } from '../src/routing/types.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { rng } from './utils.ts';

/** Small networks with every routing function. */
export const SMALL: Array<[string, string]> = [
  ['hypercube:3', 'ecube'],
  ['hypercube:4', 'ecube'],
  ['hypercube:4', 'label'],
  ['ccc:3', 'hc'],
  ['ccc:3', 'ccc-optimal'],
  ['ccc:4', 'ccc-simple'],
  ['mesh:4x4', 'dor'],
  ['mesh:3x4', 'label'],
  ['mesh:3x3x2', 'dor'],
  ['torus:4x4', 'dor'],
  ['torus:3x4', 'hcm'],
  ['star:4', 'star-min'],
  ['star:4', 'hcm'],
];

/** One random small configuration: network, routing, worm mix, port model, multiplexing, B, load. */
export interface RandomConfig {
  label: string;
  routing: RoutingFunction;
  worms: WormSpec[];
  options: EngineOptions;
}

function pickDistinct(g: () => number, n: number, k: number, not: number): number[] {
  const out: number[] = [];
  while (out.length < Math.min(k, n - 1)) {
    const x = Math.floor(g() * n);
    if (x !== not && !out.includes(x)) out.push(x);
  }
  return out;
}

/** A random configuration from a seed; worms mix unicasts, path and tree worms, and software-forwarded chains. */
export function randomConfig(seed: number): RandomConfig {
  const g = rng(seed * 7919 + 13);
  const [spec, name] = SMALL[seed % SMALL.length]!;
  const t = parseTopology(spec);
  const routing = createRouting(name, t);
  const options: EngineOptions = {
    buffer: 1 + Math.floor(g() * 4),
    routerDelay: Math.floor(g() * 3),
    startup: Math.floor(g() * 4),
    port: g() < 0.5 ? 'one' : 'all',
    vcLinks: g() < 0.3,
    vcsPerClass: g() < 0.6 ? 1 : 2 + Math.floor(g() * 2),
    watchdog: 200,
    channelUse: g() < 0.8,
    // both evaluations of a multiplexed cycle, and runs that switch between them (taken from the
    // seed, not the generator, so the configurations do not depend on it)
    readyListAt: [2048, 0, 12, 40][seed % 4],
    // both injection rules (docs/model-flit.md "The source"), taken from the seed too
    injection: seed % 3 === 2 ? 'after-tail' : 'back-to-back',
    // both VC release rules (docs/model-flit.md "One cycle t" 4b)
    vcRelease: seed % 5 === 3 ? 'tail-sent' : 'tail-credit',
  };
  const load = 0.02 + g() * 0.3;
  const count = 5 + Math.floor(g() * 40);
  const worms: WormSpec[] = [];
  let time = 0;
  while (worms.length < count) {
    time += Math.floor(((-Math.log(1 - g()) * 4) / (load * t.nodes)) * 8);
    const src = Math.floor(g() * t.nodes);
    const flits = 1 + Math.floor(g() * 12);
    const kind = g();
    if (kind < 0.5) {
      const dst = g() < 0.05 ? src : Math.floor(g() * t.nodes);
      worms.push({ kind: 'unicast', src, dests: [dst], flits, created: time });
    } else if (kind < 0.65) {
      worms.push({
        kind: 'path',
        src,
        dests: pickDistinct(g, t.nodes, 1 + Math.floor(g() * 4), src),
        flits,
        created: time,
      });
    } else if (kind < 0.8) {
      try {
        const tree = routeTree(routing, src, pickDistinct(g, t.nodes, 1 + Math.floor(g() * 5), src));
        const K = options.vcsPerClass ?? 1;
        worms.push({
          kind: 'tree',
          src,
          dests: tree.dests,
          tree: tree.edges.map((e) => ({ ...e, copy: Math.floor(g() * K) })),
          flits,
          created: time,
        });
      } catch {
        worms.push({ kind: 'unicast', src, dests: [(src + 1) % t.nodes], flits, created: time });
      }
    } else {
      // software forwarding: src -> a, then a -> b and a -> c after the first tail arrives
      const [a, b, c] = pickDistinct(g, t.nodes, 3, src) as [number, number, number];
      const first = worms.length;
      const group = first;
      worms.push({ kind: 'unicast', src, dests: [a], flits, created: time, group });
      worms.push({ kind: 'unicast', src: a, dests: [b], flits, after: first, group });
      worms.push({ kind: 'unicast', src: a, dests: [c], flits, after: first, group });
    }
  }
  return {
    label: `#${seed} ${spec} ${name} ${options.port}-port ${options.vcLinks ? 'vcLinks' : 'mux'} K=${options.vcsPerClass} B=${options.buffer} ${options.injection} ${options.vcRelease} R=${options.routerDelay} S=${options.startup} load=${load.toFixed(2)}`,
    routing,
    worms,
    options,
  };
}

/**
 * randomConfig(seed) with this round's engine options (issue 10 items 2 and 4): one consumption
 * channel per incoming VC on odd seeds, and tree edges that name no copy (any free copy of their
 * class) on seeds divisible by 3. Kept apart from randomConfig so that the stored digests of its
 * runs stay valid.
 */
export function randomConfigConsumption(seed: number): RandomConfig {
  const cfg = randomConfig(seed);
  const options: EngineOptions = { ...cfg.options, consumption: seed % 2 === 1 ? 'vc' : 'port' };
  const anyCopy = seed % 3 === 0;
  const worms = anyCopy
    ? cfg.worms.map((w) => (w.tree ? { ...w, tree: w.tree.map(({ copy: _copy, ...e }) => e) } : w))
    : cfg.worms;
  return {
    label: `${cfg.label} consumption=${options.consumption}${anyCopy ? ' tree-any-copy' : ''}`,
    routing: cfg.routing,
    worms,
    options,
  };
}

/**
 * randomConfigConsumption(seed) under 'lockstep' tree replication (issue 27; docs/model-flit.md
 * "Tree replication"), with link latency 2 on one seed in four (a blocked tree's flits on the
 * wire). Kept apart so that the stored digests of the other generators' runs stay valid.
 */
export function randomConfigLockstep(seed: number): RandomConfig {
  const cfg = randomConfigConsumption(seed);
  const linkLatency = seed % 4 === 1 ? 2 : 1;
  return {
    label: `${cfg.label} lockstep linkLatency=${linkLatency}`,
    routing: cfg.routing,
    worms: cfg.worms,
    options: { ...cfg.options, treeReplication: 'lockstep', linkLatency },
  };
}

/**
 * randomConfigConsumption(seed) with one crossbar input per input port (switch 'per-port', issue
 * 27; docs/model-flit.md "Arbitration"): VCs multiplexed (2 or more per class, vcLinks off), which
 * the rule needs, and lock-step trees on odd seeds.
 */
export function randomConfigPerPort(seed: number): RandomConfig {
  const cfg = randomConfigConsumption(seed);
  const options: EngineOptions = {
    ...cfg.options,
    vcLinks: false,
    vcsPerClass: Math.max(2, cfg.options.vcsPerClass ?? 1),
    switch: 'per-port',
    treeReplication: seed % 2 === 1 ? 'lockstep' : 'independent',
  };
  return { label: `${cfg.label} per-port ${options.treeReplication}`, routing: cfg.routing, worms: cfg.worms, options };
}

/**
 * randomConfigConsumption(seed) with a credit loop longer or shorter than the link (option
 * creditDelay, issue 27; docs/model-flit.md "Time"): linkLatency 1..3 and creditDelay 1..4 from
 * the seed, the longest credit the wire records hold (linkLatency + creditDelay = 31) on one seed
 * in eleven, the shortest (1 cycle: creditDelay 1 - linkLatency) on one in seven, and one crossbar
 * input per port (with BookSim's pipelined queued header under tail-sent) on one seed in four.
 * Kept apart so that the stored digests of the other generators' runs stay valid.
 */
export function randomConfigCredit(seed: number): RandomConfig {
  const cfg = randomConfigConsumption(seed);
  const linkLatency = 1 + (seed % 3);
  const creditDelay = seed % 11 === 10 ? 31 - linkLatency : seed % 7 === 4 ? 1 - linkLatency : 1 + ((seed >> 2) % 4);
  const perPort = seed % 4 === 3;
  const options: EngineOptions = {
    ...cfg.options,
    linkLatency,
    creditDelay,
    ...(perPort ? { vcLinks: false, vcsPerClass: Math.max(2, cfg.options.vcsPerClass ?? 1), switch: 'per-port' } : {}),
    ...(perPort && cfg.options.vcRelease === 'tail-sent' ? { queuedHeader: 'pipelined' } : {}),
  };
  return {
    label: `${cfg.label} linkLatency=${linkLatency} creditDelay=${creditDelay}${perPort ? ' per-port' : ''}`,
    routing: cfg.routing,
    worms: cfg.worms,
    options,
  };
}

/**
 * randomConfigConsumption(seed) under BookSim's router rules (issue 27; docs/model-flit.md
 * "BookSim's router"): switch 'per-port' (VCs multiplexed, 2 or more per class, independent tree
 * branches) with a non-empty subset of ejection 'vcs', lateGrant 'next-cycle', injectionBuffer
 * 'lanes' and vcAllocator 'round-robin' taken from the seed (all four on one seed in fifteen), link
 * latency 2 with creditDelay 1 on one seed in five. Kept apart so that the stored digests of the other
 * generators' runs stay valid.
 */
export function randomConfigRouter(seed: number): RandomConfig {
  const cfg = randomConfigConsumption(seed);
  const rules = 1 + (seed % 15);
  const wire = seed % 5 === 4;
  const options: EngineOptions = {
    ...cfg.options,
    vcLinks: false,
    vcsPerClass: Math.max(2, cfg.options.vcsPerClass ?? 1),
    switch: 'per-port',
    ...(rules & 1 ? { ejection: 'vcs' } : {}),
    ...(rules & 2 ? { lateGrant: 'next-cycle' } : {}),
    ...(rules & 4 ? { injectionBuffer: 'lanes' } : {}),
    ...(rules & 8 ? { vcAllocator: 'round-robin' } : {}),
    ...(wire ? { linkLatency: 2, creditDelay: 1 } : {}),
  };
  const names = ['ejection', 'late', 'lanes', 'rr'].filter((_, i) => rules & (1 << i));
  return {
    label: `${cfg.label} per-port ${names.join('+')}${wire ? ' linkLatency=2 creditDelay=1' : ''}`,
    routing: cfg.routing,
    worms: cfg.worms,
    options,
  };
}
