// Live slots per flit-hop (docs/kernel.md "With the traffic in the kernel"): the walk visits every
// live slot of every active worm each cycle, so slots per flit-hop bounds what skipping idle visits
// could save. Runs the wasm engine one cycle at a time over uniform unicast traffic
// (src/experiment/run/traffic.ts, seed 42, 16-flit messages, 8-flit buffers) and reads header
// words H_LIVESLOTS and H_ACTIVE_N after each cycle. It also walks the active worms' slot lists and
// counts the worms alone on every channel they hold (no network slot's channel with another VC
// held, A_HELD > 1): the share of the walk's visits an evaluation that advances such worms between
// events could leave out (docs/kernel.md "What 50x on the 8x8 mesh ... would take").
//
//   npx tsx bench/live-slots.ts <topology> <load> ['<engine options JSON>' ...] [--routing=NAME]
//     [--tie-break=random] [--dateline=booksim]   (the routing: the topology's default unicast one)
//   npx tsx bench/live-slots.ts mesh:8x8 0.2 '{"routerDelay":4,"vcRelease":"tail-sent","vcsPerClass":2}'
//   npx tsx bench/live-slots.ts torus:16x16 0.08 '{"routerDelay":4,"vcRelease":"tail-sent","vcsPerClass":2,"linkLatency":2}' --tie-break=random --dateline=booksim
import * as L from '../src/engine/layout.ts';
import type { EngineOptions } from '../src/engine/types.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { buildWorkload } from '../src/engine/workload.ts';
import { simulationRouting } from '../src/experiment/run/simulate.ts';
import { generateTraffic } from '../src/experiment/run/traffic.ts';

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const routingName = flag('routing');
const dor = {
  tieBreak: flag('tie-break') as 'plus' | 'random' | undefined,
  dateline: flag('dateline') as 'position' | 'booksim' | undefined,
};
const [topology, loadText, ...optionTexts] = args.filter((a) => !a.startsWith('--'));
const load = Number(loadText);
if (!topology || !(load > 0)) {
  console.error('live-slots: usage: npx tsx bench/live-slots.ts <topology> <load> [options JSON ...] [--routing=NAME]');
  process.exit(2);
}
const CYCLES = 20_000;

/** The active worms' slot visits this cycle, and those of worms alone on every channel they hold. */
function soloVisits(engine: WasmEngine): { slots: number; soloSlots: number; soloWorms: number } {
  const r = engine.region();
  const m = new Int32Array(r.buffer, r.byteOffset, r.byteLength >> 2);
  const at = (f: number) => m[f]! >> 2; // a region's byte offset, in words
  const [slotsAt, wormsAt, activeAt, arbsAt] = [at(L.H_O_SLOT), at(L.H_O_WORM), at(L.H_O_ACTIVE), at(L.H_O_ARB)];
  let slots = 0;
  let soloSlots = 0;
  let soloWorms = 0;
  for (let k = 0; k < m[L.H_ACTIVE_N]!; k++) {
    let alone = true;
    let n = 0;
    for (let s = m[wormsAt + m[activeAt + k]! * L.WORM_STRIDE + L.W_SLOTS]!; s >= 0; n++) {
      const p = slotsAt + s * L.SLOT_STRIDE;
      const ch = m[p + L.S_CHAN]!;
      if ((m[p + L.S_FLAGS]! & L.F_EJECT) === 0 && ch >= 0 && m[arbsAt + ch * L.ARB_STRIDE + L.A_HELD]! > 1) {
        alone = false;
      }
      s = m[p + L.S_NEXT]!;
    }
    slots += n;
    if (alone) {
      soloSlots += n;
      soloWorms++;
    }
  }
  return { slots, soloSlots, soloWorms };
}

for (const text of optionTexts.length > 0 ? optionTexts : ['{}']) {
  const extra = JSON.parse(text) as EngineOptions;
  const routing = simulationRouting(topology, 'unicast', routingName, dor);
  const events = generateTraffic({
    nodes: routing.topology.nodes,
    load,
    flits: 16,
    dests: 0,
    cycles: CYCLES,
    seed: 42,
  });
  const worms = buildWorkload(events, 'unicast', routing, 16).worms;
  const engine = await WasmEngine.create({
    routing,
    worms,
    options: { buffer: 8, routerDelay: 1, injection: 'back-to-back', ...extra },
  });
  let live = 0;
  let active = 0;
  let cycles = 0;
  const visits = { slots: 0, soloSlots: 0, soloWorms: 0 };
  for (;;) {
    const status = engine.runUntil(engine.cycle + 1);
    const header = new Int32Array(engine.region().buffer, engine.region().byteOffset, L.HEADER_WORDS);
    live += header[L.H_LIVESLOTS]!;
    active += header[L.H_ACTIVE_N]!;
    const v = soloVisits(engine);
    visits.slots += v.slots;
    visits.soloSlots += v.soloSlots;
    visits.soloWorms += v.soloWorms;
    cycles++;
    if (status !== 'limit') break;
  }
  const hops = engine.counters().flitHops;
  const pct = (a: number, b: number) => ((100 * a) / b).toFixed(1);
  console.log(
    `${topology} at ${load} ${text}: ${cycles} cycles, ${(live / cycles).toFixed(1)} live slots and ${(active / cycles).toFixed(1)} worms active a cycle, ${(hops / cycles).toFixed(1)} flit-hops a cycle, ${(live / hops).toFixed(3)} live slots per flit-hop; worms alone on every channel they hold: ${pct(visits.soloWorms, active)} % of the active worms, ${pct(visits.soloSlots, visits.slots)} % of their slots`,
  );
}
