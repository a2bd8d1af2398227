import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTopology } from '../../src/topology/registry.ts';
import { chartSvg, sweepCharts } from '../../src/web/curves/chart.ts';
import { computePoint, defaultSettings } from '../../src/web/curves/point.ts';
import { CLEARANCE, layoutOf, type Layout } from '../../src/web/draw/layout.ts';
import { LINK_COLOURS } from '../../src/web/draw/link-class.ts';
import { DETAIL_CHANNELS, HEAT_LEVELS, heatColour, linkPoints, paint, type View } from '../../src/web/draw/paint.ts';

/** The colours of the heat map's levels (as paint draws them). */
const heatColours = new Set(Array.from({ length: HEAT_LEVELS }, (_, k) => heatColour((k + 0.5) / HEAT_LEVELS)));
import type { Pen } from '../../src/web/draw/pen.ts';
import { MAX_PX } from '../../src/web/draw/view.ts';
import { FORM_OPTIONS, optionFieldId } from '../../src/web/form-options.ts';
import { URL_FIELDS } from '../../src/web/url-state.ts';
import { simulationOverlay } from '../../src/web/draw/overlay.ts';
import { computeSimulation, type SimulationRequest } from '../../src/web/simulate-panel.ts';
import { deadLinkCount } from '../../src/fault/fault-set.ts';
import { parseFaults } from '../../src/fault/parse-faults.ts';

/**
 * What the drawing, the URL and the charts must get right (issue 24, "tests that notice"): each of
 * these properties failed to be checked when a deliberate bug (the torus without its wrap links, a
 * URL field dropped, the throughput chart at the wrong x) passed every test.
 */

/** A pen that records each batch's stroke and the shapes drawn in it. */
class RecordingPen implements Pen {
  batches: Array<{ stroke: string; shapes: number }> = [];
  private cur = { stroke: '', shapes: 0 };
  begin(stroke: string): void {
    this.cur = { stroke, shapes: 0 };
    this.batches.push(this.cur);
  }
  line(): void {
    this.cur.shapes++;
  }
  quad(): void {
    this.cur.shapes++;
  }
  dot(): void {
    this.cur.shapes++;
  }
  rect(): void {
    this.cur.shapes++;
  }
  tri(): void {
    this.cur.shapes++;
  }
  end(): void {}
  text(): void {}
}

/** The view at which the whole network fits a 900 x 700 canvas (as NetworkView.fit). */
function fitView(L: Layout, width = 900, height = 700): View {
  const s = Math.min(width / (L.maxX - L.minX + 2), height / (L.maxY - L.minY + 2));
  return {
    scale: s,
    ox: width / 2 - ((L.minX + L.maxX) / 2) * s,
    oy: height / 2 - ((L.minY + L.maxY) / 2) * s,
    width,
    height,
  };
}

const FAMILIES = [
  'hypercube:4',
  'hypercube:6',
  'ccc:3',
  'ccc:4',
  'mesh:6x6',
  'mesh:4x4x4',
  'mesh:5x3',
  'torus:8x8',
  'torus:4x4x4',
  'torus:20x20',
  'torus:3x17',
  'star:4',
  'star:5',
];

