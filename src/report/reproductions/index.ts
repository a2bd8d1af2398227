import { WormcastError } from '../../errors.ts';
import { SEED000 } from './seed000.ts';
import { SEED001 } from './seed001.ts';
import { SEED002 } from './seed002.ts';
import { SEED003 } from './seed003.ts';
import { SEED004 } from './seed004.ts';
import { SEED004_EXAMPLES } from './seed004-examples.ts';
import type { Reproduction } from './types.ts';

/** Every reproduction, by seed, in the order of the seeds' figures. */
export const REPRODUCTIONS: readonly Reproduction[] = [
  ...SEED000,
  ...SEED001,
  ...SEED002,
  ...SEED003,
  ...SEED004,
  ...SEED004_EXAMPLES,
];

export function findReproduction(id: string): Reproduction {
  const r = REPRODUCTIONS.find((x) => x.id === id);
  if (!r) {
    const near = REPRODUCTIONS.filter((x) => x.id.startsWith(id.slice(0, 3))).map((x) => x.id);
    throw new WormcastError(
      `reproduce: unknown id '${id}'; expected one of ${(near.length > 0 ? near : REPRODUCTIONS.map((x) => x.id)).join(', ')} ('wormcast reproduce --list' lists them all)`,
    );
  }
  return r;
}
