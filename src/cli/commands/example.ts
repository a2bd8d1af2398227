import type { Command } from 'commander';
import { ROUTINGS, createRouting } from '../../routing/registry.ts';
import { tracePath } from '../../routing/trace.ts';
import { parseTopology } from '../../topology/registry.ts';
import { summarizeTopology } from './topology.ts';

/**
 * The built-in example: one route per routing function, on the seeds' example networks, in the
 * routing registry's order (each entry's `example`).
 */
export const EXAMPLE_ROUTES: Array<{ topology: string; routing: string; from: string; to: string; source: string }> =
  Object.entries(ROUTINGS).map(([routing, entry]) => ({ routing, ...entry.example }));

export function registerExample(program: Command): void {
  program
    .command('example')
    .description("run the built-in example: the seeds' networks and one route per routing function")
    .action(() => {
      for (const ex of EXAMPLE_ROUTES) {
        const t = parseTopology(ex.topology);
        const r = createRouting(ex.routing, t);
        const s = summarizeTopology(t);
        const hops = tracePath(r, t.parse(ex.from), t.parse(ex.to));
        const path = [ex.from, ...hops.map((h) => `${t.format(h.to)}[${r.vcClasses[h.vc]}]`)].join(' ');
        process.stdout.write(
          `${s.spec} (${s.nodes} nodes, degree ${s.degree}, diameter ${s.diameter}), ${r.name} (${ex.source}):\n  ${path}  (${hops.length} hops)\n`,
        );
      }
    });
}
