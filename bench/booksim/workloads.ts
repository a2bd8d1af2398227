// The five workloads of issue 29's comparison with BookSim2 (bench/booksim/*.cfg): their wormcast
// side, shared by bench/booksim.bench.ts (the speed ratio) and bench/kernel-profile.ts (where the
// run phase's time goes).
export interface Workload {
  /** The name of bench/booksim/<name>.cfg. */
  name: string;
  /** BookSim's warm-up period (its sample_period, with warmup_periods = 1). */
  period: number;
  /** `wormcast simulate` options (point keys) matching the .cfg. */
  point: Record<string, string | number | boolean>;
}

export const BOOKSIM_RULES = {
  flits: 16,
  buffer: 8,
  routerDelay: 4,
  injection: 'back-to-back',
  vcRelease: 'tail-sent',
  self: true,
  algorithm: 'unicast',
} as const;

export const WORKLOADS: Workload[] = [
  {
    name: 'mesh8x8-0.2',
    period: 10000,
    point: { topology: 'mesh:8x8', load: 0.2, vcs: 2, warmup: 10000, cycles: 10000 },
  },
  {
    name: 'torus16x16-0.08',
    period: 5000,
    // BookSim's dim_order_torus: 2 dateline classes x 2 VCs = its num_vcs 4; its torus channels
    // take 2 cycles (booksim2 networks/kncube.cpp: channel latency 2 unless set), hence linkLatency 2
    point: {
      topology: 'torus:16x16',
      linkLatency: 2,
      load: 0.08,
      vcs: 2,
      tieBreak: 'random',
      dateline: 'booksim',
      warmup: 5000,
      cycles: 5000,
    },
  },
  // BookSim's mesh with k = 2, n = 10 is the 10-cube; its dimension order is e-cube
  {
    name: 'hypercube10-0.2',
    period: 2000,
    point: { topology: 'hypercube:10', load: 0.2, vcs: 2, warmup: 2000, cycles: 2000 },
  },
  {
    name: 'mesh64x64-0.02',
    period: 2000,
    point: { topology: 'mesh:64x64', load: 0.02, vcs: 2, warmup: 2000, cycles: 2000 },
  },
  {
    name: 'hypercube10-0.01',
    period: 10000,
    point: { topology: 'hypercube:10', load: 0.01, vcs: 2, warmup: 10000, cycles: 10000 },
  },
];

/** A workload's run as an experiment point: BookSim's rules, its network and windows, 2,000 cycles of drain. */
export function workloadPoint(w: Workload): Record<string, string | number | boolean> {
  return { ...BOOKSIM_RULES, ...w.point, drain: 2000 };
}
