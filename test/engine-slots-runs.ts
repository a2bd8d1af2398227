import type { EngineInput, EngineOptions } from '../src/engine/types.ts';
import { randomConfig } from './engine-random.ts';

/**
 * The 200 slot-limited runs of test/engine-differential-slots.test.ts under one injection rule,
 * with VCs freed as before issue 15 ('tail-credit'), whatever randomConfig draws.
 */
export function slotRuns(
  injection: NonNullable<EngineOptions['injection']>,
): Array<{ run: string; label: string; input: EngineInput }> {
  const out: Array<{ run: string; label: string; input: EngineInput }> = [];
  for (let seed = 0; seed < 200; seed++) {
    const cfg = randomConfig(seed + 1000);
    // 16..39 slots: many runs run out, some in an injection request (the cycle completes),
    // some in a routing (step 2 stops before any move)
    const slots = 16 + (seed % 24);
    out.push({
      run: `randomConfig(${seed + 1000}) slots ${slots}`,
      label: cfg.label,
      input: {
        routing: cfg.routing,
        worms: cfg.worms,
        options: { ...cfg.options, slots, injection, vcRelease: 'tail-credit' },
      },
    });
  }
  return out;
}
