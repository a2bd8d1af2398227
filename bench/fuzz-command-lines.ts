// The command lines of bench/fuzz-commands.ts: for each command a random option set on small
// networks, valid values mixed with bad ones (out of range, wrong types, unknown names, empty,
// huge, negative, NaN, duplicated flags), and what a run that succeeds must leave behind.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { METRICS } from '../src/experiment/config/metrics.ts';
import { ALGORITHM_NAMES } from '../src/experiment/config/option-table.ts';
import { MULTICAST_ALGORITHMS } from '../src/multicast/registry.ts';
import { ROUTINGS } from '../src/routing/registry.ts';
import { experimentFile, traceFile } from './fuzz-files.ts';
import type { random } from './fuzz-run.ts';

type Random = ReturnType<typeof random>;

/** One fuzzed invocation: its argv, the files an exit 0 must leave non-empty, its time bound. */
export interface Case {
  readonly command: string;
  readonly argv: string[];
  readonly outputs: string[];
  /** stdout is JSON (one object or array per line) on exit 0 / 3 */
  readonly json: boolean;
  readonly boundMs: number;
  /** the text of the files it reads, which an error line may quote (a NaN of a trace is the user's) */
  readonly inputs?: string;
}

/** Networks small enough for every command; the second list is refused by the parsers. */
export const TOPS = ['hypercube:3', 'hypercube:4', 'ccc:3', 'mesh:4x4', 'mesh:3x5', 'torus:4x4', 'torus:3x3', 'star:4'];
const BAD_TOPS = ['hypercube:0', 'hypercube:99', 'mesh:0x4', 'mesh:4x', 'torus:', 'star:1', 'foo:3', '', 'ccc:-3'];
/** Values no numeric or named option takes. */
export const JUNK = ['', ' ', '-1', '0', 'NaN', '1e999', '99999999999999999999', '0x10', '1.5', 'Infinity', 'abc'];
const NAMES_JUNK = ['', 'nope', '__proto__', 'constructor', 'ECUBE', 'toString'];
const ROUTING_NAMES = Object.keys(ROUTINGS);

/** The chance of a bad value per option: none in a clean case (two in five), so that runs are reached too. */
let junk = 0.15;
const bad = (r: Random) => r.maybe(junk);
const MULTICAST = ALGORITHM_NAMES.filter((a) => a !== 'unicast');

/** Nodes of a (valid) spec of TOPS. */
export function nodesOf(top: string): number {
  const [family, size] = top.split(':') as [string, string];
  const n = Number(size.split('x')[0]);
  if (family === 'hypercube') return 2 ** n;
  if (family === 'ccc') return n * 2 ** n;
  if (family === 'star') return [1, 1, 2, 6, 24, 120][n] ?? 720;
  return size.split('x').reduce((a, k) => a * Number(k), 1);
}

/** A node of `top` in one of its accepted forms (`#id`, or the family's address), sometimes none of it. */
function address(r: Random, top: string): string {
  const nodes = nodesOf(top);
  const id = Math.floor(r.rnd() * nodes);
  if (r.maybe(junk / 2)) return r.pick([...JUNK, `#${nodes}`, `#-1`, '#', '1,2,3,4', '(9,999)']);
  const [family, size] = top.split(':') as [string, string];
  // a mesh or torus node has only its coordinates (docs/addressing.md)
  if (r.maybe(0.4) && family !== 'mesh' && family !== 'torus') return `#${id}`;
  if (family === 'mesh' || family === 'torus') {
    const ks = size.split('x').map(Number);
    return ks.map((k) => Math.floor(r.rnd() * k)).join(',');
  }
  if (family === 'hypercube') return id.toString(2).padStart(Number(size), '0');
  if (family === 'ccc') {
    const n = Number(size);
    return `(${id % n},${Math.floor(id / n)
      .toString(2)
      .padStart(n, '0')})`;
  }
  return `#${id}`;
}

function dests(r: Random, top: string): string {
  if (r.maybe(0.3)) return `random:${bad(r) ? r.pick(['0', '-1', '999', 'x', '']) : r.pick(['1', '2', '3'])}`;
  if (r.maybe(0.1)) return bad(r) ? r.pick(['ALL', '', ';', 'random']) : 'all';
  const k = 1 + Math.floor(r.rnd() * 4);
  return Array.from({ length: k }, () => address(r, top)).join(r.pick([';', ' ', ';;']));
}

