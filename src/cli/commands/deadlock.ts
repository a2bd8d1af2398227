import type { Command } from 'commander';
import { WormcastError, parseIntIn } from '../../errors.ts';
import {
  checkDeadlock,
  type DeadlockReport,
  formatDeadlockReport,
  unicastScheme,
  withOneClass,
} from '../../analysis/deadlock.ts';
import type { ConsumptionModel } from '../../analysis/consumption.ts';
import { faultRoutes, ROUTABLE_MAX_NODES, routablePairs } from '../../analysis/fault-routes.ts';
import { healthyComponents } from '../../fault/components.ts';
import { faultLine, faultsJson, unreachableJson } from '../../fault/fault-json.ts';
import { isFaultFree } from '../../fault/fault-set.ts';
import { addFaultOptions, type FaultOptions, faultSetOf } from '../fault-options.ts';
import { defaultNodeModel } from '../../multicast/node-model.ts';
import {
  checkTreeDeadlock,
  type TreeEnumeration,
  treeEnumerationFor,
  type TreeHoldModel,
} from '../../analysis/deadlock-tree.ts';
import { withNeighborTable } from '../../analysis/neighbor-table.ts';
import { PATH_SCHEMES, wormSchemeFor } from '../../multicast/path-based/schemes.ts';
import { createPlan, getAlgorithm, routingNameFor } from '../../multicast/registry.ts';
import { TREE_BASED_ALGORITHMS } from '../../multicast/tree-based/index.ts';
import { ROUTINGS, routingEntry } from '../../routing/registry.ts';
import { parseTopology } from '../../topology/registry.ts';
import { dependencyGraphEstimate, withRouteProgress } from '../deadlock-progress.ts';
import { limits, refuseOver } from '../limits.ts';
import { withProgress } from '../progress.ts';
import { createRoutingWith, cycleOption } from './multicast-options.ts';

interface DeadlockOptions extends FaultOptions {
  topology: string;
  routing?: string;
  algorithm?: string;
  oneClass?: boolean;
  dropBoundaryRule?: boolean;
  shortest?: boolean;
  lowFirst?: boolean;
  tieBreak?: string;
  dateline?: string;
  cycle?: string;
  holding?: string;
  enumeration?: string;
  port?: string;
  consumption?: string;
  vcs?: string;
  json?: boolean;
}

const HOLDING: readonly TreeHoldModel[] = ['lock-step', 'branch'];
const ENUMERATIONS: readonly TreeEnumeration[] = ['broadcast', 'all-subsets'];
const ALGORITHMS = [...Object.keys(PATH_SCHEMES), ...Object.keys(TREE_BASED_ALGORITHMS)];

/** What a tree check adds to the report: the holding model and which multicasts it covers. */
interface TreeCheck {
  readonly holding: TreeHoldModel;
  readonly enumeration: TreeEnumeration;
  /** True when the graph holds the dependencies of every multicast (an acyclic verdict is a proof). */
  readonly exact: boolean;
}

/** A named option value, or its default; an unknown value lists the known ones. */
function choice<T extends string>(option: string, text: string | undefined, values: readonly T[], fallback: T): T {
  if (text === undefined) return fallback;
  if ((values as readonly string[]).includes(text)) return text as T;
  throw new WormcastError(`${option} '${text}': expected one of ${values.join(', ')}`);
}

/**
 * `wormcast deadlock`: the channel dependency graph a unicast routing function (over all
 * source/destination pairs), a path-based multicast algorithm (over the worms it can send) or a
 * tree-based one (over its trees, under a holding model) induces on a topology, and the verdict:
 * acyclic, or one dependency cycle (docs/deadlock.md, docs/algorithms-tree.md).
 */
/** --tie-break: dor's only (docs/model-flit.md "Routing keys"). */
function tieBreakOption(text: string, routing: string): 'plus' | 'random' {
  if (text !== 'plus' && text !== 'random') throw new WormcastError(`--tie-break '${text}': expected plus or random`);
  if (routing !== 'dor') throw new WormcastError(`--tie-break applies to routing dor only, not ${routing}`);
  return text;
}

/** --dateline: dor's only (docs/model-flit.md "Routing keys"). */
function datelineOption(text: string, routing: string): 'position' | 'booksim' {
  if (text !== 'position' && text !== 'booksim')
    throw new WormcastError(`--dateline '${text}': expected position or booksim`);
  if (routing !== 'dor') throw new WormcastError(`--dateline applies to routing dor only, not ${routing}`);
  return text;
}

