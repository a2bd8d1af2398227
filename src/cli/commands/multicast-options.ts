import { WormcastError, parseIntIn } from '../../errors.ts';
import type { MulticastAlgorithm, PortModel } from '../../multicast/types.ts';
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
  json?: boolean;
}

/** The port model asked for, or the one the algorithm was designed for. */
export function portOption(text: string | undefined, algorithm: MulticastAlgorithm): PortModel {
  if (text === undefined) return algorithm.port;
  if (text === 'one' || text === 'all') return text;
  throw new WormcastError(`--port '${text}': expected one or all`);
}

/** The --seed value (default 1). */
export function seedOption(text: string | undefined): number {
  return text === undefined ? 1 : parseIntIn(text, 0, 2 ** 32 - 1, '--seed');
}

/** Round for output: at most 4 decimals. */
export function round(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}

/** A human address list. */
export function formatList(t: Topology, nodes: ArrayLike<number>): string[] {
  return Array.from(nodes, (v) => t.format(v));
}