const topology = (r: Random) => (bad(r) ? r.pick(BAD_TOPS) : r.pick(TOPS));
/** A network of one of these families (a clean case draws its algorithm or routing first). */
const topologyOf = (r: Random, kinds: readonly string[] | 'any') =>
  bad(r) || kinds === 'any' ? topology(r) : r.pick(TOPS.filter((t) => kinds.includes(t.split(':')[0]!)));
/** An algorithm, and in a clean case a network it is defined on. */
function algorithmAndTopology(r: Random, names: readonly string[]): [string, string] {
  const alg = bad(r) ? r.pick(NAMES_JUNK) : r.pick(names);
  return [alg, topologyOf(r, MULTICAST_ALGORITHMS[alg]?.topologies ?? 'any')];
}
function routingAndTopology(r: Random): [string, string] {
  const routing = bad(r) ? r.pick(NAMES_JUNK) : r.pick(ROUTING_NAMES);
  return [routing, topologyOf(r, Object.hasOwn(ROUTINGS, routing) ? ROUTINGS[routing]!.kinds : 'any')];
}
const faults = (r: Random, top: string) =>
  (bad(r) ? (xs: string[]) => r.pick(xs) : (xs: string[]) => r.pick(xs.slice(0, 8)))([
    'links:1',
    'nodes:1',
    'links:10%',
    'nodes:50%',
    'links:200%',
    'links:-1',
    `link:${address(r, top)}-${address(r, top)}`,
    `node:${address(r, top)}`,
    'links:1;nodes:1',
    'link:0-0',
    '',
    ';',
    'cracks:1',
  ]);
const num = (r: Random, ok: readonly (number | string)[]) => String(bad(r) ? r.pick(JUNK) : r.pick(ok));

/** Sometimes give a flag twice (commander keeps the last value) or give an option no command has. */
function noise(r: Random, a: string[]): void {
  if (junk === 0) return;
  if (r.maybe(0.05)) a.push(r.pick(['--jsn', '--nope', '-x', '--', '--help=no']));
  if (r.maybe(0.08)) {
    const i = a.findIndex(
      (x, k) => k > 0 && x.startsWith('--') && a[k + 1] !== undefined && !a[k + 1]!.startsWith('--'),
    );
    if (i > 0) a.push(a[i]!, r.pick([...JUNK, a[i + 1]!]));
  }
}

function topologyCase(r: Random): Case {
  const top = topology(r);
  const a = ['topology', top];
  if (r.maybe(0.3)) a.push('--faults', faults(r, TOPS.includes(top) ? top : 'mesh:4x4'));
  if (r.maybe(0.15)) a.push('--fault-seed', num(r, [1, 7, 4294967295]));
  const json = r.maybe(0.5);
  if (json) a.push('--json');
  noise(r, a);
  return { command: 'topology', argv: a, outputs: [], json, boundMs: 10_000 };
}

function routeCase(r: Random): Case {
  const [routing, top] = routingAndTopology(r);
  const ok = TOPS.includes(top) ? top : 'mesh:4x4';
  const a = ['route', '--topology', top, '--routing', routing];
  a.push('--from', address(r, ok), '--to', address(r, ok));
  if (r.maybe(0.1)) a.push('--low-first');
  if (r.maybe(0.1)) a.push('--shortest');
  if (r.maybe(0.2)) a.push('--faults', faults(r, ok));
  if (r.maybe(0.1)) a.push('--fault-seed', num(r, [2, 99]));
  const json = r.maybe(0.5);
  if (json) a.push('--json');
  noise(r, a);
  return { command: 'route', argv: a, outputs: [], json, boundMs: 10_000 };
}

function planOrVerify(r: Random, command: 'plan' | 'verify'): Case {
  const [alg, top] = algorithmAndTopology(r, MULTICAST);
  const ok = TOPS.includes(top) ? top : 'hypercube:4';
  const a = [command, '--topology', top, '--algorithm', alg];
  if (command === 'plan' || r.maybe(0.3)) a.push('--source', address(r, ok));
  a.push('--dests', dests(r, ok));
  const routings = MULTICAST_ALGORITHMS[alg]?.routings;
  if (r.maybe(0.2))
    a.push('--routing', bad(r) || !Array.isArray(routings) ? routingAndTopology(r)[0] : r.pick(routings));
  if (r.maybe(0.2)) a.push('--port', bad(r) ? r.pick(['two', '']) : r.pick(['one', 'all']));
  if (r.maybe(0.2)) a.push('--seed', num(r, [0, 1, 42, 4294967295]));
  if (r.maybe(0.07)) a.push('--cycle', Array.from({ length: 4 }, () => address(r, ok)).join(';'));
  if (command === 'plan') {
    if (r.maybe(0.1)) a.push('--no-check');
    if (r.maybe(0.15)) a.push('--faults', faults(r, ok));
  } else if (r.maybe(0.5)) a.push('--trials', num(r, [1, 5, 20]));
  const json = r.maybe(0.5);
  if (json) a.push('--json');
  noise(r, a);
  return { command, argv: a, outputs: [], json, boundMs: 20_000 };
}

