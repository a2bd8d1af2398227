import type { Labelling } from '../../labelling/types.ts';

/**
 * phi of seed 003 section 3.2: the destinations sorted by label and rotated so that the ones
 * after the source come first, i.e. in ascending (l(d) - l(s)) mod N.
 */
export function cycleOrder(lab: Labelling, source: number, dests: Int32Array): Int32Array {
  const n = lab.labelOf.length;
  const ls = lab.labelOf[source]!;
  const key = (d: number): number => (lab.labelOf[d]! - ls + n) % n;
  return Int32Array.from(dests).sort((a, b) => key(a) - key(b));
}

/** The two headers of a dual-path HCM multicast: D^h (high network) and D^l (low network). */
export interface DualHeaders {
  readonly high: Int32Array;
  readonly low: Int32Array;
}

/**
 * Uniform message preparation (seed 003 section 3.2.1): D^h = the first ceil(n/2) entries of phi,
 * D^l = the other entries of phi in reverse order.
 */
export function prepareUniform(lab: Labelling, source: number, dests: Int32Array): DualHeaders {
  const phi = cycleOrder(lab, source, dests);
  const h = Math.ceil(phi.length / 2);
  return { high: phi.slice(0, h), low: phi.slice(h).reverse() };
}

/**
 * Fixed message preparation (seed 003 section 3.2.2), with h = ceil(N/2): if l(s) < h, D^h holds
 * the destinations with l(s) < l < l(s) + h and D^l the others; if l(s) >= h, D^l holds those with
 * l(s) - h < l < l(s) and D^h the others. D^h keeps phi's order, D^l is phi's order reversed.
 */
export function prepareFixed(lab: Labelling, source: number, dests: Int32Array): DualHeaders {
  const n = lab.labelOf.length;
  const h = Math.ceil(n / 2);
  const ls = lab.labelOf[source]!;
  const inHigh = (d: number): boolean => {
    const l = lab.labelOf[d]!;
    return ls < h ? ls < l && l < ls + h : !(ls - h < l && l < ls);
  };
  const phi = cycleOrder(lab, source, dests);
  return { high: phi.filter(inHigh), low: phi.filter((d) => !inHigh(d)).reverse() };
}
