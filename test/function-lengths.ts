// Function lengths of a TypeScript or AssemblyScript source (test/kernel-size.test.ts).

/** The functions of a source text, with their line counts, by brace depth (strings and comments skipped). */
export function functionLengths(source: string): Array<{ name: string; line: number; lines: number }> {
  const out: Array<{ name: string; line: number; lines: number }> = [];
  const lines = source.split('\n');
  let open: { name: string; line: number; depth: number } | null = null;
  let depth = 0;
  let inBlockComment = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const head = /^\s*(?:@inline\s+)?(?:export\s+)?function\s+([A-Za-z_$][\w$]*)/.exec(line);
    if (head !== null && open === null && !inBlockComment) open = { name: head[1]!, line: i + 1, depth };
    let quote = '';
    for (let j = 0; j < line.length; j++) {
      const c = line[j]!;
      if (inBlockComment) {
        if (c === '*' && line[j + 1] === '/') {
          inBlockComment = false;
          j++;
        }
      } else if (quote !== '') {
        if (c === '\\') j++;
        else if (c === quote) quote = '';
      } else if (c === '/' && line[j + 1] === '/') break;
      else if (c === '/' && line[j + 1] === '*') {
        inBlockComment = true;
        j++;
      } else if (c === '"' || c === "'" || c === '`') quote = c;
      else if (c === '{') depth++;
      else if (c === '}') {
        depth--;
        if (open !== null && depth === open.depth) {
          out.push({ name: open.name, line: open.line, lines: i + 2 - open.line });
          open = null;
        }
      }
    }
  }
  return out;
}
