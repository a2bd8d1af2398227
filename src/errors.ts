/**
 * An error in what the user asked for: a bad topology spec, address, option or name.
 * Its message is complete and user-facing; the CLI prints it without a stack trace.
 */
export class WormcastError extends Error {
  constructor(message: string) {
    super(message.startsWith('wormcast: ') ? message : `wormcast: ${message}`);
    this.name = 'WormcastError';
  }
}

/**
 * Plain decimal notation only: `16`, `0.2`, `.5`, `1e-3`, `+4`. JavaScript's Number() would also
 * take `0x10` (16), `0b11`, `Infinity` and '' (0): a typo must be an error, never another number
 * (docs/cli.md, "Numbers").
 */
const DECIMAL = /^[+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const INTEGER = /^[+]?\d+$/;
// an option whose range goes below 0 (creditDelay) takes a minus sign too
const SIGNED_INTEGER = /^[+-]?\d+$/;

/**
 * Whether `text` (trimmed) is a number in plain decimal notation (DECIMAL above), for a parser of a
 * list whose own error line names the whole value (`--sizes`, `--onoff`).
 */
export function isDecimal(text: string): boolean {
  return DECIMAL.test(text.trim());
}

/** Quote a user's text for an error line: at most 40 characters, control characters escaped. */
function shown(text: string): string {
  const s = JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}...` : text);
  return `'${s.slice(1, -1)}'`;
}

/** Parse a decimal integer that must lie in [min, max]; `what` names it in the error. */
export function parseIntIn(text: string, min: number, max: number, what: string): number {
  const s = text.trim();
  if (!(min < 0 ? SIGNED_INTEGER : INTEGER).test(s))
    throw new WormcastError(`${what}: ${shown(text)} is not an integer; must be ${min}..${max}`);
  const v = Number(s) + 0;
  if (v < min || v > max)
    // the text as typed: 99999999999999999999 would print as the double it becomes, 1e20
    throw new WormcastError(`${what}: ${s.length > 40 ? shown(s) : s} is out of range; must be ${min}..${max}`);
  return v;
}

/** Parse a decimal number (DECIMAL above) that must lie in [min, max]; `what` names it in the error. */
export function parseNumberIn(text: string, min: number, max: number, what: string): number {
  const s = text.trim();
  if (!DECIMAL.test(s))
    throw new WormcastError(`${what}: ${shown(text)} is not a decimal number; must be ${min}..${max}`);
  const v = Number(s);
  if (!Number.isFinite(v) || v < min || v > max)
    throw new WormcastError(`${what}: ${s.length > 40 ? shown(s) : s} is out of range; must be ${min}..${max}`);
  return v;
}

/** The seed range every command accepts: a 32-bit unsigned integer (mulberry32 takes 32 bits). */
export const SEED_MAX = 2 ** 32 - 1;
