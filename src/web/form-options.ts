import {
  ENGINE_RULES,
  OPTION_TABLE,
  flagOf,
  optionEntry,
  rangeText,
  type EngineRuleKey,
  type OptionGroup,
  type TableKey,
} from 'wormcast';
import { el, fillSelect } from './dom.ts';

/*
 * The simulation form's fields that are made from the option table (src/experiment/config/
 * option-table.ts, docs/options.md) rather than written in index.html: the traffic pattern,
 * arrival process, size mix and faults of this round's issues (22, 29) in view, and every other
 * option of `wormcast simulate` in a fold of its table group (engine rules and router timing, the
 * seeds' units, the run's engine and capacities). Each field's id, words, kind of input, range and
 * help come from its entry, and an option added to the table gets a field in its group's fold
 * without a line here (test/web/form-coverage.test.ts holds every option to a field).
 */

/** Traffic and network options the form offers beyond its written fields, in the order shown. */
export const FORM_TRAFFIC = [
  'pattern',
  'hotspots',
  'hotspotFraction',
  'radius',
  'process',
  'onoff',
  'batch',
  'sizes',
  'faults',
  'faultSeed',
] as const satisfies readonly TableKey[];

export type FormTrafficKey = (typeof FORM_TRAFFIC)[number];

/**
 * The options whose fields are written in index.html (with the page's own smaller defaults) but
 * read as the table says: flits takes a size mix, warm-up takes auto (src/web/simulate-panel.ts).
 */
export const FORM_WRITTEN = [
  'dests',
  'load',
  'flits',
  'warmup',
  'cycles',
  'drain',
  'seed',
  'vcs',
  'buffer',
  'port',
] as const satisfies readonly TableKey[];

/** The engine rules of the option table (docs/options.md "engine rules"), all of which the form offers. */
export const FORM_RULES: readonly EngineRuleKey[] = ENGINE_RULES.map((e) => e.key);

/** The options the page asks for in fields of its own: the shared topology field, the workload select (a trace). */
export const FORM_OWN = {
  topology: 'topology',
  routing: 'sim-routing',
  algorithm: 'sim-algorithm',
  trace: 'sim-workload',
} as const satisfies Partial<Record<TableKey, string>>;

/**
 * Options the form does not offer, each with the reason (none now: an option named here is left
 * out of the form knowingly, and test/web/form-coverage.test.ts asks for the reason).
 */
export const FORM_NOT_OFFERED: Readonly<Record<string, string>> = {};

/** A box of option fields: in view (no title) or a fold of the form with this title. */
export interface FormBox {
  id: string;
  title?: string;
  keys: readonly FormOptionKey[];
}

const placed = new Set<string>([
  ...Object.keys(FORM_OWN),
  ...FORM_WRITTEN,
  ...FORM_TRAFFIC,
  ...Object.keys(FORM_NOT_OFFERED),
]);
/** The table's options in these groups that no field above takes, in the table's order. */
const rest = (...groups: OptionGroup[]): FormOptionKey[] =>
  OPTION_TABLE.filter((e) => groups.includes(e.group) && !placed.has(e.key)).map((e) => e.key as FormOptionKey);

/**
 * Where the option fields go: the traffic in view (a 390 px phone shows the rest folded), then a
 * fold per table group, so that the form stays a screen or two tall (docs/web.md "The form's fields").
 */
export const FORM_BOXES: readonly FormBox[] = [
  { id: 'box-traffic', keys: [...FORM_TRAFFIC, ...rest('traffic')] },
  { id: 'sim-rules', title: 'Engine rules and router timing', keys: rest('network', 'engine rules') },
  { id: 'box-units', title: 'Seed units (bytes, Mbytes/s, µs: docs/units.md)', keys: rest('units') },
  { id: 'box-run', title: 'Engine, watchdog and capacities', keys: rest('run') },
  { id: 'box-isolated', title: 'Isolated multicasts (one at a time in an empty network)', keys: rest('isolated') },
];

/** Every option field the page builds from the table. */
export type FormOptionKey = Exclude<TableKey, keyof typeof FORM_OWN | (typeof FORM_WRITTEN)[number]>;
export const FORM_OPTIONS = FORM_BOXES.flatMap((b) => b.keys) as readonly FormOptionKey[];

/**
 * The built fields that apply to a trace (docs/traffic.md "Traces"): the engine rules, the router's
 * timing and the run's engine; not inFlight, which bounds generated traffic.
 */
export const FORM_TRACE: readonly FormOptionKey[] = [
  ...FORM_BOXES.find((b) => b.id === 'sim-rules')!.keys,
  ...FORM_BOXES.find((b) => b.id === 'box-run')!.keys.filter((k) => k !== 'inFlight'),
];

