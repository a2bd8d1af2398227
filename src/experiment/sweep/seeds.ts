import { createHash } from 'node:crypto';
import { canonicalJson } from '../config/grid.ts';
import type { PointConfig } from '../config/point-config.ts';
import type { SeedMode } from '../config/schema.ts';

/*
 * The traffic seed of each replication (docs/experiments.md "Seeds"). Stable (the same
 * experiment seed, point and replication give the same seed on any machine, in any order, on
 * any number of workers, and when the point is re-run alone) and independent (SHA-256 makes
 * every seed a uniform 32-bit number unrelated to its neighbours):
 *
 *   pointHash = SHA-256 of the canonical JSON of the point's resolved configuration, without
 *               `engine`, `readyListAt` and `inFlight` (they do not change the traffic's draws:
 *               the two engines must agree on the same traffic, docs/validation.md)
 *   seed(r)   = first 4 bytes, big-endian, of SHA-256("wormcast-seed-v1:<experiment seed>:<pointHash>:<r>")
 *
 * With `seeds: common`, pointHash is the empty string: every point's replication r has the same
 * traffic seed, so points that differ only in what does not change the traffic's random draws
 * (the algorithm, the routing, buffers) see the same messages: common random numbers, which
 * make differences between algorithms show with fewer replications.
 *
 * Replication seeds feed mulberry32 (src/random.ts), a 32-bit generator: distinct seeds are
 * distinct starting points of one sequence of period 2^32, so two streams of n draws overlap with
 * probability about 2n / 2^32 (0.06 % for a million draws). This is the traffic generator's limit,
 * not the derivation's.
 */

/** The hex SHA-256 of a point's traffic-relevant configuration. */
export function pointHash(c: PointConfig): string {
  const { engine: _engine, readyListAt: _ready, inFlight: _inFlight, ...traffic } = c;
  return createHash('sha256').update(canonicalJson(traffic)).digest('hex');
}

/** The traffic seed of replication `r` (0-based) of a point. */
export function replicationSeed(experimentSeed: number, hash: string, r: number): number {
  const digest = createHash('sha256').update(`wormcast-seed-v1:${experimentSeed}:${hash}:${r}`).digest();
  return digest.readUInt32BE(0);
}

/** The seeds of replications from..to-1 of a point under a seed mode. */
export function replicationSeeds(
  experimentSeed: number,
  c: PointConfig,
  mode: SeedMode,
  from: number,
  to: number,
): number[] {
  const hash = mode === 'common' ? '' : pointHash(c);
  const out: number[] = [];
  for (let r = from; r < to; r++) out.push(replicationSeed(experimentSeed, hash, r));
  return out;
}
