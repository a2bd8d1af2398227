import { WormcastError } from '../errors.ts';
import type { RoutingFactory } from './types.ts';

/** STUB: filled in by the work on this routing function (wasm id 6). */
export const label: RoutingFactory = () => {
  throw new WormcastError('routing label: not implemented yet');
};
