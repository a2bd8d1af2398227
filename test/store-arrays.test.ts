import { describe, expect, it } from 'vitest';
import { simulate, type SimulateOptions } from '../src/experiment/config/simulate-options.ts';
import { sweep } from '../src/index.ts';

/* The result store keeps a small network's per-channel flits and per-node accepted throughput (docs/traffic.md "What is measured"). */
describe('arrays in the result store', () => {
  it("a mesh:4x4 point stores channelFlits (nodes x ports) and acceptedPerNode.perNode (nodes), equal to the run's", async () => {
    const out = await sweep({ topology: 'mesh:4x4', load: 0.1, cycles: 500, warmup: 100, replications: 1 } as never);
    const rep = out.rows[0]!.replications[0]!.result as {
      channelFlits: number[];
      acceptedPerNode: { min: number; max: number; perNode: number[] };
    };
    expect(rep.channelFlits).toHaveLength(16 * 4);
    expect(rep.acceptedPerNode.perNode).toHaveLength(16);
    const seed = out.rows[0]!.replications[0]!.seed;
    const r = await simulate({ topology: 'mesh:4x4', load: 0.1, cycles: 500, warmup: 100, seed } as SimulateOptions);
    expect(rep.channelFlits).toEqual(r.channelFlits);
    expect(rep.acceptedPerNode.perNode).toEqual(r.acceptedPerNode!.perNode.map((x) => Math.round(x * 1e6) / 1e6));
    expect(Math.min(...rep.acceptedPerNode.perNode)).toBeCloseTo(rep.acceptedPerNode.min, 4);
  });
});
