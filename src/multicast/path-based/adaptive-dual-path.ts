import type { MulticastAlgorithm } from '../types.ts';
import { dualPathPlan } from './dual-path.ts';

/**
 * Adaptive dual-path (docs/routing-adaptive.md "Adaptive multicast"): dual-path's two worms and
 * destination order (seed 004 Figs. 6.11, 6.12), each hop chosen by the engines' selection among
 * the label-adaptive choices: every hop one closer to the next destination that keeps the worm's
 * labels monotone, so the dual-path deadlock argument (seed 004 Theorem 6.1) holds over every
 * choice. The plan names no routes: the engines route each hop; the evaluators that follow
 * `routing.route` (step level, contention) see R's routes, which an idle network with selection
 * first-free takes too.
 */
export const adaptiveDualPath: MulticastAlgorithm = {
  name: 'adaptive-dual-path',
  summary: 'dual-path with label-monotone adaptive hops (label-adaptive routing; dual-path is seed 004 section 6.2.2)',
  topologies: ['mesh', 'hypercube'],
  routings: ['label-adaptive'],
  port: 'all',
  build: (routing, source, destinations) => dualPathPlan('adaptive-dual-path', routing, source, destinations, false),
};
