import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseExperiment } from '../src/experiment/config/schema.ts';
import { readStore } from '../src/experiment/sweep/store.ts';
import { runSweep } from '../src/experiment/sweep/sweep.ts';
import { sweepProgress } from '../src/experiment/sweep/sweep-progress.ts';
import { findFigureFont } from '../src/report/figure-font.ts';
import { placeOffScale, plotRows, plotSpec, type PlotRow } from '../src/report/plot-spec.ts';
import { runMain } from './cli-main.ts';

const dir = mkdtempSync(join(tmpdir(), 'wormcast-plot-'));
const out = join(dir, 'r.jsonl');

beforeAll(async () => {
  // two algorithms on a 4x4 mesh, the last load far past saturation
  const e = parseExperiment(
    {
      name: 'plot',
      base: { topology: 'mesh:4x4', dests: 3, warmup: 300, cycles: 2000, drain: 1500 },
      grid: { algorithm: ['unicast', 'dual-path'], load: [0.05, 0.1, 0.9] },
      replications: 2,
    },
    't',
  );
  await runSweep(e, 't', { out, workers: 0, fresh: false, progress: sweepProgress(true, { write: () => true }) });
}, 60_000);

describe('wormcast plot', () => {
  it('renders an SVG with unit-labelled axes, full legend names, an error bar per measured point and the saturated points marked', async () => {
    const svg = join(dir, 'fig.svg');
    const r = await runMain(['plot', out, '--x', 'load', '--y', 'meanLatency', '--series', 'algorithm', '-o', svg]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^plot: 6 points \(2 saturated: marked; 2 without a value, drawn above the curves\) -> /);
    const text = readFileSync(svg, 'utf8');
    expect(text.startsWith('<svg')).toBe(true);
    for (const name of [
      'unicast',
      'dual-path',
      'Algorithm',
      'Mean latency [cycles]',
      'Offered load [flits/node/cycle]',
      'measured (mean and confidence interval)',
      'saturated (a latency: lower bound only)',
      'Mean latency against offered load, by algorithm',
      'error bars: 95% confidence intervals of the mean',
    ])
      expect(text).toContain(`>${name}</text>`);
    // 2 algorithms x 2 stable loads, each with its interval
    expect(text.match(/aria-roledescription="errorbar"/g)).toHaveLength(4);
    // saturated points are labelled with their lower bound, never joined to the lines
    expect(text.match(/>&gt;= [\d.]+<\/text>/g)).toHaveLength(2);
    // x ticks at the grid's loads, none of a default scale's in between
    expect(text).toContain('>0.05</text>');
    expect(text).toContain('>0.9</text>');
    for (const tick of ['0.0', '0.3', '0.5', '0.7']) expect(text).not.toContain(`>${tick}</text>`);
  });
  it('the spec: titles with units, ticks at the grid values, log scales, size, saturated points above the curves', () => {
    const points = [...readStore(out).points.values()];
    const axes = { x: 'load', y: 'meanLatency', series: 'algorithm', logX: true, logY: true, width: 300, height: 200 };
    const rows = plotRows(points, axes);
    const sat = rows.filter((x) => x.state === 'saturated');
    expect(sat.map((x) => x.x)).toEqual([0.9, 0.9]);
    expect(sat.every((x) => x.lo === null && x.hi === null && x.offScale === true)).toBe(true);
    expect(sat.every((x) => /^>= \d/.test(x.label ?? ''))).toBe(true);
    // above every measured value and its interval: never read as one
    const top = Math.max(...rows.filter((x) => x.state === 'measured').map((x) => x.hi ?? x.y));
    expect(sat.every((x) => x.y > top)).toBe(true);
    // one row per series: the two do not pile up
    expect(new Set(sat.map((x) => x.y)).size).toBe(2);
    const spec = plotSpec(rows, axes) as {
      width: number;
      height: number;
      title: { text: string };
      layer: Array<{
        transform?: Array<{ filter: string }>;
        encoding?: {
          x?: { title: string; scale: { type: string }; axis: { values: number[] } };
          y?: { title: string; scale: { type: string } };
        };
        mark: { type: string } | string;
      }>;
    };
    expect([spec.width, spec.height]).toEqual([300, 200]);
    const line = spec.layer.find((l) => typeof l.mark === 'object' && l.mark.type === 'line' && l.transform)!;
    expect(line.transform![0]!.filter).toContain("'measured'");
    expect(line.encoding!.x!.title).toBe('Offered load [flits/node/cycle]');
    expect(line.encoding!.y!.title).toBe('Mean latency [cycles]');
    expect(line.encoding!.x!.scale.type).toBe('log');
    expect(line.encoding!.y!.scale.type).toBe('log');
    expect(line.encoding!.x!.axis.values).toEqual([0.05, 0.1, 0.9]);
    const bars = spec.layer.find((l) => typeof l.mark === 'object' && l.mark.type === 'errorbar')!;
    expect(bars.transform![0]!.filter).toContain("'measured'");
    // own titles replace the defaults
    const own = plotSpec(rows, { ...axes, title: 'T', xTitle: 'X [a]', yTitle: 'Y [b]' }) as typeof spec;
    expect(own.title.text).toBe('T');
    const ownLine = own.layer.find((l) => typeof l.mark === 'object' && l.mark.type === 'line' && l.transform)!;
    expect(ownLine.encoding!.x!.title).toBe('X [a]');
    expect(ownLine.encoding!.y!.title).toBe('Y [b]');
  });
  it('latencies in microseconds for points given in seed units', () => {
    const points = [...readStore(out).points.values()].map((p) => ({
      ...p,
      config: { ...p.config, units: { cycleUs: 0.4 } },
    }));
    const cycles = plotRows(points, { x: 'load', y: 'meanLatency', series: 'algorithm' });
    const us = plotRows(points, { x: 'load', y: 'meanLatency', series: 'algorithm', timeUnit: 'us' });
    expect(us[0]!.mean).toBeCloseTo(cycles[0]!.mean! * 0.4, 9);
    expect(us[0]!.hi).toBeCloseTo(cycles[0]!.hi! * 0.4, 9);
    const spec = plotSpec(us, { x: 'load', y: 'meanLatency', timeUnit: 'us' }) as {
      layer: Array<{ mark: unknown; encoding?: { y?: { title: string } } }>;
    };
    const line = spec.layer.find((l) => (l.mark as { type?: string }).type === 'line')!;
    expect(line.encoding!.y!.title).toBe('Mean latency [µs]');
    // throughput is no time: it keeps its unit
    expect(plotRows(points, { x: 'load', y: 'throughput', timeUnit: 'us' })[0]!.mean).toBe(
      plotRows(points, { x: 'load', y: 'throughput' })[0]!.mean,
    );
  });
  it('a saturated point is marked on a throughput chart too, with its measured value (only a latency is a lower bound)', () => {
    const points = [...readStore(out).points.values()];
    const rows = plotRows(points, { x: 'load', y: 'throughput', series: 'algorithm' });
    expect(rows.filter((x) => x.state === 'saturated').map((x) => x.x)).toEqual([0.9, 0.9]);
    // the accepted throughput of a saturated point is a measurement: plotted where it is, not moved
    for (const r of rows.filter((x) => x.state === 'saturated')) {
      expect(r.y).toBe(r.mean);
      expect(r.offScale).toBeUndefined();
      expect(r.label).toBe('saturated');
    }
  });
  it('a deadlocked point is a diamond labelled deadlock, above the curves, with no interval', () => {
    const points = [...readStore(out).points.values()];
    const dead = points.map((p, i) =>
      i === 1
        ? {
            ...p,
            replications: p.replications.map((r, k) =>
              k === 0 ? { ...r, result: { ...r.result, status: 'deadlock' } } : r,
            ),
            summary: {
              ...p.summary,
              incomplete: [`seed ${p.replications[0]!.seed}: the network deadlocked at cycle 900`],
            },
          }
        : p,
    );
    const rows = plotRows(dead, { x: 'load', y: 'meanLatency', series: 'algorithm' });
    const d = rows.filter((r) => r.state === 'deadlock');
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ label: 'deadlock', lo: null, hi: null, offScale: true });
    const spec = JSON.stringify(plotSpec(rows, { x: 'load', y: 'meanLatency', series: 'algorithm' }));
    expect(spec).toContain('"deadlock (no value)"');
    expect(spec).toContain('"diamond"');
  });
  it('builds its spec without Node: the browser app can reuse it', () => {
    // the spec builder and every module it reaches at run time (type-only imports are erased)
    const seen = new Set<string>();
    const todo = [new URL('../src/report/plot-spec.ts', import.meta.url)];
    while (todo.length > 0) {
      const url = todo.pop()!;
      if (seen.has(url.href)) continue;
      seen.add(url.href);
      const runtime = readFileSync(url, 'utf8')
        .split('\n')
        .filter((l) => /^import (?!type )/.test(l));
      for (const l of runtime) {
        expect(l, url.pathname).not.toMatch(/from '(node:|piscina|vega|@resvg|pdfkit)/);
        const spec = /from '(\.[^']+)'/.exec(l)?.[1];
        if (spec) todo.push(new URL(spec, url));
      }
    }
    expect(seen.size).toBeGreaterThan(3);
  });
  it('writes PNG and PDF figures by the file extension', async () => {
    const png = join(dir, 'fig.png');
    const r = await runMain(['plot', out, '--series', 'algorithm', '--log-y', '-o', png]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const bytes = readFileSync(png);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    // drawn at twice the SVG's 818-or-so pixels: a figure for print
    expect(bytes.readUInt32BE(16)).toBeGreaterThan(1200);
    const pdf = join(dir, 'fig.pdf');
    expect((await runMain(['plot', out, '--series', 'algorithm', '--title', 'Mesh 4x4', '-o', pdf])).status).toBe(0);
    const doc = readFileSync(pdf, 'latin1');
    expect(doc.startsWith('%PDF-')).toBe(true);
    expect(doc).toMatch(/\/Title \d+ 0 R/);
    expect(doc).toContain('/Producer');
    // the text's font is embedded (journals' PDF checkers refuse fonts that are not), bold face
    // included, the same font as the PNG's; Helvetica (not embedded) only on a machine with none
    const font = findFigureFont();
    if (font) {
      expect(doc.match(/\/FontFile2 /g)?.length).toBe(font.bold ? 2 : 1);
      expect(doc).toMatch(/\/BaseFont \/[A-Z]{6}\+\S+/);
      expect(doc).not.toContain('/BaseFont /Helvetica');
    } else expect(doc).toContain('/BaseFont /Helvetica');
    // the same figure gives the same bytes (a fixed creation date, a deterministic font subset)
    const again = join(dir, 'again.pdf');
    expect((await runMain(['plot', out, '--series', 'algorithm', '--title', 'Mesh 4x4', '-o', again])).status).toBe(0);
    expect(readFileSync(again).equals(readFileSync(pdf))).toBe(true);
  });
  it("a series' markers without a value take three band rows by turns, so that a label does not run into the next marker", () => {
    const row = (series: string, x: number, state: PlotRow['state']): PlotRow => ({
      x,
      y: state === 'measured' ? 50 : 900 + x,
      mean: state === 'measured' ? 50 : 900 + x,
      lo: null,
      hi: null,
      series,
      facet: '',
      state,
      replications: 2,
    });
    const rows = [
      row('a', 1, 'measured'),
      ...[2, 3, 4, 5].map((x) => row('a', x, 'saturated')),
      row('b', 1, 'measured'),
      row('b', 5, 'saturated'),
    ];
    placeOffScale(rows, true, false);
    const ys = (series: string) => rows.filter((r) => r.series === series && r.offScale).map((r) => r.y);
    const [a2, a3, a4, a5] = ys('a');
    // rows 1, 2, 3 of the band above the highest value (50), then row 1 again
    expect([a2, a3, a4, a5]).toEqual([50 * 1.08, 50 * 1.16, 50 * 1.24, 50 * 1.08].map((v) => expect.closeTo(v, 9)));
    // the next series starts above the three rows of the first
    expect(ys('b')).toEqual([expect.closeTo(50 * 1.32, 9)]);
  });
  it('labels every grid value on x: flat when the labels fit, at an angle when they would collide; markers clear of the axes', () => {
    const points = [...readStore(out).points.values()];
    const axisOf = (spec: Record<string, unknown>) =>
      (
        spec.layer as Array<{ encoding?: { x?: { scale: Record<string, unknown>; axis: Record<string, unknown> } } }>
      ).find((l) => l.encoding?.x?.axis)!.encoding!.x!;
    const wide = axisOf(
      plotSpec(plotRows(points, { x: 'load', y: 'meanLatency', series: 'algorithm' }), {
        x: 'load',
        y: 'meanLatency',
        series: 'algorithm',
      }),
    );
    // 0.05 and 0.1 are 22 px apart on a 420-px axis reaching 0.9: set at an angle, none dropped
    expect(wide.axis).toMatchObject({ values: [0.05, 0.1, 0.9], labelOverlap: false, labelAngle: -45 });
    expect(wide.scale).toMatchObject({ nice: false, padding: 12 });
    const a = { x: 'load', y: 'meanLatency', series: 'algorithm', logX: true };
    const log = axisOf(plotSpec(plotRows(points, a), a));
    // on a log axis 0.05, 0.1 and 0.9 are far enough apart to be flat
    expect(log.axis).toMatchObject({ values: [0.05, 0.1, 0.9], labelOverlap: false });
    expect(log.axis.labelAngle).toBeUndefined();
  });
  it('writes an interactive HTML page that needs no network', async () => {
    const html = join(dir, 'fig.html');
    const r = await runMain(['plot', out, '--series', 'algorithm', '--facet', 'topology', '-o', html]);
    expect(r.status).toBe(0);
    const text = readFileSync(html, 'utf8');
    expect(text).toContain('<!doctype html>');
    expect(text).toContain('new vega.View(vega.parse(spec)');
    expect(text).not.toMatch(/<script[^>]+src=/);
    expect(text).toContain('"dual-path"');
    expect(text.length).toBeGreaterThan(400_000);
  });
  it('draws the options the grid varies as series by itself, and says so', async () => {
    const r = await runMain(['plot', out, '-o', join(dir, 'auto.svg')]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('--series algorithm (the grid varies them)');
    expect(readFileSync(join(dir, 'auto.svg'), 'utf8')).toContain('>dual-path</text>');
  });
  it('refuses what it cannot draw, in one line', async () => {
    expect((await runMain(['plot', out, '--y', 'meanLatncy', '-o', join(dir, 'x.svg')])).stderr).toMatch(
      /^wormcast: plot --y 'meanLatncy': not a metric \(did you mean 'meanLatency'\?\)/,
    );
    expect((await runMain(['plot', out, '-o', join(dir, 'x.gif')])).stderr).toBe(
      `wormcast: plot -o '${join(dir, 'x.gif')}': the file name must end in .svg, .png, .pdf or .html\n`,
    );
    expect((await runMain(['plot', join(dir, 'none.jsonl'), '-o', join(dir, 'x.svg')])).status).toBe(2);
    // with x, series and facet on options the grid does not vary, algorithm and load are left: refused
    const three = await runMain([
      'plot',
      out,
      '--x',
      'dests',
      '--series',
      'topology',
      '--facet',
      'routing',
      '-o',
      join(dir, 'x.svg'),
    ]);
    expect(three.status).toBe(2);
    expect(three.stderr).toMatch(
      /^wormcast: plot: besides --x dests, the points vary in topology, routing, algorithm, load; .*--series and --facet/,
    );
    expect(three.stderr.trim().split('\n')).toHaveLength(1);
    const neg = await runMain(['plot', out, '--width', '-3', '-o', join(dir, 'x.svg')]);
    expect(neg.stderr).toMatch(/^wormcast: plot --width/);
    expect((await runMain(['plot', out, '--time-unit', 'us', '-o', join(dir, 'x.svg')])).stderr).toMatch(
      /^wormcast: plot --time-unit us: some points have no cycle time/,
    );
  });
  it('--font that is not a font file is refused in one line (found by bench/fuzz-commands.ts)', async () => {
    // a directory was an internal error (EISDIR); a text file drew a PNG without text and, for a
    // PDF, wrote "SVGElemText: failed to open font" lines on stderr, both with exit 0
    const text = join(dir, 'notes.ttf');
    writeFileSync(text, 'not a font\n');
    for (const [font, why] of [
      [dir, 'a directory'],
      [text, 'not a TrueType or OpenType font'],
    ] as const)
      for (const ext of ['png', 'pdf']) {
        const r = await runMain(['plot', out, '--font', font, '-o', join(dir, `font.${ext}`)]);
        expect(r.stderr).toBe(`wormcast: plot --font '${font}': ${why}; give a .ttf or .otf file\n`);
        expect(r.status).toBe(2);
        expect(r.stdout).toBe('');
      }
  });
});

