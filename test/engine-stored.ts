import type { Engine, EngineStatus } from '../src/engine/types.ts';
import { runResults } from './engine-compare.ts';

/** FNV-1a over the 32-bit values of an array (for the long per-worm, per-destination and per-channel fields). */
export function fnv(a: ArrayLike<number | string>): string {
  let h = 2166136261;
  for (let i = 0; i < a.length; i++) {
    const x = Number(a[i]);
    h = Math.imul(h ^ (x & 0xffff), 16777619) >>> 0;
    h = Math.imul(h ^ ((x >>> 16) & 0xffff), 16777619) >>> 0;
  }
  return `${a.length}:${h.toString(16)}`;
}

/** A run's results as stored: single values as they are, arrays by length and hash, field by field. */
export function storedResults(e: Engine, status: EngineStatus): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, v] of runResults(e, status))
    out[name] =
      v.length === 1 && name !== 'channelFlits' && !name.startsWith('worm.') && !name.startsWith('dest.')
        ? v[0]!
        : fnv(v);
  return out;
}

/** The first field at which a run's results differ from the stored ones, naming the run, or null. */
export function storedDifference(
  label: string,
  got: Record<string, string | number>,
  stored: Record<string, string | number> | undefined,
): string | null {
  if (!stored) return `${label}: no stored results`;
  for (const k of new Set([...Object.keys(stored), ...Object.keys(got)])) {
    if (got[k] !== stored[k]) return `${label}: ${k} is ${got[k]} but the stored result is ${stored[k]}`;
  }
  return null;
}
