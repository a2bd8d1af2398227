import { WormcastError } from '../errors.ts';
import type { Topology } from '../topology/types.ts';
import { cccOptimal } from './ccc-optimal.ts';
import { cccSimple } from './ccc-simple.ts';
import { dor } from './dor.ts';
import { ecube } from './ecube.ts';
import { hc } from './hc.ts';
import { hcm } from './hcm.ts';
import { label } from './label.ts';
import { starMin } from './star-min.ts';
import { xyDouble } from './xy-double.ts';
import type { RoutingFactory, RoutingFunction, RoutingOptions } from './types.ts';

/** Every unicast routing function, by the name the CLI and configs use. */
export const ROUTINGS: Record<string, { factory: RoutingFactory; topologies: string; summary: string }> = {
  ecube: { factory: ecube, topologies: 'hypercube', summary: 'E-cube, highest bit first (seed 001)' },
  dor: { factory: dor, topologies: 'mesh, torus', summary: 'dimension order; torus with dateline VC classes' },
  hc: { factory: hc, topologies: 'ccc', summary: 'HC routing with R_CCC virtual channels (seed 000 section 3)' },
  'ccc-optimal': { factory: cccOptimal, topologies: 'ccc', summary: 'optimal ring-covering routing (seed 002)' },
  'ccc-simple': { factory: cccSimple, topologies: 'ccc', summary: "Wittie's simple routing (seed 002)" },
  label: { factory: label, topologies: 'mesh, hypercube', summary: 'label-monotone routing R (seed 004 section 6.2)' },
  hcm: { factory: hcm, topologies: 'torus, star', summary: 'Hamiltonian-cycle-model routing R (seed 003)' },
  'star-min': { factory: starMin, topologies: 'star', summary: 'minimal routing on the star graph' },
  'xy-double': {
    factory: xyDouble,
    topologies: 'mesh (2D)',
    summary: 'X-first on doubled channels, one copy per quadrant subnetwork (seed 004 section 6.2.1)',
  },
};

/** The routing function `name` on `topology`; unknown names list the known ones. */
export function createRouting(name: string, topology: Topology, options: RoutingOptions = {}): RoutingFunction {
  // own properties only: 'constructor' or '__proto__' must not find Object.prototype's members
  const entry = Object.hasOwn(ROUTINGS, name) ? ROUTINGS[name] : undefined;
  if (!entry) throw new WormcastError(`unknown routing '${name}': expected one of ${Object.keys(ROUTINGS).join(', ')}`);
  return entry.factory(topology, options);
}
