import { describe, expect, it } from 'vitest';
import type { EngineOptions } from '../src/engine/types.ts';
import { simulate, type SimulateConfig } from '../src/experiment/run/simulate.ts';
import { BOOKSIM_ENGINE_RULES, BOOKSIM_ROUTER_RULES } from './booksim-rules.ts';

/**
 * shared/reference/booksim2-8x8-mesh.md mapped to wormcast (docs/validation.md), with BookSim's
 * own source and VC release: back-to-back injection (wormcast's default for unicast) and
 * vcRelease 'tail-sent' (BookSim's default wait_for_tail_credit = 0). The reference's warm-up and
 * window: 10,000 + 20,000 cycles, then 5,000 of drain.
 */
function config(load: number, routerDelay: number): SimulateConfig {
  return {
    topology: 'mesh:8x8',
    routing: 'dor',
    algorithm: 'unicast',
    dests: 0,
    load,
    flits: 16,
    self: true,
    warmup: 10_000,
    measure: 20_000,
    drain: 5000,
    seed: 11,
    engine: 'wasm',
    options: {
      buffer: 8,
      routerDelay,
      startup: 1,
      vcsPerClass: 2,
      injection: 'back-to-back',
      vcRelease: 'tail-sent',
    },
  };
}

// BookSim2's latency curve (shared/reference/booksim2-8x8-mesh.md) and, per point, the band in
// which wormcast's latency lies, in per cent of BookSim's. Each band is the measured agreement,
// not a target: the range of (wormcast - BookSim) / BookSim over five seeds (7, 11, 13, 17, 19;
// this test runs seed 11), widened on each side by half that range, at least 1 point, and rounded
// outwards to 0.5 (docs/validation.md "The whole curve"). A rule change that moves the curve by
// more than the seeds do leaves a band. The bands are signed on purpose: from 0.1 on wormcast is
// below BookSim, by 2-7 % up to 0.25 and by up to half at the knee, because wormcast's routers
// move a flit from each VC of an input link in the same cycle where BookSim's move one per input
// port (docs/validation.md "Near and past saturation").
const CURVE: Record<number, Array<[load: number, booksim: number, low: number, high: number]>> = {
  4: [
    [0.001, 47.5, -0.5, 6.5],
    [0.01, 48.7, -2.5, 1.0],
    [0.05, 51.1, -3.0, -0.5],
    [0.1, 54.7, -5.0, -1.5],
    [0.2, 64.6, -7.0, -2.5],
    [0.25, 74.5, -9.5, -3.5],
    [0.3, 107.8, -22.5, -13.5],
    [0.325, 248.0, -59.0, -40.0],
  ],
  2: [
    [0.001, 35.4, -0.5, 5.0],
    [0.01, 36.3, -2.5, 1.0],
    [0.05, 39.4, -5.0, -2.0],
    [0.1, 43.8, -7.5, -4.5],
    [0.2, 54.9, -11.0, -6.0],
    [0.25, 65.0, -13.5, -7.5],
    [0.3, 87.1, -20.5, -10.5],
    [0.325, 148.3, -44.0, -31.0],
  ],
};

// Saturation throughput: BookSim accepts 0.335-0.339 (default pipeline) and 0.342-0.343 (minimal)
// when offered 0.4 to 1.0; wormcast's accepted throughput at offered 0.6, in per cent above the
// middle of BookSim's range, measured like the curve (band from the same five seeds).
const SATURATION: Record<number, [booksim: number, low: number, high: number]> = {
  4: [0.337, 3.5, 7.0],
  2: [0.3425, 4.0, 8.0],
};

