import { WormcastError } from '../errors.ts';
import type { RoutingFactory } from './types.ts';

/** STUB: filled in by the work on this routing function (wasm id 7). */
export const hcm: RoutingFactory = () => {
  throw new WormcastError('routing hcm: not implemented yet');
};
