import { ENGINE_RULES, flagOf, optionEntry, rangeText, type EngineRuleKey, type TableKey } from 'wormcast';
import { el, fillSelect } from './dom.ts';

/*
 * The simulation form's fields that are made from the option table (src/experiment/config/
 * option-table.ts, docs/options.md) rather than written in index.html: the traffic pattern,
 * arrival process, size mix and faults of this round's issues (22, 29), and every engine rule
 * (selection of issue 26 among them). Each is one option of `wormcast simulate`: its field id,
 * words, kind of input, range and help all come from its entry, so a new option is offered by
 * adding its key here.
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

/** Every option field the page builds from the table. */
export type FormOptionKey = FormTrafficKey | EngineRuleKey;
export const FORM_OPTIONS: readonly FormOptionKey[] = [...FORM_TRAFFIC, ...FORM_RULES];

/** The form field of an option: linkLatency -> sim-link-latency, faultSeed -> sim-fault-seed. */
export function optionFieldId(key: string): string {
  return `sim-${flagOf(key).slice(2)}`;
}

/** An option in the form's words: its label when the table gives one, else its flag's words (hotspot fraction). */
export function optionWords(key: TableKey): string {
  return optionEntry(key).label ?? flagOf(key).slice(2).replace(/-/g, ' ');
}

/** The form field of an option: a select of its values ('' its default) or an input showing its default and range. */
function optionField(key: TableKey): HTMLElement {
  const e = optionEntry(key);
  const id = optionFieldId(key);
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
    title: e.help,
    placeholder: range === '' ? fallback : `${fallback} (${range})`,
  });
}

/** The labelled fields of these options, for a box of the form. */
export function optionFields(keys: readonly TableKey[]): HTMLElement[] {
  return keys.map((key) => {
    const words = optionWords(key);
    return el('label', {}, `${words[0]!.toUpperCase()}${words.slice(1)} `, optionField(key));
  });
}
