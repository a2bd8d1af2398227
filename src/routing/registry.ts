import { WormcastError } from '../errors.ts';
import { TOPOLOGIES, parseTopology } from '../topology/registry.ts';
import type { Topology, TopologyKind } from '../topology/types.ts';
import { cccOptimal } from './ccc-optimal.ts';
import { cccSimple } from './ccc-simple.ts';
import { dimReversal } from './dim-reversal.ts';
import { dor } from './dor.ts';
import { faultRing } from './fault-ring.ts';
import { ecube } from './ecube.ts';
import { hc } from './hc.ts';
import { hcm } from './hcm.ts';
import { label } from './label.ts';
import { labelDetour } from './label-detour.ts';
import { labelAdaptive } from './label-adaptive.ts';
import { starMin } from './star-min.ts';
import { xyDouble } from './xy-double.ts';
import { minAdaptive } from './min-adaptive.ts';
import { o1turn } from './o1turn.ts';
import { planarAdaptive } from './planar-adaptive.ts';
import { negativeFirstRouting, northLastRouting, westFirstRouting } from './turn-model.ts';
import { valiant } from './valiant.ts';
import type { RoutingFactory, RoutingFunction, RoutingOptions } from './types.ts';

/** One routing function: its factory, the wasm id of its AssemblyScript twin, where it applies. */
export interface RoutingEntry {
  /**
   * The numeric id of the AssemblyScript twin, `route<Name>` in assembly/routing/<name>.ts
   * (assembly/table.ts is generated from this table by src/wasm/assembly-table.ts;
   * test/wasm-table.test.ts holds the two equal). createRouting stamps it on the function as
   * wasmId. Ids are never reused or renumbered.
   */
  readonly id: number;
  readonly factory: RoutingFactory;
  /** The topology families it is defined on (the factory checks the finer conditions). */
  readonly kinds: readonly TopologyKind[];
  /** The families in words, with any restriction (`mesh (2D)`). */
  readonly topologies: string;
  readonly summary: string;
  /** Its route in `wormcast example`: a seed's example network and pair where there is one. */
  readonly example: { readonly topology: string; readonly from: string; readonly to: string; readonly source: string };
}

