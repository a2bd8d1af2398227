import { NONE, type Plan } from '../multicast/plan.ts';
import { type PlanPaths, tracePlan } from './paths.ts';
import { ReachableSets } from './reachable.ts';
import type { StepResult } from './steps.ts';

/** A pair of unicasts that is not contention-free, with the first channel found shared. */
export interface Violation {
  /** Message ids; `first` is sent no later than `second`. */
  readonly first: number;
  readonly second: number;
  readonly firstStep: number;
  readonly secondStep: number;
  /** The shared virtual channel id (physical * V + vc) and its parts. */
  readonly channel: number;
  readonly node: number;
  readonly port: number;
  readonly vc: number;
}

export interface ContentionResult {
  /** Distinct pairs of unicasts that violate seed 001 Definition 4. */
  readonly violations: number;
  /** The first violations found, at most the limit asked for. */
  readonly examples: Violation[];
}

/**
 * The contention-free test of seed 001 Definition 4 (seed 000 Theorem 1 gives sufficient
 * conditions for the same), over the virtual channels the routing function assigns: two
 * unicasts (u, v, t) and (x, y, tau) with t <= tau are contention-free iff their paths are
 * arc-disjoint, or t < tau and x is in the reachable set R_u. Every pair of unicasts that
 * shares a channel is tested (pairs that share none are arc-disjoint); a pair that shares
 * several channels counts once. Pairs from one sender are grouped: they violate only when
 * sent in the same step.
 */
export function checkContention(
  plan: Plan,
  steps: StepResult,
  paths: PlanPaths = tracePlan(plan),
  limit = 10,
): ContentionResult {
  const { offsets, channels, vcs } = paths;
  const count = plan.count;
  const stepOf = steps.messageStep;
  const reach = new ReachableSets(plan);
  // (channel, message) entries sorted by channel: channel * count + id fits a double exactly
  const entries = new Float64Array(channels.length);
  for (let id = 0, h = 0; id < count; id++) {
    for (; h < offsets[id + 1]!; h++) entries[h] = channels[h]! * count + id;
  }
  entries.sort();
  const bad = new Set<number>();
  const examples: Violation[] = [];
  const report = (a: number, b: number, channel: number): void => {
    const key = Math.min(a, b) * count + Math.max(a, b);
    if (bad.has(key)) return;
    bad.add(key);
    if (examples.length < limit) {
      const [f, s] = stepOf[a]! <= stepOf[b]! ? [a, b] : [b, a];
      const phys = Math.floor(channel / vcs);
      examples.push({
        first: f,
        second: s,
        firstStep: stepOf[f]!,
        secondStep: stepOf[s]!,
        channel,
        node: Math.floor(phys / plan.topology.ports),
        port: phys % plan.topology.ports,
        vc: channel % vcs,
      });
    }
  };
  const group: number[] = [];
  for (let i = 0; i < entries.length; ) {
    const channel = Math.floor(entries[i]! / count);
    group.length = 0;
    for (; i < entries.length && Math.floor(entries[i]! / count) === channel; i++) {
      const id = entries[i]! - channel * count;
      if (group[group.length - 1] !== id) group.push(id);
    }
    if (group.length < 2) continue;
    group.sort((a, b) => plan.senders[a]! - plan.senders[b]! || stepOf[a]! - stepOf[b]! || a - b);
    // runs of one sender: same-step pairs violate; other pairs across senders are tested
    const runStart: number[] = [];
    for (let k = 0; k < group.length; k++) {
      if (k === 0 || plan.senders[group[k]!] !== plan.senders[group[k - 1]!]) runStart.push(k);
      else if (stepOf[group[k]!] === stepOf[group[k - 1]!]) {
        for (
          let j = k - 1;
          j >= 0 && plan.senders[group[j]!] === plan.senders[group[k]!] && stepOf[group[j]!] === stepOf[group[k]!];
          j--
        )
          report(group[j]!, group[k]!, channel);
      }
    }
    runStart.push(group.length);
    for (let r = 0; r + 1 < runStart.length; r++) {
      for (let a = runStart[r]!; a < runStart[r + 1]!; a++) {
        const ma = group[a]!;
        for (let b = runStart[r + 1]!; b < group.length; b++) {
          const mb = group[b]!;
          const ta = stepOf[ma]!;
          const tb = stepOf[mb]!;
          if (ta === tb) report(ma, mb, channel);
          else if (
            ta < tb
              ? !reach.contains(plan.senders[ma]!, plan.senders[mb]!)
              : !reach.contains(plan.senders[mb]!, plan.senders[ma]!)
          )
            report(ma, mb, channel);
        }
      }
    }
  }
  return { violations: bad.size, examples };
}

/** Seed 000 section 6: the cost of multiplexing virtual channels onto physical links. */
export interface SharingResult {
  /** Pairs of unicasts in the same step (no-sharing schedule) whose paths use a common physical link. */
  readonly sharedPairs: number;
  /** Times a unicast was blocked for one step in the delay simulation. */
  readonly blocked: number;
  /** Receive step of each destination with the delays (aligned with plan.destinations). */
  readonly receiveStep: Int32Array;
  readonly steps: number;
  readonly meanSteps: number;
}

