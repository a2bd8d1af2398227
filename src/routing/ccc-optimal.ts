import { WormcastError } from '../errors.ts';
import type { RoutingFactory } from './types.ts';

/** STUB: filled in by the work on this routing function (wasm id 4). */
export const cccOptimal: RoutingFactory = () => {
  throw new WormcastError('routing ccc-optimal: not implemented yet');
};
