import { admissible, type RoutingFunction } from './types.ts';

/**
 * Which of its admissible outputs a routed header took (docs/model-flit.md "Adaptive routing:
 * choices and selection"), for a view that shows the choice (the browser's watch view). The header
 * was routed at `node` toward `dest`, having arrived on class `vcIn` through `inPort` (at its
 * source INJECT, and the port is not read), with routing key `key`; `word` is its request, (class << 8) | port of the
 * network slot routing created. In the wasm region those are the routed slot's S_NODE, S_CLASS and
 * S_PORT, the worm's W_KEY, the destination record W_DEST + S_TARGET of the child (D_NODE), and
 * the child's (S_CLASS << 8) | S_PORT; in the reference, the same fields of the Slot objects.
 * Returns the outputs in the function's order and the index of `word` among them (-1: not one of
 * them, which no engine produces).
 */
export function choiceTaken(
  r: RoutingFunction,
  node: number,
  dest: number,
  vcIn: number,
  key: number,
  inPort: number,
  word: number,
): { readonly choices: readonly number[]; readonly index: number } {
  const choices = admissible(r, node, dest, vcIn, key, inPort);
  return { choices, index: choices.indexOf(word) };
}
