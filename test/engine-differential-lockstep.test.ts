import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../src/engine/reference.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { firstResultDifference, runResults } from './engine-compare.ts';
import { randomConfigLockstep } from './engine-random.ts';

describe("differential under 'lockstep' tree replication (issue 27)", () => {
  it('240 random small configurations: the wasm engine and the reference give the same results, and the rule changes the runs with trees', async () => {
    let changed = 0;
    const statuses = new Map<string, number>();
    for (let seed = 0; seed < 240; seed++) {
      const cfg = randomConfigLockstep(seed);
      const input = { routing: cfg.routing, worms: cfg.worms, options: cfg.options };
      const ref = new ReferenceEngine(input);
      const wasm = await WasmEngine.create(input);
      const s1 = ref.runUntil(20_000);
      const s2 = wasm.runUntil(20_000);
      expect(firstResultDifference(`randomConfigLockstep(${seed}) ${cfg.label}`, ref, s1, wasm, s2)).toBeNull();
      statuses.set(s1, (statuses.get(s1) ?? 0) + 1);
      if (!cfg.worms.some((w) => w.kind === 'tree')) continue;
      const other = new ReferenceEngine({ ...input, options: { ...cfg.options, treeReplication: 'independent' } });
      const s3 = other.runUntil(20_000);
      if (JSON.stringify(runResults(other, s3)) !== JSON.stringify(runResults(ref, s1))) changed++;
    }
    // the sample finishes and deadlocks, and the rule is exercised (85 of the runs with trees differ from independent)
    expect(statuses.get('finished') ?? 0).toBeGreaterThan(100);
    expect(statuses.get('deadlock') ?? 0).toBeGreaterThan(0);
    expect(changed, `${changed} runs changed`).toBeGreaterThan(60);
  });
});
