import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTopology } from '../../src/topology/registry.ts';
import { chartSvg, sweepCharts } from '../../src/web/curves/chart.ts';
import { computePoint, defaultSettings } from '../../src/web/curves/point.ts';
import { CLEARANCE, layoutOf, type Layout } from '../../src/web/draw/layout.ts';
import { LINK_COLOURS } from '../../src/web/draw/link-class.ts';
import { DETAIL_CHANNELS, linkPoints, paint, type View } from '../../src/web/draw/paint.ts';
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

describe('the URL', () => {
  it('keeps every field of the page: each input and select of index.html is a URL field, and each URL field is one of them', () => {
    const html = readFileSync(new URL('../../src/web/index.html', import.meta.url), 'utf8');
    const ids = [...html.matchAll(/<(?:input|select)\b[^>]*\bid="([^"]+)"/g)].map((m) => m[1]!);
    // and the option fields (traffic, faults, engine rules) the page builds from the option table when it starts (main.ts)
    const built = FORM_OPTIONS.map(optionFieldId);
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
