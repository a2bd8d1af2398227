import { flagOf, OPTION_TABLE, type OptionEntry, type OptionGroup, rangeText, type ValueSpec } from './option-table.ts';

/*
 * docs/options.md, generated from the option table (option-table.ts) so that the two cannot
 * differ: test/option-table.test.ts holds the file equal to optionsMarkdown(). Regenerate with
 * `npx tsx src/experiment/config/write-options-doc.ts`.
 */

export const OPTIONS_DOC_PATH = 'docs/options.md';

const GROUPS: Readonly<Record<OptionGroup, string>> = {
  traffic: 'what is sent: the algorithm, destinations, load, message length and arrival process',
  network: 'the network and its routers: topology, routing, VCs, buffers, node model, overheads',
  'engine rules': "the engine's rules (docs/model-flit.md): the source, VC release, link latency, dor's torus rules",
  run: 'the run: window, seed, engine, deadlock watchdog, capacities',
  units: "the seeds' units (docs/units.md), converted to load, flits and startup",
  isolated: 'isolated multicasts (docs/traffic.md): one at a time in an empty network',
};

/** A value spec in words: `integer 1..16`, `one \| all`. */
function valueText(v: ValueSpec): string {
  switch (v.kind) {
    case 'int':
      return `integer ${rangeText(v)}${v.words ? `, or ${v.words.join(' | ')}` : ''}${v.mix ? ', or a size mix size:weight,...' : ''}`;
    case 'number':
      return `number ${rangeText(v)}`;
    case 'enum':
      return v.values.join(' | ');
    case 'boolean':
      return 'true | false (a flag)';
    case 'string':
      return v.ids ? 'node ids: text `0,9,27`; in a file also `5` or `[0, 9, 27]`' : 'text';
  }
}

/** Text safe in a Markdown table cell. */
function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function defaultText(e: OptionEntry): string {
  if (e.default !== undefined) return `\`${String(e.default)}\``;
  if (e.derived !== undefined) return `derived: ${e.derived}`;
  return '-';
}

function mapsTo(e: OptionEntry): string {
  if (e.engine !== undefined) return `EngineOptions.${e.engine}`;
  if (e.run !== undefined) return `SimulateConfig.${e.run}`;
  return e.group === 'units' ? 'resolveUnits' : 'isolated run';
}

/** docs/options.md */
export function optionsMarkdown(): string {
  const lines = [
    '# Options',
    '',
    '<!-- generated from src/experiment/config/option-table.ts by',
    '     `npx tsx src/experiment/config/write-options-doc.ts`; test/option-table.test.ts holds it equal -->',
    '',
    "Every option of `wormcast simulate`, of an experiment's points (`base` and `grid`, docs/experiments.md)",
    "and of the library's `simulate()` is one entry of one table, src/experiment/config/option-table.ts:",
    'its key (the experiment key and library name), its flag, its values and their range, its default,',
    "and where it goes in the engine's options (`EngineOptions`) or the run's configuration",
    "(`SimulateConfig`). The command's flags and help, the experiment schemas, the grid's ranges, the",
    'resolution of a point (`resolvePoint`, the one function that fills the defaults for the CLI, sweeps,',
    'the library and the browser form) and this page are derived from it.',
    '',
    "Point: `yes` for an option of an experiment's points; `seed` is the experiment's own there (each",
    "replication's seed is derived from it). Given only: a point holds the option only when it is",
    "given (its absence is the engine's default), so that points written before the option existed",
    'keep their store keys.',
    '',
    '## Groups',
    '',
    ...Object.entries(GROUPS).map(([g, text]) => `- **${g}**: ${text}`),
    '',
    '## The table',
    '',
    '| key | flag | values | default | group | point | maps to | help |',
    '|---|---|---|---|---|---|---|---|',
    ...OPTION_TABLE.map((e: OptionEntry) =>
      [
        `\`${e.key}\``,
        `\`${flagOf(e.key)}${e.placeholder !== undefined ? ` ${e.placeholder}` : ''}\``,
        valueText(e.value),
        defaultText(e),
        e.group,
        e.point ? (e.givenOnly ? 'yes, given only' : 'yes') : 'no',
        mapsTo(e),
        e.help,
      ]
        .map(cell)
        .join(' | ')
        .replace(/^/, '| ')
        .replace(/$/, ' |'),
    ),
    '',
    '`wormcast simulate` has four options of its own besides: `--plan`, `--scenario`, `--example` and',
    '`--json` (docs/cli.md); they are not points of a sweep.',
    '',
    '## From the library',
    '',
    '```ts',
    "import { simulate } from 'wormcast';",
    '',
    "const r = await simulate({ topology: 'mesh:8x8', algorithm: 'dual-path', dests: 8, load: 0.01 });",
    "// r.meanLatency 48.59: what 'wormcast simulate --topology mesh:8x8 --algorithm dual-path --dests 8 --load 0.01' prints",
    '```',
    '',
    'The keys are those of the table, checked against its ranges (a bad or unknown key throws a',
    '`WormcastError` naming it); what is left out takes the default `wormcast simulate` takes, the node',
    'model and injection rule derived from the algorithm. `resolveSimulation(options)` returns the',
    "`SimulateConfig` that runs. A `SimulateConfig` (with `measure` and the engine's own `options`) is",
    'still accepted by `simulate()`: the lower-level form, whose `options` go to the engine as they are,',
    "with the engine's defaults (one-port nodes, one consumption channel per node), not the command's.",
    '',
    '## Adding an option',
    '',
    '1. An entry in src/experiment/config/option-table.ts: key, placeholder, values and range, help,',
    '   default (or `derived` in words), group, point, `givenOnly` for an engine rule (older points keep',
    '   their keys), and `engine` (the EngineOptions field) or `run` (the SimulateConfig field). An',
    '   engine rule also takes a `label` and `report` (when a run names it in its heading and JSON).',
    '2. The field in `EngineOptions` (src/engine/types.ts), with its doc comment.',
    "3. Its resolution and check in src/engine/input.ts (`resolveOptions`: the engine's last guard)",
    '   and its place in the engine region, src/engine/layout.ts.',
    '4. The two engines: src/engine/reference.ts and assembly/ (the wasm engine), and a differential',
    '   test that they agree with it (test/engine-differential*.test.ts).',
    '5. `npx tsx src/experiment/config/write-options-doc.ts` to regenerate this page.',
    '',
    "The flag, its help, the experiment key and schema, the grid's parsing (a numeric option takes a",
    "range), `resolvePoint`, `simulateConfig`, the sweep's re-run command, the library's `simulate()`",
    "and the browser form's field (src/web/form-options.ts: in its group's fold, docs/web.md) follow",
    'from the entry.',
    '',
  ];
  return lines.join('\n');
}
