// wormcast's browser entry: 'wormcast' under the "browser" export condition, and
// 'wormcast/browser' (package.json exports, docs/package.md): every name of src/index.ts but the
// Node-only ones (sweep(): result files and worker threads), listed here again because the layer
// rule lets this file import src/index.ts but not the other way round, and src/index.ts reaches
// Node built-ins. No module this file reaches imports a Node built-in (test/web/imports.test.ts
// walks the sources, test/package.test.ts the installed dist/; test/library-sweep.test.ts holds
// the two lists equal but for the Node-only names); loadWasm fetches the package's
// build/wormcast.wasm by URL when given no bytes.

// errors: every user error (bad spec, address, option or name) is a WormcastError
export { WormcastError, isDecimal, parseIntIn } from './errors.ts';
export { mulberry32 } from './random.ts';

// topology
export type { Topology, TopologyKind } from './topology/types.ts';
export { parseTopology, TOPOLOGY_FORMS } from './topology/registry.ts';
export { Hypercube } from './topology/hypercube.ts';
export { Ccc } from './topology/ccc.ts';
export { Grid } from './topology/grid.ts';
export { Star } from './topology/star.ts';

// labellings
export type { Labelling } from './labelling/types.ts';
export { defaultLabelling } from './labelling/registry.ts';
export { customLabelling, checkHamiltonian } from './labelling/custom.ts';

// routing
export type { RoutingFunction, RoutingOptions, Hop } from './routing/types.ts';
export { DELIVER, INJECT, admissible, pack, portOf, vcOf } from './routing/types.ts';
export { ROUTINGS, createRouting } from './routing/registry.ts';
export { tracePath } from './routing/trace.ts';

// multicast plans
export type { Message, MessageKind, PlanRoutes } from './multicast/plan.ts';
export { Plan, PlanBuilder } from './multicast/plan.ts';
export type { MulticastAlgorithm, PortModel } from './multicast/types.ts';
export { defaultNodeModel, type ConsumptionChannels, type NodeModel } from './multicast/node-model.ts';
export { MULTICAST_ALGORITHMS, createPlan, getAlgorithm, routingFor } from './multicast/registry.ts';
export { checkPlan } from './multicast/plan-check.ts';
export { parseDestinations, resolveDestinations, randomDestinations } from './multicast/destinations.ts';

// analysis
export { evaluateSteps, lowerBound, planLowerBound } from './analysis/steps.ts';
export type { StepResult } from './analysis/steps.ts';
export { checkContention, physicalSharing } from './analysis/contention.ts';
export { analyzePlan } from './analysis/verify.ts';
export { trafficOf } from './analysis/traffic.ts';
export { tracePlan, type PlanPaths } from './analysis/paths.ts';
export { checkRoutingDeadlock, checkDeadlock } from './analysis/deadlock.ts';
export { withNeighborTable } from './analysis/neighbor-table.ts';
export { checkTreeDeadlock } from './analysis/deadlock-tree.ts';
export { reedTable, reedRow } from './analysis/reed.ts';
export { stepwise, type StepwiseRow } from './report/stepwise.ts';

