import { WormcastError } from '../../errors.ts';
import type { Labelling } from '../../labelling/types.ts';
import type { RoutingFunction } from '../../routing/types.ts';

/** The labelling a label-based path algorithm runs on; a clear error when the routing has none. */
export function labellingOf(r: RoutingFunction, algorithm: string): Labelling {
  if (!r.labelling)
    throw new WormcastError(
      `algorithm ${algorithm}: routing ${r.name} has no Hamiltonian labelling; use label (mesh, hypercube) or hcm (torus, star)`,
    );
  return r.labelling;
}

/**
 * Seed 004 Fig. 6.11 steps 1 and 2 (dual-path message preparation): D_H = the destinations with a
 * label above the source's, ascending; D_L = those below, descending.
 */
export function splitHighLow(
  labelOf: Int32Array,
  source: number,
  dests: Int32Array,
): { high: Int32Array; low: Int32Array } {
  const ls = labelOf[source]!;
  let nh = 0;
  for (const d of dests) if (labelOf[d]! > ls) nh++;
  const high = new Int32Array(nh);
  const low = new Int32Array(dests.length - nh);
  let i = 0;
  let j = 0;
  for (const d of dests) {
    if (labelOf[d]! > ls) high[i++] = d;
    else low[j++] = d;
  }
  high.sort((a, b) => labelOf[a]! - labelOf[b]!);
  low.sort((a, b) => labelOf[b]! - labelOf[a]!);
  return { high, low };
}
