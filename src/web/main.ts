import { MULTICAST_ALGORITHMS, SCENARIOS, TOPOLOGY_FORMS } from 'wormcast';
import { sweep } from './curves/sweep-panel.ts';
import { byId, el, errorText, fillSelect, onSubmit } from './dom.ts';
import { algorithmChanged, picked, topologyChanged } from './network-fields.ts';
import { setupPanels } from './panel-actions.ts';
import {
  algorithm,
  curves,
  drawing,
  page,
  results,
  simAlgorithm,
  simWorkload,
  topologyInput,
  traceField,
  watch,
} from './page.ts';
import { setupOptions, simulationRequest, workloadChanged } from './simulate-form.ts';
import { optionFieldId } from './form-options.ts';
import { traceWorkloads } from './trace-input.ts';
import { readState, URL_FIELDS } from './url-state.ts';
import { restore } from './url-restore.ts';
import { writeUrl } from './url-write.ts';

/**
 * The browser app (docs/web.md): one shared topology field, the drawing of the network, and
 * three panels (unicast route, multicast plan, flit-level simulation). Plans and simulations
 * run in a Web Worker (src/web/runner.ts) with progress and a Cancel button; every action runs
 * inside onSubmit, which shows a WormcastError's message in the panel instead of throwing.
 * Every input lives in the URL (src/web/url-state.ts, url-write.ts, url-restore.ts). This file fills the
 * lists and wires the fields; the page's shared state is src/web/page.ts, the network's fields
 * src/web/network-fields.ts, the simulation form src/web/simulate-form.ts, the panels' actions
 * src/web/panel-actions.ts, the curves src/web/curves/sweep-panel.ts.
 */

function setup(): void {
  setupOptions();
  byId('topology-forms').textContent = `Forms: ${Object.values(TOPOLOGY_FORMS).join('; ')}`;
  const algorithms = Object.values(MULTICAST_ALGORITHMS);
  fillSelect(
    algorithm,
    algorithms.map((a) => [a.name, a.name]),
    'u-ccc',
  );
  fillSelect(
    simAlgorithm,
    [['unicast', 'unicast'], ...algorithms.map((a): [string, string] => [a.name, a.name])],
    'unicast',
  );
  fillSelect(
    simWorkload,
    [
      ['', 'random traffic on the network above'],
      ...traceWorkloads(),
      ...Object.keys(SCENARIOS).map((n): [string, string] => [n, `seed scenario ${n}`]),
    ],
    '',
  );
  simWorkload.closest('label')!.after(traceField.root);
  topologyChanged();
  algorithmChanged();
  workloadChanged();
  topologyInput.addEventListener('change', topologyChanged);
  algorithm.addEventListener('change', algorithmChanged);
  simWorkload.addEventListener('change', workloadChanged);
  byId(optionFieldId('traffic')).addEventListener('change', workloadChanged);
  byId(optionFieldId('process')).addEventListener('change', workloadChanged);
  for (const id of URL_FIELDS) byId(id).addEventListener('change', writeUrl);
  drawing.onStep = () => writeUrl();
  drawing.onPick = picked;
  byId('watch-box').append(watch.root);
  watch.onFrame = () => writeUrl();
  byId('sim-watch').addEventListener('click', () => {
    void watch.start(simulationRequest()).then(() => writeUrl());
  });
  onSubmit(
    byId<HTMLFormElement>('curve-form'),
    byId('curve-output'),
    (ctx) => sweep(ctx),
    'running the sweep… (in workers: the page stays usable)',
  );
  setupPanels();
}

// A failure outside a panel's action still lands in the page, never only in the console.
window.addEventListener('unhandledrejection', (ev) => {
  document.body.prepend(el('p', { class: 'error', role: 'alert' }, errorText(ev.reason)));
});

try {
  // read the URL before setup writes the defaults into it
  const state = readState(location.search);
  page.restoring = true;
  try {
    setup();
  } finally {
    page.restoring = false;
  }
  restore(state);
  writeUrl();
  // for the browser tests and the console: where a node is drawn, and the drawing itself
  (window as unknown as { wormcast: unknown }).wormcast = {
    drawing,
    screenOf: (address: string) => {
      const t = drawing.topology!;
      drawing.paintNow();
      return drawing.screenOf(t.parse(address));
    },
    results,
    watch,
    curves,
    latencyCharts: () => page.simCharts,
  };
} catch (e) {
  document.body.prepend(el('p', { class: 'error', role: 'alert' }, errorText(e)));
}
