// Finds the calls of the entry point in test source (visible tests, model-written tests) and
// reads their arguments as literals: the seeds of the inputs selection runs samples on.
import { parseLiteral, type Value } from './literals.ts';

/** Source from `open` (just after an opening bracket) to its closing bracket, strings skipped. */
function balanced(src: string, open: number): string | undefined {
  let depth = 1;
  let quote = '';
  for (let i = open; i < src.length; i++) {
    const c = src[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c) && --depth === 0) return src.slice(open, i);
  }
  return undefined;
}

/** Splits at the commas outside brackets and strings. */
function topLevel(args: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < args.length; i++) {
    const c = args[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      parts.push(args.slice(start, i));
      start = i + 1;
    }
  }
  const last = args.slice(start);
  if (last.trim() !== '') parts.push(last);
  return parts;
}

/** The literal argument lists of every call of `names` in `source`; calls with anything else are skipped. */
export function callArguments(source: string, names: readonly string[]): Value[][] {
  const out: Value[][] = [];
  for (const name of names) {
    const re = new RegExp(`(?<![\\w.$])${name.replace(/\$/g, '\\$')}\\s*\\(`, 'g');
    for (let m = re.exec(source); m; m = re.exec(source)) {
      const inside = balanced(source, m.index + m[0].length);
      if (inside === undefined) continue;
      const parts = inside.trim() === '' ? [] : topLevel(inside);
      const values = parts.map((p) => (/^\s*(\*|\w+\s*=(?!=))/.test(p) ? undefined : parseLiteral(p.trim())));
      if (values.every((v) => v !== undefined)) out.push(values);
    }
  }
  return out;
}
