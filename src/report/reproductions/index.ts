import { WormcastError } from '../../errors.ts';
import { SEED000 } from './seed000.ts';
import { SEED001 } from './seed001.ts';
import { SEED002 } from './seed002.ts';
import { SEED003 } from './seed003.ts';
import { SEED004 } from './seed004.ts';
import { SEED004_EXAMPLES } from './seed004-examples.ts';
import type { Reproduction } from './types.ts';

/** Seed 004's entries in the thesis's order: by chapter, tables before figures, then by number (5.x, 6.x, 7.1-7.11). */
function seed004Order(a: Reproduction, b: Reproduction): number {
  const key = (id: string): [number, number, number] => {
    const m = /^004-(table|fig)(\d+)\.(\d+)$/.exec(id);
    return m ? [Number(m[2]), m[1] === 'table' ? 0 : 1, Number(m[3])] : [Number.MAX_SAFE_INTEGER, 0, 0];
  };
  const ka = key(a.id);
  const kb = key(b.id);
  return ka[0] - kb[0] || ka[1] - kb[1] || ka[2] - kb[2];
}

/** Every reproduction, by seed, in the order of the seeds' figures. */
export const REPRODUCTIONS: readonly Reproduction[] = [
  ...SEED000,
  ...SEED001,
  ...SEED002,
  ...SEED003,
  ...[...SEED004_EXAMPLES, ...SEED004].sort(seed004Order),
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
