// The input files of bench/fuzz-commands.ts: experiment files (docs/experiments.md "File format")
// and traces (docs/traffic.md "Traces"), mostly valid, each with a few damaged keys or lines.
import { stringify } from 'yaml';
import type { random } from './fuzz-run.ts';

type Random = ReturnType<typeof random>;

const BAD_VALUES: readonly unknown[] = [
  '',
  -1,
  0,
  Number.POSITIVE_INFINITY,
  Number.NaN,
  'NaN',
  '1e999',
  99999999999,
  1.5,
  true,
  null,
  [],
  {},
  'nope',
  '__proto__',
  [1, [2]],
];

/** A small experiment: base + grid + statistics, then sometimes a key damaged, renamed or added. */
export function experimentFile(r: Random, dir: string, damaged: boolean): { text: string; ext: string } {
  const top = r.pick(['mesh:4x4', 'hypercube:3', 'torus:3x3', 'ccc:3', 'star:4']);
  const base: Record<string, unknown> = {
    topology: top,
    cycles: r.pick([200, 500, 1000]),
    warmup: r.pick([0, 100, 'auto']),
    drain: r.pick([0, 500, 1000]),
  };
  const grid: Record<string, unknown> = {};
  if (r.maybe(0.7)) grid.load = r.pick([[0.01, 0.05], { from: 0.01, to: 0.05, step: 0.02 }, 0.02]);
  else base.load = r.pick([0.01, 0.1]);
  if (r.maybe(0.3)) {
    grid.algorithm = r.pick([['unicast', 'separate'], ['dual-path'], 'greedy-st']);
    base.dests = r.pick([1, 2, 3]);
  }
  if (r.maybe(0.2)) grid.vcs = r.pick([[1, 2], 2, { from: 1, to: 2, step: 1 }]);
  if (r.maybe(0.15)) base.flits = r.pick([4, 8]);
  if (r.maybe(0.1)) grid.sizes = [r.pick(['4:1,16:1', '1:1', '4:0', 'x'])];
  if (r.maybe(0.1)) base.units = r.pick(['seed001', 'seed004']);
  if (r.maybe(0.1)) base.pattern = r.pick(['transpose', 'hotspot', 'near', 'bitrev']);
  if (r.maybe(0.1)) Object.assign(base, { traffic: 'isolated', sets: r.pick([1, 5]) });
  if (r.maybe(0.08)) {
    delete base.load;
    delete grid.load;
    base.trace = r.pick([`${dir}/missing.trace`, dir, '']);
  }
  const experiment: Record<string, unknown> = { name: r.pick(['a', 'b', 'exp']), base, grid };
  if (r.maybe(0.5)) experiment.description = 'fuzz';
  experiment.replications = r.pick([1, 2]);
  if (r.maybe(0.2)) experiment.seed = r.pick([1, 2, 4294967295]);
  if (r.maybe(0.2)) experiment.seeds = r.pick(['common', 'per-point']);
  if (r.maybe(0.3))
    experiment.statistics = {
      metrics: r.pick([['meanLatency'], ['throughput', 'drainTime']]),
      confidence: r.pick([0.9, 0.95]),
      batches: r.pick([2, 10]),
    };
  if (r.maybe(0.1)) experiment.saturation = { throughputTolerance: 0.02, latencyGrowth: r.pick([0.25, 0.5]) };
  if (r.maybe(0.08)) experiment.runUntil = { relativeHalfWidth: 0.5, maxCycles: r.pick([2000, 4000]) };
  for (let k = damaged ? 1 + Math.floor(r.rnd() * 2) : 0; k > 0; k--) damage(r, experiment);
  const json = r.maybe(0.35);
  return { text: json ? JSON.stringify(experiment, null, 1) : stringify(experiment), ext: json ? 'json' : 'yaml' };
}

/** Replace one value by a bad one, drop one key, add an unknown one, or break a range. */
function damage(r: Random, experiment: Record<string, unknown>): void {
  const holders = [experiment, experiment.base, experiment.grid, experiment.statistics].filter(
    (h): h is Record<string, unknown> => typeof h === 'object' && h !== null,
  );
  const h = r.pick(holders);
  const keys = Object.keys(h);
  const what = r.rnd();
  if (what < 0.5 && keys.length > 0) h[r.pick(keys)] = r.pick(BAD_VALUES);
  else if (what < 0.65 && keys.length > 0) delete h[r.pick(keys)];
  else if (what < 0.8) h[r.pick(['replicatons', 'lod', 'nope', 'constructor', 'seed', 'plan', 'example'])] = 1;
  else if (experiment.grid && typeof experiment.grid === 'object')
    (experiment.grid as Record<string, unknown>).load = r.pick([
      { from: 0.01, to: 0.05, step: 0 },
      { from: 0.05, to: 0.01, step: 0.01 },
      { from: 0.001, to: 0.5, step: 1e-9 },
      { from: 0.01, to: 0.05 },
      { from: 'a', to: 0.05, step: 0.01 },
      [],
      [0.01, 'x'],
    ]);
}

/**
 * A trace of a few lines on a network of `nodes` nodes: every `after:K` sent from a destination of
 * message K (docs/traffic.md: K must deliver at the source), and with `damaged` one malformed line.
 */
export function traceFile(r: Random, nodes: number, damaged: boolean, address: (r: Random) => string): string {
  const lines: string[] = ['# fuzz trace'];
  const dests: string[][] = [];
  const count = 1 + Math.floor(r.rnd() * 8);
  // timed lines in the order of their cycles, but for a damaged trace
  let at = 0;
  for (let i = 0; i < count; i++) {
    const k = dests.length > 0 && r.maybe(0.4) ? Math.floor(r.rnd() * dests.length) : -1;
    const src = k >= 0 ? r.pick(dests[k]!) : address(r);
    const to = [...new Set(Array.from({ length: r.maybe(0.7) ? 1 : 2 + Math.floor(r.rnd() * 3) }, () => address(r)))];
    const mine = to.filter((d) => d !== src);
    if (mine.length === 0) continue;
    lines.push(
      `${k >= 0 ? `after:${k}` : (at = damaged && r.maybe(0.2) ? Math.floor(r.rnd() * 50) : at + Math.floor(r.rnd() * 20))} ${src} ${mine.join('/')} ${r.pick([1, 4, 16])}`,
    );
    dests.push(mine);
    if (r.maybe(0.1)) lines.push(r.pick(['', '   ', '# comment', '\t']));
  }
  if (damaged && r.maybe(0.6)) {
    const i = 1 + Math.floor(r.rnd() * (lines.length - 1));
    lines.splice(
      i,
      0,
      r.pick([
        '0 0 1',
        '0 0 1 16 extra',
        `after:${dests.length + 3} 0 1 4`,
        'after:-1 0 1 4',
        'after: 0 1 4',
        'after:x 0 1 4',
        '-1 0 1 4',
        '1e15 0 1 4',
        '99999999999999999999 0 1 4',
        'NaN 0 1 4',
        `0 #${nodes} #0 4`,
        '0 #0 #0 4',
        '0 #1 #1/#1 4',
        '0 #0 #1 0',
        '0 #0 #1 16777217',
        '0 #0 #1 1.5',
        '0 #0 / 4',
        '0 #0 #1/ 4',
        '0\t#0\t#1\t4',
        '0 #0 #1 4\r',
        'junk',
      ]),
    );
  }
  return `${lines.join('\n')}\n`;
}
