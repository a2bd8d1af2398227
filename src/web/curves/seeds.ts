import { canonicalJson, type PointConfig } from 'wormcast';

/*
 * The replication seeds of a sweep point, derived exactly as src/experiment/sweep/seeds.ts derives them
 * (docs/experiments.md "Seeds"), with the browser's SubtleCrypto SHA-256 instead of node:crypto
 * (which the app cannot import): pointHash = SHA-256 of the canonical JSON of the configuration
 * without engine, readyListAt and inFlight; seed(r) = the first 4 bytes, big-endian, of
 * SHA-256("wormcast-seed-v1:<experiment seed>:<pointHash>:<r>"). test/web/units.test.ts checks
 * them against src/experiment/sweep/seeds.ts.
 */

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** The hex SHA-256 of a point's traffic-relevant configuration. */
export async function pointHash(c: PointConfig): Promise<string> {
  const { engine: _engine, readyListAt: _ready, inFlight: _inFlight, ...traffic } = c;
  return Array.from(await sha256(canonicalJson(traffic)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The seeds of replications from..to-1 of a point (seed mode per-point; 'common' uses an empty hash). */
export async function replicationSeeds(
  experimentSeed: number,
  c: PointConfig,
  mode: 'per-point' | 'common',
  from: number,
  to: number,
): Promise<number[]> {
  const hash = mode === 'common' ? '' : await pointHash(c);
  const out: number[] = [];
  for (let r = from; r < to; r++) {
    const d = await sha256(`wormcast-seed-v1:${experimentSeed}:${hash}:${r}`);
    out.push(((d[0]! << 24) | (d[1]! << 16) | (d[2]! << 8) | d[3]!) >>> 0);
  }
  return out;
}