function deadlockCase(r: Random): Case {
  const PATH_TREE = MULTICAST.filter(
    (m) => !['separate', 'u-cube', 'u-mesh', 'u-ccc', 'maxport', 'combine', 'w-sort'].includes(m),
  );
  const [flag, name, top] = r.maybe(0.5)
    ? ['--routing', ...routingAndTopology(r)]
    : ['--algorithm', ...algorithmAndTopology(r, PATH_TREE)];
  const ok = TOPS.includes(top) ? top : 'mesh:4x4';
  const a = ['deadlock', '--topology', top, flag, name];
  if (r.maybe(0.1)) a.push('--one-class');
  if (r.maybe(0.05)) a.push('--drop-boundary-rule');
  if (r.maybe(0.05)) a.push('--shortest');
  if (r.maybe(0.05)) a.push('--low-first');
  if (r.maybe(0.1)) a.push('--tie-break', r.pick(['plus', 'random', 'minus']));
  if (r.maybe(0.1)) a.push('--dateline', r.pick(['position', 'booksim', '']));
  if (r.maybe(0.1)) a.push('--holding', r.pick(['lock-step', 'branch', 'lockstep']));
  if (r.maybe(0.1)) a.push('--enumeration', r.pick(['broadcast', 'all-subsets', 'some']));
  if (r.maybe(0.1)) a.push('--port', r.pick(['one', 'all', 'x']));
  if (r.maybe(0.1)) a.push('--consumption', r.pick(['port', 'vc', 'none']));
  if (r.maybe(0.1)) a.push('--vcs', num(r, [1, 2, 3]));
  if (r.maybe(0.05)) a.push('--cycle', Array.from({ length: 3 }, () => address(r, ok)).join(';'));
  if (r.maybe(0.15)) a.push('--faults', faults(r, ok));
  const json = r.maybe(0.5);
  if (json) a.push('--json');
  noise(r, a);
  return { command: 'deadlock', argv: a, outputs: [], json, boundMs: 30_000 };
}

function analyzeCase(r: Random): Case {
  const json = r.maybe(0.5);
  let a: string[];
  if (r.maybe(0.4)) {
    a = ['analyze', 'reed'];
    if (r.maybe(0.6)) a.push('--max-n', num(r, [3, 4, 5, 6]));
    if (r.maybe(0.6)) a.push('--min-n', num(r, [3, 4, 5]));
    else if (!a.includes('--max-n')) a.push('--max-n', '6');
    if (r.maybe(0.4)) a.push('--pairs', r.pick(['all', 'distinct', 'some', '']));
  } else {
    a = ['analyze', 'stepwise', '--n', num(r, [2, 3, 4, 5, 6]), '--sets', num(r, [1, 3, 10])];
    if (r.maybe(0.4)) a.push('--sizes', r.pick(['1,2,3', '5', '0', '1,,2', '64', '1,99', '', 'a']));
    if (r.maybe(0.4))
      a.push('--algorithms', r.pick(['u-cube', 'u-cube,w-sort', 'maxport,combine', 'dual-path', 'u-cube,', '', 'x']));
    if (r.maybe(0.3)) a.push('--port', r.pick(['one', 'all', 'both']));
    if (r.maybe(0.3)) a.push('--seed', num(r, [1, 9]));
  }
  if (json) a.push('--json');
  noise(r, a);
  return { command: a.slice(0, 2).join(' '), argv: a, outputs: [], json, boundMs: 30_000 };
}