/** The form field of an option: linkLatency -> sim-link-latency, faultSeed -> sim-fault-seed. */
export function optionFieldId(key: string): string {
  return `sim-${flagOf(key).slice(2)}`;
}

/** The simulation form's fields by element id: those written in index.html, then the option table's. */
export const SIM_FIELDS: readonly string[] = [
  'sim-algorithm',
  'sim-routing',
  'sim-dests',
  'sim-load',
  'sim-flits',
  'sim-warmup',
  'sim-cycles',
  'sim-drain',
  'sim-seed',
  'sim-vcs',
  'sim-buffer',
  'sim-port',
  ...FORM_OPTIONS.map(optionFieldId),
];

/** An option in the form's words: its label when the table gives one, else its flag's words (hotspot fraction). */
export function optionWords(key: TableKey): string {
  return optionEntry(key).label ?? flagOf(key).slice(2).replace(/-/g, ' ');
}

/** Whether an option's field is a checkbox (a boolean of the table: self, vcLinks). */
export function isCheckbox(key: TableKey): boolean {
  return optionEntry(key).value.kind === 'boolean';
}

/** The form field of an option: a checkbox, a select of its values ('' its default) or an input showing its default and range. */
function optionField(key: TableKey): HTMLElement {
  const e = optionEntry(key);
  const id = optionFieldId(key);
  if (e.value.kind === 'boolean') return el('input', { id, name: key, type: 'checkbox', title: e.help });
  if (e.value.kind === 'enum') {
    // a rule without a plain default (injection) follows the algorithm (its help says how)
    const fallback = e.default !== undefined ? String(e.default) : "the algorithm's";
    const field = el('select', { id, name: key, title: e.help });
    fillSelect(field, [['', `default (${fallback})`], ...e.value.values.map((v): [string, string] => [v, v])], '');
    return field;
  }
  // an empty input is the default, or for an option given only when used (hotspots) its help's form
  const fallback = e.default !== undefined ? String(e.default) : (e.placeholder ?? '').replace(/[<>]/g, '');
  const range = rangeText(e.value);
  const text = e.value.kind === 'string';
  return el('input', {
    id,
    name: key,
    value: '',
    size: text ? '12' : '4',
    spellcheck: 'false',
    // a default derived from the other options (watchdog, slots) is said in the table's words
    title: e.derived !== undefined ? `${e.help} (default: ${e.derived})` : e.help,
    placeholder: range === '' ? fallback : `${fallback} (${range})`,
  });
}

/** The labelled fields of these options, for a box of the form (a checkbox before its words, as the page's others). */
export function optionFields(keys: readonly TableKey[]): HTMLElement[] {
  return keys.map((key) => {
    const words = optionWords(key);
    const label = `${words[0]!.toUpperCase()}${words.slice(1)}`;
    return isCheckbox(key)
      ? el('label', {}, optionField(key), ` ${label}`)
      : el('label', {}, `${label} `, optionField(key));
  });
}

/** What the simulation form is set to run, for the fields that apply to it. */
export interface FormWorkload {
  /** A seed scenario or a trace (the workload select is not random traffic). */
  scenario: boolean;
  /** A trace (its network and engine fields apply). */
  trace: boolean;
  /** The traffic field's value ('' or 'isolated'). */
  traffic: string;
  /** The process field's value ('' or a process; batch runs to its last delivery). */
  process: string;
}

/**
 * The simulation form's fields (element ids) that do not apply to this workload, disabled by the
 * page: a seed scenario's every field; a trace's but those of its network and engine (docs/traffic.md
 * "Traces"); isolated multicasts' load and window; a batch's window (warm-up, cycles, drain: a batch
 * is measured whole, from cycle 0 to its last delivery, and `wormcast simulate --process batch`
 * refuses them as ignored; the page's fields stayed open and changed nothing).
 */
export function inapplicableFields(w: FormWorkload): Set<string> {
  const out = new Set<string>();
  const traceFields = new Set([
    'sim-algorithm',
    'sim-routing',
    'sim-seed',
    'sim-vcs',
    'sim-buffer',
    'sim-port',
    ...FORM_TRACE.map(optionFieldId),
  ]);
  if (w.scenario) {
    for (const id of SIM_FIELDS) if (!(w.trace && traceFields.has(id))) out.add(id);
    return out;
  }
  if (w.traffic.trim() === 'isolated')
    for (const id of ['sim-load', 'sim-warmup', 'sim-cycles', 'sim-drain']) out.add(id);
  else if (w.process.trim() === 'batch') for (const id of ['sim-warmup', 'sim-cycles', 'sim-drain']) out.add(id);
  return out;
}
