import { trafficOf } from '../../analysis/traffic.ts';
import { randomDestinations } from '../../multicast/destinations.ts';
import { routingFor } from '../../multicast/registry.ts';
import { findAlgorithm } from '../../engine/workload.ts';
import { mulberry32 } from '../../random.ts';
import { parseTopology } from '../../topology/registry.ts';
import type { Series } from './types.ts';

/*
 * Seed 004 section 7.1, static traffic: "Each unit of traffic represents the transmission of one
 * message over a link. ... For a 1-to-k multicast, it requires at least k units of the traffic.
 * The additional traffic is defined as the total amount of traffic minus k. For a broadcast with
 * 1024 nodes, the traffic generated is always 1023." Averaged over random sets per k: a uniformly
 * random source and k distinct destinations other than it (the seed draws k integers in
 * [0, 1023]; it does not say whether the source or repeats are excluded).
 */

export interface StaticTrafficOptions {
  topology: string;
  /** Algorithms and the seed's name of each curve. */
  algorithms: Array<{ name: string; label: string }>;
  ks: readonly number[];
  sets: number;
  seed: number;
  /** Baselines: "multiple one-to-one" (sum of shortest distances) and "broadcast" (N - 1). */
  baselines: { oneToOne?: string; broadcast?: string };
}

export function staticTraffic(o: StaticTrafficOptions): Series[] {
  const t = parseTopology(o.topology);
  const routings = o.algorithms.map((a) => routingFor(findAlgorithm(a.name), t));
  const sums = o.algorithms.map(() => o.ks.map(() => 0));
  const one = o.ks.map(() => 0);
  const random = mulberry32(o.seed);
  o.ks.forEach((k, i) => {
    for (let s = 0; s < o.sets; s++) {
      const src = Math.floor(random() * t.nodes);
      const dests = randomDestinations(t, src, k, random);
      let d = 0;
      for (const x of dests) d += t.distance(src, x);
      one[i]! += d - k;
      o.algorithms.forEach((a, j) => {
        sums[j]![i]! += trafficOf(findAlgorithm(a.name).build(routings[j]!, src, dests)).additionalTraffic;
      });
    }
  });
  const out: Series[] = o.algorithms.map((a, j) => ({
    name: a.label,
    points: o.ks.map((k, i) => ({ x: k, y: sums[j]![i]! / o.sets })),
  }));
  if (o.baselines.oneToOne)
    out.push({ name: o.baselines.oneToOne, points: o.ks.map((k, i) => ({ x: k, y: one[i]! / o.sets })) });
  if (o.baselines.broadcast)
    out.push({ name: o.baselines.broadcast, points: o.ks.map((k) => ({ x: k, y: t.nodes - 1 - k })) });
  return out;
}
