import { WormcastError } from '../errors.ts';
import { DELIVER, INJECT, portOf, vcOf, type Hop, type RoutingFunction } from './types.ts';

/**
 * Follow a routing function from src to dst. Throws if a route word names a port
 * with no neighbour, a VC class the function did not declare, or the path exceeds
 * maxHops (default: 4 x nodes, far above any route of the seeds). `key`: the worm's routing key
 * (src/engine/worm-key.ts) for a function that reads one.
 */
export function tracePath(
  r: RoutingFunction,
  src: number,
  dst: number,
  maxHops = 4 * r.topology.nodes + 64,
  key = 0,
): Hop[] {
  const t = r.topology;
  const hops: Hop[] = [];
  let node = src;
  let vc = INJECT;
  let inPort = -1;
  for (;;) {
    const word = r.route(node, dst, vc, key, inPort);
    if (word === DELIVER) {
      if (node !== dst) throw new Error(`${r.name}: delivered at ${t.format(node)}, not at ${t.format(dst)}`);
      return hops;
    }
    if (hops.length >= maxHops)
      throw new WormcastError(
        `${r.name} on ${t.spec}: route ${t.format(src)} -> ${t.format(dst)} exceeds ${maxHops} hops`,
      );
    const port = portOf(word);
    const next = t.neighbor(node, port);
    if (next < 0) throw new Error(`${r.name}: port ${port} of ${t.format(node)} leads nowhere`);
    vc = vcOf(word);
    if (vc < 0 || vc >= r.vcClasses.length)
      throw new Error(`${r.name}: undeclared VC class ${vc} at ${t.format(node)}`);
    hops.push({ from: node, to: next, port, vc });
    node = next;
    inPort = port;
  }
}