/** Every unicast routing function, by the name the CLI and configs use. */
export const ROUTINGS: Record<string, RoutingEntry> = {
  ecube: {
    id: 1,
    factory: ecube,
    kinds: ['hypercube'],
    topologies: 'hypercube',
    summary: 'E-cube, highest bit first (seed 001)',
    example: { topology: 'hypercube:4', from: '0100', to: '1011', source: 'seed 001, E-cube' },
  },
  dor: {
    id: 2,
    factory: dor,
    kinds: ['mesh', 'torus'],
    topologies: 'mesh, torus',
    summary: 'dimension order; torus with dateline VC classes',
    example: { topology: 'torus:8x8', from: '6,1', to: '1,6', source: 'dimension order, dateline VC classes' },
  },
  hc: {
    id: 3,
    factory: hc,
    kinds: ['ccc'],
    topologies: 'ccc',
    summary: 'HC routing with R_CCC virtual channels (seed 000 section 3)',
    example: { topology: 'ccc:3', from: '(1,000)', to: '(0,111)', source: 'seed 000 Fig. 2' },
  },
  'ccc-optimal': {
    id: 4,
    factory: cccOptimal,
    kinds: ['ccc'],
    topologies: 'ccc',
    summary: 'optimal ring-covering routing (seed 002)',
    example: { topology: 'ccc:5', from: '(0,00000)', to: '(2,10101)', source: 'seed 002' },
  },
  'ccc-simple': {
    id: 5,
    factory: cccSimple,
    kinds: ['ccc'],
    topologies: 'ccc',
    summary: "Wittie's simple routing (seed 002)",
    example: { topology: 'ccc:5', from: '(0,00000)', to: '(2,10101)', source: "seed 002, Wittie's simple routing" },
  },
  label: {
    id: 6,
    factory: label,
    kinds: ['mesh', 'hypercube'],
    topologies: 'mesh, hypercube',
    summary: 'label-monotone routing R (seed 004 section 6.2)',
    example: { topology: 'mesh:6x6', from: '3,2', to: '0,5', source: 'seed 004 section 6.2.2' },
  },
  hcm: {
    id: 7,
    factory: hcm,
    kinds: ['torus', 'star'],
    topologies: 'torus, star',
    summary: 'Hamiltonian-cycle-model routing R (seed 003)',
    example: { topology: 'torus:4x4', from: '3,2', to: '0,0', source: 'seed 003 section 4.1' },
  },
  'star-min': {
    id: 8,
    factory: starMin,
    kinds: ['star'],
    topologies: 'star',
    summary: 'minimal routing on the star graph',
    example: { topology: 'star:4', from: '1432', to: '1234', source: 'seed 003 section 4.2' },
  },
  'xy-double': {
    id: 9,
    factory: xyDouble,
    kinds: ['mesh'],
    topologies: 'mesh (2D)',
    summary: 'X-first on doubled channels, one copy per quadrant subnetwork (seed 004 section 6.2.1)',
    example: { topology: 'mesh:6x6', from: '3,2', to: '0,5', source: 'seed 004 section 6.2.1, doubled channels' },
  },
  // Issue 26, adaptive routing (docs/routing-adaptive.md).
  'west-first': {
    id: 10,
    factory: westFirstRouting,
    kinds: ['mesh'],
    topologies: 'mesh (2D)',
    summary: 'turn model, west-first, minimal adaptive (Glass and Ni 1992)',
    example: { topology: 'mesh:8x8', from: '1,6', to: '6,1', source: 'Glass and Ni, west-first' },
  },
  'north-last': {
    id: 11,
    factory: northLastRouting,
    kinds: ['mesh'],
    topologies: 'mesh (2D)',
    summary: 'turn model, north-last, minimal adaptive (Glass and Ni 1992)',
    example: { topology: 'mesh:8x8', from: '1,1', to: '6,6', source: 'Glass and Ni, north-last' },
  },
  'negative-first': {
    id: 12,
    factory: negativeFirstRouting,
    kinds: ['mesh'],
    topologies: 'mesh (2D)',
    summary: 'turn model, negative-first, minimal adaptive (Glass and Ni 1992)',
    example: { topology: 'mesh:8x8', from: '6,6', to: '1,1', source: 'Glass and Ni, negative-first' },
  },
  o1turn: {
    id: 13,
    factory: o1turn,
    kinds: ['mesh'],
    topologies: 'mesh (2D)',
    summary: 'XY or YX per packet on two VC classes (Seo et al. 2005; BookSim xy_yx)',
    example: { topology: 'mesh:8x8', from: '1,1', to: '6,6', source: 'Seo et al., O1TURN' },
  },
  'min-adaptive': {
    id: 14,
    factory: minAdaptive,
    kinds: ['mesh', 'torus', 'hypercube'],
    topologies: 'mesh, torus, hypercube',
    summary: 'minimal fully adaptive with a deterministic escape channel (Duato 1993; BookSim min_adapt)',
    example: { topology: 'torus:8x8', from: '6,1', to: '1,6', source: "Duato's protocol, dor escape" },
  },
  valiant: {
    id: 15,
    factory: valiant,
    kinds: ['mesh', 'torus', 'hypercube'],
    topologies: 'mesh, torus, hypercube',
    summary: 'via a random intermediate node, dor or E-cube per phase (Valiant and Brebner 1981)',
    example: { topology: 'mesh:8x8', from: '1,1', to: '6,6', source: 'Valiant, two phases' },
  },
  'planar-adaptive': {
    id: 16,
    factory: planarAdaptive,
    kinds: ['mesh'],
    topologies: 'mesh (2D)',
    summary: 'planar-adaptive, the one plane of a 2D mesh (Chien and Kim 1992)',
    example: { topology: 'mesh:8x8', from: '6,1', to: '1,6', source: 'Chien and Kim, planar-adaptive' },
  },
  'dim-reversal': {
    id: 17,
    factory: dimReversal,
    kinds: ['mesh', 'hypercube'],
    topologies: 'mesh, hypercube',
    summary: 'fault-tolerant: around faulty links and nodes, VC class = dimension reversals (Dally and Aoki 1993)',
    example: { topology: 'mesh:6x6', from: '0,0', to: '5,5', source: 'docs/routing-faults.md' },
  },
  'fault-ring': {
    id: 18,
    factory: faultRing,
    kinds: ['mesh'],
    topologies: 'mesh (2D)',
    summary: 'fault-tolerant: e-cube round rectangular fault blocks on their rings (Boppana and Chalasani 1995)',
    example: { topology: 'mesh:8x8', from: '0,3', to: '7,3', source: 'docs/routing-faults.md' },
  },
  'label-detour': {
    id: 19,
    factory: labelDetour,
    kinds: ['mesh', 'hypercube'],
    topologies: 'mesh (2D), hypercube',
    summary: 'fault-tolerant: label routing R round dead channels, labels still monotone (ours; R: seed 004)',
    example: { topology: 'mesh:6x6', from: '0,0', to: '5,5', source: 'docs/routing-faults.md' },
  },
  'label-adaptive': {
    id: 20,
    factory: labelAdaptive,
    kinds: ['mesh', 'hypercube'],
    topologies: 'mesh (2D), hypercube',
    summary: "label-monotone adaptive: every profitable hop inside R's label range (adaptive-dual-path)",
    example: { topology: 'mesh:6x6', from: '3,2', to: '0,5', source: 'docs/routing-adaptive.md, adaptive multicast' },
  },
};

