import { WormcastError } from '../errors.ts';
import type { RoutingFactory } from './types.ts';

/** STUB: filled in by the work on this routing function (wasm id 3). */
export const hc: RoutingFactory = () => {
  throw new WormcastError('routing hc: not implemented yet');
};