describe('validation against BookSim2 on an 8x8 mesh, dor, 2 VCs of 8 flits, 16-flit packets: the whole curve', () => {
  for (const [pipeline, R] of [
    ['default', 4],
    ['minimal', 2],
  ] as const) {
    it(`${pipeline} pipeline (R = ${R}): zero-load latency is the closed form`, async () => {
      const low = await simulate({ ...config(0.002, R), warmup: 2000 });
      expect(low.status).toBe('finished');
      expect(low.completed).toBe(low.multicasts);
      // the closed form at E[D] = 5.25: D (R + 1) + R + 3 + 15 (docs/model-flit.md "Zero-load latency")
      expect(Math.abs(low.meanLatency - (5.25 * (R + 1) + R + 18))).toBeLessThan(1.5);
    });

    for (const [load, booksim, lo, hi] of CURVE[R]!) {
      it(`${pipeline} pipeline (R = ${R}), offered ${load}: latency within ${lo}..${hi} % of BookSim's ${booksim}`, async () => {
        const r = await simulate(config(load, R));
        expect(r.status).toBe('finished');
        expect(r.incomplete).toBeNull();
        const dev = ((r.meanLatency - booksim) / booksim) * 100;
        expect(dev, `latency ${r.meanLatency.toFixed(1)}`).toBeGreaterThanOrEqual(lo);
        expect(dev, `latency ${r.meanLatency.toFixed(1)}`).toBeLessThanOrEqual(hi);
      });
    }

    it(`${pipeline} pipeline (R = ${R}): saturation throughput ${SATURATION[R]![1]}..${SATURATION[R]![2]} % above BookSim's`, async () => {
      const [booksim, lo, hi] = SATURATION[R]!;
      const r = await simulate(config(0.6, R));
      // the run saturates: it is measured over the cycles it ran
      expect(r.throughput).toBeLessThan(0.6 * 0.7);
      const dev = ((r.throughput - booksim) / booksim) * 100;
      expect(dev, `accepted ${r.throughput.toFixed(4)}`).toBeGreaterThanOrEqual(lo);
      expect(dev, `accepted ${r.throughput.toFixed(4)}`).toBeLessThanOrEqual(hi);
    });
  }
});

/**
 * Saturation under BookSim's router (issue 27): one crossbar input per input port with a separable
 * input-first allocator (`switch: 'per-port'`), alone and with BookSim's pipelined routing of a
 * header queued behind a tail (`queuedHeader: 'pipelined'`), on the 8x8 mesh and, under BookSim's
 * torus rules (dateline partitions, random tie-break at offset k/2, 2-cycle channels: booksim2
 * kncube.cpp gives a torus's channels latency 2), the 16x16 torus with BookSim's num_vcs 2 and 4
 * (1 and 2 VCs per dateline class), and the 10-cube (BookSim's k = 2, n = 10 mesh; e-cube).
 * BookSim2 (booksim2 28f43299, built at /work/booksim-build) was run with the configurations of
 * bench/booksim/*.cfg at injection_rate 0.6 (the 10-cube 0.9), sim_type throughput, one warm-up and
 * one measured sample period after it (mesh 10,000, torus 5,000, 10-cube 3,000 cycles; max_samples 2:
 * with max_samples 1 BookSim reports its warm-up period's figures, which these references were
 * until 2026-11-27 16:35, docs/validation.md "BookSim's statistics with max_samples = 1"; the
 * bands below were re-derived then from the same wormcast values), seeds 7, 11, 13, 17, 19,
 * 23, 29 and 31 (docs/validation.md "BookSim's router"); its accepted flit rates are below, and
 * `booksim` is their mean. wormcast runs the same offered load and windows (the mesh's window
 * 20,000 cycles, as in the curve above) with its seed 11; each band is, in per cent of BookSim's
 * mean, the range of (wormcast - BookSim) / BookSim over wormcast's seeds 7, 11, 13, 17, 19, 23,
 * 29 and 31, widened on each side by half that range, at least 1 point wide, and rounded outwards
 * to 0.5. The bands say where wormcast is, not where it should be: the tori are up to 16 % above
 * BookSim (docs/validation.md says which points are within 3 % and what was tried).
 */
type CreditRules = 'pipelined, creditDelay 3' | 'stage mapping, R = 2';
type RouterRules = 'stage mapping + router rules' | 'pipelined, creditDelay 3 + router rules';

