import type { Command } from 'commander';
import { WormcastError, parseIntIn } from '../../errors.ts';
import { analyzePlan } from '../../analysis/verify.ts';
import { mulberry32, parseDestinations, resolveDestinations } from '../../multicast/destinations.ts';
import { MULTICAST_ALGORITHMS, getAlgorithm, routingNameFor } from '../../multicast/registry.ts';
import { parseTopology } from '../../topology/registry.ts';
import { limits, refuseOver } from '../limits.ts';
import { planEstimate } from '../plan-memory.ts';
import { withProgress } from '../progress.ts';
import { violationJson } from './plan.ts';
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

interface VerifyOptions extends MulticastOptions {
  trials: string;
}

/** `wormcast verify`: the contention verifier and step statistics over many random multicasts. */
export function registerVerify(program: Command): void {
  program
    .command('verify')
    .description(
      'check contention-freedom (seed 001 Definition 4) on many random multicasts; mean steps with and without physical-link sharing',
    )
    .requiredOption('--topology <spec>', 'e.g. ccc:7, hypercube:10')
    .requiredOption('--algorithm <name>', Object.keys(MULTICAST_ALGORITHMS).join(' | '))
    .requiredOption('--dests <spec>', 'random:<m>, all, or a list of addresses (then --source is needed)')
    .option('--trials <t>', 'number of multicasts (default 100)', '100')
    .option('--source <addr>', 'source address (default: a uniformly random source per trial)')
    .option('--routing <name>', 'routing function (default: the one the algorithm is defined for)')
    .option('--port <model>', 'one | all (default: the model the algorithm was designed for)')
    .option('--seed <s>', 'seed of the random draws (default 1)')
    .option(
      '--cycle <nodes>',
      'label / hcm routing: a Hamiltonian cycle in address syntax, in order ("0,0;1,0;..."), for sorted-mp/mc, the label schemes and hcm',
    )
    .option('--json', 'print JSON (docs/plan-json.md)')
    .addHelpText('after', algorithmTopologiesHelp)
    .action((opts: VerifyOptions) => {
      const t = parseTopology(opts.topology);
      const algorithm = getAlgorithm(opts.algorithm);
      const routing = createRoutingWith(routingNameFor(algorithm, t, opts.routing), t, cycleOption(t, opts.cycle));
      const port = portOption(opts.port, algorithm);
      const trials = parseIntIn(opts.trials, 1, 1_000_000, '--trials');
      const seed = seedOption(opts.seed);
      const spec = parseDestinations(t, opts.dests);
      const fixedSource = opts.source === undefined ? undefined : t.parse(opts.source);
      if (spec.kind === 'list' && fixedSource === undefined)
        throw new WormcastError('verify: --source is needed with an explicit --dests list');
      const random = mulberry32(seed);
      let violations = 0;
      let violatingTrials = 0;
      let sumSteps = 0;
      let maxSteps = 0;
      let sumShared = 0;
      let maxShared = 0;
      let sumMean = 0;
      let sumMeanShared = 0;
      let sumBound = 0;
      let sumPairs = 0;
      let sumBlocked = 0;
      let example: object | undefined;
      // progress on stderr when the trials take long (src/cli/progress.ts)
      withProgress('verify', trials, 'trials', (progress) => {
        for (let k = 0; k < trials; k++) {
          const source = fixedSource ?? Math.floor(random() * t.nodes);
          const dests = resolveDestinations(t, source, spec, random);
          // every trial plans one multicast of this size: refuse before the first if one cannot fit
          if (k === 0)
            refuseOver(
              `verify ${algorithm.name} on ${t.spec}`,
              planEstimate(routing, algorithm.name, source, dests),
              limits(),
              'give fewer destinations (--dests random:<m>) or a smaller network',
            );
          const plan = algorithm.build(routing, source, dests);
          const a = analyzePlan(plan, port, 1);
          violations += a.contention.violations;
          if (a.contention.violations > 0) {
            violatingTrials++;
            example ??= {
              trial: k,
              source: t.format(source),
              destinations: formatList(t, dests),
              violation: violationJson(plan, a.contention)[0],
            };
          }
          sumSteps += a.steps.steps;
          maxSteps = Math.max(maxSteps, a.steps.steps);
          sumMean += a.steps.meanSteps;
          sumBound += a.steps.lowerBound;
          sumShared += a.sharing.steps;
          maxShared = Math.max(maxShared, a.sharing.steps);
          sumMeanShared += a.sharing.meanSteps;
          sumPairs += a.sharing.sharedPairs;
          sumBlocked += a.sharing.blocked;
          progress.update(k + 1);
        }
      });
      const out = {
        topology: t.spec,
        routing: routing.name,
        algorithm: algorithm.name,
        port,
        dests: opts.dests,
        source: fixedSource === undefined ? null : t.format(fixedSource),
        trials,
        seed,
        violations,
        violatingTrials,
        meanSteps: round(sumSteps / trials),
        maxSteps,
        meanStepsShared: round(sumShared / trials),
        maxStepsShared: maxShared,
        meanLowerBound: round(sumBound / trials),
        meanDestinationSteps: round(sumMean / trials),
        meanDestinationStepsShared: round(sumMeanShared / trials),
        meanSharedPairs: round(sumPairs / trials),
        meanBlocked: round(sumBlocked / trials),
        example: example ?? null,
      };
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(out)}\n`);
        return;
      }
      const lines = [
        `${algorithm.name} on ${t.spec} (routing ${routing.name}, ${port}-port), ${trials} multicasts to ${opts.dests} (seed ${seed}):`,
        `  violations of seed 001 Definition 4: ${violations} pairs in ${violatingTrials} multicasts`,
        `  steps: mean ${out.meanSteps} (max ${maxSteps}), mean lower bound ${out.meanLowerBound}; per destination ${out.meanDestinationSteps}`,
        `  with physical-link sharing (seed 000 section 6): mean ${out.meanStepsShared} (max ${maxShared}); per destination ${out.meanDestinationStepsShared}`,
        `  shared-link pairs per multicast ${out.meanSharedPairs}, blocked unicasts per multicast ${out.meanBlocked}`,
      ];
      if (example) lines.push(`  first violation: ${JSON.stringify(example)}`);
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
