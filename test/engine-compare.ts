import type { Engine, EngineStatus } from '../src/engine/types.ts';

/**
 * Everything a run reports, field by field (issue 15: engines are compared on results, not
 * bytes): status, final cycle, every counter, per-worm and per-destination times, per-channel
 * flits, slot use, and the deadlock report of a deadlocked run.
 */
export function runResults(e: Engine, status: EngineStatus): Array<[string, ArrayLike<number | string>]> {
  const c = e.counters();
  const t = e.times();
  const out: Array<[string, ArrayLike<number | string>]> = [
    ['status', [status]],
    ['cycle', [e.cycle]],
    ...Object.entries(c).map(([k, v]): [string, number[]] => [`counters.${k}`, [v]]),
    ['worm.activated', t.activated],
    ['worm.injected', t.injected],
    ['worm.done', t.done],
    ['worm.waits', t.waits],
    ['worm.destBase', t.destBase],
    ['dest.node', t.destNode],
    ['dest.head', t.destHead],
    ['dest.tail', t.destTail],
    ['dest.worm', t.destWorm],
    ['channelFlits', e.channelFlits()],
    ['slots.capacity', [e.slotUse().capacity]],
    ['slots.peak', [e.slotUse().peak]],
  ];
  if (status === 'deadlock') {
    const d = e.deadlock();
    out.push(
      ['deadlock.cycle', [d.cycle]],
      ['deadlock.lastProgress', [d.lastProgress]],
      ['deadlock.worms', d.worms],
      ['deadlock.channels', d.channels.map((v) => `${v.kind} ${v.node} ${v.port} ${v.vcClass}`)],
      ['deadlock.waiting', d.waiting],
    );
  }
  return out;
}

/**
 * The first field and index at which two runs' results differ, as a message naming the run
 * (`label`: its configuration, enough to reproduce it alone), or null when they agree.
 */
export function firstResultDifference(
  label: string,
  a: Engine,
  sa: EngineStatus,
  b: Engine,
  sb: EngineStatus,
): string | null {
  const ra = runResults(a, sa);
  const rb = runResults(b, sb);
  for (let f = 0; f < Math.max(ra.length, rb.length); f++) {
    const [name, x] = ra[f] ?? rb[f]!;
    const y = rb[f]?.[1];
    if (!y || ra[f]?.[0] !== rb[f]?.[0]) return `${label}: field ${name} present in one run only`;
    if (x.length !== y.length)
      return `${label}: ${name} has ${x.length} entries (${a.name}) against ${y.length} (${b.name})`;
    for (let i = 0; i < x.length; i++) {
      if (x[i] !== y[i]) return `${label}: ${name}[${i}] is ${x[i]} (${a.name}) but ${y[i]} (${b.name})`;
    }
  }
  return null;
}