const ROUTER: Array<{
  name: string;
  point: Omit<SimulateConfig, 'seed' | 'engine' | 'algorithm' | 'dests' | 'flits' | 'self' | 'drain'>;
  booksimRuns: number[];
  bands: Record<'router-delay' | 'pipelined', [low: number, high: number]>;
  /**
   * BookSim's credit loop (issue 27; docs/validation.md "BookSim's credit loop and pipeline"):
   * creditDelay 3 with `pipelined`, and the stage mapping (router delay 2, link latency L + 2,
   * creditDelay -1, startup 3) with `router-delay`; bands derived as above from wormcast's eight
   * seeds (measured 2026-11-27).
   */
  creditBands: Record<CreditRules, [low: number, high: number]>;
  /**
   * BookSim's router rules beyond its switch (issue 27; docs/model-flit.md "BookSim's router":
   * ejection 'vcs', lateGrant 'next-cycle', injectionBuffer 'lanes', vcAllocator 'round-robin') over
   * each credit mapping; bands derived as above from wormcast's eight seeds (measured 2026-11-27,
   * `npx tsx bench/booksim-saturation.ts NET --seeds=7,11,13,17,19,23,29,31
   * --rules=per-port+stages+router,per-port+pipelined+credit3+router`).
   */
  routerBands: Record<RouterRules, [low: number, high: number]>;
}> = [
  {
    name: '8x8 mesh, 2 VCs, R = 4',
    point: {
      topology: 'mesh:8x8',
      routing: 'dor',
      load: 0.6,
      warmup: 10_000,
      measure: 20_000,
      options: { vcsPerClass: 2 },
    },
    // BookSim seeds 7, 11, 13, 17, 19, 23, 29, 31
    booksimRuns: [0.33615, 0.332973, 0.337309, 0.340652, 0.335181, 0.335108, 0.340119, 0.329769],
    bands: {
      // 0.3237, 0.3247, 0.3258, 0.3267, 0.3233, 0.3267, 0.3235, 0.3264 (mean -3.2 %; -3.8..-2.7 %)
      'router-delay': [-4.5, -2.0],
      // 0.3314, 0.3322, 0.3337, 0.3325, 0.3338, 0.3285, 0.3337, 0.3305 (mean -1.2 %; -2.2..-0.6 %)
      pipelined: [-3.0, 0.5],
    },
    creditBands: {
      // 0.3217, 0.3188, 0.3226, 0.3238, 0.3225, 0.3220, 0.3242, 0.3218 (mean -4.1 %; -5.1..-3.5 %)
      'pipelined, creditDelay 3': [-6.0, -2.5],
      // 0.3284, 0.3221, 0.3239, 0.3286, 0.3269, 0.3308, 0.3275, 0.3292 (mean -2.6 %; -4.1..-1.5 %)
      'stage mapping, R = 2': [-5.5, 0.0],
    },
    routerBands: {
      // 0.3352, 0.3321, 0.3366, 0.3378, 0.3344, 0.3340, 0.3395, 0.3323 (mean -0.2 %; -1.1..+1.1 %)
      'stage mapping + router rules': [-2.5, 2.5],
      // 0.3327, 0.3318, 0.3303, 0.3308, 0.3342, 0.3339, 0.3312, 0.3318 (mean -1.1 %; -1.7..-0.5 %)
      'pipelined, creditDelay 3 + router rules': [-2.5, 0.5],
    },
  },
  {
    name: '16x16 torus, num_vcs 4 (2 per dateline class), 2-cycle channels',
    point: {
      topology: 'torus:16x16',
      routing: 'dor',
      load: 0.6,
      warmup: 5000,
      measure: 5000,
      tieBreak: 'random',
      dateline: 'booksim',
      options: { vcsPerClass: 2, linkLatency: 2 },
    },
    booksimRuns: [0.236934, 0.23631, 0.234293, 0.237408, 0.235471, 0.233198, 0.235559, 0.234437],
    bands: {
      // 0.2483, 0.2456, 0.2469, 0.2436, 0.2482, 0.2432, 0.2449, 0.2477 (mean +4.5 %; +3.3..+5.5 %)
      'router-delay': [2.0, 7.0],
      // 0.2501, 0.2492, 0.2538, 0.2543, 0.2487, 0.2483, 0.2529, 0.2546 (mean +6.8 %; +5.5..+8.1 %)
      pipelined: [4.0, 9.5],
    },
    creditBands: {
      // 0.2415, 0.2402, 0.2447, 0.2397, 0.2383, 0.2433, 0.2457, 0.2424 (mean +2.8 %; +1.2..+4.4 %)
      'pipelined, creditDelay 3': [-0.5, 6.0],
      // 0.2430, 0.2491, 0.2392, 0.2407, 0.2479, 0.2421, 0.2495, 0.2451 (mean +3.9 %; +1.6..+6.0 %)
      'stage mapping, R = 2': [-1.0, 8.5],
    },
    routerBands: {
      // 0.2367, 0.2335, 0.2322, 0.2325, 0.2336, 0.2333, 0.2323, 0.2317 (mean -0.9 %; -1.6..+0.5 %)
      'stage mapping + router rules': [-3.0, 2.0],
      // 0.2338, 0.2325, 0.2308, 0.2319, 0.2304, 0.2340, 0.2348, 0.2329 (mean -1.2 %; -2.1..-0.3 %)
      'pipelined, creditDelay 3 + router rules': [-3.5, 1.0],
    },
  },
  {
    name: '16x16 torus, num_vcs 2 (1 per dateline class), 2-cycle channels',
    point: {
      topology: 'torus:16x16',
      routing: 'dor',
      load: 0.6,
      warmup: 5000,
      measure: 5000,
      tieBreak: 'random',
      dateline: 'booksim',
      options: { vcsPerClass: 1, linkLatency: 2 },
    },
    booksimRuns: [0.1308, 0.128956, 0.131999, 0.130394, 0.132702, 0.129376, 0.132694, 0.131087],
    bands: {
      // 0.1390, 0.1388, 0.1385, 0.1378, 0.1386, 0.1366, 0.1356, 0.1345 (mean +4.9 %; +2.7..+6.1 %)
      'router-delay': [0.5, 8.0],
      // 0.1520, 0.1505, 0.1488, 0.1482, 0.1488, 0.1495, 0.1482, 0.1458 (mean +13.7 %; +11.3..+16.0 %)
      pipelined: [8.5, 18.5],
    },
    creditBands: {
      // 0.1275, 0.1275, 0.1275, 0.1272, 0.1251, 0.1268, 0.1259, 0.1238 (mean -3.5 %; -5.5..-2.7 %)
      'pipelined, creditDelay 3': [-7.0, -1.0],
      // 0.1404, 0.1413, 0.1401, 0.1404, 0.1388, 0.1396, 0.1386, 0.1403 (mean +6.8 %; +5.8..+7.9 %)
      'stage mapping, R = 2': [4.5, 9.0],
    },
    routerBands: {
      // 0.1360, 0.1336, 0.1338, 0.1333, 0.1347, 0.1336, 0.1314, 0.1327 (mean +2.0 %; +0.3..+3.8 %)
      'stage mapping + router rules': [-1.5, 6.0],
      // 0.1227, 0.1203, 0.1186, 0.1191, 0.1192, 0.1183, 0.1181, 0.1190 (mean -8.8 %; -9.8..-6.3 %)
      'pipelined, creditDelay 3 + router rules': [-12.0, -4.5],
    },
  },
  {
    name: '10-cube, 2 VCs',
    point: {
      topology: 'hypercube:10',
      routing: 'ecube',
      load: 0.9,
      warmup: 3000,
      measure: 3000,
      options: { vcsPerClass: 2 },
    },
    booksimRuns: [0.675851, 0.675831, 0.685673, 0.679788, 0.688479, 0.68544, 0.685565, 0.677002],
    bands: {
      // 0.6578, 0.6542, 0.6547, 0.6538, 0.6582, 0.6565, 0.6491, 0.6504 (mean -4.0 %; -4.8..-3.4 %)
      'router-delay': [-5.5, -2.5],
      // 0.6595, 0.6595, 0.6587, 0.6566, 0.6591, 0.6584, 0.6484, 0.6546 (mean -3.6 %; -4.9..-3.3 %)
      pipelined: [-6.0, -2.0],
    },
    creditBands: {
      // 0.6323, 0.6358, 0.6328, 0.6337, 0.6346, 0.6329, 0.6298, 0.6323 (mean -7.1 %; -7.6..-6.7 %)
      'pipelined, creditDelay 3': [-8.5, -6.0],
      // 0.6400, 0.6396, 0.6397, 0.6392, 0.6403, 0.6415, 0.6343, 0.6369 (mean -6.3 %; -7.0..-5.9 %)
      'stage mapping, R = 2': [-7.5, -5.0],
    },
    routerBands: {
      // 0.6886, 0.6877, 0.6801, 0.6767, 0.6877, 0.6871, 0.6836, 0.6844 (mean +0.4 %; -0.7..+1.0 %)
      'stage mapping + router rules': [-2.0, 2.0],
      // 0.6730, 0.6726, 0.6732, 0.6715, 0.6737, 0.6741, 0.6658, 0.6571 (mean -1.7 %; -3.6..-1.1 %)
      'pipelined, creditDelay 3 + router rules': [-5.0, 0.5],
    },
  },
];

