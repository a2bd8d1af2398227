import { byId } from './dom.ts';
import { curves, drawing, page, results, watch } from './page.ts';
import { URL_FIELDS, URL_TRACE_CHARS, writeState } from './url-state.ts';

/*
 * Every change of the page written to its URL (docs/web.md "Sharing and output"; the query's form
 * is src/web/url-state.ts, opening a URL src/web/url-restore.ts).
 */

/** The URL of the page's state: every field, the panels with results, the drawing's panel and step. */
export function writeUrl(): void {
  if (page.restoring) return;
  const fields = new Map<string, string>();
  for (const id of URL_FIELDS) {
    const e = byId<HTMLInputElement | HTMLSelectElement>(id);
    if (id === 'sim-trace-text' && e.value.length > URL_TRACE_CHARS) continue;
    fields.set(id, e instanceof HTMLInputElement && e.type === 'checkbox' ? (e.checked ? '1' : '0') : e.value);
  }
  const run = (['route', 'plan', 'sim'] as const).filter((p) => results[p] !== undefined);
  const step = page.shown === 'plan' && results.plan && results.plan.steps > 1 ? drawing.currentStep : undefined;
  const watching = !watch.root.hidden && watch.frame ? watch.frame.asked : undefined;
  history.replaceState(
    null,
    '',
    writeState({
      fields,
      run,
      show: page.shown,
      step,
      ...(watching !== undefined ? { watch: watching } : {}),
      ...(curves.points ? { curves: true } : {}),
    }),
  );
}
