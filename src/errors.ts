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

/** Parse a decimal integer that must lie in [min, max]; `what` names it in the error. */
export function parseIntIn(text: string, min: number, max: number, what: string): number {
  if (!/^\d+$/.test(text.trim())) throw new WormcastError(`${what}: '${text}' is not an integer; must be ${min}..${max}`);
  const v = Number(text.trim());
  if (v < min || v > max) throw new WormcastError(`${what}: ${v} is out of range; must be ${min}..${max}`);
  return v;
}
