import { WormcastError } from '../errors.ts';
import { wormSchemeFor } from '../multicast/path-based/schemes.ts';
import { PATH_BASED_ALGORITHMS } from '../multicast/path-based/index.ts';
import { createPlan } from '../multicast/registry.ts';
import { TREE_BASED_ALGORITHMS } from '../multicast/tree-based/index.ts';
import type { RoutingFunction } from '../routing/types.ts';
import type { ConsumptionModel } from './consumption.ts';
import { checkDeadlock, type DeadlockReport, unicastScheme } from './deadlock.ts';
import { checkTreeDeadlock, type TreeHoldModel, treeEnumerationFor } from './deadlock-tree.ts';

/** Largest network (virtual channels) checked before a simulation: a fraction of a second. */
export const PRE_RUN_CHECK_VCS = 1 << 17;

/** The verdict on what a simulation will send, or why there is none. */
export type SchemeVerdict =
  | { readonly verdict: 'acyclic' | 'cyclic'; readonly report: DeadlockReport; readonly exact: boolean }
  | { readonly verdict: 'not-checked'; readonly reason: string };

/** What a run's check reads of its engine options: node model, VCs per class and tree replication. */
export interface RunModel {
  readonly port: ConsumptionModel['port'];
  readonly consumption: ConsumptionModel['consumption'];
  readonly vcs: number;
  readonly treeReplication?: string;
}

/** checkScheme of what one run sends (simulate's heading, sweep's warning): its copies and hold model from its options. */
export function checkRunScheme(algorithm: string, routing: RoutingFunction, run: RunModel): SchemeVerdict {
  return checkScheme(
    algorithm,
    routing,
    { port: run.port, consumption: run.consumption, copies: run.vcs },
    undefined,
    run.treeReplication === 'lockstep' ? 'lock-step' : 'branch',
  );
}

/**
 * An 'acyclic' verdict that rests on Duato's condition assumes that a VC is given to a new worm
 * only once its buffer is empty (J. Duato, "A New Theory of Deadlock-Free Adaptive Routing in
 * Wormhole Networks", IEEE TPDS 4(12), 1993: a queue holds the flits of one message at a time).
 * vcRelease 'tail-sent' (BookSim's wait_for_tail_credit = 0) gives it away when the holder's tail
 * comes in: a worm may then wait behind another's flits in an adaptive VC it holds, unable to fall
 * back to the escape channels, and a cycle of such waits deadlocks (docs/routing-adaptive.md
 * "Duato's condition and 'tail-sent'"). The note the run prints then, or null.
 */
export function duatoCaveat(check: SchemeVerdict, vcRelease: string | undefined): string | null {
  if (check.verdict !== 'acyclic' || vcRelease !== 'tail-sent') return null;
  if (!check.report.argument?.startsWith("Duato's condition:")) return null;
  return "by Duato's condition, which assumes a VC is given to a new worm only once its buffer is empty; --vc-release tail-sent gives it at the tail, so a worm may wait behind another's flits in an adaptive VC and this run may deadlock (docs/routing-adaptive.md)";
}

/**
 * The channel dependency graph of what a run of `algorithm` ('unicast' for unicast traffic) sends
 * on `routing`'s network under node model `model`, as the flit-level engine moves it:
 * - unicast traffic and unicast-based trees: the routing function over all pairs (their worms end
 *   at consumption channels and add no cycle);
 * - path-based algorithms: their worm scheme with the model's consumption channels;
 * - tree-based algorithms: their trees under the engine's holding, with the consumption channels:
 *   `holding` 'branch' (treeReplication 'independent': each router replicates onto its children as
 *   they are granted) or 'lock-step' (treeReplication 'lockstep': docs/model-flit.md "Tree
 *   replication", the frontier granted level by level).
 * A network over `maxVcs` virtual channels is not checked (the reason says how to check it).
 */
export function checkScheme(
  algorithm: string,
  routing: RoutingFunction,
  model: ConsumptionModel,
  maxVcs = PRE_RUN_CHECK_VCS,
  holding: TreeHoldModel = 'branch',
): SchemeVerdict {
  const t = routing.topology;
  const vcs = t.nodes * t.ports * routing.vcClasses.length;
  const how = `wormcast deadlock --topology ${t.spec} ${algorithm === 'unicast' || !(Object.hasOwn(PATH_BASED_ALGORITHMS, algorithm) || Object.hasOwn(TREE_BASED_ALGORITHMS, algorithm)) ? `--routing ${routing.name}` : `--algorithm ${algorithm} --port ${model.port} --consumption ${model.consumption} --vcs ${model.copies}`}`;
  if (vcs > maxVcs)
    return {
      verdict: 'not-checked',
      reason: `${vcs} virtual channels, over the ${maxVcs} checked before a run; run '${how}'`,
    };
  try {
    if (Object.hasOwn(TREE_BASED_ALGORITHMS, algorithm)) {
      const { enumeration, exact } = treeEnumerationFor(algorithm, t.nodes);
      const report = checkTreeDeadlock(
        algorithm,
        routing,
        (s, d) => createPlan(algorithm, routing, s, d),
        holding,
        enumeration,
        false,
        model,
      );
      return { verdict: report.verdict, report, exact: exact || report.verdict === 'cyclic' };
    }
    const scheme = Object.hasOwn(PATH_BASED_ALGORITHMS, algorithm)
      ? wormSchemeFor(algorithm, routing)
      : unicastScheme(routing);
    const report = checkDeadlock(scheme, model);
    return { verdict: report.verdict, report, exact: true };
  } catch (e) {
    if (e instanceof WormcastError) return { verdict: 'not-checked', reason: e.message.replace(/^wormcast: /, '') };
    throw e;
  }
}