/** Point options of simulate given to sweep on its command line. */
function pointOptions(r: Random, a: string[], top: string): void {
  const alg = r.maybe(0.6) ? 'unicast' : r.pick(MULTICAST);
  if (r.maybe(0.8)) a.push('--algorithm', alg);
  if (alg !== 'unicast' && r.maybe(0.8)) a.push('--dests', num(r, [1, 2, 3]));
  if (r.maybe(0.3)) a.push('--flits', r.pick(['1', '4', '8', '4:1,16:1', '0', 'x']));
  if (r.maybe(0.2)) a.push('--vcs', num(r, [1, 2]));
  if (r.maybe(0.2)) a.push('--buffer', num(r, [2, 4]));
  if (r.maybe(0.15)) a.push('--process', r.pick(['bernoulli', 'uniform', 'batch', 'onoff', 'poisson']));
  if (r.maybe(0.15)) a.push('--pattern', r.pick(['uniform', 'transpose', 'hotspot', 'bitrev', 'near', 'nope']));
  if (r.maybe(0.1)) a.push('--units', r.pick(['seed000', 'seed001', 'seed003', 'seed004', 'seed9']));
  if (r.maybe(0.1)) a.push('--faults', faults(r, TOPS.includes(top) ? top : 'mesh:4x4'));
  if (r.maybe(0.1)) a.push('--traffic', r.pick(['isolated', 'dynamic', 'static']));
  if (r.maybe(0.1)) a.push('--engine', r.pick(['wasm', 'reference', 'js']));
}

let serial = 0;

function sweepCase(r: Random, dir: string): Case {
  const out = join(dir, `sweep-${++serial}.jsonl`);
  let a: string[];
  let inputs = '';
  if (r.maybe(0.5)) {
    const { text, ext } = experimentFile(r, dir, junk > 0);
    const file = join(dir, `exp-${serial}.${ext}`);
    writeFileSync(file, text);
    inputs = text;
    a = ['sweep', file];
  } else {
    const top = topology(r);
    a = ['sweep', '--topology', top, '--cycles', num(r, [200, 500, 1000]), '--warmup', num(r, [0, 100, 'auto'])];
    a.push('--drain', num(r, [0, 300, 1000]));
    const loads = r.pick(['0.01,0.05', '0.02', '0.01:0.05:0.02', '0.1:0.01:0.01', '0:0.1:0', 'x', '', '0.5,2']);
    if (r.maybe(0.7)) a.push('--grid', `load=${loads}`);
    else a.push('--load', num(r, [0.01, 0.05, 0.2]));
    if (r.maybe(0.3))
      a.push(
        '--grid',
        r.pick(['vcs=1,2', 'algorithm=unicast,dual-path', 'buffer=2:4:2', 'nope=1', 'vcs=', '=1', 'flits=4:1']),
      );
    pointOptions(r, a, top);
  }
  a.push('--replications', num(r, [1, 2]), '--workers', r.maybe(0.9) ? '1' : r.pick(['0', '-1', 'x', '2']));
  a.push('--out', r.maybe(0.95) ? out : r.pick(['', dir, '/proc/x/y.jsonl']), '--quiet');
  if (r.maybe(0.15)) a.push('--seed', num(r, [1, 5]));
  if (r.maybe(0.1)) a.push('--seeds', r.pick(['common', 'per-point', 'shared']));
  if (r.maybe(0.1)) a.push('--batches', num(r, [2, 10, 1]));
  if (r.maybe(0.1)) a.push('--confidence', num(r, [0.9, 0.99, 1, 0]));
  if (r.maybe(0.1)) a.push('--metrics', r.pick(['meanLatency', 'throughput,drainTime', 'nope', '', 'meanLatency,']));
  if (r.maybe(0.07)) a.push('--until', num(r, [0.5, 0.2]), '--max-cycles', num(r, [2000, 4000]));
  if (r.maybe(0.05)) a.push('--fresh');
  if (r.maybe(0.05)) a.push('--name', r.pick(['x', '', 'a b', '../up']));
  if (r.maybe(0.03)) a.push('--detach');
  noise(r, a);
  return { command: 'sweep', argv: a, outputs: [out], json: false, boundMs: 120_000, inputs };
}

const OPTION_NAMES = ['load', 'algorithm', 'vcs', 'dests', 'topology', 'flits', 'buffer', 'seed', 'nope', ''];

