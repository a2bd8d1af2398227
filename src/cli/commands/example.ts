import type { Command } from 'commander';
import { createRouting } from '../../routing/registry.ts';
import { tracePath } from '../../routing/trace.ts';
import { parseTopology } from '../../topology/registry.ts';
import { summarizeTopology } from './topology.ts';

/** The built-in example: one route per routing function, on the seeds' example networks. */
export const EXAMPLE_ROUTES: Array<{ topology: string; routing: string; from: string; to: string; source: string }> = [
  { topology: 'hypercube:4', routing: 'ecube', from: '0100', to: '1011', source: 'seed 001, E-cube' },
  { topology: 'ccc:3', routing: 'hc', from: '(1,000)', to: '(0,111)', source: 'seed 000 Fig. 2' },
  { topology: 'ccc:5', routing: 'ccc-optimal', from: '(0,00000)', to: '(2,10101)', source: 'seed 002' },
  {
    topology: 'ccc:5',
    routing: 'ccc-simple',
    from: '(0,00000)',
    to: '(2,10101)',
    source: "seed 002, Wittie's simple routing",
  },
  { topology: 'torus:8x8', routing: 'dor', from: '6,1', to: '1,6', source: 'dimension order, dateline VC classes' },
  {
    topology: 'mesh:6x6',
    routing: 'xy-double',
    from: '3,2',
    to: '0,5',
    source: 'seed 004 section 6.2.1, doubled channels',
  },
  { topology: 'mesh:6x6', routing: 'label', from: '3,2', to: '0,5', source: 'seed 004 section 6.2.2' },
  { topology: 'torus:4x4', routing: 'hcm', from: '3,2', to: '0,0', source: 'seed 003 section 4.1' },
  { topology: 'star:4', routing: 'star-min', from: '1432', to: '1234', source: 'seed 003 section 4.2' },
];

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
