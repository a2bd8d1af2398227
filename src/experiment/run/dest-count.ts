import { WormcastError } from '../../errors.ts';

/*
 * Destination counts drawn per multicast with a given mean (docs/traffic.md "Destination counts
 * with a mean"). Seed 004 section 7.2 gives only "the average number of destinations for a
 * multicast is 10" (Figs. 7.8, 7.10) and "the average number of destinations varies from 1 to 45"
 * (Figs. 7.9, 7.11), with "destinations ... determined by a uniform random number generator" and
 * "the distribution of the source node and destination nodes is uniform" (section 8.2); the
 * distribution of the count is not stated. wormcast draws it uniformly from the integers
 * mean - w .. mean + w, w = min(mean - 1, others - mean): the widest uniform range around the
 * mean that stays within 1 .. others (the nodes other than the source). Its mean is exactly the
 * given one; mean 1 and mean = others are fixed counts.
 */

/** The range [lo, hi] the count of a multicast with mean `mean` is drawn from, among `others` candidates. */
export function destCountRange(mean: number, others: number): { lo: number; hi: number } {
  if (!Number.isInteger(mean) || mean < 1 || mean > others)
    throw new WormcastError(`dests mean ${mean} must be an integer 1..${others} (the nodes other than the source)`);
  const w = Math.min(mean - 1, others - mean);
  return { lo: mean - w, hi: mean + w };
}

/** The count for one multicast from one uniform number u in [0, 1). */
export function drawDestCount(mean: number, others: number, u: number): number {
  const { lo, hi } = destCountRange(mean, others);
  return lo + Math.floor(u * (hi - lo + 1));
}
