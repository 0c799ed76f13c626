// Finds the calls of the entry point in test source (visible tests, model-written tests) and
// reads their arguments as literals: the seeds of the inputs selection runs samples on.
import { parseLiteral, type Value } from './literals.ts';

/**
 * Walks `src` from `from`, strings skipped, calling `visit` with each other character's index and
 * the depth of brackets opened since `from`; returns the index of the first bracket closed beyond
 * `from`, or -1 when there is none.
 */
function scan(src: string, from: number, visit: (i: number, depth: number) => void): number {
  let depth = 0;
  let quote = '';
  for (let i = from; i < src.length; i++) {
    const c = src[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (--depth < 0) return i;
    } else visit(i, depth);
  }
  return -1;
}

/** Source from `open` (just after an opening bracket) to its closing bracket, strings skipped. */
export function balanced(src: string, open: number): string | undefined {
  const close = scan(src, open, () => undefined);
  return close < 0 ? undefined : src.slice(open, close);
}

/** Indexes in `src` outside brackets and strings where `at` holds. */
export function topLevelIndexes(src: string, at: (i: number) => boolean): number[] {
  const found: number[] = [];
  scan(src, 0, (i, depth) => {
    if (depth === 0 && at(i)) found.push(i);
  });
  return found;
}

/** Splits at the commas outside brackets and strings. */
export function topLevel(args: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (const i of topLevelIndexes(args, (j) => args[j] === ',')) {
    parts.push(args.slice(start, i));
    start = i + 1;
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
