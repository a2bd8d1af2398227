import type { KernelTraffic } from '../../engine/kernel-traffic.ts';
import type { Prepared } from '../../engine/input.ts';
import type { EngineStatus } from '../../engine/types.ts';
import type { WasmEngine } from '../../engine/wasm.ts';
import { keysOf } from '../../engine/worm-key.ts';
import { detLog } from '../../traffic/det-log.ts';
import type { SimulationResult } from './simulation-result.ts';
import { FEED_CYCLES, runInPieces, type StreamRun, streamOutcome } from './stream-run.ts';
import { hopCount, StreamStats } from './stream-stats.ts';
import type { TrafficStream } from './traffic-stream.ts';

/**
 * Whether a streamed run's messages can be drawn by the kernel (docs/traffic.md "Traffic drawn by
 * the kernel"): unicast traffic from a TrafficStream on the wasm engine, without faults (a fault
 * set cuts messages on the host, src/experiment/run/fault-events.ts).
 */
export function kernelTrafficApplies(
  algorithm: string,
  faults: boolean,
  engine: { name: string },
  pattern?: string,
): boolean {
  // pattern near draws from each source's ball, which the kernel does not hold
  return algorithm === 'unicast' && !faults && engine.name === 'wasm' && pattern !== 'near';
}

/** The generator's input: the stream's state as its constructor left it, and the run's window. */
export function kernelTrafficOf(stream: TrafficStream, s: StreamRun, routeSeed: number): KernelTraffic {
  const k = stream.kernelState();
  const { spec } = k;
  const p = spec.pattern;
  return {
    nodes: spec.nodes,
    process: spec.process ?? 'bernoulli',
    cycles: spec.cycles,
    self: spec.self ?? false,
    flits: spec.flits,
    rate: k.rate,
    lnRate: k.rate >= 1 ? 0 : detLog(1 - k.rate),
    ...(spec.onoff
      ? {
          onoff: {
            alpha: spec.onoff.alpha,
            beta: spec.onoff.beta,
            lnAlpha: spec.onoff.alpha >= 1 ? 0 : detLog(1 - spec.onoff.alpha),
            onRate: k.onRate,
          },
        }
      : {}),
    fixed: k.fixed,
    ...(p?.name === 'hotspot' && !k.fixed
      ? { hotspots: { nodes: p.hotspots ?? [], fraction: p.hotspotFraction ?? 0 } }
      : {}),
    ...(spec.sizes ? { sizes: { sizes: spec.sizes.sizes, cumulative: spec.sizes.cumulative } } : {}),
    arrivals: k.arrivals,
    destRng: k.destRng,
    sizeRng: k.sizeRng,
    nextTime: k.nextTime,
    clock: k.clock,
    heap: k.heap,
    left: k.left,
    on: k.on,
    from: s.window.from,
    to: s.window.to,
    batches: s.batches ?? 0,
    routeSeed,
    keys: keysOf(s.routing) ?? 0,
  };
}

/**
 * runStream (src/experiment/run/stream-run.ts) with the kernel drawing, retiring and measuring the
 * messages: the host runs the engine to the window's start, its end and the drain's end, reading
 * the ejected-flit counter at each, and takes the kernel's statistics at the end. The same
 * messages (the same streams), the same records and capacity stop, the same numbers: the
 * differential tests hold the two equal (test/kernel-traffic.test.ts).
 */
export function runKernelStream(
  engine: WasmEngine,
  prepared: Prepared,
  s: StreamRun & { traffic: TrafficStream },
  inFlight: number,
): SimulationResult & { batchMeans?: number[] } {
  const t = s.routing.topology;
  const k = kernelTrafficOf(s.traffic, s, prepared.options.routeSeed);
  engine.attachTraffic(k);
  const stats = new StreamStats(s.window, s.flits, s.batches ?? 0, {
    nodes: t.nodes,
    hops: hopCount(s.routing, prepared.options.routeSeed),
  });
  let status: EngineStatus = 'limit';
  const ejected: number[] = [];
  for (const target of [s.window.from, s.window.to, s.end]) {
    while (status === 'limit' && engine.cycle < target) {
      const until = Math.min(target, engine.cycle + FEED_CYCLES);
      status = s.onProgress ? runInPieces(engine, until, s.onProgress) : engine.runUntil(until);
      s.onCycle?.(engine.cycle);
    }
    ejected.push(engine.counters().ejectedFlits);
  }
  const saturated = status === 'saturated';
  return streamOutcome(
    engine,
    s,
    stats,
    {
      status: saturated ? 'limit' : status,
      saturated,
      finished: status === 'finished',
      ejected,
      inFlight,
      undeliverable: 0,
    },
    (to) => stats.loadKernel(engine.kernelStats(to)),
  );
}
