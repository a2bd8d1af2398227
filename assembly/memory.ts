// Host-side allocation of flat buffers (stub runtime: a bump allocator, never freed).
// Memory may grow here: the host must re-create its typed-array views afterwards.
export function allocBytes(bytes: usize): usize {
  return heap.alloc(bytes);
}

// The heap back to its start (src/engine/wasm.ts recycles a module instance for the next run in
// the process: its memory reused, not allocated again); every region is written afresh by the
// host after it.
export function resetHeap(): void {
  heap.reset();
}
