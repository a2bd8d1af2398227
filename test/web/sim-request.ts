import { readFileSync } from 'node:fs';
import type { SimulationRequest } from '../../src/web/simulate-panel.ts';

/** The release module, as the page loads it (the DOM-free web tests run the panels in Node). */
export const WASM_BYTES = readFileSync(new URL('../../build/wormcast.wasm', import.meta.url));

/** A short unicast run of the simulation form on mesh:4x4: the base the web tests vary. */
export const MESH4_SIM: SimulationRequest = {
  scenario: '',
  topology: 'mesh:4x4',
  routing: '',
  algorithm: 'unicast',
  dests: '',
  load: '0.1',
  flits: '16',
  cycles: '1000',
  warmup: '100',
  drain: '1000',
  seed: '1',
  vcs: '1',
  buffer: '8',
  port: '',
};
