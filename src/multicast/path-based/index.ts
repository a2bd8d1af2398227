import type { MulticastAlgorithm } from '../types.ts';
import { adaptiveDualPath } from './adaptive-dual-path.ts';
import { dualPath } from './dual-path.ts';
import { fixedPath } from './fixed-path.ts';
import { hcmFixed } from './hcm-fixed.ts';
import { hcmUniform } from './hcm-uniform.ts';
import { hpDualPath } from './hp-dual-path.ts';
import { multiPath } from './multi-path.ts';
import { sortedMc } from './sorted-mc.ts';
import { sortedMp } from './sorted-mp.ts';

/** The path-based (multidestination worm) algorithms, by the names the CLI and configs use. */
export const PATH_BASED_ALGORITHMS: Record<string, MulticastAlgorithm> = {
  'sorted-mp': sortedMp,
  'sorted-mc': sortedMc,
  'dual-path': dualPath,
  'multi-path': multiPath,
  'fixed-path': fixedPath,
  'hcm-uniform': hcmUniform,
  'hcm-fixed': hcmFixed,
  'hp-dual-path': hpDualPath,
  'adaptive-dual-path': adaptiveDualPath,
};