describe('wormcast results', () => {
  it('--csv with another --format is refused, not one of them dropped (found by bench/fuzz-commands.ts)', async () => {
    // --format json --csv printed CSV
    const r = await runMain(['results', out, '--format', 'json', '--csv']);
    expect(r.stderr).toBe('wormcast: results --csv and --format json: give one (--csv is --format csv)\n');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect((await runMain(['results', out, '--format', 'csv', '--csv'])).status).toBe(0);
  });
  it('exports tidy CSV, JSON and Markdown in grid order: numbers only in metric columns, a status column, CI columns', async () => {
    const csv = await runMain(['results', out, '--csv']);
    expect(csv.status).toBe(0);
    const rows = csv.stdout.trim().split('\n');
    const head = rows[0]!.split(',');
    expect(rows[0]).toMatch(
      /^index,algorithm,load,replications,status,meanLatency,meanLatency_lo,meanLatency_hi,meanLatency_halfWidth,meanLatency_measured,/,
    );
    expect(head.at(-1)).toBe('reason');
    expect(rows.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual([
      '0,unicast,0.05',
      '1,unicast,0.1',
      '2,unicast,0.9',
      '3,dual-path,0.05',
      '4,dual-path,0.1',
      '5,dual-path,0.9',
    ]);
    // every metric column parses as a number or is empty (a value that is not one: see status)
    const cells = rows.slice(1).map((l) => l.split(','));
    for (const [k, name] of head.entries()) {
      if (!/^(meanLatency|meanNetworkLatency|meanCompletion|throughput|generated)/.test(name)) continue;
      for (const c of cells) expect(c[k] === '' || Number.isFinite(Number(c[k])), `${name}: ${c[k]}`).toBe(true);
    }
    expect(cells.map((c) => c[head.indexOf('status')])).toEqual(['ok', 'ok', 'saturated', 'ok', 'ok', 'saturated']);
    expect(cells[2]![head.indexOf('meanLatency')]).toBe('');
    expect(Number(cells[2]![head.indexOf('meanLatency_measured')])).toBeGreaterThan(0);
    expect(Number(cells[0]![head.indexOf('meanLatency_lo')])).toBeLessThan(
      Number(cells[0]![head.indexOf('meanLatency')]),
    );
    const json = JSON.parse((await runMain(['results', out, '--format', 'json'])).stdout) as Array<
      Record<string, unknown> & { units: Record<string, string> }
    >;
    expect(json.map((p) => p.status)).toEqual(['ok', 'ok', 'saturated', 'ok', 'ok', 'saturated']);
    expect(json[2]!.meanLatency).toBeNull();
    expect(json[2]!.meanLatency_measured).toBe(Number(cells[2]![head.indexOf('meanLatency_measured')]));
    expect(typeof json[2]!.throughput).toBe('number');
    expect(json[0]!.meanLatency_lo).toBe(Number(cells[0]![head.indexOf('meanLatency_lo')]));
    expect(json[0]!.units.meanLatency).toBe('cycles');
    // the same columns, in the same order, as CSV
    expect(Object.keys(json[0]!).slice(0, head.length)).toEqual(head);
    const md = (await runMain(['results', out])).stdout.split('\n');
    const mdHead = md[0]!.split(' | ');
    expect(mdHead.slice(0, 7)).toEqual([
      '| index',
      'algorithm',
      'load',
      'replications',
      'status',
      'meanLatency mean [cycles]',
      'meanLatency 95% CI low [cycles]',
    ]);
    expect(mdHead).toHaveLength(head.length);
    expect(md[4]).toMatch(/^\| 2 \| unicast \| 0\.9 \| 2 \| saturated \| {2}\|/);
    expect((await runMain(['results', out, '--format', 'xml'])).stderr).toBe(
      "wormcast: results --format 'xml': expected csv, json or md\n",
    );
  });
});
