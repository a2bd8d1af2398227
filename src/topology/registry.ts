import { WormcastError } from '../errors.ts';
import { Ccc } from './ccc.ts';
import { Grid } from './grid.ts';
import { Hypercube } from './hypercube.ts';
import { Star } from './star.ts';
import type { Topology } from './types.ts';

/** Spec forms, keyed by family name: what `--topology` accepts. */
export const TOPOLOGY_FORMS: Record<string, string> = {
  hypercube: 'hypercube:n (n = 1..20)',
  ccc: 'ccc:n (n = 3..16)',
  mesh: 'mesh:k0xk1 or mesh:k0xk1xk2',
  torus: 'torus:k0xk1[x...] (every k >= 3)',
  star: 'star:n (n = 3..9)',
};

function parseOne(spec: string, family: string, body: string): number {
  if (!/^\d+$/.test(body))
    throw new WormcastError(`${spec}: '${body}' is not a non-negative integer; expected ${TOPOLOGY_FORMS[family]}`);
  return Number(body);
}

/** Build a topology from its spec (`hypercube:4`, `ccc:5`, `mesh:6x6`, `torus:64x64`, `star:4`). */
export function parseTopology(spec: string): Topology {
  const s = spec.trim();
  const m = /^([a-z]+):(.+)$/.exec(s);
  const known = Object.values(TOPOLOGY_FORMS).join('; ');
  if (!m) throw new WormcastError(`bad topology '${spec}': expected one of ${known}`);
  const [, family, body] = m as unknown as [string, string, string];
  switch (family) {
    case 'hypercube':
      return new Hypercube(parseOne(s, family, body));
    case 'ccc':
      return new Ccc(parseOne(s, family, body));
    case 'star':
      return new Star(parseOne(s, family, body));
    case 'mesh':
    case 'torus': {
      const parts = body.split('x');
      if (parts.some((p) => !/^\d+$/.test(p))) throw new WormcastError(`${s}: expected ${TOPOLOGY_FORMS[family]}`);
      return new Grid(family, parts.map(Number));
    }
    default:
      throw new WormcastError(`unknown topology family '${family}' in '${spec}': expected one of ${known}`);
  }
}
