// Values of LeetCode-style answers as Python's json.loads reads them and as Python's == compares
// them: ints exact (BigInt), True == 1 == 1.0, a list never equal to a tuple. The harness sends
// a returned value in the same tagged form (src/sandbox/frame/py/progmocks.py, `encode`).

export type PyValue =
  | null
  | string
  | PyValue[]
  | { b: boolean }
  | { i: string }
  | { f: string }
  | { t: PyValue[] }
  | { d: [PyValue, PyValue][] };

/** json.loads, keeping what Python keeps: ints of any size, NaN and Infinity. */
export function parsePyJson(text: string): PyValue {
  let at = 0;
  const fail = (): never => {
    throw new SyntaxError(`not JSON at character ${at}`);
  };
  const ws = (): void => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };
  const value = (): PyValue => {
    ws();
    const c = text[at];
    if (c === '{') {
      at++;
      const d: [PyValue, PyValue][] = [];
      ws();
      if (text[at] === '}') return (at++, { d });
      for (;;) {
        ws();
        if (text[at] !== '"') fail();
        const k = value();
        ws();
        if (text[at++] !== ':') fail();
        d.push([k, value()]);
        ws();
        const s = text[at++];
        if (s === '}') return { d };
        if (s !== ',') fail();
      }
    }
    if (c === '[') {
      at++;
      const a: PyValue[] = [];
      ws();
      if (text[at] === ']') return (at++, a);
      for (;;) {
        a.push(value());
        ws();
        const s = text[at++];
        if (s === ']') return a;
        if (s !== ',') fail();
      }
    }
    if (c === '"') {
      // eslint-disable-next-line no-control-regex -- JSON strings may not hold raw control characters
      const m = /^"(?:[^"\\\x00-\x1f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/.exec(text.slice(at));
      if (!m) fail();
      at += m![0].length;
      return JSON.parse(m![0]) as string;
    }
    for (const [word, v] of [
      ['true', { b: true }],
      ['false', { b: false }],
      ['null', null],
      ['NaN', { f: 'nan' }],
      ['Infinity', { f: 'inf' }],
      ['-Infinity', { f: '-inf' }],
    ] as const) {
      if (text.startsWith(word, at)) return ((at += word.length), v);
    }
    const m = /^-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at));
    if (!m) fail();
    at += m![0].length;
    return m![1] || m![2] ? { f: m![0] } : { i: m![0] };
  };
  const v = value();
  ws();
  if (at !== text.length) fail();
  return v;
}

type Num = { int: bigint } | { float: number };

function number(v: PyValue): Num | undefined {
  if (v === null || typeof v === 'string' || Array.isArray(v)) return undefined;
  if ('b' in v) return { int: v.b ? 1n : 0n };
  if ('i' in v) return { int: BigInt(v.i) };
  if ('f' in v) return { float: Number(v.f.replace(/^(-?)inf$/, '$1Infinity').replace(/^nan$/, 'NaN')) };
  return undefined;
}

function sameNumber(a: Num, b: Num): boolean {
  if ('int' in a && 'int' in b) return a.int === b.int;
  if ('float' in a && 'float' in b) return a.float === b.float;
  const [i, f] = 'int' in a ? [a.int, (b as { float: number }).float] : [(b as { int: bigint }).int, a.float];
  return Number.isInteger(f) && BigInt(f) === i;
}

/** Python's == between two values of the kinds above. */
export function pyEqual(a: PyValue, b: PyValue): boolean {
  const na = number(a);
  const nb = number(b);
  if (na || nb) return !!na && !!nb && sameNumber(na, nb);
  if (a === null || b === null) return a === b;
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, k) => pyEqual(x, b[k]!));
  }
  if ('t' in a || 't' in b) return 't' in a && 't' in b && pyEqual(a.t, b.t);
  if ('d' in a && 'd' in b) {
    if (a.d.length !== b.d.length) return false;
    return a.d.every(([k, v]) => b.d.some(([k2, v2]) => pyEqual(k, k2) && pyEqual(v, v2)));
  }
  return false;
}
