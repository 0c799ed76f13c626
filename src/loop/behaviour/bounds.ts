// Bounds a task states on its parameters in so many words: "1 <= n <= 10^3", "Assume n > 1",
// "0 <= k <= len(arr)", "1 <= len(arr)". Read so that selection does not try inputs the task rules
// out, where correct samples may rightly differ.
import { balanced, topLevel } from './calls.ts';

export interface Bounds {
  /** Smallest and largest value allowed, by parameter position. */
  min: Map<number, number>;
  max: Map<number, number>;
  /** Parameters that may not be empty (a bound of at least 1 on their length). */
  nonEmpty: Set<number>;
  /** `count -> container`: the count is at most the container's length (`strict`: below it). */
  upToLength: Map<number, { of: number; strict: boolean }>;
}

/** The parameter names of `entry`'s definition in `source` (Python `def`, JavaScript `function`). */
export function parameterNames(source: string, entry: string): string[] {
  const m = new RegExp(`\\b(?:def|function)\\s+${entry.replace(/\$/g, '\\$')}\\s*(?:<[^>]*>)?\\(`).exec(source);
  const inside = m ? balanced(source, m.index + m[0].length) : undefined;
  if (inside === undefined) return [];
  return topLevel(inside).flatMap((p) => {
    const name = /^\s*([A-Za-z_$][\w$]*)/.exec(p)?.[1];
    return name === undefined || name === 'self' ? [] : [name];
  });
}

type Term = { num: number } | { param: number; length: boolean };

const TERM = String.raw`-?\d+(?:\^\d+)?|len\(\s*[A-Za-z_$][\w$]*\s*\)|[A-Za-z_$][\w$]*(?:\.length)?`;
const CHAIN = new RegExp(String.raw`(${TERM})\s*(<=|<|>=|>|≤|≥)\s*(${TERM})(?:\s*(<=|<|≤)\s*(${TERM}))?`, 'g');

function term(text: string, params: readonly string[]): Term | undefined {
  const num = /^(-?\d+)(?:\^(\d+))?$/.exec(text);
  if (num) return { num: num[2] === undefined ? Number(num[1]) : Number(num[1]) ** Number(num[2]) };
  const length = /^len\(\s*(\S+?)\s*\)$/.exec(text)?.[1] ?? /^(\S+)\.length$/.exec(text)?.[1];
  const param = params.indexOf(length ?? text);
  return param < 0 ? undefined : { param, length: length !== undefined };
}

/** Records `lo < hi` (or `<=`) where it says something about a parameter. */
function relate(b: Bounds, lo: Term | undefined, hi: Term | undefined, strict: boolean): void {
  if (!lo || !hi) return;
  const step = strict ? 1 : 0;
  if ('num' in lo && 'param' in hi) {
    if (hi.length) {
      if (lo.num + step >= 1) b.nonEmpty.add(hi.param);
    } else b.min.set(hi.param, Math.max(b.min.get(hi.param) ?? -Infinity, lo.num + step));
  } else if ('param' in lo && !lo.length && 'num' in hi) {
    b.max.set(lo.param, Math.min(b.max.get(lo.param) ?? Infinity, hi.num - step));
  } else if ('param' in lo && !lo.length && 'param' in hi && hi.length && lo.param !== hi.param) {
    b.upToLength.set(lo.param, { of: hi.param, strict });
  }
}

/** The bounds `text` states on the parameters named `params`. */
export function statedBounds(text: string, params: readonly string[]): Bounds {
  const b: Bounds = { min: new Map(), max: new Map(), nonEmpty: new Set(), upToLength: new Map() };
  if (params.length === 0) return b;
  for (const m of text.matchAll(CHAIN)) {
    const [a, op1, c, op2, e] = [m[1]!, m[2]!, m[3]!, m[4], m[5]];
    const [ta, tc] = [term(a, params), term(c, params)];
    const greater = op1.startsWith('>') || op1 === '≥';
    if (greater) relate(b, tc, ta, op1 === '>');
    else relate(b, ta, tc, op1 === '<');
    if (op2 !== undefined && e !== undefined && !greater) relate(b, tc, term(e, params), op2 === '<');
  }
  return b;
}
