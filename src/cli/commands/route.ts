import type { Command } from 'commander';
import { createRoutingWith } from './multicast-options.ts';
import { tracePath } from '../../routing/trace.ts';
import { parseTopology } from '../../topology/registry.ts';

interface RouteOptions {
  topology: string;
  routing: string;
  from: string;
  to: string;
  lowFirst?: boolean;
  shortest?: boolean;
  json?: boolean;
}

export function registerRoute(program: Command): void {
  program
    .command('route')
    .description('the path a unicast routing function takes, with the VC class of every hop')
    .requiredOption('--topology <spec>', 'e.g. ccc:5, hypercube:4, mesh:6x6, torus:4x4, star:4')
    .requiredOption('--routing <name>', 'ecube | dor | hc | ccc-optimal | ccc-simple | label | hcm | star-min')
    .requiredOption('--from <addr>', 'source address')
    .requiredOption('--to <addr>', 'destination address')
    .option('--low-first', 'ecube: resolve the lowest differing bit first')
    .option('--shortest', 'label: only neighbours one hop closer are candidates (docs/routing-dor-label.md)')
    .option('--json', 'print JSON: { hops, path: [{ from, to, port, vc }] }')
    .action((opts: RouteOptions) => {
      const t = parseTopology(opts.topology);
      const r = createRoutingWith(opts.routing, t, undefined, { lowFirst: opts.lowFirst, shortest: opts.shortest });
      const src = t.parse(opts.from);
      const dst = t.parse(opts.to);
      const hops = tracePath(r, src, dst);
      if (opts.json) {
        const path = hops.map((h) => ({ from: t.format(h.from), to: t.format(h.to), port: t.portName(h.port), vc: r.vcClasses[h.vc] }));
        process.stdout.write(`${JSON.stringify({ topology: t.spec, routing: r.name, hops: hops.length, distance: t.distance(src, dst), path })}\n`);
        return;
      }
      process.stdout.write(`${r.name} on ${t.spec}: ${t.format(src)} -> ${t.format(dst)}, ${hops.length} hops (distance ${t.distance(src, dst)})\n`);
      for (const h of hops) {
        process.stdout.write(`  ${t.format(h.from).padEnd(12)} -> ${t.format(h.to).padEnd(12)} ${t.portName(h.port).padEnd(8)} vc ${r.vcClasses[h.vc]}\n`);
      }
    });
}
