// The wasm module's exports (nothing else lives here).
export { setTopology, setRadix, setNeighborTable, neighbor } from "./topology";
export { setRouting, setLabelling, setRouteKey, setRouteInPort, setFaultMask } from "./routing/state";
export { route, tracePath, routeBatch } from "./routing/dispatch";
export { allocBytes, resetHeap } from "./memory";
export { engineRun, retireRest } from "./engine/engine";
export { retireGroups } from "./traffic/retire";
export { setPatternBits, setPatternRadix, patternDest } from "./traffic/patterns";
