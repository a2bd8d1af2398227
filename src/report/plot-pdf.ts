import { readFileSync } from 'node:fs';
import { importOptional } from '../optional-package.ts';
import type { FigureFont } from './figure-font.ts';

/*
 * A figure's SVG as PDF (issue 23) with pdfkit and svg-to-pdfkit: pure JavaScript, optional peers
 * loaded on first use. Vectors stay vectors; text is set in the font of src/report/figure-font.ts,
 * embedded (subset), as the PNG's: journals refuse a PDF whose fonts are not embedded. Without a
 * font file, the PDF's standard Helvetica (not embedded), whose character set covers what the
 * figures write (µ, ±, >=). One page the size of the SVG, in points.
 */

type SvgToPdf = (doc: unknown, svg: string, x: number, y: number, options?: Record<string, unknown>) => void;

/** The width and height the SVG element declares. */
function svgSize(svg: string): { width: number; height: number } {
  const head = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const attr = (name: string) => Number(new RegExp(`\\b${name}="([\\d.]+)`).exec(head)?.[1] ?? NaN);
  return { width: attr('width') || 600, height: attr('height') || 400 };
}

/** The PDF of an SVG. */
export async function svgToPdf(svg: string, title: string, font?: FigureFont): Promise<Uint8Array> {
  const PDFDocument = (await importOptional('pdfkit', () => import('pdfkit'))).default;
  const mod = (await importOptional('svg-to-pdfkit', () => import('svg-to-pdfkit'))) as { default: SvgToPdf };
  const { width, height } = svgSize(svg);
  // a fixed creation date: the same figure gives the same bytes
  const doc = new PDFDocument({
    size: [width, height],
    margin: 0,
    info: { Title: title, Producer: 'wormcast', CreationDate: new Date(0) },
  });
  const chunks: Uint8Array[] = [];
  doc.on('data', (c: Uint8Array) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  let fontCallback: ((family: string, bold: boolean, italic: boolean, o: { fauxBold: boolean }) => string) | undefined;
  if (font) {
    const d = doc as unknown as { registerFont(name: string, src: Buffer): void };
    d.registerFont('figure', readFileSync(font.regular));
    if (font.bold) d.registerFont('figure-bold', readFileSync(font.bold));
    fontCallback = (_family, bold, _italic, o) => {
      if (bold && !font.bold) o.fauxBold = true;
      return bold && font.bold ? 'figure-bold' : 'figure';
    };
  }
  mod.default(doc, svg, 0, 0, { width, height, assumePt: true, ...(fontCallback ? { fontCallback } : {}) });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