describe('the drawing of every family', () => {
  it('draws every link of the topology once, wrap links included (a large ring as its two stubs)', () => {
    for (const spec of FAMILIES) {
      const t = parseTopology(spec);
      const L = layoutOf(t);
      const pen = new RecordingPen();
      const stats = paint(pen, L, null, fitView(L), 0);
      expect(stats.mode, spec).toBe('detail');
      let stubs = 0;
      for (let a = 0; a < t.nodes; a++)
        for (let p = 0; p < t.ports; p++) {
          const b = t.neighbor(a, p);
          if (b > a && L.stub(a, p, b)) stubs++;
        }
      // what reached the pen in the link colours: one shape a link, two for a stubbed wrap
      const drawn = pen.batches.filter((b) => LINK_COLOURS.includes(b.stroke)).reduce((n, b) => n + b.shapes, 0);
      expect(drawn, spec).toBe(t.links + stubs);
      expect(stats.links, spec).toBe(t.links);
    }
  });

  it('no link passes over a node that is not one of its ends (mesh:4x4x4 z links beside its rows, CCC and star long links)', () => {
    for (const spec of FAMILIES) {
      const t = parseTopology(spec);
      const L = layoutOf(t);
      for (let a = 0; a < t.nodes; a++)
        for (let p = 0; p < t.ports; p++) {
          const b = t.neighbor(a, p);
          const pts = b > a ? linkPoints(L, a, p, b) : null;
          if (!pts) continue;
          for (let v = 0; v < t.nodes; v++) {
            if (v === a || v === b) continue;
            const near = pts.some(([x, y]) => Math.hypot(x - L.x[v]!, y - L.y[v]!) < CLEARANCE);
            if (near)
              expect.fail(`${spec}: ${t.format(a)} ${t.portName(p)} -> ${t.format(b)} passes over ${t.format(v)}`);
          }
        }
    }
  });

  it('a repaint is bounded at every zoom: hypercube:16 and torus:1000x1000 hand the pen a bounded number of shapes', () => {
    for (const spec of ['hypercube:16', 'torus:1000x1000', 'star:8']) {
      const L = layoutOf(parseTopology(spec));
      const fit = fitView(L);
      for (let k = 1; k <= 4096; k *= 2) {
        // zoomed in k times about the centre
        const v = { ...fit, scale: fit.scale * k };
        if (v.scale > MAX_PX) break;
        v.ox = fit.width / 2 - (fit.width / 2 - fit.ox) * k;
        v.oy = fit.height / 2 - (fit.height / 2 - fit.oy) * k;
        const stats = paint(new RecordingPen(), L, null, v, 0);
        // detail: at most DETAIL_CHANNELS / 2 links, their nodes and a few marks; density: one block a bucket
        expect(stats.shapes, `${spec} zoom ${k}`).toBeLessThanOrEqual(DETAIL_CHANNELS);
      }
    }
  });
});

describe('faults on the drawing (issue 22)', () => {
  it('a run with faults draws as many faulty links as its fault set has dead links, crosses its faulty nodes, and no flit crossed them', async () => {
    const wasm = readFileSync(new URL('../../build/wormcast.wasm', import.meta.url));
    const base: SimulationRequest = {
      scenario: '',
      topology: 'mesh:8x8',
      routing: '',
      algorithm: 'unicast',
      dests: '',
      load: '0.05',
      flits: '8',
      cycles: '500',
      warmup: '100',
      drain: '1000',
      seed: '1',
      vcs: '1',
      buffer: '4',
      port: '',
    };
    for (const [spec, faults, routing] of [
      ['mesh:8x8', 'link:2,2-3,2;node:5,5;links:4', 'dim-reversal'],
      ['torus:8x8', 'links:6;nodes:1', ''],
      ['hypercube:5', 'links:5', ''],
    ] as const) {
      const v = await computeSimulation({ ...base, topology: spec, faults, faultSeed: '3', routing }, wasm);
      const t = parseTopology(spec);
      const f = parseFaults(t, faults, 3);
      expect(v.result.faults!.deadLinks, spec).toBe(deadLinkCount(t, f));
      const L = layoutOf(t);
      const o = simulationOverlay(v, t.ports);
      const stats = paint(new RecordingPen(), L, o, fitView(L), 0);
      expect(stats.links, `${spec}: every link drawn`).toBe(t.links);
      expect(stats.faultyLinks, `${spec}: ${faults}`).toBe(deadLinkCount(t, f));
      expect(stats.faultyNodes, spec).toBe(f.nodes.length);
      expect(
        o.legend.some(([, text]) => text.startsWith('faulty link')),
        spec,
      ).toBe(true);
      // the worms went round the faults: no dead channel carried a flit
      const dead = [...f.channelMask.keys()].filter((c) => f.channelMask[c] === 1);
      expect(dead.length).toBeGreaterThan(0);
      expect(
        dead.filter((c) => v.channelFlits[c] !== 0),
        spec,
      ).toEqual([]);
      expect(v.result.flitHops, spec).toBeGreaterThan(0);
    }
  });
});

/** A pen that records each filled rectangle with its fill. */
class FillPen extends RecordingPen {
  rects: Array<{ x: number; y: number; fill: string }> = [];
  private fillNow = '';
  override begin(stroke: string, _width?: number, fill?: string): void {
    super.begin(stroke);
    this.fillNow = fill ?? '';
  }
  override rect(x?: number, y?: number): void {
    super.rect();
    this.rects.push({ x: x!, y: y!, fill: this.fillNow });
  }
}

