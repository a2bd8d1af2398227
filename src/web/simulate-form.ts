import { isTrace, OWN_TRACE, traceOf } from './trace-input.ts';
import { byId, el } from './dom.ts';
import { optionEntry } from 'wormcast';
import {
  FORM_BOXES,
  FORM_OPTIONS,
  FORM_WRITTEN,
  inapplicableFields,
  isCheckbox,
  SIM_FIELDS,
  optionFieldId,
  optionFields,
} from './form-options.ts';
import type { SimulationRequest } from './simulate-panel.ts';
import { checked, simAlgorithm, simRouting, simWorkload, topologyInput, traceField, value } from './page.ts';

/*
 * The simulation form (docs/web.md "What the page shows" 3): its fields built from the option
 * table, which apply to the workload chosen, and the request they make.
 */

/**
 * A seed scenario brings its own network and worms: the traffic fields do not apply. A trace is
 * the traffic on the network above: only the fields of its network and engine apply (docs/traffic.md
 * "Traces": algorithm for its multicasts, routing, seed, VCs, buffer, port model, engine rules).
 * Isolated multicasts (the traffic field) have no load and no window, a batch (the process field)
 * no window: those fields are disabled (form-options.ts inapplicableFields).
 */
export function workloadChanged(): void {
  const scenario = simWorkload.value !== '';
  traceField.root.hidden = simWorkload.value !== OWN_TRACE;
  const off = inapplicableFields({
    scenario,
    trace: isTrace(simWorkload.value),
    traffic: value(optionFieldId('traffic')),
    process: value(optionFieldId('process')),
  });
  for (const id of SIM_FIELDS) byId<HTMLInputElement>(id).disabled = off.has(id);
}

export function simulationRequest(): SimulationRequest {
  const trace = traceOf(simWorkload.value, traceField.text.value, traceField.name);
  return {
    scenario: trace ? '' : simWorkload.value,
    ...(trace ? { trace } : {}),
    topology: topologyInput.value,
    routing: simRouting.value,
    algorithm: simAlgorithm.value,
    dests: value('sim-dests'),
    load: value('sim-load'),
    flits: value('sim-flits'),
    cycles: value('sim-cycles'),
    warmup: value('sim-warmup'),
    drain: value('sim-drain'),
    seed: value('sim-seed'),
    vcs: value('sim-vcs'),
    buffer: value('sim-buffer'),
    port: value('sim-port'),
    // a checkbox is 1 when checked, else the table's default (empty)
    ...Object.fromEntries(
      FORM_OPTIONS.map((k) => [k, isCheckbox(k) ? (checked(optionFieldId(k)) ? '1' : '') : value(optionFieldId(k))]),
    ),
  };
}

/** The fields made from the option table (src/web/form-options.ts): traffic and faults in view, the rest in folds. */
export function setupOptions(): void {
  // the box in view is index.html's; each fold follows the one before it, closed
  let last: Element | undefined;
  for (const box of FORM_BOXES) {
    if (box.title === undefined) {
      last = byId(box.id);
      last.append(...optionFields(box.keys));
      continue;
    }
    const fold = el(
      'details',
      { class: 'fold', 'data-testid': `${box.id}-fold` },
      el('summary', {}, box.title),
      el('span', { id: box.id, class: 'rules' }, ...optionFields(box.keys)),
    );
    last!.after(fold);
    last = fold;
  }
  // the fields written in index.html say what they take in the table's words too (flits: a size mix, warm-up: auto)
  for (const key of FORM_WRITTEN) byId(optionFieldId(key)).title = optionEntry(key).help;
}
