import { isDecimal, WormcastError } from '../../errors.ts';

/** A message-size distribution: sizes in flits with their weights (`--sizes 4:1,16:1`). */
export interface SizeMix {
  sizes: readonly number[];
  /** Cumulative weights, normalised: a message is sizes[i] for the first i with u < cumulative[i]. */
  cumulative: readonly number[];
  /** The mean size in flits (the load's messages per cycle are load / mean). */
  mean: number;
  max: number;
}

/** `4:1,16:1` (size:weight, weights any positive numbers) as a SizeMix, or a one-line WormcastError. */
export function parseSizeMix(text: string): SizeMix {
  const sizes: number[] = [];
  const weights: number[] = [];
  for (const part of text.split(',')) {
    const [s, w, extra] = part.split(':').map((x) => x.trim());
    // plain decimal notation only (docs/cli.md "Numbers"): Number() also reads '0x10' (16), '1e1'
    // (10) and 'Infinity', which made the mix's mean NaN
    const size = s !== undefined && /^\+?\d+$/.test(s) ? Number(s) : Number.NaN;
    const weight = w !== undefined && isDecimal(w) ? Number(w) : Number.NaN;
    if (
      extra !== undefined ||
      !Number.isInteger(size) ||
      size < 1 ||
      size > 1 << 24 ||
      !(weight > 0) ||
      !Number.isFinite(weight)
    )
      throw new WormcastError(
        `sizes: '${part}' must be size:weight, a size in flits 1..${1 << 24} and a positive weight (e.g. 4:1,16:1)`,
      );
    if (sizes.includes(size)) throw new WormcastError(`sizes: size ${size} is listed twice`);
    sizes.push(size);
    weights.push(weight);
  }
  const total = weights.reduce((a, b) => a + b, 0);
  if (!Number.isFinite(total))
    throw new WormcastError(`sizes: the weights of '${text}' sum past the largest number; give smaller weights`);
  let acc = 0;
  const cumulative = weights.map((w) => (acc += w) / total);
  cumulative[cumulative.length - 1] = 1;
  const mean = sizes.reduce((a, s, i) => a + (s * weights[i]!) / total, 0);
  return { sizes, cumulative, mean, max: Math.max(...sizes) };
}

/** The size of a message drawn with u uniform in [0, 1). */
export function drawSize(mix: SizeMix, u: number): number {
  let i = 0;
  while (u >= mix.cumulative[i]!) i++;
  return mix.sizes[i]!;
}