export function registerDeadlock(program: Command): void {
  const cmd = program
    .command('deadlock')
    .description(
      'check deadlock freedom: the channel dependency graph of a routing function, or of a path- or tree-based multicast algorithm; acyclic or one cycle',
    )
    .requiredOption('--topology <spec>', 'e.g. torus:64x64, ccc:10, mesh:6x6, hypercube:6, star:5')
    .option('--routing <name>', `${Object.keys(ROUTINGS).join(' | ')} (default with --algorithm: the algorithm's)`)
    .option('--algorithm <name>', `a path- or tree-based algorithm: ${ALGORITHMS.join(' | ')}`)
    .option(
      '--one-class',
      'merge the VC classes into one (shows what they are for: dor on a torus, the doubled channels of double-channel-x-first)',
    )
    .option('--drop-boundary-rule', 'hcm: keep the p class across boundary links (seed 003 section 2.2.4 without q)')
    .option('--shortest', 'label: only neighbours one hop closer are candidates')
    .option('--low-first', 'ecube: resolve the lowest dimension first (the order of seed 004 Fig. 6.1)')
    .option(
      '--tie-break <rule>',
      'dor on a torus at offset k/2: plus | random (both directions: the graph holds the routes of every draw)',
    )
    .option('--dateline <rule>', "dor's VC classes on a torus: position | booksim (BookSim's dim_order_torus)")
    .option(
      '--cycle <nodes>',
      'label / hcm: a Hamiltonian cycle in address syntax, in order ("0,0;1,0;..."), instead of the default labelling',
    )
    .option(
      '--holding <model>',
      'tree algorithms: lock-step (default; seed 004 section 6.1) | branch (the flit-level engine)',
    )
    .option(
      '--enumeration <which>',
      'tree algorithms: broadcast | all-subsets (default: the exact one when affordable)',
    )
    .option(
      '--port <model>',
      "path and tree algorithms: one | all (default: the algorithm's own); the node model whose consumption channels the graph includes",
    )
    .option(
      '--consumption <which>',
      'path and tree algorithms: port (one per node one-port, one per incoming link all-port) | vc (one per incoming VC); default as simulate: vc (docs/deadlock.md)',
    )
    .option('--vcs <k>', 'path and tree algorithms: VCs per class (simulate --vcs), default 1');
  addFaultOptions(cmd)
    .option(
      '--json',
      'print JSON: { verdict, channels, dependencies, millis, cycle: [{ from, to, port, class }], holding, enumeration, exact, faults, unreachable }',
    )
    .action((opts: DeadlockOptions) => {
      const t = parseTopology(opts.topology);
      const faults = faultSetOf(t, opts);
      if (!isFaultFree(faults) && opts.algorithm !== undefined)
        throw new WormcastError(
          'deadlock: --faults applies to a routing function (--routing) only; the multicast algorithms do not route around faults yet (docs/faults.md)',
        );
      if (!isFaultFree(faults) && t.nodes > ROUTABLE_MAX_NODES)
        throw new WormcastError(
          `deadlock --faults: ${t.spec} has ${t.nodes} nodes; the routes a fault set leaves are counted up to ${ROUTABLE_MAX_NODES}`,
        );
      const tree = opts.algorithm !== undefined && Object.hasOwn(TREE_BASED_ALGORITHMS, opts.algorithm);
      if (opts.algorithm !== undefined && !tree && !Object.hasOwn(PATH_SCHEMES, opts.algorithm)) {
        throw new WormcastError(
          `deadlock --algorithm '${opts.algorithm}': expected a path- or tree-based algorithm, one of ${ALGORITHMS.join(', ')}`,
        );
      }
      if (!tree && (opts.holding !== undefined || opts.enumeration !== undefined)) {
        throw new WormcastError(
          `deadlock: --holding and --enumeration apply to the tree algorithms (${Object.keys(TREE_BASED_ALGORITHMS).join(', ')})`,
        );
      }
      if (
        opts.algorithm === undefined &&
        (opts.port !== undefined || opts.consumption !== undefined || opts.vcs !== undefined)
      ) {
        throw new WormcastError(
          'deadlock: --port, --consumption and --vcs apply to --algorithm (unicast worms end at their consumption channel, which adds no dependency; the verdict of a routing function is the same under every node model)',
        );
      }
      let consumption: ConsumptionModel | undefined;
      if (opts.algorithm !== undefined) {
        const d = defaultNodeModel(opts.algorithm);
        consumption = {
          port: choice('--port', opts.port, ['one', 'all'] as const, d.port),
          consumption: choice('--consumption', opts.consumption, ['port', 'vc'] as const, d.consumption),
          copies: opts.vcs === undefined ? 1 : parseIntIn(opts.vcs, 1, 64, '--vcs'),
        };
      }
      const name =
        opts.algorithm !== undefined ? routingNameFor(getAlgorithm(opts.algorithm), t, opts.routing) : opts.routing;
      if (name === undefined)
        throw new WormcastError(
          `deadlock: give --routing <name> (${Object.keys(ROUTINGS).join(', ')}), or --algorithm <name> for a multicast algorithm`,
        );
      // an unknown name before the checks of dor's flags, which would take it for a routing function
      routingEntry(name);
      const routingOptions = {
        dropBoundaryRule: opts.dropBoundaryRule,
        shortest: opts.shortest,
        lowFirst: opts.lowFirst,
        faults,
        ...(opts.tieBreak !== undefined ? { tieBreak: tieBreakOption(opts.tieBreak, name) } : {}),
        ...(opts.dateline !== undefined ? { dateline: datelineOption(opts.dateline, name) } : {}),
      };
      const cycle = cycleOption(t, opts.cycle);
      let rep: DeadlockReport;
      let treeCheck: TreeCheck | undefined;
      let routingName: string;
      if (tree) {
        const algorithm = opts.algorithm!;
        const routing = createRoutingWith(name, t, cycle, routingOptions);
        const holding = choice('--holding', opts.holding, HOLDING, 'lock-step');
        const { enumeration, exact } = treeEnumerationFor(
          algorithm,
          t.nodes,
          opts.enumeration === undefined
            ? undefined
            : choice('--enumeration', opts.enumeration, ENUMERATIONS, 'broadcast'),
        );
        // progress: one plan per source (broadcast) or per source and destination set (all-subsets)
        const plans = enumeration === 'broadcast' ? t.nodes : t.nodes * (2 ** (t.nodes - 1) - 1);
        rep = withProgress('deadlock', plans, 'trees', (p) =>
          checkTreeDeadlock(
            algorithm,
            routing,
            (s, d) => {
              p.tick();
              return createPlan(algorithm, routing, s, d);
            },
            holding,
            enumeration,
            opts.oneClass === true,
            consumption,
          ),
        );
        treeCheck = { holding, enumeration, exact };
        routingName = opts.oneClass ? withOneClass(routing).name : routing.name;
      } else {
        // the checker routes ~N^2 times: answer the routing function's neighbour look-ups from a table
        let routing = createRoutingWith(name, withNeighborTable(t), cycle, routingOptions);
        if (opts.oneClass) routing = withOneClass(routing);
        // refuse a graph that cannot fit; show progress over the destinations (src/cli/deadlock-progress.ts)
        refuseOver(`deadlock on ${t.spec}`, dependencyGraphEstimate(routing), limits(), 'check a smaller network');
        // on a faulty network the graph holds the routes the function can still deliver: a message
        // whose route crosses a dead channel is undeliverable at its source and never enters (docs/faults.md)
        const ok = isFaultFree(faults) ? null : routablePairs(routing, faults);
        rep = withRouteProgress('deadlock', routing, (r) =>
          checkDeadlock(
            opts.algorithm !== undefined
              ? wormSchemeFor(opts.algorithm, r)
              : ok
                ? { ...unicastScheme(r), first: (a: number, b: number) => ok[a * t.nodes + b] === 1 }
                : unicastScheme(r),
            consumption,
          ),
        );
        routingName = routing.name;
      }
      const components = healthyComponents(t, faults);
      const counts = isFaultFree(faults)
        ? null
        : faultRoutes(createRoutingWith(name, t, cycle, routingOptions), faults);
      if (opts.json) {
        const out = {
          topology: rep.topology,
          routing: routingName,
          algorithm: opts.algorithm ?? null,
          scheme: rep.scheme,
          verdict: rep.verdict,
          argument: rep.argument ?? null,
          channels: rep.channels,
          dependencies: rep.dependencies,
          millis: Math.round(rep.millis),
          cycle:
            rep.verdict === 'cyclic'
              ? rep.cycle.map((c) => ({ from: c.from, to: c.to, port: c.port, class: c.class }))
              : [],
          holding: treeCheck?.holding ?? null,
          enumeration: treeCheck?.enumeration ?? null,
          exact: treeCheck ? treeCheck.exact : true,
          nodeModel: rep.consumption
            ? {
                port: rep.consumption.port,
                consumption: rep.consumption.consumption,
                vcs: rep.consumption.copies,
                consumptionChannelsPerNode: rep.consumption.perNode,
              }
            : null,
          faults: faultsJson(t, faults),
          unreachable: { ...unreachableJson(t, components), unroutable: counts?.unroutable ?? 0 },
        };
        process.stdout.write(`${JSON.stringify(out)}\n`);
        return;
      }
      const lines = formatDeadlockReport(rep);
      if (treeCheck) {
        const which =
          treeCheck.enumeration === 'broadcast'
            ? 'the broadcast from every source'
            : 'every multicast from every source (all destination sets)';
        lines.splice(
          1,
          0,
          `  trees of ${which}; ${treeCheck.holding} holding${treeCheck.exact ? '' : '; not every multicast: a cycle is real, an acyclic verdict is no proof'}`,
        );
      }
      if (counts)
        lines.push(
          faultLine(t, faults, components),
          `  the graph holds the routes of the ${counts.pairs - counts.unreachable - counts.unroutable} pairs ${routingName} still delivers; ${counts.unroutable} reachable pairs it cannot route past the faults`,
        );
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
