import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/experiment/run/simulate.ts';
import { parseSimulationRequest, type SimulationRequest } from '../../src/web/simulate-panel.ts';
import { WatchSession } from '../../src/web/watch/session.ts';
import { MESH4_SIM, WASM_BYTES } from './sim-request.ts';

/*
 * A random-traffic run whose network empties before its window ends finishes at the window's end
 * (fb7423f: the engine idles, the host's clock goes on; Simulate says 'finished at cycle 2200'). The
 * watch of the same run said 'The run is over: finished at cycle 2151', the engine's last busy
 * cycle (mesh:6x6 dual-path, 5 destinations, load 0.02, faults nodes:3): two cycles for one run.
 */

describe('the watch of a run that finished before its window ended', () => {
  it("names the cycle Simulate's status names", async () => {
    const cases: SimulationRequest[] = [
      {
        ...MESH4_SIM,
        topology: 'mesh:6x6',
        algorithm: 'dual-path',
        dests: '5',
        load: '0.02',
        faults: 'nodes:3',
        warmup: '200',
        cycles: '2000',
        drain: '5000',
      },
    ];
    for (const req of cases) {
      const { config } = parseSimulationRequest(req);
      const run = await simulate(config);
      expect(run.status).toBe('finished');
      // the case this is about: the engine's last delivery before the window's end
      expect(run.cycles).toBe(run.window.to);
      const session = await WatchSession.create(req, WASM_BYTES);
      session.advance(1 << 20);
      expect(session.frame(1 << 20).over).toBe(`finished at cycle ${run.cycles}`);
    }
  });
});
