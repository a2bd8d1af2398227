// Packed-address topologies: the network the engine and the routing functions run on.
//
// The host (src/topology) configures one topology at a time with setTopology and
// setRadix; every node is an integer 0 .. NODES-1 and every port a small integer
// (see docs/addressing.md for the port numbering of each family).
//
//   RADIX (static, 16 x i32): dimension sizes; hypercube/ccc/star use RADIX[0] = n
// The family ids and the neighbour dispatch are generated from src/topology/registry.ts
// (assembly/table.ts; docs/extending.md). The ids are re-exported here for the routing functions.
import { neighborOfKind } from "./table";
export { KIND_HYPERCUBE, KIND_CCC, KIND_MESH, KIND_TORUS, KIND_STAR } from "./table";

export const MAX_DIMS: i32 = 16;

export let KIND: i32 = 0;
export let NODES: i32 = 0;
export let PORTS: i32 = 0;
export let NDIMS: i32 = 0;
/** RADIX[d] = k_d for mesh/torus; RADIX[0] = n for hypercube, ccc, star. */
export const RADIX: usize = memory.data(MAX_DIMS * 4);
/** STRIDE[d] = k_0 * ... * k_{d-1} for mesh/torus. */
export const STRIDE: usize = memory.data(MAX_DIMS * 4);

/** Host-supplied neighbour table (i32[NODES * PORTS]) or 0 to compute neighbours. */
export let NEIGHBOR_TABLE: usize = 0;

export function setNeighborTable(ptr: usize): void {
  NEIGHBOR_TABLE = ptr;
}

/** Configure the current topology; dimension sizes follow through setRadix. */
export function setTopology(kind: i32, nodes: i32, ports: i32, ndims: i32): void {
  KIND = kind;
  NEIGHBOR_TABLE = 0;
  NODES = nodes;
  PORTS = ports;
  NDIMS = ndims;
}

export function setRadix(d: i32, k: i32): void {
  store<i32>(RADIX + (<usize>d << 2), k);
  let stride: i32 = 1;
  for (let i: i32 = 0; i < d; i++) stride *= load<i32>(RADIX + (<usize>i << 2));
  store<i32>(STRIDE + (<usize>d << 2), stride);
}

@inline export function radix(d: i32): i32 {
  return load<i32>(RADIX + (<usize>d << 2));
}

@inline export function stride(d: i32): i32 {
  return load<i32>(STRIDE + (<usize>d << 2));
}

/** The node reached from `node` through `port`, or -1 when the port leads nowhere. */
@inline export function neighbor(node: i32, port: i32): i32 {
  return neighborOfKind(KIND, node, port);
}

/** The neighbour from the host-supplied table (families registered with `wasm: null`, and star). */
@inline export function tableNeighbor(node: i32, port: i32): i32 {
  return <u32>port < <u32>PORTS ? load<i32>(NEIGHBOR_TABLE + ((<usize>node * <usize>PORTS + <usize>port) << 2)) : -1;
}
