import { WormcastError } from '../../errors.ts';
import type { Command } from 'commander';
import { deadChannels, faultRoutes } from '../../analysis/fault-routes.ts';
import { healthyComponents, reachable } from '../../fault/components.ts';
import { faultLine, faultsJson, unreachableJson } from '../../fault/fault-json.ts';
import { isFaultFree } from '../../fault/fault-set.ts';
import { addFaultOptions, type FaultOptions, faultSetOf } from '../fault-options.ts';
import { createRoutingWith } from './multicast-options.ts';
import { ROUTINGS } from '../../routing/registry.ts';
import { tracePath } from '../../routing/trace.ts';
import { LISTING_LINES } from '../plan-text.ts';
import { parseTopology } from '../../topology/registry.ts';

interface RouteOptions extends FaultOptions {
  topology: string;
  routing: string;
  from: string;
  to: string;
  lowFirst?: boolean;
  shortest?: boolean;
  json?: boolean;
}

export function registerRoute(program: Command): void {
  const cmd = program
    .command('route')
    .description('the path a unicast routing function takes, with the VC class of every hop')
    .requiredOption('--topology <spec>', 'e.g. ccc:5, hypercube:4, mesh:6x6, torus:4x4, star:4')
    .requiredOption('--routing <name>', Object.keys(ROUTINGS).join(' | '))
    .requiredOption('--from <addr>', 'source address')
    .requiredOption('--to <addr>', 'destination address')
    .option('--low-first', 'ecube: resolve the lowest differing bit first')
    .option('--shortest', 'label: only neighbours one hop closer are candidates (docs/routing-dor-label.md)');
  addFaultOptions(cmd)
    .option(
      '--json',
      'print JSON: { hops, path: [{ from, to, port, vc }], faults, unreachable, deliverable, blockedAt } (docs/faults.md)',
    )
    .action((opts: RouteOptions) => {
      const t = parseTopology(opts.topology);
      const f = faultSetOf(t, opts);
      // a fault-tolerant function routes around f; the others ignore it (docs/routing-faults.md)
      const r = createRoutingWith(opts.routing, t, undefined, {
        lowFirst: opts.lowFirst,
        shortest: opts.shortest,
        faults: f,
      });
      const src = t.parse(opts.from);
      const dst = t.parse(opts.to);
      let hops: ReturnType<typeof tracePath>;
      try {
        hops = tracePath(r, src, dst);
      } catch (e) {
        // with faults a function may loop where it is stuck (dim-reversal in class r2,
        // docs/routing-faults.md): the pair is unroutable, as deadlock --faults counts it
        if (e instanceof WormcastError && !isFaultFree(f) && /exceeds \d+ hops$/.test(e.message))
          throw new WormcastError(
            `${r.name} on ${t.spec}: route ${t.format(src)} -> ${t.format(dst)} does not reach its destination with these faults (it loops): the pair is unroutable, as \`deadlock --faults\` counts it (docs/routing-faults.md)`,
          );
        throw e;
      }
      const c = healthyComponents(t, f);
      // the first hop over a dead channel: a deterministic route cannot go round it (docs/faults.md)
      const dead = deadChannels(r, f);
      const blocked = hops.findIndex((h) => dead[h.from * t.ports + h.port] === 1);
      // fault-ring's blocks switch healthy nodes off: they neither send nor receive (src/fault/blocks.ts)
      const own = r.faults && r.faults !== f ? r.faults : null;
      const disabled = own ? own.nodes.filter((v) => f.nodeMask[v] === 0).length : 0;
      const switchedOff = own !== null && (own.nodeMask[src] === 1 || own.nodeMask[dst] === 1);
      const ends = f.nodeMask[src] === 0 && f.nodeMask[dst] === 0 && !switchedOff;
      const deliverable = ends && blocked < 0;
      const counts = isFaultFree(f) ? null : faultRoutes(r, f);
      if (opts.json) {
        const path = hops.map((h) => ({
          from: t.format(h.from),
          to: t.format(h.to),
          port: t.portName(h.port),
          vc: r.vcClasses[h.vc],
        }));
        process.stdout.write(
          `${JSON.stringify({
            topology: t.spec,
            routing: r.name,
            hops: hops.length,
            distance: t.distance(src, dst),
            path,
            faults: faultsJson(t, f),
            unreachable: { ...unreachableJson(t, c), unroutable: isFaultFree(f) ? 0 : (counts?.unroutable ?? null) },
            deliverable,
            reachable: reachable(c, src, dst),
            blockedAt: blocked < 0 ? null : blocked,
            ...(own ? { disabled } : {}),
          })}\n`,
        );
        return;
      }
      // one line per hop, at most LISTING_LINES of them (a route across a 4096 x 4096 mesh has
      // 8,190): the rest is in --json (docs/cli.md "Progress and limits")
      const lines = [
        `${r.name} on ${t.spec}: ${t.format(src)} -> ${t.format(dst)}, ${hops.length} hops (distance ${t.distance(src, dst)})`,
      ];
      for (const [i, h] of hops.slice(0, LISTING_LINES).entries()) {
        lines.push(
          `  ${t.format(h.from).padEnd(12)} -> ${t.format(h.to).padEnd(12)} ${t.portName(h.port).padEnd(8)} vc ${r.vcClasses[h.vc]}${i === blocked ? '  <- faulty' : ''}`,
        );
      }
      if (hops.length > LISTING_LINES)
        lines.push(
          `  (the listing stops after ${LISTING_LINES} lines: ${LISTING_LINES} of ${hops.length.toLocaleString('en-US')} hops; --json prints every hop)`,
        );
      if (!isFaultFree(f)) {
        lines.push(faultLine(t, f, c));
        if (own)
          lines.push(`${r.name}: its fault blocks switch off ${disabled} healthy nodes (docs/routing-faults.md)`);
        const why = switchedOff
          ? `an end is a node ${r.name}'s fault blocks switch off`
          : !ends
            ? 'an end is a faulty node'
            : blocked >= 0
              ? `hop ${blocked + 1} crosses a faulty channel${reachable(c, src, dst) ? ' (the destination is reachable by another path)' : ' (the destination is unreachable)'}`
              : '';
        lines.push(deliverable ? `${r.name} delivers this route` : `${r.name} cannot deliver this route: ${why}`);
        if (counts) lines.push(`${r.name}: ${counts.unroutable} reachable ordered pairs it cannot route`);
      }
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