/**
 * `point` well past saturation under BookSim's rules (B = 8, R = 4, S = 1, back-to-back, tail-sent,
 * per-port), `rules` over them and over the point's own options (seed 11, the wasm engine): its
 * accepted throughput lies within `band` (percent) of BookSim's mean.
 */
async function expectSaturationWithin(
  point: (typeof ROUTER)[number]['point'],
  rules: EngineOptions,
  booksim: number,
  band: readonly [number, number],
): Promise<void> {
  const r = await simulate({
    ...point,
    algorithm: 'unicast',
    dests: 0,
    flits: 16,
    self: true,
    drain: 0,
    seed: 11,
    engine: 'wasm',
    options: {
      ...BOOKSIM_ENGINE_RULES,
      switch: 'per-port',
      ...point.options,
      ...rules,
    },
  });
  // offered well past saturation: accepted is the saturation throughput
  expect(r.throughput).toBeLessThan(point.load * 0.8);
  const dev = ((r.throughput - booksim) / booksim) * 100;
  expect(dev, `accepted ${r.throughput.toFixed(4)}`).toBeGreaterThanOrEqual(band[0]);
  expect(dev, `accepted ${r.throughput.toFixed(4)}`).toBeLessThanOrEqual(band[1]);
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

describe("saturation under BookSim's router: one crossbar input per port (switch 'per-port'), issue 27", () => {
  for (const { name, point, booksimRuns, bands } of ROUTER) {
    const booksim = mean(booksimRuns);
    for (const queuedHeader of ['router-delay', 'pipelined'] as const) {
      const band = bands[queuedHeader];
      it(`${name}, queued header ${queuedHeader}: accepted throughput ${band[0]}..${band[1]} % of BookSim's ${booksim.toFixed(4)}`, async () => {
        await expectSaturationWithin(point, { queuedHeader }, booksim, band);
      }, 300_000);
    }
  }
});

/** BookSim's credit loop (docs/model-flit.md "Time") over a network whose links take `link` cycles. */
function creditRules(link: number): Record<CreditRules, EngineOptions> {
  return {
    'pipelined, creditDelay 3': { queuedHeader: 'pipelined', creditDelay: 3 },
    // docs/model-flit.md "Time": a crossing is BookSim's switch allocation
    'stage mapping, R = 2': { routerDelay: 2, linkLatency: link + 2, creditDelay: -1, startup: 3 },
  };
}

/** One test per rule set of `rules`: the network's saturation within its band of `bands`. */
function saturationTests<K extends string>(
  { name, point, booksimRuns }: (typeof ROUTER)[number],
  rules: Record<K, EngineOptions>,
  bands: Record<K, [low: number, high: number]>,
): void {
  const booksim = mean(booksimRuns);
  for (const [rule, options] of Object.entries(rules) as Array<[K, EngineOptions]>) {
    const band = bands[rule];
    it(`${name}, ${rule}: accepted throughput ${band[0]}..${band[1]} % of BookSim's ${booksim.toFixed(4)}`, async () => {
      await expectSaturationWithin(point, options, booksim, band);
    }, 300_000);
  }
}

describe("saturation with BookSim's credit loop (issue 27): creditDelay 3, and BookSim's stages in the link", () => {
  for (const net of ROUTER) saturationTests(net, creditRules(net.point.options?.linkLatency ?? 1), net.creditBands);
});

describe("saturation with BookSim's router rules (issue 27): ejection VCs, late grant, injection lanes, round-robin VC allocator", () => {
  for (const net of ROUTER) {
    const credit = creditRules(net.point.options?.linkLatency ?? 1);
    const rules: Record<RouterRules, EngineOptions> = {
      'stage mapping + router rules': { ...credit['stage mapping, R = 2'], ...BOOKSIM_ROUTER_RULES },
      'pipelined, creditDelay 3 + router rules': { ...credit['pipelined, creditDelay 3'], ...BOOKSIM_ROUTER_RULES },
    };
    saturationTests(net, rules, net.routerBands);
  }
});
