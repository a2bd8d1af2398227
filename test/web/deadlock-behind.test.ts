import { describe, expect, it } from 'vitest';
import { computeSimulation } from '../../src/web/simulate-panel.ts';
import { MESH4_SIM, WASM_BYTES } from './sim-request.ts';

/*
 * The deadlock of min-adaptive under 'tail-sent' (docs/routing-adaptive.md "Duato's condition and
 * 'tail-sent'") on the page: its report and the labels of the cycle's channels on the drawing say
 * what the CLI says. The labels said "worm a waits for ..." of a VC the worm holds.
 */
describe('simulation panel: a deadlock of waits behind flits', () => {
  it("the report and the drawing's cycle labels name the waits behind the next worm's flits", async () => {
    const v = await computeSimulation(
      {
        ...MESH4_SIM,
        topology: 'mesh:8x8',
        routing: 'min-adaptive',
        load: '0.3',
        flits: '16',
        vcs: '2',
        buffer: '8',
        routerDelay: '4',
        vcRelease: 'tail-sent',
        pattern: 'tornado',
        warmup: '5000',
        cycles: '10000',
        drain: '5000',
        seed: '3184043795',
      },
      WASM_BYTES,
    );
    expect(v.result.status).toBe('deadlock');
    const worms = v.result.deadlock!.worms;
    expect(v.cycleChannels.map((c) => c.label)).toEqual([
      `worm ${worms[0]} holds network channel 5,3 +y vc adaptive.1, its flits behind worm ${worms[1]}'s in the buffer`,
      `worm ${worms[1]} holds network channel 5,5 -x vc escape.0, its flits behind worm ${worms[2]}'s in the buffer`,
      `worm ${worms[2]} holds network channel 3,5 -y vc adaptive.1, its flits behind worm ${worms[3]}'s in the buffer`,
      `worm ${worms[3]} holds network channel 3,3 +x vc adaptive.1, its flits behind worm ${worms[0]}'s in the buffer`,
    ]);
    expect(v.deadlock!.slice(1, 5)).toEqual(v.cycleChannels.map((c) => c.label));
  }, 60_000);
});
