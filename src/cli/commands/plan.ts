import type { Command } from 'commander';
import { planFaults, tracePlanToFaults } from '../../analysis/plan-faults.ts';
import { healthyComponents } from '../../fault/components.ts';
import { faultLine, faultsJson } from '../../fault/fault-json.ts';
import { isFaultFree } from '../../fault/fault-set.ts';
import { addFaultOptions, type FaultOptions, faultSetOf } from '../fault-options.ts';
import {
  type ContentionResult,
  checkContention,
  physicalSharing,
  type SharingResult,
} from '../../analysis/contention.ts';
import { tracePlan } from '../../analysis/paths.ts';
import { evaluateSteps } from '../../analysis/steps.ts';
import { trafficOf } from '../../analysis/traffic.ts';
import { mulberry32, parseDestinations, resolveDestinations } from '../../multicast/destinations.ts';
import type { Plan } from '../../multicast/plan.ts';
import { MULTICAST_ALGORITHMS, getAlgorithm, routingNameFor } from '../../multicast/registry.ts';
import { parseTopology } from '../../topology/registry.ts';
import { limits, refuseOver } from '../limits.ts';
import { planEstimate } from '../plan-memory.ts';
import { planListing } from '../plan-text.ts';
import { Progress, withProgress } from '../progress.ts';
import {
  algorithmTopologiesHelp,
  createRoutingWith,
  cycleOption,
  formatList,
  type MulticastOptions,
  portOption,
  round,
  seedOption,
} from './multicast-options.ts';

interface PlanOptions extends MulticastOptions, FaultOptions {
  source: string;
  check: boolean;
}

/** One hop as `plan --json` prints it (the same shape as `route --json`). */
interface HopJson {
  from: string;
  to: string;
  port: string;
  vc: string;
}

/** A contention violation as the JSON output prints it (docs/plan-json.md). */
export function violationJson(plan: Plan, c: ContentionResult): object[] {
  const t = plan.topology;
  return c.examples.map((v) => ({
    first: v.first,
    second: v.second,
    firstStep: v.firstStep,
    secondStep: v.secondStep,
    firstUnicast: `${t.format(plan.senders[v.first]!)} -> ${t.format(plan.receiver(v.first))}`,
    secondUnicast: `${t.format(plan.senders[v.second]!)} -> ${t.format(plan.receiver(v.second))}`,
    channel: { node: t.format(v.node), port: t.portName(v.port), vc: plan.routing.vcClasses[v.vc] ?? String(v.vc) },
  }));
}

