import { WormcastError } from '../errors.ts';

/**
 * What a selection function sees of each admissible output at the routing step: whether a VC of
 * its class is free on its channel, and how many buffer credits that free VC has downstream.
 */
export interface Candidate {
  readonly word: number;
  readonly free: boolean;
  readonly credits: number;
}

/**
 * A selection function (docs/model-flit.md "Adaptive routing: choices and selection"): the index
 * of the chosen candidate among the free ones, -1 when none is free (the header waits and asks
 * again next cycle). `key` is the worm's routing key.
 */
export type Selection = (candidates: readonly Candidate[], key: number) => number;

/** The first free candidate in the routing function's own order (BookSim's default). */
const firstFree: Selection = (cs) => cs.findIndex((c) => c.free);

/**
 * A free candidate drawn from the worm's key: the (key mod f)-th of the f free ones. The draw is
 * the worm's, not the cycle's, so both engines and a repeated run take the same one.
 */
const random: Selection = (cs, key) => {
  let f = 0;
  for (const c of cs) if (c.free) f++;
  if (f === 0) return -1;
  let pick = (key >>> 0) % f;
  for (let i = 0; i < cs.length; i++) {
    if (!cs[i]!.free) continue;
    if (pick === 0) return i;
    pick--;
  }
  return -1;
};

/**
 * The free candidate with the most credits (free buffer flits downstream), the first of them in
 * the function's order on a tie (BookSim's adaptive selection by downstream credit count).
 */
const mostCredits: Selection = (cs) => {
  let best = -1;
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i]!;
    if (c.free && (best < 0 || c.credits > cs[best]!.credits)) best = i;
  }
  return best;
};

/** The selection functions by the name the option `selection` takes; ids are the wasm engine's. */
export const SELECTIONS: Record<string, { readonly id: number; readonly select: Selection; readonly summary: string }> =
  {
    'first-free': { id: 0, select: firstFree, summary: "the first free output in the routing function's order" },
    random: { id: 1, select: random, summary: "a free output drawn from the worm's routing key" },
    'most-credits': { id: 2, select: mostCredits, summary: 'the free output with the most downstream credits' },
  };

/** The selection function `name`; an unknown name lists the known ones. */
export function selectionNamed(name: string): Selection {
  const s = Object.hasOwn(SELECTIONS, name) ? SELECTIONS[name] : undefined;
  if (!s) throw new WormcastError(`unknown selection '${name}': expected one of ${Object.keys(SELECTIONS).join(', ')}`);
  return s.select;
}

/**
 * The selection of an adaptive routing function from its options, checked, and its part of the
 * wasm option word: (id + 1) << 8 (bits 0-7 stay the function's own; 0 above them: no choices).
 */
export function selectionOption(name: string | undefined): { selection: string; wasmOption: number } {
  const selection = name ?? 'first-free';
  selectionNamed(selection);
  return { selection, wasmOption: (SELECTIONS[selection]!.id + 1) << 8 };
}
