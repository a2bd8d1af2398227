import type { EngineOptions } from '../src/engine/types.ts';
import { simulate } from '../src/experiment/run/simulate.ts';

/**
 * BookSim2's router as wormcast's engine rules (docs/validation.md): 8-flit buffers, its 4-stage
 * router as router delay 4, startup 1, a source's next packet right behind the previous tail, a VC
 * freed when the tail has been sent. The saturation comparisons add switch 'per-port'.
 */
export const BOOKSIM_ENGINE_RULES = {
  buffer: 8,
  routerDelay: 4,
  startup: 1,
  injection: 'back-to-back',
  vcRelease: 'tail-sent',
} as const satisfies EngineOptions;

/**
 * BookSim2's router rules beyond its switch (docs/model-flit.md "BookSim's router"; issue 27): its
 * ejection VCs, its VC allocation stage before switch allocation, its injection VCs and its
 * round-robin (iSLIP) VC allocator. Each needs switch 'per-port'.
 */
export const BOOKSIM_ROUTER_RULES = {
  ejection: 'vcs',
  lateGrant: 'next-cycle',
  injectionBuffer: 'lanes',
  vcAllocator: 'round-robin',
} as const satisfies EngineOptions;

/**
 * The low-load runs of docs/validation.md "BookSim's credit loop and pipeline" (issue 27), shared by
 * test/engine-booksim-credit.test.ts and bench/booksim-credit.ts: the 8x8 mesh and the 16x16 torus
 * (2-cycle channels, BookSim's dateline classes and tie-break) under BookSim's rules.
 */
export const LOW_LOAD_NETWORKS = {
  mesh: { topology: 'mesh:8x8', more: {}, options: { vcsPerClass: 2, linkLatency: 1 } },
  torus: {
    topology: 'torus:16x16',
    more: { tieBreak: 'random', dateline: 'booksim' },
    // BookSim's torus channels take 2 cycles (booksim2 networks/kncube.cpp)
    options: { vcsPerClass: 1, linkLatency: 2 },
  },
} as const;

/** One network of LOW_LOAD_NETWORKS. */
export type LowLoadNetwork = (typeof LOW_LOAD_NETWORKS)[keyof typeof LOW_LOAD_NETWORKS];

/**
 * Uniform 16-flit unicasts at 0.005 flits/node/cycle (20,000 cycles of warm-up, window and drain),
 * B-flit buffers, R = 4, S = 1, back-to-back, tail-sent, per-port, the given creditDelay.
 */
export function lowLoadRun(net: LowLoadNetwork, buffer: number, creditDelay: number, seed: number) {
  return simulate({
    topology: net.topology,
    routing: 'dor',
    algorithm: 'unicast',
    dests: 0,
    load: 0.005,
    flits: 16,
    self: true,
    warmup: 20_000,
    measure: 20_000,
    drain: 20_000,
    seed,
    engine: 'wasm',
    ...net.more,
    options: {
      ...BOOKSIM_ENGINE_RULES,
      buffer,
      switch: 'per-port',
      creditDelay,
      ...net.options,
    },
  });
}