/** A figure of a store: a clean case (no junk) picks only what a figure of it can draw, mostly. */
function plotCase(r: Random, dir: string, stores: readonly string[]): Case {
  const clean = junk === 0;
  const ext = clean ? r.pick(['svg', 'svg', 'png', 'pdf', 'html']) : r.pick(['svg', 'png', 'txt', '']);
  const out = join(dir, `plot-${++serial}${ext ? `.${ext}` : ''}`);
  const store = bad(r) ? r.pick([join(dir, 'missing.jsonl'), dir, '']) : r.pick(stores);
  const a = ['plot', store];
  const kind = bad(r) ? r.pick(['pie', '']) : r.pick(['curve', 'cdf', 'histogram']);
  if (r.maybe(0.6) || kind !== 'curve') a.push('--kind', kind);
  if (kind === 'histogram' && r.maybe(0.6)) a.push('--bins', num(r, [1, 5, 30, 200]));
  const curve = kind === 'curve' || !clean;
  // store-2 varies three options: one of them is pinned, or the figure is refused (rightly)
  if (store.endsWith('store-2.jsonl') && (clean || r.maybe(0.5))) a.push('--where', r.pick(['flits=4', 'vcs=1']));
  if (curve && r.maybe(0.3)) a.push('--x', clean ? r.pick(['load', 'vcs', 'buffer']) : r.pick(OPTION_NAMES));
  if (curve && r.maybe(0.3)) a.push('--y', bad(r) ? r.pick(NAMES_JUNK) : r.pick(clean ? METRICS.slice(0, 3) : METRICS));
  if (r.maybe(0.25)) a.push('--series', clean ? r.pick(['algorithm', 'load', 'buffer']) : r.pick(OPTION_NAMES));
  if (r.maybe(0.15)) a.push('--facet', clean ? r.pick(['vcs', 'load']) : r.pick(OPTION_NAMES));
  if (r.maybe(0.25))
    a.push(
      '--where',
      bad(r)
        ? r.pick(['nope=1', 'load', '=', 'load='])
        : r.pick(['algorithm=unicast', 'load=0.01,0.05', 'load=0.3', 'vcs=2']),
    );
  if (r.maybe(0.1)) a.push('--experiment', r.pick(['s0', 's1', 's2', 'nope', '']));
  if (r.maybe(0.1)) a.push('--title', r.pick(['T', '', '<script>', '\u00e9'.repeat(300)]));
  if (r.maybe(0.1)) a.push('--x-title', 'x', '--y-title', r.pick(['y', '']));
  if (r.maybe(0.1)) a.push('--log-x');
  if (r.maybe(0.1)) a.push('--log-y');
  if (r.maybe(0.1)) a.push('--width', num(r, [100, 420, 2000]));
  if (r.maybe(0.1)) a.push('--height', num(r, [100, 280]));
  if (r.maybe(0.1)) a.push('--time-unit', bad(r) ? 'ms' : r.pick(['cycles', 'us']));
  if (r.maybe(0.05)) a.push('--font', r.pick([join(dir, 'missing.ttf'), '/etc/hostname', '', dir, '/dev/null']));
  if (r.maybe(0.1)) {
    const ref = join(dir, `ref-${serial}.csv`);
    writeFileSync(
      ref,
      bad(r) ? r.pick(['x,y\n', 'a,b\nc,d\n', '0.01\n', '']) : r.pick(['x,y\n0.01,20\n0.05,30\n', '# c\n0.01,20\n']),
    );
    a.push('--reference', ref);
    if (r.maybe(0.5)) a.push('--reference-label', r.pick(['BookSim', '']));
  }
  if (!bad(r)) a.push('-o', out);
  noise(r, a);
  return { command: 'plot', argv: a, outputs: [out], json: false, boundMs: 60_000 };
}

function reportCase(r: Random, dir: string, stores: readonly string[]): Case {
  const out = join(dir, `report-${++serial}.${r.pick(['html', 'html', 'htm', 'svg'])}`);
  const a = ['report', r.maybe(0.95) ? r.pick(stores) : join(dir, 'missing.jsonl')];
  if (r.maybe(0.97)) a.push('-o', r.maybe(0.95) ? out : r.pick(['', dir]));
  noise(r, a);
  return { command: 'report', argv: a, outputs: [out], json: false, boundMs: 60_000 };
}

function resultsCase(r: Random, stores: readonly string[]): Case {
  const a = ['results', r.pick(stores)];
  const format = r.pick(['csv', 'json', 'md', 'xml', '']);
  if (r.maybe(0.5)) a.push('--format', format);
  if (r.maybe(0.15)) a.push('--csv');
  if (r.maybe(0.15)) a.push('--experiment', r.pick(['a', 'b', 'nope', '']));
  noise(r, a);
  const json = a.includes('json') && !a.includes('--csv');
  return { command: 'results', argv: a, outputs: [], json, boundMs: 20_000 };
}

