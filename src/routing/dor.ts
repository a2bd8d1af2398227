import { WormcastError } from '../errors.ts';
import type { RoutingFactory } from './types.ts';

/** STUB: filled in by the work on this routing function (wasm id 2). */
export const dor: RoutingFactory = () => {
  throw new WormcastError('routing dor: not implemented yet');
};
