import { deadlockSummary } from '../../engine/results.ts';
import { warmupAutoText } from '../../experiment/run/warmup-auto.ts';
import type { SimulationResult } from '../../experiment/run/simulate.ts';
import type { RoutingFunction } from '../../routing/types.ts';
import { IncompleteRunError } from '../exit-status.ts';
import { resultInUs, resultJson } from '../../experiment/run/result-json.ts';
import { timingJson } from '../../experiment/run/run-timing.ts';

/*
 * How `wormcast simulate` prints a result (docs/cli.md "Statistics" and "Exit status of
 * simulate"): text lines or one JSON object on stdout; a run that did not complete the
 * measurement is still printed, marked, and then reported by an IncompleteRunError (one
 * `wormcast: warning: ...` line on stderr, exit 3).
 */

/** The line saying which part of the requested window was measured, or null when all of it was. */
export function windowLine(r: SimulationResult): string | null {
  const w = r.window;
  if (w.requestedTo === null || w.to >= w.requestedTo) return null;
  const asked = `${w.from}..${w.requestedTo}`;
  const why = r.deadlock
    ? `the network froze after cycle ${r.deadlock.lastProgress} (deadlock declared at cycle ${r.cycles})`
    : `the run stopped at cycle ${r.cycles} (${r.status})`;
  return w.to <= w.from
    ? `measured no cycle of the requested ${asked}: ${why}`
    : `measured cycles ${w.from}..${w.to} of the requested ${asked}: ${why}`;
}

/** The text form: a heading and short lines (a deadlock report is summarised; --json has it all). */
export function resultLines(r: SimulationResult, routing: RoutingFunction, heading: string): string[] {
  const f = (x: number, digits = 2): string => (Number.isFinite(x) ? x.toFixed(digits) : '-');
  const lines = [heading];
  if (r.incomplete) lines.push(`  INCOMPLETE: ${r.incomplete}`);
  if (r.saturation?.length)
    lines.push(`  SATURATED: ${r.saturation.join('; ')} (the latencies below are not steady-state values)`);
  lines.push(
    `  status ${r.status} at cycle ${r.cycles}; ${r.completed} of ${r.multicasts} messages measured completed`,
  );
  const cut = windowLine(r);
  if (cut) lines.push(`  window: ${cut}`);
  if (r.faults)
    lines.push(
      `  faults: ${r.faults.links.length} links, ${r.faults.nodes.length} nodes (${r.faults.deadLinks} links dead); ${r.undeliverable ?? 0} destinations of the measured messages undeliverable (counted, not sent; docs/faults.md)`,
    );
  lines.push(
    // a maximum over no latency is nothing to tell ('-', as the mean), not 0
    `  latency (creation to tail delivery) mean ${f(r.meanLatency)}, max ${Number.isFinite(r.meanLatency) ? r.maxLatency : '-'}; network latency mean ${f(r.meanNetworkLatency)}`,
    `  multicast completion mean ${f(r.meanCompletion)}, max ${Number.isFinite(r.meanCompletion) ? r.maxCompletion : '-'}`,
    ...(r.drainTime !== undefined ? [`  drain time ${f(r.drainTime, 0)} (the cycle of the last tail delivery)`] : []),
    ...(r.warmupAuto ? [`  warm-up auto: ${warmupAutoText(r.warmupAuto, '--cycles')}`] : []),
    `  throughput ${f(r.throughput, 4)} flits/node/cycle accepted, ${f(r.generated, 4)} generated`,
    `  flit-hops ${r.flitHops}; VC-wait cycles ${r.counters.vcWaitCycles}; physical-channel sharing events ${r.counters.sharingEvents}; channel utilisation mean ${r.channelUtilisation.mean.toFixed(3)}, max ${r.channelUtilisation.max.toFixed(3)}`,
  );
  if (r.status === 'out-of-slots') lines.push(`  slots: all ${r.slots.capacity} in use (the slot capacity, --slots)`);
  if (r.deadlock) {
    const d = deadlockSummary(r.deadlock, routing);
    lines.push(`  ${d.head}`, ...d.cycle.map((l) => `    ${l}`), `  ${d.waiting}`);
  } else lines.push('  deadlock: none');
  return lines;
}

/** The text line of resultInUs. */
function inUsLine(r: SimulationResult, cycleUs: number): string {
  const f = (x: number): string => (Number.isFinite(x) ? (x * cycleUs).toFixed(3) : '-');
  return `  in microseconds (${Number(cycleUs.toPrecision(6))} us per cycle): latency mean ${f(r.meanLatency)}, max ${f(r.maxLatency)}; network latency mean ${f(r.meanNetworkLatency)}; completion mean ${f(r.meanCompletion)}, max ${f(r.maxCompletion)}`;
}

/**
 * Print a result on stdout; then, when the run did not do what was asked, throw the
 * IncompleteRunError that makes the CLI warn on stderr and exit 3. With `cycleUs` (the run was
 * given in seed units with a time unit) the latencies are also printed in microseconds.
 */
export function printResult(
  r: SimulationResult,
  routing: RoutingFunction,
  heading: string,
  json: boolean,
  extra: Record<string, unknown> = {},
  cycleUs?: number,
): void {
  const lines = json ? [] : resultLines(r, routing, heading);
  if (!json && cycleUs !== undefined)
    lines.splice(lines.findIndex((l) => l.startsWith('  multicast completion')) + 1, 0, inUsLine(r, cycleUs));
  process.stdout.write(
    json
      ? `${JSON.stringify({ ...resultJson(r), ...extra, ...(cycleUs !== undefined ? { inUs: resultInUs(r, cycleUs) } : {}), ...(r.timing ? { timing: timingJson(r) } : {}) })}\n`
      : `${lines.join('\n')}\n`,
  );
  if (r.incomplete) throw new IncompleteRunError(r.incomplete);
  if (r.saturation?.length)
    throw new IncompleteRunError(
      `the network saturated: ${r.saturation.join('; ')}; its latencies are lower bounds, not steady-state values (lower --load; a sweep marks such points)`,
    );
}
