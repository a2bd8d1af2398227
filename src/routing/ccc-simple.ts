import { WormcastError } from '../errors.ts';
import type { RoutingFactory } from './types.ts';

/** STUB: filled in by the work on this routing function (wasm id 5). */
export const cccSimple: RoutingFactory = () => {
  throw new WormcastError('routing ccc-simple: not implemented yet');
};
