// Host-side allocation of flat buffers (stub runtime: a bump allocator, never freed).
// Memory may grow here: the host must re-create its typed-array views afterwards.
export function allocBytes(bytes: usize): usize {
  return heap.alloc(bytes);
}
