import type { Command } from 'commander';
import { healthyComponents } from '../../fault/components.ts';
import { faultLine, faultsJson, unreachableJson } from '../../fault/fault-json.ts';
import { isFaultFree } from '../../fault/fault-set.ts';
import { Grid } from '../../topology/grid.ts';
import { parseTopology } from '../../topology/registry.ts';
import type { Topology } from '../../topology/types.ts';
import { addFaultOptions, type FaultOptions, faultSetOf } from '../fault-options.ts';

/** The summary `wormcast topology` prints; JSON field names are stable (docs/cli.md). */
export interface TopologySummary {
  spec: string;
  kind: string;
  nodes: number;
  degree: number;
  diameter: number;
  links: number;
}

/**
 * The largest number of neighbours of a node. `ports` is the number of port slots, which is the
 * degree only where every port leads somewhere: a mesh dimension of radix 2 gives each node one
 * neighbour in it, radix 1 none (mesh:1x1 has degree 0, mesh:2x2 degree 2). Hypercubes, CCC,
 * tori (every radix >= 3) and star graphs are regular: degree = ports.
 */
export function maxDegree(t: Topology): number {
  if (t instanceof Grid && t.kind === 'mesh') return t.dims.reduce((acc, k) => acc + (k >= 3 ? 2 : k - 1), 0);
  return t.ports;
}

export function summarizeTopology(t: Topology): TopologySummary {
  return { spec: t.spec, kind: t.kind, nodes: t.nodes, degree: maxDegree(t), diameter: t.diameter, links: t.links };
}

export function registerTopology(program: Command): void {
  const cmd = program
    .command('topology')
    .description('node count, degree, diameter and link count of a topology; with --faults, what the faults disconnect')
    .argument('<spec>', 'hypercube:n | ccc:n | mesh:k0xk1[xk2] | torus:k0xk1[x...] | star:n');
  addFaultOptions(cmd)
    .option('--json', 'print JSON (with faults and unreachable: docs/faults.md)')
    .action((spec: string, opts: FaultOptions & { json?: boolean }) => {
      const t = parseTopology(spec);
      const s = summarizeTopology(t);
      const f = faultSetOf(t, opts);
      const c = healthyComponents(t, f);
      if (opts.json) {
        process.stdout.write(
          `${JSON.stringify({ ...s, faults: faultsJson(t, f), unreachable: unreachableJson(t, c) })}\n`,
        );
        return;
      }
      process.stdout.write(
        `${s.spec}: ${s.nodes} nodes, degree ${s.degree}, diameter ${s.diameter}, ${s.links} links\n`,
      );
      if (!isFaultFree(f)) process.stdout.write(`${faultLine(t, f, c)}\n`);
    });
}