describe('layouts that teach (issue 24)', () => {
  it('star:5 is laid out by sub-star (the nodes sharing their last symbol), each generator g_i in its own colour', () => {
    const t = parseTopology('star:5');
    const L = layoutOf(t);
    const sub = (v: number): string => t.format(v).at(-1)!;
    const centre = new Map<string, [number, number, number]>();
    for (let v = 0; v < t.nodes; v++) {
      const c = centre.get(sub(v)) ?? [0, 0, 0];
      centre.set(sub(v), [c[0] + L.x[v]!, c[1] + L.y[v]!, c[2] + 1]);
    }
    expect(centre.size).toBe(5);
    for (let v = 0; v < t.nodes; v++) {
      const d = (k: string): number => {
        const [x, y, n] = centre.get(k)!;
        return Math.hypot(L.x[v]! - x / n, L.y[v]! - y / n);
      };
      for (const k of centre.keys()) if (k !== sub(v)) expect(d(sub(v)), t.format(v)).toBeLessThan(d(k));
    }
    // each generator's links in one colour of its own: n!/2 links per generator
    const pen = new RecordingPen();
    paint(pen, L, null, fitView(L), 0);
    const byColour = new Map<string, number>();
    for (const b of pen.batches)
      if (LINK_COLOURS.includes(b.stroke)) byColour.set(b.stroke, (byColour.get(b.stroke) ?? 0) + b.shapes);
    expect([...byColour.values()]).toEqual([60, 60, 60, 60]);
  });

  it('3D meshes and tori are small multiples: one tile per layer, named z=k, each tile the 2D grid of its layer', () => {
    for (const spec of ['mesh:4x4x4', 'torus:4x4x4', 'mesh:5x3x2']) {
      const t = parseTopology(spec);
      const L = layoutOf(t);
      const [kx, ky, kz] = t.dims as [number, number, number];
      const box = Array.from({ length: kz }, () => [Infinity, -Infinity, Infinity, -Infinity]);
      for (let v = 0; v < t.nodes; v++) {
        const x = v % kx;
        const y = Math.floor(v / kx) % ky;
        const z = Math.floor(v / (kx * ky));
        // within its layer: the 2D grid, x to the right and y upwards, the layer's origin its tile's
        const origin = z * kx * ky;
        expect(L.x[v]! - L.x[origin]!, `${spec} ${t.format(v)}`).toBe(x);
        expect(L.y[origin]! - L.y[v]!, `${spec} ${t.format(v)}`).toBe(y);
        const b = box[z]!;
        box[z] = [
          Math.min(b[0]!, L.x[v]!),
          Math.max(b[1]!, L.x[v]!),
          Math.min(b[2]!, L.y[v]!),
          Math.max(b[3]!, L.y[v]!),
        ];
      }
      // the tiles do not overlap: a gap of at least one unit between neighbouring layers
      for (let z = 1; z < kz; z++) expect(box[z]![0]! - box[z - 1]![1]!, spec).toBeGreaterThanOrEqual(2);
      const stats = paint(new RecordingPen(), L, null, fitView(L), 0);
      expect(stats.layerLabels, spec).toBe(kz);
    }
  });

  it('heat colours are monotone: hotter is redder, channel by channel of the colour', () => {
    const rgb = (h: number) => heatColour(h).match(/\d+/g)!.map(Number);
    for (let i = 0; i < 100; i++) {
      const [a, b] = [rgb(i / 100), rgb((i + 1) / 100)];
      expect(b[1]!, `green at ${i}`).toBeLessThanOrEqual(a[1]!);
      expect(b[2]!, `blue at ${i}`).toBeLessThanOrEqual(a[2]!);
      expect(b[0]!, `red at ${i}`).toBeLessThanOrEqual(a[0]!);
    }
    expect(rgb(1)[1]!).toBeLessThan(rgb(0)[1]! - 100);
  });

  it("a large network at full view after Simulate is an overview whose blocks are coloured by their channels' flits, monotone (torus:160x160)", async () => {
    const wasm = readFileSync(new URL('../../build/wormcast.wasm', import.meta.url));
    const v = await computeSimulation(
      {
        scenario: '',
        topology: 'torus:160x160',
        routing: '',
        algorithm: 'unicast',
        dests: '',
        load: '0.004',
        flits: '8',
        cycles: '300',
        warmup: '50',
        drain: '500',
        seed: '1',
        vcs: '1',
        buffer: '4',
        port: '',
      },
      wasm,
    );
    const t = parseTopology('torus:160x160');
    const L = layoutOf(t);
    const pen = new FillPen();
    const stats = paint(pen, L, simulationOverlay(v, t.ports), fitView(L), 0);
    expect(stats.mode).toBe('density');
    expect(stats.heatBlocks).toBeGreaterThan(0);
    // each heat block's flits (its nodes' channels), from the run's channelFlits and the layout's buckets
    const s = fitView(L);
    const flitsOf = (x: number, y: number): number => {
      const c = Math.round(((x - s.ox) / s.scale - L.minX) / L.bucket);
      const r = Math.round(((y - s.oy) / s.scale - L.minY) / L.bucket);
      let sum = 0;
      let n = 0;
      for (let i = L.start[r * L.cols + c]!; i < L.start[r * L.cols + c + 1]!; i++, n++)
        for (let p = 0; p < t.ports; p++) sum += v.channelFlits[L.order[i]! * t.ports + p]!;
      return sum / n;
    };
    const hot = pen.rects
      .filter((b) => b.fill.startsWith('rgb(') && heatColours.has(b.fill))
      .map((b) => ({ flits: flitsOf(b.x, b.y), green: Number(b.fill.match(/\d+/g)![1]) }))
      .sort((a, b) => a.flits - b.flits);
    expect(hot.length).toBe(stats.heatBlocks);
    for (let i = 1; i < hot.length; i++)
      expect(hot[i]!.green, `block of ${hot[i]!.flits} flits after one of ${hot[i - 1]!.flits}`).toBeLessThanOrEqual(
        hot[i - 1]!.green,
      );
    // and not all one colour: the map says where the load is
    expect(new Set(hot.map((h) => h.green)).size).toBeGreaterThan(1);
  }, 60_000);
});

