import type { Plan } from '../multicast/plan.ts';
import { tracePath } from '../routing/trace.ts';

/**
 * The virtual channels every message of a plan occupies, in hop order (docs/addressing.md:
 * physical channel = node * ports + port, virtual channel =
 * physical * V + vc, V = the routing function's VC class count). A message with several
 * destinations follows the routing function from each destination to the next.
 *
 * ```
 * offsets[id] .. offsets[id+1]   the hops of message id in `channels`
 * channels[h]                    virtual channel id of hop h
 * ```
 */
export interface PlanPaths {
  readonly offsets: Int32Array;
  readonly channels: Int32Array;
  /** VC classes per physical channel. */
  readonly vcs: number;
}

/** Trace every message of the plan with its routing function (src/routing/trace.ts). */
export function tracePlan(plan: Plan): PlanPaths {
  const r = plan.routing;
  const ports = plan.topology.ports;
  const vcs = r.vcClasses.length;
  if (plan.routes) return { offsets: plan.routes.offsets, channels: plan.routes.channels, vcs };
  const offsets = new Int32Array(plan.count + 1);
  let channels = new Int32Array(Math.max(16, plan.count * 4));
  let len = 0;
  for (let id = 0; id < plan.count; id++) {
    let at = plan.senders[id]!;
    for (let k = plan.destOffsets[id]!; k < plan.destOffsets[id + 1]!; k++) {
      const to = plan.destPool[k]!;
      for (const h of tracePath(r, at, to)) {
        if (len === channels.length) {
          const grown = new Int32Array(len * 2);
          grown.set(channels);
          channels = grown;
        }
        channels[len++] = (h.from * ports + h.port) * vcs + h.vc;
      }
      at = to;
    }
    offsets[id + 1] = len;
  }
  return { offsets, channels: channels.slice(0, len), vcs };
}
