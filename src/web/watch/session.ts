import {
  FEED_CYCLES,
  RUN_END,
  TrafficStream,
  WasmEngine,
  WormcastError,
  WormFeed,
  deadlockReport,
  engineLayout as L,
  eventWorms,
  faultyEventWorms,
  getScenario,
  parseTrace,
  planStream,
  prepare,
  traceWorkload,
  type FaultSet,
  type RoutingFunction,
  type WormSpec,
} from 'wormcast';
import {
  parseSimulationRequest,
  parseTraceRequest,
  type FaultMasks,
  type SimulationRequest,
} from '../simulate-panel.ts';
import { adaptiveChoices, type HopChoice } from './choices.ts';
import { readSnapshot, type Snapshot } from './snapshot.ts';

/** What the page gets for a cycle of a watched run. */
export interface WatchFrame {
  /** The network (a scenario brings its own). */
  spec: string;
  heading: string;
  snapshot: Snapshot;
  /** The cycle the page asked for; the engine may be behind it when it idles (nothing in flight until the next message). */
  asked: number;
  /** Where the run stops by itself: warm-up + cycles + drain of random traffic; 0 for a scenario, a trace or a batch (it runs until it ends). */
  end: number;
  /** The run is over: finished (a scenario), deadlocked, saturated, out of slots, or at its end. */
  over: string | null;
  /** A deadlock's wait-for cycle: [node, port] of each network channel (as the simulation's report). */
  cycleChannels: Array<[number, number]>;
  /** The run's faults (drawn as on the simulation's drawing), when it has any. */
  faults?: FaultMasks;
  /** An adaptive routing's choices at the hops of the VCs held (src/web/watch/choices.ts); empty otherwise. */
  choices: HopChoice[];
}

/**
 * A run watched cycle by cycle in the run worker (docs/web.md "Watching a simulation"): the
 * engine of the simulation the same request would run, advanced with runUntil to each cycle the
 * page asks for, and read between the calls (src/web/watch/snapshot.ts). A seed scenario is its
 * worms created at cycle 0, a trace its worms written at once (started at their cycles or by their
 * triggers); random traffic is streamed exactly as src/experiment/run/stream-run.ts
 * runStream streams it (the same traffic, the same FEED_CYCLES stretches written ahead, the same
 * releases at the same cycles), only stopped inside a stretch when the page asks for a cycle
 * there: the engine's state does not depend on how its cycles are split into runUntil calls.
 */
export class WatchSession {
  private chunkEnd = 0;
  private clock = 0;
  private pending: { created: number; dests: number[]; worms: WormSpec[] } | null = null;
  private group = 0;
  private status = L.ST_RUNNING;
  private saturated = false;
  private phase = 0;
  private started = false;
  /** Worms written so far: the next worm's number (WormFeed numbers them in the order written). */
  private written = 0;
  /** Unicast worms not yet released, by number: [source, destination] (kept for adaptive routing only). */
  private readonly ends = new Map<number, readonly [number, number]>();

  private constructor(
    readonly key: string,
    private readonly engine: WasmEngine,
    private readonly routing: RoutingFunction,
    readonly heading: string,
    private readonly stream: {
      feed: WormFeed;
      traffic: TrafficStream;
      algorithm: string;
      flits: number;
      /** Warm-up, window and drain ends; a batch's are 0 and RUN_END, as simulate() runs it. */
      targets: number[];
      /** The run has no planned end (a batch: measured whole, until its last delivery). */
      open: boolean;
      faults?: FaultSet;
      vcsPerClass: number;
    } | null,
  ) {}

