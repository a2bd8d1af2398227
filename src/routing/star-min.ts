import { WormcastError } from '../errors.ts';
import type { RoutingFactory } from './types.ts';

/** STUB: filled in by the work on this routing function (wasm id 8). */
export const starMin: RoutingFactory = () => {
  throw new WormcastError('routing star-min: not implemented yet');
};
