import os from 'node:os';
import v8 from 'node:v8';
import { WormcastError } from '../errors.ts';
import { formatBytes, HEAP_FRACTION, TOTAL_MEMORY_FRACTION } from '../experiment/run/memory-estimate.ts';

/*
 * Memory limits of the analysis commands (plan, verify, deadlock; docs/cli.md "Progress and
 * limits"). A request is estimated from its size before any work starts and refused with one
 * line when the estimate is over a limit, instead of ending in V8's heap out-of-memory abort:
 * - JavaScript heap (objects, strings): half of V8's heap limit;
 * - all memory (typed arrays too): half of the machine's memory.
 * The same fractions as `simulate` (src/experiment/run/memory-estimate.ts): the other half is room
 * for V8 to collect garbage and for the rest of the machine.
 */

export const HEAP_SHARE = HEAP_FRACTION;
export const MEMORY_SHARE = TOTAL_MEMORY_FRACTION;

export interface Limits {
  heapBytes: number;
  heapWhy: string;
  memoryBytes: number;
  memoryWhy: string;
}

/** Bytes as the messages print them: 1.5 GiB, 300.0 MiB, 12 KiB (the same words as simulate's). */
export const bytesText = formatBytes;

/** The limits of this process (tests pass their own environment). */
export function limits(
  env: { heapSizeLimit: number; totalMemory: number } = {
    heapSizeLimit: v8.getHeapStatistics().heap_size_limit,
    totalMemory: os.totalmem(),
  },
): Limits {
  return {
    heapBytes: env.heapSizeLimit * HEAP_SHARE,
    heapWhy: `${HEAP_SHARE * 100}% of V8's heap limit of ${bytesText(env.heapSizeLimit)}`,
    memoryBytes: env.totalMemory * MEMORY_SHARE,
    memoryWhy: `${MEMORY_SHARE * 100}% of the machine's ${bytesText(env.totalMemory)}`,
  };
}

/** What a request is estimated to need: heap (JavaScript objects) and all memory (heap + typed arrays). */
export interface Estimate {
  heapBytes: number;
  totalBytes: number;
  /** What it is made of, for the message: `1,048,575 destinations, about 31,457,250 hops`. */
  size: string;
}

/**
 * Refuse (WormcastError, exit 2) a request whose estimate is over a limit: `what` names the
 * request, `reduce` says how to make it smaller.
 */
export function refuseOver(what: string, e: Estimate, l: Limits, reduce: string): void {
  if (e.heapBytes > l.heapBytes) {
    throw new WormcastError(
      `${what}: would need about ${bytesText(e.heapBytes)} of JavaScript heap (${e.size}) but may use ${bytesText(l.heapBytes)} (${l.heapWhy}); ${reduce}`,
    );
  }
  if (e.totalBytes > l.memoryBytes) {
    throw new WormcastError(
      `${what}: would need about ${bytesText(e.totalBytes)} of memory (${e.size}) but may use ${bytesText(l.memoryBytes)} (${l.memoryWhy}); ${reduce}`,
    );
  }
}

/** 1,234,567 */
export function count(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}
