import { WormcastError, parseIntIn, SEED_MAX } from '../../errors.ts';
import { checkHamiltonian } from '../../labelling/custom.ts';
import { labellingFromOrder, type Labelling } from '../../labelling/types.ts';
import { MULTICAST_ALGORITHMS } from '../../multicast/registry.ts';
import type { MulticastAlgorithm, PortModel } from '../../multicast/types.ts';
import { createRouting, routingEntry } from '../../routing/registry.ts';
import type { RoutingFunction, RoutingOptions } from '../../routing/types.ts';
import type { Topology } from '../../topology/types.ts';

/** Options `plan` and `verify` share. */
export interface MulticastOptions {
  topology: string;
  algorithm: string;
  routing?: string;
  source?: string;
  dests: string;
  port?: string;
  seed?: string;
  cycle?: string;
  json?: boolean;
}

/** The port model asked for, or the one the algorithm was designed for. */
export function portOption(text: string | undefined, algorithm: MulticastAlgorithm): PortModel {
  if (text === undefined) return algorithm.port;
  if (text === 'one' || text === 'all') return text;
  throw new WormcastError(`--port '${text}': expected one or all`);
}

/**
 * The text `plan --help` and `verify --help` end with: every algorithm, the topology families it
 * accepts, the routing functions it runs on and the port model it was designed for.
 */
export function algorithmTopologiesHelp(): string {
  const rows = Object.values(MULTICAST_ALGORITHMS).map((a) => [
    a.name,
    a.topologies === 'any' ? 'any topology' : a.topologies.join(', '),
    a.routings === 'any' ? 'any routing' : a.routings.join(', '),
    `${a.port}-port`,
  ]);
  const w = [0, 1, 2].map((k) => Math.max(...rows.map((r) => r[k]!.length)));
  const lines = rows.map((r) => `  ${r.map((c, k) => (k < 3 ? c.padEnd(w[k]!) : c)).join('  ')}`);
  return `\nAlgorithms, the topologies each accepts, its routing functions (default first) and port model:\n${lines.join('\n')}\n`;
}

/** The --seed value (default 1). */
export function seedOption(text: string | undefined): number {
  return text === undefined ? 1 : parseIntIn(text, 0, SEED_MAX, '--seed');
}

/** Round for output: at most 4 decimals. */
export function round(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}

/** A human address list. */
export function formatList(t: Topology, nodes: ArrayLike<number>): string[] {
  return Array.from(nodes, (v) => t.format(v));
}

/**
 * The `--cycle` value: a Hamiltonian cycle of the topology, its nodes in cycle order in the
 * topology's address syntax, separated by ';' or spaces (as `--dests`): `0,0;1,0;2,0;...` on a
 * mesh, `0000 0001 0011 ...` on a hypercube. Checked by checkHamiltonian (src/labelling/custom.ts):
 * every node once, consecutive nodes adjacent, the last adjacent to the first. Undefined without
 * the option.
 */
export function cycleOption(t: Topology, text: string | undefined): Labelling | undefined {
  if (text === undefined) return undefined;
  const s = text.trim();
  const parts = s
    .split(s.includes(';') ? ';' : /\s+/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  if (parts.length === 0)
    throw new WormcastError(
      `--cycle '${text}': expected the ${t.nodes} nodes of a Hamiltonian cycle of ${t.spec} in order, separated by ';' or spaces`,
    );
  const order = parts.map((p, i) => {
    try {
      return t.parse(p);
    } catch (e) {
      if (e instanceof WormcastError)
        throw new WormcastError(`--cycle: entry ${i + 1} of ${parts.length}: ${e.message.replace(/^wormcast: /, '')}`);
      throw e;
    }
  });
  checkHamiltonian(t, order, true, '--cycle');
  return labellingFromOrder('custom-cycle', Int32Array.from(order), true);
}

/** The routing options the CLI has a flag for: the option, its flag, the one routing function it applies to. */
const ROUTING_FLAGS: ReadonlyArray<readonly ['lowFirst' | 'shortest' | 'dropBoundaryRule', string, string]> = [
  ['lowFirst', '--low-first', 'ecube'],
  ['shortest', '--shortest', 'label'],
  ['dropBoundaryRule', '--drop-boundary-rule', 'hcm'],
];

/** The routing functions that run over a Hamiltonian labelling and so take `--cycle`. */
export const LABELLED_ROUTINGS: readonly string[] = ['label', 'hcm'];

/**
 * The routing function `name` on t, over the user's cycle when one is given (label: the cycle read
 * as the Hamiltonian path of seed 004 section 6.2 and the cycle of sorted MP/MC, section 5.1; hcm:
 * the cycle of seed 003 section 2.2); other options pass through.
 */
export function createRoutingWith(
  name: string,
  t: Topology,
  cycle: Labelling | undefined,
  options: RoutingOptions = {},
): RoutingFunction {
  if (cycle && !LABELLED_ROUTINGS.includes(name)) {
    throw new WormcastError(
      `--cycle: routing ${name} takes no Hamiltonian labelling; it needs routing ${LABELLED_ROUTINGS.join(' or ')}`,
    );
  }
  // an unknown name first: the flags' check below would take it for a routing function
  routingEntry(name);
  // a flag of another routing function would be ignored: say so instead (docs/cli.md)
  for (const [key, flag, routing] of ROUTING_FLAGS) {
    if (options[key] === true && name !== routing)
      throw new WormcastError(`${flag} applies to routing ${routing} only, not ${name}`);
  }
  return createRouting(name, t, cycle ? { ...options, labelling: cycle } : options);
}
