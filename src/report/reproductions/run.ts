import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileWhole } from '../../experiment/config/output-file.ts';
import { renderSvg } from '../plot-svg.ts';
import { figureCsv, figureSpec } from './figure-plot.ts';
import {
  asExpected,
  claimResult,
  verdictOf,
  type CheckOutcome,
  type ClaimResult,
  type FigureData,
  type Reproduction,
  type RunContext,
  type Verdict,
} from './types.ts';

/* Run one reproduction: compute its data, check the seed's claims, write JSON, CSV and SVG. */

export interface ReproductionOutcome {
  id: string;
  data: FigureData;
  checks: Array<
    CheckOutcome & { claim: string; cite: string; result: ClaimResult; expect: ClaimResult; asExpected: boolean }
  >;
  verdict: Verdict;
  seconds: number;
  files: { json: string; csv: string; svg: string | null };
}

/** A file name for an id: '004-fig7.8' -> '004-fig7-8'. */
export function fileStem(id: string): string {
  return id.replace(/[^A-Za-z0-9-]/g, '-');
}

export async function runReproduction(r: Reproduction, ctx: RunContext, outDir: string): Promise<ReproductionOutcome> {
  const t0 = performance.now();
  const data = await r.compute(ctx);
  const checks = r.checks.map((c) => {
    let o: CheckOutcome;
    try {
      o = c.test(data);
    } catch (e) {
      o = { ok: false, detail: `the check could not be evaluated: ${(e as Error).message}` };
    }
    return {
      ...o,
      claim: c.claim,
      cite: c.cite,
      result: claimResult(o),
      expect: c.expect ?? 'holds',
      asExpected: asExpected(c, o),
    };
  });
  const verdict = verdictOf(r, checks);
  mkdirSync(outDir, { recursive: true });
  const stem = fileStem(r.id);
  const json = join(outDir, `${stem}.json`);
  const csv = join(outDir, `${stem}.csv`);
  const seconds = (performance.now() - t0) / 1000;
  // whole files or none (a full disk is one line, not a half-written figure: docs/cli.md)
  const what = `reproduce ${r.id}`;
  writeFileWhole(
    json,
    `${JSON.stringify({ id: r.id, caption: r.caption, quick: ctx.quick, verdict, checks, data: { ...data, drawing: undefined } }, null, 1)}\n`,
    what,
  );
  writeFileWhole(csv, figureCsv(data), what);
  const spec = figureSpec(data, `${r.id}: ${r.caption}${ctx.quick ? ' (quick)' : ''}`);
  let svg: string | null = null;
  if (spec) {
    svg = join(outDir, `${stem}.svg`);
    writeFileWhole(svg, await renderSvg(spec), what);
  } else if (data.drawing) {
    svg = join(outDir, `${stem}.svg`);
    writeFileWhole(svg, data.drawing, what);
  }
  return { id: r.id, data, checks, verdict, seconds, files: { json, csv, svg } };
}

/** The comparison printed after a run. */
export function comparisonText(r: Reproduction, o: ReproductionOutcome): string {
  const lines = [`${r.id}: ${r.caption}`, `  ${o.data.setup}`];
  for (const c of o.checks) {
    lines.push(
      `  [${c.result}${c.asExpected ? '' : ' - UNEXPECTED'}] ${c.claim} (${c.detail})`,
      `      seed: ${c.cite}`,
    );
  }
  for (const d of r.deviations) lines.push(`  deviation: ${d}`);
  if (r.notReproducible) lines.push(`  not reproducible: ${r.notReproducible}`);
  lines.push(
    `  verdict: ${o.verdict} (${o.seconds.toFixed(1)} s); files: ${[o.files.json, o.files.csv, o.files.svg].filter(Boolean).join(', ')}`,
  );
  return lines.join('\n');
}
