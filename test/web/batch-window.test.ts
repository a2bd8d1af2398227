import { describe, expect, it } from 'vitest';
import { inapplicableFields } from '../../src/web/form-options.ts';
import { computeSimulation } from '../../src/web/simulate-panel.ts';
import { runMain } from '../cli-main.ts';
import { MESH4_SIM, WASM_BYTES } from './sim-request.ts';

/*
 * A batch (process batch) is measured whole, from cycle 0 to its last delivery: `wormcast simulate
 * --process batch` refuses --warmup, --cycles and --drain as ignored. The page left its warm-up,
 * cycles and drain fields open and changed nothing with them:
 * cycles 2000 or 300000 ran the same batch. They are now disabled, as isolated
 * multicasts' load and window are (a warm-up of auto is still refused, as the library refuses it).
 */

const BASE = { scenario: false, trace: false, traffic: '' };

describe('the window fields of a batch', () => {
  it('are disabled for process batch (the load is not: it sets the creation rate)', () => {
    const off = inapplicableFields({ ...BASE, process: 'batch' });
    expect([...off].sort()).toEqual(['sim-cycles', 'sim-drain', 'sim-warmup']);
    expect(inapplicableFields({ ...BASE, process: 'bernoulli' }).size).toBe(0);
    expect(inapplicableFields({ ...BASE, process: '' }).size).toBe(0);
    expect([...inapplicableFields({ ...BASE, traffic: 'isolated', process: '' })].sort()).toEqual([
      'sim-cycles',
      'sim-drain',
      'sim-load',
      'sim-warmup',
    ]);
    // a trace keeps its network's and engine's fields; a scenario none
    const trace = inapplicableFields({ scenario: true, trace: true, traffic: '', process: '' });
    expect(trace.has('sim-vcs')).toBe(false);
    expect(trace.has('sim-load')).toBe(true);
    expect(inapplicableFields({ scenario: true, trace: false, traffic: '', process: '' }).has('sim-vcs')).toBe(true);
  });

  it('change nothing: the run is `wormcast simulate --process batch` without them', async () => {
    const req = { ...MESH4_SIM, process: 'batch', batch: '2', warmup: '50', cycles: '300000', drain: '0' };
    const v = await computeSimulation(req, WASM_BYTES);
    const cli = await runMain([
      'simulate',
      '--topology',
      'mesh:4x4',
      '--load',
      '0.1',
      '--process',
      'batch',
      '--batch',
      '2',
      '--seed',
      '1',
      '--json',
    ]);
    expect(cli.status, cli.stderr).toBe(0);
    const j = JSON.parse(cli.stdout);
    expect(v.result.drainTime).toBe(j.drainTime);
    expect(v.result.meanLatency).toBeCloseTo(j.meanLatency, 3);
    expect(v.result.completed).toBe(j.completed);
    expect(v.result.flitHops).toBe(j.flitHops);
  });
});
