import type { Command } from 'commander';
import { parseTopology } from '../../topology/registry.ts';
import type { Topology } from '../../topology/types.ts';

/** The summary `wormcast topology` prints; JSON field names are stable (docs/cli.md). */
export interface TopologySummary {
  spec: string;
  kind: string;
  nodes: number;
  degree: number;
  diameter: number;
  links: number;
}

export function summarizeTopology(t: Topology): TopologySummary {
  return { spec: t.spec, kind: t.kind, nodes: t.nodes, degree: t.ports, diameter: t.diameter, links: t.links };
}

export function registerTopology(program: Command): void {
  program
    .command('topology')
    .description('node count, degree, diameter and link count of a topology')
    .argument('<spec>', 'hypercube:n | ccc:n | mesh:k0xk1[xk2] | torus:k0xk1[x...] | star:n')
    .option('--json', 'print JSON')
    .action((spec: string, opts: { json?: boolean }) => {
      const s = summarizeTopology(parseTopology(spec));
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(s)}\n`);
        return;
      }
      process.stdout.write(
        `${s.spec}: ${s.nodes} nodes, degree ${s.degree}, diameter ${s.diameter}, ${s.links} links\n`,
      );
    });
}
