import { describe, expect, it } from 'vitest';
import { checkScheme, duatoCaveat } from '../src/analysis/scheme-check.ts';
import { type SimulateOptions, simulate } from '../src/experiment/config/simulate-options.ts';
import { deadlockSummary } from '../src/engine/results.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { runMain } from './cli-main.ts';

/*
 * min-adaptive is deadlock-free by Duato's condition, which assumes a VC goes to a new worm only
 * once its buffer is empty. Under vcRelease 'tail-sent' it is given at the tail, and a cycle of
 * worms each waiting behind the next one's flits in a VC it holds deadlocks (docs/routing-adaptive.md
 * "Duato's condition and 'tail-sent'"). Found in examples/experiments/mesh-8x8-patterns.yaml
 * (tornado, 0.3, min-adaptive, one replication): the watchdog stopped it and reported "no
 * wait-for cycle found among the 0 waiting worms".
 */

const FOUND: SimulateOptions = {
  topology: 'mesh:8x8',
  routing: 'min-adaptive',
  load: 0.3,
  flits: 16,
  vcs: 2,
  buffer: 8,
  routerDelay: 4,
  vcRelease: 'tail-sent',
  pattern: 'tornado',
  cycles: 10000,
  warmup: 5000,
  drain: 5000,
  seed: 3184043795,
};

describe("Duato's condition and 'tail-sent'", () => {
  it('the deadlock is a cycle of waits behind flits, reported alike by both engines', async () => {
    const wasm = await simulate({ ...FOUND, engine: 'wasm' });
    const ref = await simulate({ ...FOUND, engine: 'reference' });
    expect(wasm.status).toBe('deadlock');
    expect(ref.status).toBe('deadlock');
    const d = wasm.deadlock!;
    expect(ref.deadlock).toEqual(d);
    // four worms around a square of the mesh, each holding a VC behind the next one's flits
    expect(d.worms).toHaveLength(4);
    expect(d.channels.every((c) => c.behind === true && c.kind === 'network')).toBe(true);
    expect(d.channels.map((c) => c.node)).toEqual(['5,3', '5,5', '3,5', '3,3']);
    expect(d.channels.some((c) => c.vcClass.startsWith('escape'))).toBe(true);
    expect([...d.waiting].sort((a, b) => a - b)).toEqual([...d.worms].sort((a, b) => a - b));
    const routing = createRouting('min-adaptive', parseTopology('mesh:8x8'));
    const text = deadlockSummary(d, routing);
    expect(text.head).toMatch(
      /each waits for a VC the next one holds or behind its flits in a VC released to it at its tail:$/,
    );
    expect(text.cycle[0]).toBe(
      `worm ${d.worms[0]} holds network channel 5,3 +y vc adaptive.1, its flits behind worm ${d.worms[1]}'s in the buffer`,
    );
  }, 120_000);

  it('the same seed with the default rule (a VC given when empty) finishes', async () => {
    const r = await simulate({ ...FOUND, vcRelease: 'tail-credit' });
    expect(r.status).toBe('finished');
  }, 60_000);

  it('simulate warns when a run rests on Duato under tail-sent, and only then', async () => {
    const t = parseTopology('mesh:4x4');
    const model = { port: 'one', consumption: 'port', copies: 2 } as const;
    const duato = checkScheme('unicast', createRouting('min-adaptive', t), model);
    const turn = checkScheme('unicast', createRouting('west-first', t), model);
    expect(duatoCaveat(duato, 'tail-sent')).toMatch(/^by Duato's condition/);
    expect(duatoCaveat(duato, 'tail-credit')).toBeNull();
    expect(duatoCaveat(turn, 'tail-sent')).toBeNull();
    const base = ['simulate', '--topology', 'mesh:4x4', '--vcs', '2', '--load', '0.05', '--cycles', '300', '--json'];
    const warned = await runMain([...base, '--routing', 'min-adaptive', '--vc-release', 'tail-sent']);
    expect(warned.status).toBe(0);
    expect(warned.stderr).toMatch(
      /^wormcast: warning: routing min-adaptive is deadlock-free by Duato's condition, .* this run may deadlock/,
    );
    expect(JSON.parse(warned.stdout).deadlockCheck.caveat).toMatch(/^by Duato's condition/);
    for (const quiet of [
      ['--routing', 'min-adaptive'],
      ['--routing', 'west-first', '--vc-release', 'tail-sent'],
    ]) {
      const r = await runMain([...base, ...quiet]);
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout).deadlockCheck).toEqual({ verdict: 'acyclic' });
    }
  }, 60_000);

  it('sweep warns once, before it runs, naming the points that rest on Duato under tail-sent', async () => {
    const { tailSentDuatoPoints } = await import('../src/experiment/sweep/duato-points.ts');
    const { parseExperiment } = await import('../src/experiment/config/schema.ts');
    const { expandGrid } = await import('../src/experiment/config/grid.ts');
    const base = { topology: 'mesh:4x4', vcs: 2, load: 0.05, cycles: 300, warmup: 50, drain: 300 };
    const grid = { routing: ['dor', 'min-adaptive', 'west-first'], vcRelease: ['tail-credit', 'tail-sent'] };
    const points = expandGrid(parseExperiment({ name: 'd', base, grid }, 'd.yaml'), 'd.yaml');
    expect(tailSentDuatoPoints(points)).toEqual(['routing=min-adaptive vcRelease=tail-sent']);
    const dir = (await import('node:fs')).mkdtempSync(`${(await import('node:os')).tmpdir()}/wormcast-duato-`);
    const args = [
      'sweep',
      '--topology',
      'mesh:4x4',
      '--vcs',
      '2',
      '--load',
      '0.05',
      '--cycles',
      '300',
      '--warmup',
      '50',
    ];
    const rest = ['--drain', '300', '--replications', '1', '--quiet', '--grid', 'routing=dor,min-adaptive'];
    const warned = await runMain([...args, ...rest, '--vc-release', 'tail-sent', '--out', `${dir}/a.jsonl`]);
    expect(warned.status).toBe(0);
    expect(warned.stderr.split('\n')[0]).toBe(
      "wormcast: warning: sweep: 1 point (routing=min-adaptive) is deadlock-free by Duato's condition, which --vc-release tail-sent voids: it may deadlock (docs/routing-adaptive.md)",
    );
    const quiet = await runMain([...args, ...rest, '--out', `${dir}/b.jsonl`]);
    expect(quiet.stderr).not.toContain('warning');
    (await import('node:fs')).rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
