import { byId, el } from './dom.ts';
import { algorithmChanged, topologyChanged, topologyDefaults } from './network-fields.ts';
import { drawing, forms, outputs, page, restoreRuns, watch } from './page.ts';
import { simulationRequest, workloadChanged } from './simulate-form.ts';
import type { Panel, UrlState } from './url-state.ts';

/*
 * Opening a URL (docs/web.md "Sharing and output"; the query's form is src/web/url-state.ts): its
 * fields filled in, each value a list does not offer the panel's one-line error, and its panels run.
 */

/** The errors of the URL's fields, by the panel that shows them. */
const urlErrors = new Map<Panel | 'curves', string>();

/** The panel a URL field belongs to (by its id's prefix). */
function panelOf(id: string): Panel | 'curves' {
  if (id.startsWith('plan-') || id === 'algorithm') return 'plan';
  if (id.startsWith('sim-')) return 'sim';
  if (id.startsWith('curve-')) return 'curves';
  return 'route';
}

/** Fill the fields from the URL and run the panels it names. */
export function restore(state: UrlState): void {
  if (state.fields.size === 0 && state.run.length === 0 && state.watch === undefined && !state.curves) return;
  page.restoring = true;
  try {
    const set = (id: string, v: string): void => {
      const e = byId<HTMLInputElement | HTMLSelectElement>(id);
      if (e instanceof HTMLInputElement && e.type === 'checkbox') e.checked = v === '1';
      else e.value = v;
    };
    const topo = state.fields.get('topology');
    const before = page.fieldsSpec;
    if (topo !== undefined) set('topology', topo);
    topologyChanged();
    const t = drawing.topology;
    // another network than the page's own: its defaults first, then the fields the URL names
    if (t && t.spec === page.fieldsSpec && t.spec !== before) topologyDefaults(t);
    for (const [id, v] of state.fields) {
      if (id === 'topology') continue;
      const e = byId<HTMLInputElement | HTMLSelectElement>(id);
      // a value the list does not offer is an error of the URL, never silently another choice
      if (e instanceof HTMLSelectElement && ![...e.options].some((o) => o.value === v)) {
        const offered = [...e.options].map((o) => o.value || "''").join(', ');
        urlErrors.set(panelOf(id), `URL field ${id}: '${v}' is not one of ${offered}`);
        continue;
      }
      set(id, v);
    }
    algorithmChanged();
    workloadChanged();
  } finally {
    page.restoring = false;
  }
  for (const [panel, text] of urlErrors) {
    const out = panel === 'curves' ? byId('curve-output') : outputs[panel];
    out.replaceChildren(el('p', { class: 'error', role: 'alert', 'data-testid': 'url-error' }, text));
    out.dataset.state = 'error';
  }
  page.restoreStep = state.step;
  page.restoreShow = state.show !== undefined && state.run.includes(state.show) ? state.show : undefined;
  const runs = state.run.filter((p) => !urlErrors.has(p));
  for (const p of runs) restoreRuns.add(p);
  for (const p of runs) forms[p].requestSubmit();
  if (state.watch !== undefined && !urlErrors.has('sim')) void watch.start(simulationRequest(), state.watch);
  if (state.curves && !urlErrors.has('curves') && !urlErrors.has('sim'))
    byId<HTMLFormElement>('curve-form').requestSubmit();
}