/** The routing entry `name`; unknown names list the known ones. */
export function routingEntry(name: string): RoutingEntry {
  // own properties only: 'constructor' or '__proto__' must not find Object.prototype's members
  const entry = Object.hasOwn(ROUTINGS, name) ? ROUTINGS[name] : undefined;
  if (!entry) throw new WormcastError(`unknown routing '${name}': expected one of ${Object.keys(ROUTINGS).join(', ')}`);
  return entry;
}

/** The names of the routing functions defined on topology family `kind`, in table order. */
export function routingsFor(kind: TopologyKind): string[] {
  return Object.keys(ROUTINGS).filter((name) => ROUTINGS[name]!.kinds.includes(kind));
}

/**
 * The instances the conformance tests (test/conformance-routing.test.ts) check routing `name`
 * on: the `samples` of its families in src/topology/registry.ts that its factory accepts. A
 * factory refuses some with a WormcastError, by the finer conditions of the seeds (label on a 3D
 * mesh, hcm on a torus with an odd number of rows); any other error is a fault and is thrown.
 */
export function routingSamples(name: string): string[] {
  const entry = routingEntry(name);
  return entry.kinds.flatMap((kind) =>
    TOPOLOGIES[kind].samples.filter((spec) => {
      try {
        entry.factory(parseTopology(spec), {});
        return true;
      } catch (e) {
        if (e instanceof WormcastError) return false;
        throw e;
      }
    }),
  );
}

/**
 * The routing function `name` on `topology`; unknown names list the known ones, and a routing
 * not defined on the topology's family lists the ones that are.
 */
export function createRouting(name: string, topology: Topology, options: RoutingOptions = {}): RoutingFunction {
  const entry = routingEntry(name);
  let made: ReturnType<RoutingFactory>;
  try {
    made = entry.factory(topology, options);
  } catch (e) {
    if (e instanceof WormcastError && !entry.kinds.includes(topology.kind))
      throw new WormcastError(`${e.message}; routings for ${topology.kind}: ${routingsFor(topology.kind).join(', ')}`);
    throw e;
  }
  return { ...made, wasmId: entry.id };
}
