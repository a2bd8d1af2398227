import { el } from './dom.ts';

/**
 * Export of a panel's result (docs/web.md "Sharing and output"): JSON of the whole view
 * (typed arrays written as arrays) and CSV of its table, as downloads.
 */

/** JSON of a view: typed arrays as plain arrays. */
export function toJson(view: unknown): string {
  return JSON.stringify(
    view,
    (_k, v: unknown) =>
      ArrayBuffer.isView(v) && !(v instanceof DataView) ? Array.from(v as unknown as ArrayLike<number>) : v,
    2,
  );
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a number with nothing
 * to tell (NaN: no message completed) is an empty cell, as src/report/results-table.ts writes it.
 */
function field(v: string | number): string {
  const s = typeof v === 'number' && !Number.isFinite(v) ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV text of a header and rows. */
export function toCsv(headers: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return [headers, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

/** Offer text as a download. */
export function download(name: string, text: string, type: string): void {
  const a = el('a', { href: URL.createObjectURL(new Blob([text], { type })), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** The export buttons of a panel's result. */
export function exportButtons(base: string, json: () => string, csv: () => string, testId: string): HTMLElement {
  const b = (label: string, f: () => void, id: string): HTMLButtonElement => {
    const x = el('button', { type: 'button', class: 'small', 'data-testid': id }, label);
    x.addEventListener('click', f);
    return x;
  };
  return el(
    'p',
    { class: 'exports' },
    'Export: ',
    b('JSON', () => download(`${base}.json`, json(), 'application/json'), `${testId}-json`),
    ' ',
    b('CSV', () => download(`${base}.csv`, csv(), 'text/csv'), `${testId}-csv`),
  );
}
