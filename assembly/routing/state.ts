// Routing state shared by every routing function: which function is active, its
// option word, and the Hamiltonian labelling tables the host supplies.
//
//   LABEL_OF: i32[NODES]   node  -> label l(v)
//   NODE_AT:  i32[NODES]   label -> node
//
// A route result packs the output port and VC class: (vc << 8) | port.
// DELIVER (-1) means the header has reached its destination.

export const DELIVER: i32 = -1;
/** The input VC class of a header that comes from the local processor. */
export const INJECT: i32 = -1;

/** The active routing function's id (ROUTING_* in the generated assembly/table.ts). */
export let ROUTING: i32 = 0;
/** Option word of the active routing function (meaning documented per function). */
export let ROUTING_OPTION: i32 = 0;
/**
 * The key of the worm being routed (src/engine/worm-key.ts), for routing functions that draw a
 * choice per packet (dor, option bit 0); the engine sets it before each route of a worm.
 */
export let ROUTE_KEY: i32 = 0;
/**
 * The port (at the upstream node) of the channel the header being routed arrived by, -1 at its
 * source; read by routing functions whose class depends on it (dor, option bit 1).
 */
export let ROUTE_INPORT: i32 = -1;
export let LABEL_OF: usize = 0;
export let NODE_AT: usize = 0;
export let LABEL_COUNT: i32 = 0;
/** 1 when the labelling is a Hamiltonian cycle, 0 for a path. */
export let LABEL_CYCLE: i32 = 0;

export function setRouting(id: i32, option: i32): void {
  ROUTING = id;
  ROUTING_OPTION = option;
}

@inline export function setRouteKey(key: i32): void {
  ROUTE_KEY = key;
}

@inline export function setRouteInPort(port: i32): void {
  ROUTE_INPORT = port;
}

export function setLabelling(labelOf: usize, nodeAt: usize, count: i32, cycle: i32): void {
  LABEL_OF = labelOf;
  NODE_AT = nodeAt;
  LABEL_COUNT = count;
  LABEL_CYCLE = cycle;
}

@inline export function labelOf(node: i32): i32 {
  return load<i32>(LABEL_OF + (<usize>node << 2));
}

@inline export function nodeAt(label: i32): i32 {
  return load<i32>(NODE_AT + (<usize>label << 2));
}

@inline export function pack(port: i32, vc: i32): i32 {
  return (vc << 8) | port;
}

/**
 * The channel fault mask the host uploads (u8[NODES * PORTS], 1 = dead channel; src/fault/), or
 * 0 for none: read by the fault-tolerant routing functions (dim-reversal).
 */
export let FAULT_MASK: usize = 0;

export function setFaultMask(ptr: usize): void {
  FAULT_MASK = ptr;
}