describe('the URL', () => {
  it('keeps every field of the page: each input and select of index.html is a URL field, and each URL field is one of them', () => {
    const html = readFileSync(new URL('../../src/web/index.html', import.meta.url), 'utf8');
    const ids = [...html.matchAll(/<(?:input|select)\b[^>]*\bid="([^"]+)"/g)].map((m) => m[1]!);
    // and the option fields (traffic, faults, engine rules) the page builds from the option table when it starts (main.ts)
    // and the trace field (src/web/trace-input.ts), built with the trace workloads
    const built = [...FORM_OPTIONS.map(optionFieldId), 'sim-trace-text'];
    expect(built.filter((id) => ids.includes(id))).toEqual([]);
    expect(new Set([...ids, ...built])).toEqual(new Set(URL_FIELDS));
  });
});

describe('the sweep charts', () => {
  it('plot each point at its offered load and its mean: the marks sit where the scales put the points, not the rows', async () => {
    const wasm = readFileSync(new URL('../../build/wormcast.wasm', import.meta.url));
    const settings = defaultSettings(2, 1);
    const base = {
      topology: 'mesh:4x4',
      algorithm: 'unicast',
      flits: 8,
      warmup: 100,
      cycles: 500,
      drain: 500,
      vcs: 1,
      buffer: 4,
    };
    const points = [];
    for (const load of [0.1, 0.2, 0.3]) points.push(await computePoint({ values: { ...base, load }, settings }, wasm));
    const charts = sweepCharts(points);
    for (const [name, metric] of [
      ['latency', 'meanLatency'],
      ['throughput', 'throughput'],
    ] as const) {
      const { svg, x, y } = await chartSvg(charts[name].spec);
      const marks = [...svg.matchAll(/role="graphics-symbol"[^>]*transform="translate\(([-\d.e]+),([-\d.e]+)\)"/g)].map(
        (m) => [Number(m[1]), Number(m[2])],
      );
      for (const p of points) {
        const mean = p.summary.metrics[metric]!.mean!;
        const at = [x(p.values.load as number), y(mean)];
        const hit = marks.some(([mx, my]) => Math.abs(mx! - at[0]!) < 0.5 && Math.abs(my! - at[1]!) < 0.5);
        expect(hit, `${name}: a mark at load ${p.values.load}, ${metric} ${mean}`).toBe(true);
      }
      // distinct loads are drawn at distinct x
      expect(new Set(points.map((p) => Math.round(x(p.values.load as number)))).size).toBe(points.length);
    }
  });
});