/** `wormcast plan`: one multicast's tree, its steps and its contention check (docs/plan-json.md). */
export function registerPlan(program: Command): void {
  const cmd = program
    .command('plan')
    .description(
      'the multicast tree of an algorithm: who sends to whom, at which step, over which channels, and its step count',
    )
    .requiredOption('--topology <spec>', 'e.g. hypercube:4, ccc:5, mesh:6x6')
    .requiredOption('--algorithm <name>', Object.keys(MULTICAST_ALGORITHMS).join(' | '))
    .requiredOption('--source <addr>', 'source address')
    .requiredOption(
      '--dests <list>',
      'addresses separated by \';\' or spaces ("0,0;5,4", "(3,01010);(1,00101)"), all, or random:<m>',
    )
    .option('--routing <name>', 'routing function (default: the one the algorithm is defined for)')
    .option('--port <model>', 'one | all (default: the model the algorithm was designed for)')
    .option('--seed <s>', 'seed of random:<m> (default 1)')
    .option(
      '--cycle <nodes>',
      'label / hcm routing: a Hamiltonian cycle in address syntax, in order ("0,0;1,0;..."), for sorted-mp/mc, the label schemes and hcm',
    )
    .option('--no-check', 'skip the contention and physical-sharing analysis (for very large plans)');
  addFaultOptions(cmd)
    .option('--json', 'print JSON (docs/plan-json.md)')
    .addHelpText('after', algorithmTopologiesHelp)
    .action(async (opts: PlanOptions) => {
      const t = parseTopology(opts.topology);
      const algorithm = getAlgorithm(opts.algorithm);
      const faults = faultSetOf(t, opts);
      // a fault-tolerant routing function routes around the faults; the others ignore them
      const routing = createRoutingWith(routingNameFor(algorithm, t, opts.routing), t, cycleOption(t, opts.cycle), {
        faults,
      });
      const port = portOption(opts.port, algorithm);
      const source = t.parse(opts.source);
      const dests = resolveDestinations(t, source, parseDestinations(t, opts.dests), mulberry32(seedOption(opts.seed)));
      refuseOver(
        `plan ${algorithm.name} on ${t.spec}`,
        planEstimate(routing, algorithm.name, source, dests),
        limits(),
        'give fewer destinations (--dests random:<m>) or a smaller network',
      );
      // the phases, with progress on stderr when they take long (src/cli/progress.ts)
      const { plan, steps, paths, traffic, contention, sharing } = withProgress(
        'plan',
        opts.check ? 5 : 4,
        'phases',
        (p) => {
          // the construction cannot report as it goes: a large request draws its bar at once (a terminal)
          if (dests.length >= PLAN_SHOW_AT_ONCE) p.show();
          const plan = algorithm.build(routing, source, dests);
          p.update(1);
          const steps = evaluateSteps(plan, port);
          p.update(2);
          // on a faulty network a route is shown as far as its first dead channel (docs/faults.md "Plans")
          const paths = isFaultFree(faults) ? tracePlan(plan) : tracePlanToFaults(plan, faults);
          p.update(3);
          const traffic = trafficOf(plan, paths);
          p.update(4);
          let contention: ContentionResult | undefined;
          let sharing: SharingResult | undefined;
          if (opts.check) {
            contention = checkContention(plan, steps, paths);
            sharing = physicalSharing(plan, steps, paths);
            p.update(5);
          }
          return { plan, steps, paths, traffic, contention, sharing };
        },
      );
      // computed first: which destinations the faults keep from their copies (docs/faults.md "Plans")
      const lost = planFaults(plan, paths, faults);
      const hopJson = (h: number): HopJson => {
        const vc = paths.channels[h]! % paths.vcs;
        const phys = (paths.channels[h]! - vc) / paths.vcs;
        const node = Math.floor(phys / t.ports);
        const p = phys % t.ports;
        return {
          from: t.format(node),
          to: t.format(t.neighbor(node, p)),
          port: t.portName(p),
          vc: routing.vcClasses[vc]!,
        };
      };
      const hops = (id: number): HopJson[] => {
        const out: HopJson[] = [];
        for (let h = paths.offsets[id]!; h < paths.offsets[id + 1]!; h++) out.push(hopJson(h));
        return out;
      };
      if (opts.json) {
        const head = {
          topology: t.spec,
          routing: routing.name,
          algorithm: algorithm.name,
          port,
          source: t.format(source),
          destinations: formatList(t, dests),
          steps: steps.steps,
          meanSteps: round(steps.meanSteps),
          lowerBound: steps.lowerBound,
          receiveSteps: Array.from(steps.receiveStep),
          traffic: traffic.traffic,
          additionalTraffic: traffic.additionalTraffic,
          worms: traffic.worms,
          maxHops: traffic.maxHops,
          meanHops: round(traffic.meanHops),
          faults: faultsJson(t, faults),
          undeliverable: lost.undeliverable.length,
          undeliverableDestinations: formatList(t, lost.undeliverable),
          unreachableDestinations: lost.unreachable,
          ...(contention && sharing
            ? {
                violations: contention.violations,
                violationExamples: violationJson(plan, contention),
                sharedPairs: sharing.sharedPairs,
                blocked: sharing.blocked,
                stepsShared: sharing.steps,
                meanStepsShared: round(sharing.meanSteps),
              }
            : {}),
        };
        // the messages are written one by one (a broadcast on 2^20 nodes has a million of them),
        // in the bytes JSON.stringify would give for the whole object with `messages` last
        const out = new ChunkedWriter();
        out.write(`${JSON.stringify(head).slice(0, -1)},"messages":[`);
        // written with back-pressure: a pipe to a slow reader would otherwise queue the whole
        // output in memory (650 MB for ccc:16)
        const p = new Progress('plan --json', plan.count, 'messages');
        try {
          for (let id = 0; id < plan.count; id++) {
            const m = plan.message(id);
            const long = paths.offsets[id + 1]! - paths.offsets[id]! > LONG_MESSAGE_HOPS;
            const text = JSON.stringify({
              id: m.id,
              from: t.format(m.from),
              to: t.format(m.dests[0]!),
              dests: formatList(t, m.dests),
              address: formatList(t, m.address),
              after: m.after < 0 ? null : m.after,
              order: m.order,
              step: steps.messageStep[m.id]!,
              kind: m.kind,
              network: m.network ?? null,
              hops: long ? [] : hops(m.id),
            });
            if (!long) out.write(`${id > 0 ? ',' : ''}${text}`);
            else {
              // a worm through millions of nodes: its hops one by one (the text ends in "hops":[]})
              out.write(`${id > 0 ? ',' : ''}${text.slice(0, -2)}`);
              for (let h = paths.offsets[id]!; h < paths.offsets[id + 1]!; h++) {
                out.write(`${h > paths.offsets[id]! ? ',' : ''}${JSON.stringify(hopJson(h))}`);
                if (out.due) await out.flush();
              }
              out.write(']}');
            }
            if (out.due) await out.flush();
            p.update(id + 1);
          }
        } finally {
          p.stop();
        }
        out.write(']}\n');
        await out.flush();
        return;
      }
      // widest address among the source and the destinations (a loop: a spread of a million
      // values into Math.max overflows the stack)
      let w = Math.max(4, t.format(source).length);
      for (let i = 0; i < dests.length; i++) w = Math.max(w, t.format(dests[i]!).length);
      const lines: string[] = [];
      lines.push(
        `${algorithm.name} on ${t.spec} (routing ${routing.name}, ${port}-port): ${t.format(source)} to ${dests.length} destinations`,
      );
      lines.push(
        `${'step'.padStart(4)}  ${'from'.padEnd(w)}    ${'to'.padEnd(w)}  path (port${routing.vcClasses.length > 1 ? '/vc' : ''} per hop) or tree (node -> children); address field D`,
      );
      lines.push(...planListing(plan, paths, steps.messageStep, w));
      lines.push(
        `steps ${steps.steps} (lower bound ${steps.lowerBound}), mean ${round(steps.meanSteps)} over the destinations`,
      );
      lines.push(
        `traffic ${traffic.traffic} channels (additional ${traffic.additionalTraffic}) in ${traffic.worms} messages; hops to a destination: max ${traffic.maxHops}, mean ${round(traffic.meanHops)}`,
      );
      if (!isFaultFree(faults))
        lines.push(
          `${faultLine(t, faults, healthyComponents(t, faults))}; ${lost.undeliverable.length} of ${dests.length} destinations undeliverable (${lost.unreachable} unreachable)${
            lost.undeliverable.length > 0
              ? `: ${lost.undeliverable
                  .slice(0, 16)
                  .map((d) => t.format(d))
                  .join(' ')}${lost.undeliverable.length > 16 ? ' ...' : ''}`
              : ''
          }`,
        );
      if (contention && sharing) {
        lines.push(
          contention.violations === 0
            ? 'contention-free (seed 001 Definition 4)'
            : `${contention.violations} contending pairs of unicasts (seed 001 Definition 4), e.g.:`,
        );
        for (const v of violationJson(plan, contention)) lines.push(`  ${JSON.stringify(v)}`);
        lines.push(
          `physical-link sharing (seed 000 section 6): ${sharing.sharedPairs} pairs in one step share a link; with the delays: steps ${sharing.steps}, mean ${round(sharing.meanSteps)}`,
        );
      }
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}

/** Messages with more hops than this are written hop by hop in --json. */
export const LONG_MESSAGE_HOPS = 4096;

/** Destinations from which `plan` shows its progress at once (a plan of 2^17 takes a few seconds). */
export const PLAN_SHOW_AT_ONCE = 1 << 17;

/** Buffers many small writes to stdout into writes of about 1 MiB, waiting for the reader between them. */
class ChunkedWriter {
  private parts: string[] = [];
  private size = 0;

  write(s: string): void {
    this.parts.push(s);
    this.size += s.length;
  }

  /** A chunk is ready: flush() before writing on. */
  get due(): boolean {
    return this.size >= 1 << 20;
  }

  async flush(): Promise<void> {
    if (this.parts.length === 0) return;
    const ok = process.stdout.write(this.parts.join(''));
    this.parts = [];
    this.size = 0;
    if (!ok) await drained(process.stdout);
  }
}

/** Resolves when `stream` has written what it queued (or has closed); rejects on its error. */
function drained(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (): void => {
      off();
      resolve();
    };
    const fail = (e: Error): void => {
      off();
      reject(e);
    };
    const off = (): void => {
      stream.off('drain', done);
      stream.off('close', done);
      stream.off('error', fail);
    };
    stream.once('drain', done);
    stream.once('close', done);
    stream.once('error', fail);
  });
}
