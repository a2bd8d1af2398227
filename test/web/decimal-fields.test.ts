import { describe, expect, it } from 'vitest';
import { WormcastError } from '../../src/errors.ts';
import { parseCurveLoads } from '../../src/web/curves/knee.ts';
import { parseSimulationRequest, type SimulationRequest } from '../../src/web/simulate-panel.ts';
import { runMain } from '../cli-main.ts';
import { MESH4_SIM } from './sim-request.ts';

/*
 * The form's number fields read decimal notation only, as the CLI does (src/errors.ts isDecimal,
 * docs/cli.md "Numbers"). They used Number(): load '0x10' ran at load 16 (the CLI: "'0x10' is not a
 * decimal number"), flit time '0x10' ns as 16 ns, hotspot fraction '0b1' as 1, and the curve
 * panel's loads '0x1 0x2' swept loads 1 and 2.
 */

const SIM: SimulationRequest = MESH4_SIM;

describe('decimal number fields', () => {
  it('refuses hex, binary and octal forms in every number field, as the CLI does', async () => {
    const cases: Array<[Partial<SimulationRequest>, string]> = [
      [{ load: '0x10' }, 'load'],
      [{ load: '0b1' }, 'load'],
      [{ load: '0o1' }, 'load'],
      [{ pattern: 'hotspot', hotspots: '1', hotspotFraction: '0b1' }, 'hotspot fraction'],
      [{ flitTimeNs: '0x10' }, 'flit time'],
      [{ channelMbps: '0x10', flitBytes: '4' }, 'channel'],
      [{ load: '', interarrivalUs: '0x10', flitTimeNs: '10' }, 'inter'],
      [{ startupUs: '0x1', flitTimeNs: '10' }, 'startup'],
    ];
    for (const [fields, field] of cases) {
      const e = (() => {
        try {
          parseSimulationRequest({ ...SIM, ...fields });
          return null;
        } catch (x) {
          return x;
        }
      })();
      expect(e, JSON.stringify(fields)).toBeInstanceOf(WormcastError);
      expect((e as Error).message, JSON.stringify(fields)).toContain(field);
    }
    // the CLI refuses the same
    const cli = await runMain(['simulate', '--topology', 'mesh:4x4', '--load', '0x10']);
    expect(cli.status).toBe(2);
    expect(cli.stderr).toContain("'0x10' is not a decimal number");
  });

  it('takes the decimal forms the CLI takes', () => {
    for (const load of ['.5', '0.5', '5e-1', '+0.5', ' 0.5 '])
      expect(parseSimulationRequest({ ...SIM, load }).config.load, load).toBe(0.5);
  });

  it("the curve panel's loads: decimal only", () => {
    expect(parseCurveLoads('0.05 .1, 2e-1;0.3')).toEqual([0.05, 0.1, 0.2, 0.3]);
    for (const bad of ['0x1', '0b1 0.2', '0.1 0o1', 'Infinity', '-0.1', '0'])
      expect(() => parseCurveLoads(bad), bad).toThrow(WormcastError);
    expect(() => parseCurveLoads('0x1')).toThrow("curves: load '0x1' must be a positive number");
  });
});
