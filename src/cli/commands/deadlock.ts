import type { Command } from 'commander';
import { WormcastError } from '../../errors.ts';
import { checkDeadlock, formatDeadlockReport, unicastScheme, withOneClass } from '../../analysis/deadlock.ts';
import { PATH_SCHEMES, wormSchemeFor } from '../../multicast/path-based/schemes.ts';
import { getAlgorithm, routingNameFor } from '../../multicast/registry.ts';
import { ROUTINGS, createRouting } from '../../routing/registry.ts';
import { parseTopology } from '../../topology/registry.ts';

interface DeadlockOptions {
  topology: string;
  routing?: string;
  algorithm?: string;
  oneClass?: boolean;
  dropBoundaryRule?: boolean;
  shortest?: boolean;
  json?: boolean;
}

/**
 * `wormcast deadlock`: the channel dependency graph a unicast routing function (over all
 * source/destination pairs) or a path-based multicast algorithm (over the worms it can send)
 * induces on a topology, and the verdict: acyclic, or one dependency cycle (docs/deadlock.md).
 */
export function registerDeadlock(program: Command): void {
  program
    .command('deadlock')
    .description('check deadlock freedom: the channel dependency graph of a routing function or path-based multicast algorithm, acyclic or one cycle')
    .requiredOption('--topology <spec>', 'e.g. torus:64x64, ccc:10, mesh:6x6, hypercube:6, star:5')
    .option('--routing <name>', `${Object.keys(ROUTINGS).join(' | ')} (default with --algorithm: the algorithm's)`)
    .option('--algorithm <name>', `a path-based algorithm: ${Object.keys(PATH_SCHEMES).join(' | ')}`)
    .option('--one-class', 'merge the routing function\'s VC classes into one (shows what they are for)')
    .option('--drop-boundary-rule', 'hcm: keep the p class across boundary links (seed 003 section 2.2.4 without q)')
    .option('--shortest', 'label: only neighbours one hop closer are candidates')
    .option('--json', 'print JSON: { verdict, channels, dependencies, millis, cycle: [{ from, to, port, class }] }')
    .action((opts: DeadlockOptions) => {
      const t = parseTopology(opts.topology);
      const routingOptions = { dropBoundaryRule: opts.dropBoundaryRule, shortest: opts.shortest };
      let name = opts.routing;
      if (opts.algorithm !== undefined) {
        if (!(opts.algorithm in PATH_SCHEMES)) {
          throw new WormcastError(`deadlock --algorithm '${opts.algorithm}': expected a path-based algorithm, one of ${Object.keys(PATH_SCHEMES).join(', ')}`);
        }
        name = routingNameFor(getAlgorithm(opts.algorithm), t, opts.routing);
      }
      if (name === undefined) throw new WormcastError(`deadlock: give --routing <name> (${Object.keys(ROUTINGS).join(', ')}), or --algorithm <name> for a path-based scheme`);
      let routing = createRouting(name, t, routingOptions);
      if (opts.oneClass) routing = withOneClass(routing);
      const scheme = opts.algorithm !== undefined ? wormSchemeFor(opts.algorithm, routing) : unicastScheme(routing);
      const rep = checkDeadlock(scheme);
      if (opts.json) {
        const out = {
          topology: rep.topology,
          routing: routing.name,
          algorithm: opts.algorithm ?? null,
          scheme: rep.scheme,
          verdict: rep.verdict,
          channels: rep.channels,
          dependencies: rep.dependencies,
          millis: Math.round(rep.millis),
          cycle: rep.verdict === 'cyclic' ? rep.cycle.map((c) => ({ from: c.from, to: c.to, port: c.port, class: c.class })) : [],
        };
        process.stdout.write(`${JSON.stringify(out)}\n`);
        return;
      }
      process.stdout.write(`${formatDeadlockReport(rep).join('\n')}\n`);
    });
}
