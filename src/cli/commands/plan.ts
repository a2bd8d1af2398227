import type { Command } from 'commander';
import { type ContentionResult, checkContention, physicalSharing, type SharingResult } from '../../analysis/contention.ts';
import { tracePlan } from '../../analysis/paths.ts';
import { evaluateSteps } from '../../analysis/steps.ts';
import { trafficOf } from '../../analysis/traffic.ts';
import { mulberry32, parseDestinations, resolveDestinations } from '../../multicast/destinations.ts';
import type { Plan } from '../../multicast/plan.ts';
import { MULTICAST_ALGORITHMS, getAlgorithm, routingNameFor } from '../../multicast/registry.ts';
import { parseTopology } from '../../topology/registry.ts';
import { createRoutingWith, cycleOption, formatList, type MulticastOptions, portOption, round, seedOption } from './multicast-options.ts';

interface PlanOptions extends MulticastOptions {
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
    first: v.first, second: v.second, firstStep: v.firstStep, secondStep: v.secondStep,
    firstUnicast: `${t.format(plan.senders[v.first]!)} -> ${t.format(plan.receiver(v.first))}`,
    secondUnicast: `${t.format(plan.senders[v.second]!)} -> ${t.format(plan.receiver(v.second))}`,
    channel: { node: t.format(v.node), port: t.portName(v.port), vc: plan.routing.vcClasses[v.vc] ?? String(v.vc) },
  }));
}

/** `wormcast plan`: one multicast's tree, its steps and its contention check (docs/plan-json.md). */
export function registerPlan(program: Command): void {
  program
    .command('plan')
    .description('the multicast tree of an algorithm: who sends to whom, at which step, over which channels, and its step count')
    .requiredOption('--topology <spec>', 'e.g. hypercube:4, ccc:5, mesh:6x6')
    .requiredOption('--algorithm <name>', Object.keys(MULTICAST_ALGORITHMS).join(' | '))
    .requiredOption('--source <addr>', 'source address')
    .requiredOption('--dests <list>', "addresses separated by ';' or spaces (\"0,0;5,4\", \"(3,01010);(1,00101)\"), all, or random:<m>")
    .option('--routing <name>', 'routing function (default: the one the algorithm is defined for)')
    .option('--port <model>', 'one | all (default: the model the algorithm was designed for)')
    .option('--seed <s>', 'seed of random:<m> (default 1)')
    .option('--cycle <nodes>', 'label / hcm routing: a Hamiltonian cycle in address syntax, in order ("0,0;1,0;..."), for sorted-mp/mc, the label schemes and hcm')
    .option('--no-check', 'skip the contention and physical-sharing analysis (for very large plans)')
    .option('--json', 'print JSON (docs/plan-json.md)')
    .action((opts: PlanOptions) => {
      const t = parseTopology(opts.topology);
      const algorithm = getAlgorithm(opts.algorithm);
      const routing = createRoutingWith(routingNameFor(algorithm, t, opts.routing), t, cycleOption(t, opts.cycle));
      const port = portOption(opts.port, algorithm);
      const source = t.parse(opts.source);
      const dests = resolveDestinations(t, source, parseDestinations(t, opts.dests), mulberry32(seedOption(opts.seed)));
      const plan = algorithm.build(routing, source, dests);
      const steps = evaluateSteps(plan, port);
      const paths = tracePlan(plan);
      const traffic = trafficOf(plan, paths);
      let contention: ContentionResult | undefined;
      let sharing: SharingResult | undefined;
      if (opts.check) {
        contention = checkContention(plan, steps, paths);
        sharing = physicalSharing(plan, steps, paths);
      }
      const hops = (id: number): HopJson[] => {
        const out: HopJson[] = [];
        for (let h = paths.offsets[id]!; h < paths.offsets[id + 1]!; h++) {
          const vc = paths.channels[h]! % paths.vcs;
          const phys = (paths.channels[h]! - vc) / paths.vcs;
          const node = Math.floor(phys / t.ports);
          const p = phys % t.ports;
          out.push({ from: t.format(node), to: t.format(t.neighbor(node, p)), port: t.portName(p), vc: routing.vcClasses[vc]! });
        }
        return out;
      };
      if (opts.json) {
        const out = {
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
          ...(contention && sharing ? {
            violations: contention.violations,
            violationExamples: violationJson(plan, contention),
            sharedPairs: sharing.sharedPairs,
            blocked: sharing.blocked,
            stepsShared: sharing.steps,
            meanStepsShared: round(sharing.meanSteps),
          } : {}),
          messages: plan.messages.map((m) => ({
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
            hops: hops(m.id),
          })),
        };
        process.stdout.write(`${JSON.stringify(out)}\n`);
        return;
      }
      const w = Math.max(...[source, ...dests].map((v) => t.format(v).length), 4);
      const lines: string[] = [];
      lines.push(`${algorithm.name} on ${t.spec} (routing ${routing.name}, ${port}-port): ${t.format(source)} to ${dests.length} destinations`);
      lines.push(`${'step'.padStart(4)}  ${'from'.padEnd(w)}    ${'to'.padEnd(w)}  path (port${routing.vcClasses.length > 1 ? '/vc' : ''} per hop); address field D`);
      const byStep = Array.from({ length: plan.count }, (_, id) => id).sort((a, b) => steps.messageStep[a]! - steps.messageStep[b]! || a - b);
      for (const id of byStep) {
        const path = hops(id).map((h) => ` -${h.port}${routing.vcClasses.length > 1 ? `/${h.vc}` : ''}-> ${h.to}`).join('');
        const m = plan.message(id);
        const to = m.dests.length === 1 ? t.format(m.dests[0]!) : `{${formatList(t, m.dests).join(' ')}}`;
        const d = m.address.length > 0 ? `; D = {${formatList(t, m.address).join(' ')}}` : '';
        lines.push(`${String(steps.messageStep[id]).padStart(4)}  ${t.format(m.from).padEnd(w)} -> ${to.padEnd(w)}  ${t.format(m.from)}${path}${d}`);
      }
      lines.push(`steps ${steps.steps} (lower bound ${steps.lowerBound}), mean ${round(steps.meanSteps)} over the destinations`);
      lines.push(`traffic ${traffic.traffic} channels (additional ${traffic.additionalTraffic}) in ${traffic.worms} messages; hops to a destination: max ${traffic.maxHops}, mean ${round(traffic.meanHops)}`);
      if (contention && sharing) {
        lines.push(contention.violations === 0 ? 'contention-free (seed 001 Definition 4)' : `${contention.violations} contending pairs of unicasts (seed 001 Definition 4), e.g.:`);
        for (const v of violationJson(plan, contention)) lines.push(`  ${JSON.stringify(v)}`);
        lines.push(`physical-link sharing (seed 000 section 6): ${sharing.sharedPairs} pairs in one step share a link; with the delays: steps ${sharing.steps}, mean ${round(sharing.meanSteps)}`);
      }
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
