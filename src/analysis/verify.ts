import type { Plan } from '../multicast/plan.ts';
import type { PortModel } from '../multicast/types.ts';
import { type ContentionResult, checkContention, physicalSharing, type SharingResult } from './contention.ts';
import { tracePlan } from './paths.ts';
import { evaluateSteps, type StepResult } from './steps.ts';

/** Everything the step-level analysis says about one plan. */
export interface PlanAnalysis {
  readonly steps: StepResult;
  readonly contention: ContentionResult;
  readonly sharing: SharingResult;
}

/** Steps, contention (seed 001 Definition 4) and physical-link sharing (seed 000 section 6) of a plan. */
export function analyzePlan(plan: Plan, port: PortModel, exampleLimit = 10): PlanAnalysis {
  const steps = evaluateSteps(plan, port);
  const paths = tracePlan(plan);
  return {
    steps,
    contention: checkContention(plan, steps, paths, exampleLimit),
    sharing: physicalSharing(plan, steps, paths),
  };
}