const CHEAP_IDS = [
  '000-fig2',
  '001-fig3',
  '002-figIII',
  '002-figV',
  '003-fig1',
  '004-table5.1',
  '004-fig6.4',
  '004-fig6.13',
];

function reproduceCase(r: Random, dir: string): Case {
  const out = join(dir, `repro-${++serial}`);
  let a: string[];
  if (r.maybe(0.35)) {
    a = ['reproduce', '--list'];
    if (r.maybe(0.3)) a.push(r.pick(['--quick', '--all', '001-fig3', '--workers', '--out']));
    if (a.at(-1) === '--workers' || a.at(-1) === '--out') a.push(r.pick(['1', out]));
  } else {
    a = ['reproduce', ...Array.from({ length: 1 + Math.floor(r.rnd() * 2) }, () => r.pick(CHEAP_IDS))];
    if (r.maybe(0.08)) a.push(r.pick(['999-fig1', '004-fig99', '', '__proto__', '004']));
    if (r.maybe(0.3)) a.push('--quick');
    if (r.maybe(0.3)) a.push('--workers', num(r, [0, 1]));
    a.push('--out', bad(r) ? r.pick(['', ' ', '/proc/x', join(dir, 'missing.jsonl', 'x')]) : out);
    if (r.maybe(0.2)) a.push('--report', bad(r) ? '' : join(out, 'rep'));
  }
  noise(r, a);
  // the data of the ids run: one JSON file each (docs/cli.md "reproduce")
  const ids = a.filter((x) => CHEAP_IDS.includes(x));
  const outputs = a.includes('--list') ? [] : ids.map((id) => join(out, `${id.replace(/\./g, '-')}.json`));
  return { command: 'reproduce', argv: a, outputs, json: false, boundMs: 60_000 };
}

function traceCase(r: Random, dir: string): Case {
  const [alg, top] = r.maybe(0.5) ? ['unicast', topology(r)] : algorithmAndTopology(r, MULTICAST);
  const ok = TOPS.includes(top) ? top : 'hypercube:4';
  const file = join(dir, `trace-${++serial}.trace`);
  const inputs = traceFile(r, nodesOf(ok), junk > 0, (rr) => address(rr, ok).replace(/^#/, ''));
  writeFileSync(file, inputs);
  const a = ['simulate', '--trace', r.maybe(0.97) ? file : r.pick([join(dir, 'missing.trace'), dir, ''])];
  a.push('--topology', top);
  if (alg !== 'unicast' || r.maybe(0.1)) a.push('--algorithm', alg);
  if (r.maybe(0.2)) a.push('--startup', num(r, [0, 1, 4]));
  if (r.maybe(0.2)) a.push('--router-delay', num(r, [1, 2]));
  if (r.maybe(0.15)) a.push('--port', r.pick(['one', 'all']));
  if (r.maybe(0.15)) a.push('--vcs', num(r, [1, 2]));
  // the trace is the traffic: a window option is refused (docs/cli.md)
  if (bad(r)) a.push('--drain', num(r, [0, 100, 5000]));
  if (r.maybe(0.1)) a.push('--engine', r.pick(['wasm', 'reference']));
  if (r.maybe(0.08))
    a.push(
      r.pick(['--load', '--process', '--pattern', '--dests', '--traffic', '--faults', '--radius']),
      r.pick(['0.1', 'uniform', '2', 'isolated', 'links:1']),
    );
  const json = r.maybe(0.7);
  if (json) a.push('--json');
  noise(r, a);
  return { command: 'simulate --trace', argv: a, outputs: [], json, boundMs: 30_000, inputs };
}

/** The commands the fuzz runs, with their share of the runs. */
export function drawCase(r: Random, dir: string, stores: readonly string[]): Case {
  junk = r.maybe(0.4) ? 0 : 0.15;
  const k = r.rnd();
  if (k < 0.09) return topologyCase(r);
  if (k < 0.18) return routeCase(r);
  if (k < 0.28) return planOrVerify(r, 'plan');
  if (k < 0.36) return planOrVerify(r, 'verify');
  if (k < 0.44) return deadlockCase(r);
  if (k < 0.49) return analyzeCase(r);
  if (k < 0.62) return sweepCase(r, dir);
  if (k < 0.76) return plotCase(r, dir, stores);
  if (k < 0.8) return reportCase(r, dir, stores);
  if (k < 0.85) return resultsCase(r, stores);
  if (k < 0.89) return reproduceCase(r, dir);
  return traceCase(r, dir);
}