  static async create(req: SimulationRequest, wasm: BufferSource): Promise<WatchSession> {
    const key = JSON.stringify(req);
    if (req.trace) {
      // a trace's worms are written at once, as simulate() replays it (docs/traffic.md "Traces"): watched like a scenario
      const { config, routing, heading } = parseTraceRequest(req, req.trace);
      const w = traceWorkload(parseTrace(req.trace.text, routing.topology, req.trace.name), config.algorithm, routing);
      const options = { routeSeed: config.seed, ...config.options };
      const engine = await WasmEngine.create({ routing, worms: w.worms, options }, wasm);
      return new WatchSession(key, engine, routing, heading, null);
    }
    if (req.scenario !== '') {
      const s = getScenario(req.scenario);
      const engine = await WasmEngine.create({ routing: s.routing, worms: s.worms, options: s.options }, wasm);
      return new WatchSession(key, engine, s.routing, `${s.name}: ${s.title}`, null);
    }
    const { config, routing, heading, faults } = parseSimulationRequest(req);
    if (config.warmupAuto)
      throw new WormcastError(
        'watch: warm-up auto finds its warm-up in a pilot run first; Simulate runs it, then watch with the warm-up it found',
      );
    const { spec, capacity } = planStream(config, routing);
    // the worms' routing keys follow the run's seed unless given, as simulate() sets them (docs/model-flit.md "Routing keys")
    const input = { routing, worms: [], options: { routeSeed: config.seed, ...config.options }, capacity };
    const prepared = prepare(input);
    const engine = await WasmEngine.create(input, wasm);
    const cycles = config.warmup + config.measure;
    // a batch is measured whole, from cycle 0 until its last message is delivered (simulate() runs it so)
    const open = spec.batch !== undefined;
    return new WatchSession(key, engine, routing, heading, {
      feed: new WormFeed(engine, routing, prepared),
      traffic: new TrafficStream(spec),
      algorithm: config.algorithm,
      flits: config.flits,
      targets: open ? [0, RUN_END, RUN_END] : [config.warmup, cycles, cycles + config.drain],
      open,
      ...(faults ? { faults } : {}),
      vcsPerClass: config.options.vcsPerClass ?? 1,
    });
  }

  get cycle(): number {
    return Math.max(this.clock, this.engine.cycle);
  }

  /** Why the run is over, or null. */
  private overReason(): string | null {
    if (this.saturated) return `saturated at cycle ${this.engine.cycle}: messages in flight filled the records`;
    const s = this.status;
    if (s === L.ST_DEADLOCK) return `deadlock at cycle ${this.engine.cycle}`;
    if (s === L.ST_NO_SLOTS) return `out of slots at cycle ${this.engine.cycle}`;
    if (s === L.ST_BAD_ROUTE) return `bad route at cycle ${this.engine.cycle}`;
    const st = this.stream;
    if (!st) return s === L.ST_FINISHED ? `finished at cycle ${this.engine.cycle}` : null;
    // as simulate() reports it (stream-run.ts streamOutcome): a run whose network emptied before its
    // window's end ran to that end (the engine idled); an open one (a batch) ends at its last delivery
    if (s === L.ST_FINISHED && this.pending === null && st.traffic.peekTime() === Infinity)
      return `finished at cycle ${st.open ? this.engine.cycle : Math.max(this.engine.cycle, st.targets[1]!)}`;
    if (this.cycle >= st.targets[2]!) return `the drain ended at cycle ${this.cycle}`;
    return null;
  }

