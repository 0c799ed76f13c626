// The shape of a contest program's input, read from its public test inputs: what kind of token
// each line holds (integers, decimals, words) and which numbers on the first line count what comes
// after (the lines that follow, or the tokens of the second line). Proposed inputs must keep that
// shape, and the boundary inputs selection derives keep those counts true.

type Kind = 'int' | 'dec' | 'word';

const INT = /^[+-]?\d{1,15}$/;
const DEC = /^[+-]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?$/;

const tokens = (line: string): string[] => line.split(/\s+/).filter((t) => t !== '');

const kindOf = (token: string): Kind => (INT.test(token) ? 'int' : DEC.test(token) ? 'dec' : 'word');

/** A line's kind: `int*` when every token is an integer (any count), else the kinds in order. */
function lineKind(line: string): string {
  const kinds = tokens(line).map(kindOf);
  if (kinds.length === 0) return '';
  return kinds.every((k) => k === kinds[0]) ? `${kinds[0]}*` : kinds.join(' ');
}

/** The input's lines without trailing whitespace or the blank lines at its end. */
export function linesOf(input: string): string[] {
  const lines = input
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trimEnd());
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  return lines;
}

/** How a number on the first line counts what follows. */
type Count = { at: number; counts: 'lines' | 'second' };

function counts(lines: readonly string[], c: Count): boolean {
  const v = Number(tokens(lines[0] ?? '')[c.at]);
  if (!Number.isInteger(v)) return false;
  return c.counts === 'lines' ? v === lines.length - 1 : v === tokens(lines[1] ?? '').length;
}

export interface Shape {
  /** Kinds the first line takes in the public inputs. */
  first: Set<string>;
  /** Kinds later lines take. */
  rest: Set<string>;
  /** Counts that hold in every public input. */
  counts: Count[];
  /** Most lines and characters any public input has. */
  maxLines: number;
  maxChars: number;
}

export function shapeOf(publicInputs: readonly string[]): Shape {
  const all = publicInputs.map(linesOf).filter((l) => l.length > 0);
  const firstTokens = Math.min(...all.map((l) => tokens(l[0]!).length));
  const candidates: Count[] = [];
  for (let at = 0; at < (Number.isFinite(firstTokens) ? firstTokens : 0); at++)
    candidates.push({ at, counts: 'lines' }, { at, counts: 'second' });
  return {
    first: new Set(all.map((l) => lineKind(l[0]!))),
    rest: new Set(all.flatMap((l) => l.slice(1).map(lineKind))),
    counts: all.length === 0 ? [] : candidates.filter((c) => all.every((l) => counts(l, c))),
    maxLines: Math.max(0, ...all.map((l) => l.length)),
    maxChars: Math.max(0, ...publicInputs.map((i) => i.length)),
  };
}

/** Longest a proposed input may be: small inputs, so every run stays quick. */
const PROPOSED_LINES = 60;
const PROPOSED_CHARS = 2000;

export type ShapeFault = 'too large' | 'not in the input format' | 'with counts that do not match its first line';

/** Why a proposed input does not fit the public inputs' shape; undefined when it fits. */
export function shapeFault(input: string, shape: Shape): ShapeFault | undefined {
  const lines = linesOf(input);
  const lineCap = Math.max(PROPOSED_LINES, shape.maxLines);
  if (input.length > Math.max(PROPOSED_CHARS, shape.maxChars) || lines.length > lineCap) return 'too large';
  if (lines.length === 0 || !shape.first.has(lineKind(lines[0]!))) return 'not in the input format';
  // An empty line may be an empty list or string; any other line must look like a public one.
  if (lines.slice(1).some((l) => l !== '' && !shape.rest.has(lineKind(l)))) return 'not in the input format';
  if (!shape.counts.every((c) => counts(lines, c))) return 'with counts that do not match its first line';
  return undefined;
}

/** The first line with the token at `at` set to `value`. */
function withCount(first: string, at: number, value: number): string {
  let k = -1;
  return first.replace(/\S+/g, (t) => (++k === at ? String(value) : t));
}

/** Smallest count the statement allows: `1 ≤ N`, `2 <= n`, `1 \le N \le 10^5`; 1 when it says none. */
export function smallestCount(statement: string): number {
  const m = /(\d+)\s*(?:≤|<=|\\le(?:q)?\b|\$\\leq?\$)\s*\$?\s*[Nn]\b/.exec(statement);
  return m ? Number(m[1]) : 1;
}

/**
 * Inputs at the boundaries a property-based tester reaches first, kept in the public input's shape
 * with its first-line counts true: the fewest items the statement allows (one by default), every
 * item equal, the items sorted up and down. Only where the first line visibly counts the items.
 */
export function boundaryInputs(input: string, shape: Shape, least: number): string[] {
  const lines = linesOf(input);
  const out: string[] = [];
  const count = shape.counts.find((c) => counts(lines, c));
  if (count === undefined || lines.length < 2) return out;
  const first = lines[0]!;
  const items = count.counts === 'lines' ? lines.slice(1) : tokens(lines[1]!);
  const after = count.counts === 'lines' ? [] : lines.slice(2);
  const join = (xs: string[]): string[] => (count.counts === 'lines' ? xs : [xs.join(' ')]);
  const make = (xs: string[]): string =>
    [withCount(first, count.at, xs.length), ...join(xs), ...after].join('\n') + '\n';
  if (items.length > least && least >= 1) out.push(make(items.slice(0, least)));
  if (items.length > 1) out.push(make(items.map(() => items[0]!)));
  const ints = items.every((x) => INT.test(x.trim()));
  if (ints && items.length > 1) {
    const up = [...items].sort((a, b) => Number(a) - Number(b));
    out.push(make(up), make([...up].reverse()));
  }
  return out;
}
