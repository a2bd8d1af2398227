import { totalmem } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import type { MemoryEnvironment } from '../experiment/run/memory-estimate.ts';

/** This process's memory limits: V8's heap limit and the machine's memory (src/experiment/run/memory-estimate.ts). */
export function nodeMemoryEnvironment(): MemoryEnvironment {
  return { heapSizeLimit: getHeapStatistics().heap_size_limit, totalMemory: totalmem() };
}
