import { WormcastError } from '../errors.ts';
import { Ccc } from './ccc.ts';
import { Grid } from './grid.ts';
import { Hypercube } from './hypercube.ts';
import { Star } from './star.ts';
import type { Topology } from './types.ts';

/**
 * One topology family: how `--topology` names it, how its spec is parsed, its numeric id in the
 * wasm module, the routing function it runs by default and the instances the conformance tests
 * check it on. Adding a family is one entry here and one class file (docs/extending.md); its
 * Hamiltonian labelling, if it has one, is registered in src/labelling/registry.ts (the labelling
 * layer imports topology, never the other way round).
 */
export interface TopologyFamily {
  /**
   * The family's numeric kind id in the wasm module (assembly/table.ts is generated from this
   * table by src/wasm/assembly-table.ts; test/wasm-table.test.ts holds the two equal).
   */
  readonly id: number;
  /** The spec form, for `--topology` help and errors. */
  readonly form: string;
  /** Build the topology from the normalised spec and the part after its colon. */
  parse(spec: string, body: string): Topology;
  /**
   * The routing function of unicast traffic and of the multicast algorithms that take any
   * routing; it must be deadlock-free on every topology of the family (test/deadlock-defaults).
   */
  readonly defaultRouting: string;
  /**
   * The AssemblyScript file (under assembly/, without extension) that exports
   * `<family>Neighbor(node, port)`, or null: the wasm module then reads the neighbour table the
   * host supplies (the topology must implement neighborTable()).
   */
  readonly wasm: string | null;
  /**
   * Specs of a few small instances (at most SAMPLE_MAX_NODES nodes each), the degenerate and
   * odd-sized ones among them: the registry-driven conformance tests (test/conformance-*.test.ts,
   * test/deadlock-defaults.test.ts, test/wasm-table.test.ts) check every family on these, so a
   * family cannot be added without being checked. Normalised, as `parse` prints them back.
   */
  readonly samples: readonly string[];
}

/**
 * The largest sample the conformance tests accept: they compare all-pairs BFS distances and
 * every node's neighbours in TS and wasm, which must stay a fraction of a second per sample.
 */
export const SAMPLE_MAX_NODES = 1024;

/** A non-negative integer body (`hypercube:4`), else an error naming the spec and its form. */
function whole(spec: string, form: string, body: string): number {
  if (!/^\d+$/.test(body))
    throw new WormcastError(`${spec}: '${body}' is not a non-negative integer; expected ${form}`);
  return Number(body);
}

/** Radices `k0xk1x...` (`mesh:6x6`), else an error naming the spec and its form. */
function radices(spec: string, form: string, body: string): number[] {
  const parts = body.split('x');
  if (parts.some((p) => !/^\d+$/.test(p))) throw new WormcastError(`${spec}: expected ${form}`);
  return parts.map(Number);
}

const HYPERCUBE = 'hypercube:n (n = 1..20)';
const CCC = 'ccc:n (n = 3..16)';
const MESH = 'mesh:k0xk1 or mesh:k0xk1xk2';
const TORUS = 'torus:k0xk1[x...] (every k >= 3)';
const STAR = 'star:n (n = 3..9)';

/** Every topology family, by the name a spec starts with. Ids are never reused or renumbered. */
export const TOPOLOGIES = {
  hypercube: {
    id: 1,
    form: HYPERCUBE,
    parse: (spec: string, body: string) => new Hypercube(whole(spec, HYPERCUBE, body)),
    defaultRouting: 'ecube',
    wasm: 'topology-hypercube',
    // hypercube:1 is the smallest (two nodes, one link)
    samples: ['hypercube:1', 'hypercube:3', 'hypercube:6'],
  },
  ccc: {
    id: 2,
    form: CCC,
    parse: (spec: string, body: string) => new Ccc(whole(spec, CCC, body)),
    defaultRouting: 'hc',
    wasm: 'topology-ccc',
    samples: ['ccc:3', 'ccc:4', 'ccc:5'],
  },
  mesh: {
    id: 3,
    form: MESH,
    parse: (spec: string, body: string) => new Grid('mesh', radices(spec, MESH, body)),
    defaultRouting: 'dor',
    wasm: 'topology-grid',
    // a line (radix 1: ports that lead nowhere), unequal radices, three dimensions
    samples: ['mesh:1x3', 'mesh:4x4', 'mesh:5x3', 'mesh:8x8', 'mesh:3x3x3'],
  },
  torus: {
    id: 4,
    form: TORUS,
    parse: (spec: string, body: string) => new Grid('torus', radices(spec, TORUS, body)),
    defaultRouting: 'dor',
    wasm: 'topology-grid',
    // odd radices (no tie between the two ways round), an even number of rows (hcm's labelling
    // needs one, seed 003 section 4.1), three dimensions
    samples: ['torus:3x3', 'torus:4x4', 'torus:5x4', 'torus:8x8', 'torus:3x3x3'],
  },
  star: {
    id: 5,
    form: STAR,
    parse: (spec: string, body: string) => new Star(whole(spec, STAR, body)),
    // star-min has a cyclic dependency graph (wormcast deadlock --topology star:5 --routing star-min);
    // hcm (seed 003 section 2.2.4, p/q classes) is deadlock-free on every star graph
    defaultRouting: 'hcm',
    wasm: 'topology-star',
    samples: ['star:3', 'star:4', 'star:5', 'star:6'],
  },
} as const;

/**
 * TOPOLOGIES as a plain record of families, for lookups by a user's name. (Typed here rather
 * than with `satisfies` on TOPOLOGIES, which would make TopologyKind, its keys, depend on itself.)
 */
export const TOPOLOGY_FAMILIES: Readonly<Record<string, TopologyFamily>> = TOPOLOGIES;

/** The topology families of the seeds (docs/seeds.md): the keys of TOPOLOGIES. */
export type TopologyName = keyof typeof TOPOLOGIES;

/** Spec forms, keyed by family name: what `--topology` accepts. */
export const TOPOLOGY_FORMS: Record<string, string> = Object.fromEntries(
  Object.entries(TOPOLOGY_FAMILIES).map(([name, f]) => [name, f.form]),
);

/** The family `name`, or undefined (own properties only: '__proto__' finds nothing). */
export function topologyFamily(name: string): TopologyFamily | undefined {
  return Object.hasOwn(TOPOLOGY_FAMILIES, name) ? TOPOLOGY_FAMILIES[name] : undefined;
}

/** Build a topology from its spec (`hypercube:4`, `ccc:5`, `mesh:6x6`, `torus:64x64`, `star:4`). */
export function parseTopology(spec: string): Topology {
  const s = spec.trim();
  const m = /^([a-z]+):(.+)$/.exec(s);
  const known = Object.values(TOPOLOGY_FORMS).join('; ');
  if (!m) throw new WormcastError(`bad topology '${spec}': expected one of ${known}`);
  const [, name, body] = m as unknown as [string, string, string];
  const family = topologyFamily(name);
  if (!family) throw new WormcastError(`unknown topology family '${name}' in '${spec}': expected one of ${known}`);
  return family.parse(s, body);
}
