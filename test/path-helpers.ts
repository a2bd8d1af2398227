import { tracePlan } from '../src/analysis/paths.ts';
import type { Plan } from '../src/multicast/plan.ts';

/** The node sequence of message id's route: its sender, then the head of every hop. */
export function routeNodes(plan: Plan, id: number): number[] {
  const t = plan.topology;
  const paths = tracePlan(plan);
  const out = [plan.senders[id]!];
  for (let c = paths.offsets[id]!; c < paths.offsets[id + 1]!; c++) {
    const ch = Math.floor(paths.channels[c]! / paths.vcs);
    out.push(t.neighbor(Math.floor(ch / t.ports), ch % t.ports));
  }
  return out;
}

/** The VC class of every hop of message id. */
export function routeClasses(plan: Plan, id: number): number[] {
  const paths = tracePlan(plan);
  return Array.from(paths.channels.subarray(paths.offsets[id]!, paths.offsets[id + 1]!), (c) => c % paths.vcs);
}

/** Hops of message id. */
export function routeLength(plan: Plan, id: number): number {
  const paths = tracePlan(plan);
  return paths.offsets[id + 1]! - paths.offsets[id]!;
}