// flit-level engine and experiments
export type {
  Engine,
  EngineCounters,
  EngineInput,
  EngineOptions,
  EngineStatus,
  WormSpec,
  TreeEdge,
} from './engine/types.ts';
export { cycleWormLine, deadlockSummary, readChannelFlits } from './engine/results.ts';
export { ReferenceEngine } from './engine/reference.ts';
export { WasmEngine } from './engine/wasm.ts';
export { SCENARIOS, getScenario } from './engine/scenarios.ts';
export { planWorms, treeEdges } from './engine/plan-worms.ts';
export {
  simulationRouting,
  runWorkload,
  RUN_END,
  type MeasuredWindow,
  type RunGoal,
  type SimulateConfig,
  type SimulationResult,
} from './experiment/run/simulate.ts';
export type { RunTiming } from './experiment/run/run-timing.ts';
// what --warmup auto found (SimulationResult.warmupAuto) and its one-line text
export { warmupAutoText, type WarmupAuto } from './experiment/run/warmup-auto.ts';
// the library's simulate(): the options of `wormcast simulate` (docs/options.md), or a SimulateConfig
export { simulate, resolveSimulation, type SimulateOptions } from './experiment/config/simulate-options.ts';
export {
  OPTION_TABLE,
  ENGINE_RULES,
  optionEntry,
  flagOf,
  rangeText,
  type OptionEntry,
  type OptionGroup,
  type ValueSpec,
  type TableKey,
  type EngineRuleKey,
} from './experiment/config/option-table.ts';
export {
  estimateMemory,
  memoryLimits,
  checkMemory,
  trafficShape,
  type MemoryEnvironment,
  type MemoryEstimate,
} from './experiment/run/memory-estimate.ts';
export { buildWorkload, type Workload, type MulticastEvent } from './engine/workload.ts';
export { generateTraffic } from './experiment/run/traffic.ts';
// the seeds' units, destination counts drawn with a mean, isolated multicasts (issue 13:
// docs/units.md "From the library", docs/traffic.md)
export {
  resolveUnits,
  unitsText,
  UNIT_PRESETS,
  UNIT_PRESET_FIELDS,
  unitsFromSpeed,
  messageFlits,
  usToCycles,
  cyclesToUs,
  loadForInterarrivalUs,
  interarrivalUsForLoad,
  type Units,
  type UnitFields,
  type UnitInput,
  type ResolvedUnits,
} from './experiment/config/units.ts';
export { destCountRange, drawDestCount } from './experiment/run/dest-count.ts';
export { runIsolated, type IsolatedConfig, type IsolatedResult } from './experiment/run/isolated.ts';

// what the browser app's watch and curves use (docs/web.md, issue 14): the engine region's layout
// (read between runUntil calls), a streamed run driven step by step, and a sweep point's numbers
export * as engineLayout from './engine/layout.ts';
export { deadlockReport, type DeadlockReport } from './engine/results.ts';
export { defaultInjection, prepare, type Prepared } from './engine/input.ts';
export { WormFeed } from './engine/feed.ts';
export { TrafficStream } from './experiment/run/traffic-stream.ts';
export { planStream } from './experiment/run/simulate.ts';
export { eventWorms, FEED_CYCLES } from './experiment/run/stream-run.ts';
export { resolvePoint, simulateConfig, type PointConfig } from './experiment/config/point-config.ts';
export { canonicalJson } from './experiment/config/grid.ts';
export { meanInterval, type Interval } from './experiment/run/confidence.ts';
export { metricOf, DEFAULT_METRICS, type MetricName } from './experiment/config/metrics.ts';
export {
  saturationReasons,
  runSaturation,
  pointSaturated,
  incompleteReason as replicationIncomplete,
} from './experiment/config/saturation.ts';
export type { PointSettings, PointOutcome } from './experiment/sweep/point-run.ts';
export type { StoredPoint } from './experiment/sweep/store.ts';
export { plotRows, plotSpec, type PlotAxes, type PlotRow } from './report/plot-spec.ts';
export { parseSizeMix, type SizeMix } from './experiment/run/message-sizes.ts';
export { parseTrace, type TraceMessage } from './traffic/trace-file.ts';
export { traceWorkload } from './experiment/run/trace-run.ts';
export {
  distributionRows,
  distributionSpec,
  type DistributionAxes,
  type DistributionKind,
  type DistributionRow,
} from './report/distribution-spec.ts';

// wasm
export { loadWasm, WasmRouting, type WasmMemory, type WasmSource, type WormcastExports } from './wasm/module.ts';
export { summarizePoint, type SummarizedReplication } from './experiment/sweep/point-summary.ts';

// faults (docs/faults.md): the set of a run's --faults, for the browser's drawing
export { buildFaultSet, deadLinkCount, isFaultFree, type FaultSet } from './fault/fault-set.ts';
export { DEFAULT_FAULT_SEED, parseFaults } from './fault/parse-faults.ts';
export { faultyEventWorms } from './experiment/run/fault-events.ts';
