// svg-to-pdfkit ships no types; src/report/plot-pdf.ts uses only its default export
declare module 'svg-to-pdfkit' {
  const svgToPdfkit: (doc: unknown, svg: string, x: number, y: number, options?: Record<string, unknown>) => void;
  export default svgToPdfkit;
}
