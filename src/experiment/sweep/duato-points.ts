import { checkRunScheme, duatoCaveat } from '../../analysis/scheme-check.ts';
import { type Point, pointLabel } from '../config/grid.ts';
import { simulationRouting } from '../run/simulate.ts';

/**
 * The points of a sweep whose deadlock freedom rests on Duato's condition while they release VCs
 * at the tail (vcRelease 'tail-sent'), which voids it (docs/routing-adaptive.md "Duato's condition
 * and 'tail-sent'"): their labels, for the one warning `wormcast sweep` prints before it runs, as
 * `wormcast simulate` warns for one run. The check is made once per network, routing function,
 * algorithm and node model among such points.
 */
export function tailSentDuatoPoints(points: readonly Point[]): string[] {
  const verdicts = new Map<string, boolean>();
  const out: string[] = [];
  for (const p of points) {
    const c = p.config;
    if (c.vcRelease !== 'tail-sent' || c.trace !== undefined || c.traffic === 'isolated') continue;
    const key = JSON.stringify([c.topology, c.routing, c.algorithm, c.port, c.consumption, c.vcs, c.treeReplication]);
    let rests = verdicts.get(key);
    if (rests === undefined) {
      const routing = simulationRouting(c.topology, c.algorithm, c.routing, {
        ...(c.selection !== undefined ? { selection: c.selection } : {}),
      });
      const check = checkRunScheme(c.algorithm, routing, c);
      rests = duatoCaveat(check, c.vcRelease) !== null;
      verdicts.set(key, rests);
    }
    if (rests) out.push(pointLabel(p.values));
  }
  return out;
}