  /** Advance to cycle `to` (or until the run ends); `progress` gets the cycle now and then. */
  advance(to: number, progress?: (cycle: number) => void): void {
    const st = this.stream;
    if (!st) {
      // a scenario: its worms are all in the region; ~1024-cycle calls, as WasmEngine splits them
      while (this.overReason() === null && this.engine.cycle < to) {
        const code = this.engine.runUntil(Math.min(to, this.engine.cycle + 65_536));
        this.status = codeOf(code);
        progress?.(this.engine.cycle);
      }
      return;
    }
    const release = (): number =>
      st.feed.release((g) => {
        for (let i = 0; i < g.count; i++) this.ends.delete(g.first + i);
      });
    const write = (upTo: number): number => {
      for (;;) {
        if (!this.pending) {
          if (st.traffic.peekTime() >= upTo) return Infinity;
          const e = st.traffic.take();
          if (st.faults) {
            // as runStream: what no copy can reach is never sent, and an event with nothing to send is skipped
            const fe = faultyEventWorms(e, st.algorithm, this.routing, st.flits, this.group, st.faults);
            if (fe.worms.length === 0) continue;
            this.pending = { created: e.created, dests: fe.dests, worms: fe.worms };
          } else
            this.pending = {
              created: e.created,
              dests: e.dests,
              worms: eventWorms(e, st.algorithm, this.routing, st.flits, this.group),
            };
        }
        if (!st.feed.append(this.group, this.pending.created, this.pending.dests, this.pending.worms)) {
          if (release() === 0) return this.pending.created;
          continue;
        }
        if (this.routing.choices)
          this.pending.worms.forEach((w, i) => {
            if (w.kind === 'unicast') this.ends.set(this.written + i, [w.src, w.dests[0]!]);
          });
        this.written += this.pending.worms.length;
        this.pending = null;
        this.group++;
      }
    };
    let steps = 0;
    while (this.overReason() === null && this.phase < st.targets.length) {
      const target = st.targets[this.phase]!;
      if (this.cycle >= target) {
        this.phase++;
        continue;
      }
      // the first stretch is written even to show cycle 0, as runStream writes it before its first call
      if (this.cycle >= to && this.started) break;
      this.started = true;
      if (this.engine.cycle >= this.chunkEnd) {
        // a new stretch, as runStream starts it
        const now = this.cycle;
        const stop = Math.min(target, now + FEED_CYCLES);
        const blocked = write(stop);
        const until = Math.min(stop, blocked);
        if (until <= this.engine.cycle) {
          this.saturated = true;
          break;
        }
        this.chunkEnd = until;
      }
      const code = this.engine.runUntil(Math.min(this.chunkEnd, to));
      this.status = codeOf(code);
      if (this.engine.cycle >= this.chunkEnd || this.status !== L.ST_LIMIT) {
        release();
        if (this.status === L.ST_FINISHED) {
          this.clock = Math.min(this.chunkEnd, st.traffic.peekTime());
          this.chunkEnd = 0;
        }
      }
      if (++steps % 8 === 0) progress?.(this.cycle);
    }
  }

  /** The engine's region (tests compare it with a run's). */
  region(): Uint8Array {
    return this.engine.region();
  }

  /** The frame of the current cycle. */
  frame(asked: number): WatchFrame {
    const region = this.engine.region();
    const feed = this.stream?.feed;
    const snapshot = readSnapshot(region, feed ? (r) => feed.wormNumber(r) : undefined);
    const over = this.overReason();
    const cycleChannels: Array<[number, number]> = [];
    if (this.status === L.ST_DEADLOCK) {
      const t = this.routing.topology;
      for (const c of deadlockReport(region, this.routing).channels)
        if (c.kind === 'network') cycleChannels.push([t.parse(c.node), c.port]);
    }
    return {
      spec: this.routing.topology.spec,
      heading: this.heading,
      snapshot,
      asked,
      end: this.stream && !this.stream.open ? this.stream.targets[2]! : 0,
      over,
      cycleChannels,
      choices: this.stream ? adaptiveChoices(this.routing, snapshot, this.ends, this.stream.vcsPerClass) : [],
      ...(this.stream?.faults
        ? { faults: { channels: this.stream.faults.channelMask, nodes: this.stream.faults.nodeMask } }
        : {}),
    };
  }
}

function codeOf(status: string): number {
  const codes: Record<string, number> = {
    running: L.ST_RUNNING,
    finished: L.ST_FINISHED,
    deadlock: L.ST_DEADLOCK,
    limit: L.ST_LIMIT,
    'out-of-slots': L.ST_NO_SLOTS,
    'bad-route': L.ST_BAD_ROUTE,
  };
  return codes[status] ?? L.ST_BAD_ROUTE;
}