/**
 * Physical-link sharing (seed 000 section 6, docs/model.md): the virtual channels of one
 * direction between two neighbours share one physical link. `sharedPairs` counts the pairs of
 * unicasts of one step that use a common link. The delay simulation then replays the plan
 * step by step: in each step the unicasts due are served oldest first (by their step in the
 * no-sharing schedule, then id); one whose links include a link already taken in this step is
 * blocked and tries again in the next step, and every message its receiver sends later moves
 * with it (the receiver's reachable set is delayed). Other sends of the blocked message's
 * sender keep their schedule.
 */
export function physicalSharing(plan: Plan, steps: StepResult, paths: PlanPaths = tracePlan(plan)): SharingResult {
  const { offsets, channels, vcs } = paths;
  const count = plan.count;
  const stepOf = steps.messageStep;
  let maxStep = 0;
  for (const s of stepOf) maxStep = Math.max(maxStep, s);
  // messages by nominal step
  const byStep: number[][] = Array.from({ length: maxStep + 2 }, () => []);
  for (let id = 0; id < count; id++) byStep[stepOf[id]!]!.push(id);

  let sharedPairs = 0;
  const pairs = new Set<number>();
  for (const ids of byStep) {
    if (ids.length < 2) continue;
    const entries: number[] = [];
    for (const id of ids)
      for (let h = offsets[id]!; h < offsets[id + 1]!; h++) entries.push(Math.floor(channels[h]! / vcs) * count + id);
    entries.sort((a, b) => a - b);
    pairs.clear();
    for (let i = 0; i < entries.length; ) {
      const link = Math.floor(entries[i]! / count);
      let j = i;
      while (j < entries.length && Math.floor(entries[j]! / count) === link) j++;
      for (let a = i; a < j; a++) {
        for (let b = a + 1; b < j; b++) {
          const x = entries[a]! - link * count;
          const y = entries[b]! - link * count;
          if (x !== y) pairs.add(Math.min(x, y) * count + Math.max(x, y));
        }
      }
      i = j;
    }
    sharedPairs += pairs.size;
  }

  // delay simulation
  const slot = new Int32Array(count);
  const childStart = new Int32Array(count + 2);
  for (let id = 0; id < count; id++) {
    const after = plan.afters[id]!;
    slot[id] = stepOf[id]! - (after === NONE ? 0 : stepOf[after]!);
    childStart[after + 2]!++;
  }
  for (let k = 1; k < childStart.length; k++) childStart[k] = childStart[k]! + childStart[k - 1]!;
  const fill = childStart.slice();
  const children = new Int32Array(count);
  for (let id = 0; id < count; id++) children[fill[plan.afters[id]! + 1]!++] = id;

  const actual = new Int32Array(count);
  const queue: number[][] = [];
  const due = (id: number, s: number): void => {
    while (queue.length <= s) queue.push([]);
    queue[s]!.push(id);
  };
  for (let k = childStart[0]!; k < childStart[1]!; k++) due(children[k]!, slot[children[k]!]!);
  const taken = new Int32Array(plan.topology.nodes * plan.topology.ports).fill(-1);
  let blocked = 0;
  for (let s = 1; s < queue.length; s++) {
    const ids = queue[s]!;
    ids.sort((a, b) => stepOf[a]! - stepOf[b]! || a - b);
    for (const id of ids) {
      let free = true;
      for (let h = offsets[id]!; h < offsets[id + 1]! && free; h++) free = taken[Math.floor(channels[h]! / vcs)] !== s;
      if (!free) {
        blocked++;
        due(id, s + 1);
        continue;
      }
      for (let h = offsets[id]!; h < offsets[id + 1]!; h++) taken[Math.floor(channels[h]! / vcs)] = s;
      actual[id] = s;
      for (let k = childStart[id + 1]!; k < childStart[id + 2]!; k++) due(children[k]!, s + slot[children[k]!]!);
    }
  }
  const receiveStep = new Int32Array(plan.destinations.length);
  const index = new Map<number, number>();
  plan.destinations.forEach((d, i) => index.set(d, i));
  for (let id = 0; id < count; id++) {
    for (let k = plan.destOffsets[id]!; k < plan.destOffsets[id + 1]!; k++) {
      const i = index.get(plan.destPool[k]!);
      if (i !== undefined && (receiveStep[i] === 0 || actual[id]! < receiveStep[i]!)) receiveStep[i] = actual[id]!;
    }
  }
  let max = 0;
  let sum = 0;
  for (const s of receiveStep) {
    max = Math.max(max, s);
    sum += s;
  }
  const m = receiveStep.length;
  return { sharedPairs, blocked, receiveStep, steps: max, meanSteps: m === 0 ? 0 : sum / m };
}
