/*
 * Nesting depth of the data a command reads (experiment files, plan files, result store lines),
 * bounded before anything recursive walks it: JSON.stringify, zod and the YAML composer recurse,
 * and a 200,000-deep `[[[...]]]` overflowed the stack in them (issue 25). Both checks here are
 * loops, so they cannot overflow themselves.
 */

/** Deepest nesting any input accepts: an experiment file needs 4 levels, a plan file 4, a store line 6. */
export const MAX_NESTING = 64;

/**
 * The first place where JSON `text` nests deeper than `max` arrays and objects, or null: a scan
 * of the brackets outside strings, before JSON.parse (whose errors come later if the text is not
 * JSON at all).
 */
export function jsonTooDeep(text: string, max = MAX_NESTING): { line: number } | null {
  let depth = 0;
  let line = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) line++;
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return { line };
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return null;
}

/** Whether parsed data nests deeper than `max` (an explicit stack; shared subtrees counted per path). */
export function dataTooDeep(data: unknown, max = MAX_NESTING): boolean {
  const stack: Array<[unknown, number]> = [[data, 0]];
  let visits = 0;
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d >= max) return true;
    // a bounded walk: aliases are limited by the YAML reader, so this is only a safety net
    if (++visits > 10_000_000) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d + 1]);
  }
  return false;
}
