// LiveCodeBench's comparison of a program's output with the expected one, with Python's own
// meaning of strip(), split() and Decimal: strip both, split into lines, strip each line; the
// line counts must match; each line equal as text, or token by token as Decimals.

import type { OutputCompare } from '../../shared/run.ts';

// str.isspace() in Python: what strip() and split() remove.
const SPACE =
  '\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000';
const isSpace = (c: string): boolean => SPACE.includes(c);

export function pyStrip(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isSpace(s[a]!)) a++;
  while (b > a && isSpace(s[b - 1]!)) b--;
  return s.slice(a, b);
}

function pySplit(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (const c of s) {
    if (isSpace(c)) {
      if (cur) out.push(cur);
      cur = '';
    } else cur += c;
  }
  if (cur) out.push(cur);
  return out;
}

/** get_stripped_lines: strip, split on "\n", strip each line. */
export function strippedLines(s: string): string[] {
  return pyStrip(s)
    .split('\n')
    .map((l) => pyStrip(l));
}

type Dec = { nan: true } | { inf: boolean } | { neg: boolean; coeff: string; exp: bigint };

const DIGITS = '\\d+';
const NUMBER = new RegExp(
  `^([+-])?(?:(?:(${DIGITS})(?:\\.(${DIGITS})?)?|\\.(${DIGITS}))(?:e([+-]?${DIGITS}))?|(inf|infinity)|(s?nan)\\d*)$`,
  'i',
);

/** Decimal(token), or undefined where Python's Decimal refuses the text. */
export function parseDecimal(token: string): Dec | undefined {
  // Python's Decimal drops every underscore before it reads the text.
  const m = NUMBER.exec(token.replace(/_/g, ''));
  if (!m) return undefined;
  const neg = m[1] === '-';
  if (m[6]) return { inf: neg };
  if (m[7]) return { nan: true };
  const whole = m[2] ?? '';
  const frac = m[3] ?? m[4] ?? '';
  let exp = BigInt(m[5] ?? '0') - BigInt(frac.length);
  let coeff = (whole + frac).replace(/^0+/, '');
  const trailing = coeff.length - coeff.replace(/0+$/, '').length;
  coeff = coeff.slice(0, coeff.length - trailing);
  exp += BigInt(trailing);
  return coeff ? { neg, coeff, exp } : { neg: false, coeff: '', exp: 0n };
}

function sameDecimal(a: Dec, b: Dec): boolean {
  if ('nan' in a || 'nan' in b) return false;
  if ('inf' in a || 'inf' in b) return 'inf' in a && 'inf' in b && a.inf === b.inf;
  return a.neg === b.neg && a.coeff === b.coeff && a.exp === b.exp;
}

function decimals(line: string): Dec[] | undefined {
  const out: Dec[] = [];
  for (const t of pySplit(line)) {
    const d = parseDecimal(t);
    if (!d) return undefined;
    out.push(d);
  }
  return out;
}

export function sameLine(got: string, expected: string): boolean {
  if (got === expected) return true;
  const a = decimals(got);
  const b = a && decimals(expected);
  return !!a && !!b && a.length === b.length && a.every((d, i) => sameDecimal(d, b[i]!));
}

/** The first line (from 0) where the output differs, or undefined when it matches. */
export function firstDifference(
  output: string,
  expected: string,
): { line: number; got: string; expected: string } | undefined {
  const got = strippedLines(output);
  const want = strippedLines(expected);
  const n = Math.max(got.length, want.length);
  for (let i = 0; i < n; i++) {
    const g = got[i];
    const w = want[i];
    if (g === undefined || w === undefined || !sameLine(g, w)) return { line: i, got: g ?? '', expected: w ?? '' };
  }
  return undefined;
}

const DEFAULT_TOLERANCE = 1e-6;
// A number as a program prints one: no hex, no words, no underscores.
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function closeNumbers(got: string, want: string, tolerance: number): boolean {
  if (got === want) return true;
  const a = Number(got);
  const b = Number(want);
  if (!DECIMAL.test(got) || !DECIMAL.test(want) || !Number.isFinite(a) || !Number.isFinite(b)) return false;
  const d = Math.abs(a - b);
  return d <= tolerance || d <= tolerance * Math.abs(b);
}

/**
 * The first difference under a pack's comparison: 'lines' as LiveCodeBench; 'exact' line by line
 * on the text as printed; 'tokens' and 'numbers' token by token, whitespace ignored.
 */
export function outputDifference(
  output: string,
  expected: string,
  mode: OutputCompare = 'lines',
  tolerance = DEFAULT_TOLERANCE,
): { where: string; got: string; expected: string } | undefined {
  if (mode === 'lines') {
    const d = firstDifference(output, expected);
    return d && { where: `line ${d.line}`, got: d.got, expected: d.expected };
  }
  if (mode === 'exact') {
    if (output === expected) return undefined;
    const a = output.split('\n');
    const b = expected.split('\n');
    let k = 0;
    while (k < a.length && k < b.length && a[k] === b[k]) k++;
    return { where: `line ${k}`, got: a[k] ?? '', expected: b[k] ?? '' };
  }
  const a = pySplit(output);
  const b = pySplit(expected);
  for (let k = 0; k < Math.max(a.length, b.length); k++) {
    const g = a[k];
    const w = b[k];
    const same = g !== undefined && w !== undefined && (mode === 'tokens' ? g === w : closeNumbers(g, w, tolerance));
    if (!same) return { where: `token ${k}`, got: g ?? '', expected: w ?? '' };
  }
  return undefined;
}

/** LiveCodeBench's truncatefn: past 300 characters, the first and last 150 around a mark. */
export function truncated(s: string, length = 300): string {
  const chars = Array.from(s);
  if (chars.length <= length) return s;
  return `${chars.slice(0, length / 2).join('')}...(truncated) ...${chars.slice(-length / 2).join('')}`;
}
