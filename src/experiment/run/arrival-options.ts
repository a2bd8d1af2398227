import { isDecimal, WormcastError } from '../../errors.ts';
import type { ArrivalProcess } from './traffic.ts';

/** A run's arrival options as given (SimulateConfig.process, .onoff, .batch). */
export interface ArrivalOptions {
  process?: string;
  /** 'onoff': `alpha,beta`. */
  onoff?: string;
  /** 'batch': messages per node. */
  batch?: number;
}

/** What the traffic stream takes of them (TrafficSpec.process, .onoff, .batch). */
export interface ArrivalSpec {
  process: ArrivalProcess;
  onoff?: { alpha: number; beta: number };
  batch?: number;
}

/**
 * The arrival process of a run, checked: `onoff` goes with process onoff and `batch` with
 * process batch, each required there and refused elsewhere, in one line.
 */
export function arrivalSpec(o: ArrivalOptions): ArrivalSpec {
  const process = (o.process ?? 'bernoulli') as ArrivalProcess;
  if (process !== 'onoff' && o.onoff !== undefined)
    throw new WormcastError(`onoff: applies to process onoff only, not ${process}`);
  if (process !== 'batch' && o.batch !== undefined)
    throw new WormcastError(`batch: applies to process batch only, not ${process}`);
  if (process === 'batch') {
    if (o.batch === undefined)
      throw new WormcastError('process batch: needs batch, the messages each node sends (e.g. --batch 100)');
    return { process, batch: o.batch };
  }
  if (process !== 'onoff') return { process };
  if (o.onoff === undefined)
    throw new WormcastError(
      'process onoff: needs onoff, the probabilities per cycle of turning on and off (e.g. --onoff 0.01,0.05)',
    );
  // plain decimal notation only (docs/cli.md "Numbers"): Number() also reads '0x1' and '' (0)
  const parts = o.onoff.split(',').map((x) => (isDecimal(x) ? Number(x.trim()) : Number.NaN));
  const [alpha, beta] = parts;
  if (parts.length !== 2 || !(alpha! > 0 && alpha! <= 1) || !(beta! >= 0 && beta! <= 1))
    throw new WormcastError(
      `onoff: '${o.onoff}' must be alpha,beta with alpha (off to on) in (0, 1] and beta (on to off) in [0, 1], e.g. 0.01,0.05`,
    );
  return { process, onoff: { alpha: alpha!, beta: beta! } };
}
