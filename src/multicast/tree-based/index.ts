import type { MulticastAlgorithm } from '../types.ts';
import { dividedGreedy } from './divided-greedy.ts';
import { doubleChannelXFirst } from './double-channel-x-first.ts';
import { ecubeTree } from './ecube-tree.ts';
import { greedySt } from './greedy-st.ts';
import { len } from './len.ts';
import { xFirst } from './x-first.ts';

/** The tree-based (router-replicated) multicast algorithms of seed 004 chapters 5 and 6, by name. */
export const TREE_BASED_ALGORITHMS: Record<string, MulticastAlgorithm> = {
  'greedy-st': greedySt,
  'x-first': xFirst,
  'divided-greedy': dividedGreedy,
  'double-channel-x-first': doubleChannelXFirst,
  'ecube-tree': ecubeTree,
  len,
};
