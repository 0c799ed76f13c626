// Literal values as tests write them (Python or JavaScript): parsed from a call's arguments so
// they can be mutated, then written back as source for a driver program.

export type Value =
  | { t: 'int'; v: number }
  | { t: 'float'; v: number }
  | { t: 'str'; v: string }
  | { t: 'bool'; v: boolean }
  | { t: 'none' }
  | { t: 'list' | 'tuple' | 'set'; items: Value[] }
  | { t: 'dict'; entries: [Value, Value][] };

class Unparsable extends Error {}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', '\\': '\\', "'": "'", '"': '"' };

class Parser {
  i = 0;
  constructor(readonly s: string) {}

  ws(): void {
    while (/\s/.test(this.s[this.i] ?? '')) this.i++;
  }

  eat(c: string): boolean {
    this.ws();
    if (this.s.startsWith(c, this.i)) return ((this.i += c.length), true);
    return false;
  }

  value(): Value {
    this.ws();
    const rest = this.s.slice(this.i);
    const num = /^[-+]?(?:\d[\d_]*\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)/.exec(rest);
    if (num) {
      this.i += num[0].length;
      const text = num[0].replace(/_/g, '');
      const v = Number(text);
      if (/[.eE]/.test(text)) return { t: 'float', v };
      if (!Number.isSafeInteger(v)) throw new Unparsable('integer too large');
      return { t: 'int', v };
    }
    const word = /^[A-Za-z_]\w*/.exec(rest)?.[0];
    const quote = /^[rRuU]?(['"`])/.exec(rest);
    if (quote) return this.str(quote[0].length - 1, /^[rR]/.test(rest));
    if (word === 'True' || word === 'true') return ((this.i += word.length), { t: 'bool', v: true });
    if (word === 'False' || word === 'false') return ((this.i += word.length), { t: 'bool', v: false });
    if (word === 'None' || word === 'null' || word === 'undefined') return ((this.i += word.length), { t: 'none' });
    if (this.eat('[')) return { t: 'list', items: this.seq(']') };
    if (this.eat('(')) {
      const items = this.seq(')');
      const single = items.length === 1 && !/,\s*\)$/.test(this.s.slice(0, this.i));
      return single ? items[0]! : { t: 'tuple', items };
    }
    if (this.eat('{')) return this.braces();
    throw new Unparsable(`not a literal at ${this.i}`);
  }

  str(prefix: number, raw: boolean): Value {
    this.i += prefix;
    const q = this.s.startsWith(this.s[this.i]!.repeat(3), this.i) ? this.s[this.i]!.repeat(3) : this.s[this.i]!;
    this.i += q.length;
    let out = '';
    while (!this.s.startsWith(q, this.i)) {
      const c = this.s[this.i++];
      if (c === undefined) throw new Unparsable('unterminated string');
      if (q === '`' && c === '$' && this.s[this.i] === '{') throw new Unparsable('template');
      if (c !== '\\' || raw) {
        out += c;
        continue;
      }
      const e = this.s[this.i++] ?? '';
      const hex = e === 'x' ? 2 : e === 'u' ? 4 : 0;
      if (hex) {
        out += String.fromCharCode(parseInt(this.s.slice(this.i, this.i + hex), 16));
        this.i += hex;
      } else out += ESCAPES[e] ?? `\\${e}`;
    }
    this.i += q.length;
    return { t: 'str', v: out };
  }

  seq(close: string): Value[] {
    const items: Value[] = [];
    while (!this.eat(close)) {
      items.push(this.value());
      if (!this.eat(',') && !this.s.startsWith(close, (this.ws(), this.i))) throw new Unparsable('expected ,');
    }
    return items;
  }

  braces(): Value {
    const entries: [Value, Value][] = [];
    const items: Value[] = [];
    while (!this.eat('}')) {
      this.ws();
      const bare = /^([A-Za-z_$][\w$]*)\s*:/.exec(this.s.slice(this.i));
      let key: Value;
      if (bare) {
        this.i += bare[1]!.length;
        key = { t: 'str', v: bare[1]! };
      } else key = this.value();
      if (this.eat(':')) entries.push([key, this.value()]);
      else items.push(key);
      if (!this.eat(',') && !this.s.startsWith('}', (this.ws(), this.i))) throw new Unparsable('expected ,');
    }
    if (entries.length > 0 && items.length > 0) throw new Unparsable('mixed braces');
    return items.length > 0 ? { t: 'set', items } : { t: 'dict', entries };
  }
}

/** The value of a literal's source, or undefined when it is not a plain literal. */
export function parseLiteral(source: string): Value | undefined {
  const p = new Parser(source);
  try {
    const v = p.value();
    p.ws();
    return p.i === source.length ? v : undefined;
  } catch (e) {
    if (e instanceof Unparsable) return undefined;
    throw e;
  }
}

function pyFloat(v: number): string {
  if (Number.isNaN(v)) return "float('nan')";
  if (!Number.isFinite(v)) return v > 0 ? "float('inf')" : "float('-inf')";
  return Number.isInteger(v) && Math.abs(v) < 1e16 ? `${v}.0` : String(v);
}

export function toPython(x: Value): string {
  switch (x.t) {
    case 'int':
      return String(x.v);
    case 'float':
      return pyFloat(x.v);
    case 'str':
      return JSON.stringify(x.v);
    case 'bool':
      return x.v ? 'True' : 'False';
    case 'none':
      return 'None';
    case 'list':
      return `[${x.items.map(toPython).join(', ')}]`;
    case 'tuple':
      return x.items.length === 1 ? `(${toPython(x.items[0]!)},)` : `(${x.items.map(toPython).join(', ')})`;
    case 'set':
      return x.items.length === 0 ? 'set()' : `{${x.items.map(toPython).join(', ')}}`;
    case 'dict':
      return `{${x.entries.map(([k, v]) => `${toPython(k)}: ${toPython(v)}`).join(', ')}}`;
  }
}

export function toJavaScript(x: Value): string {
  switch (x.t) {
    case 'int':
    case 'float':
      return Number.isNaN(x.v) ? 'NaN' : String(x.v);
    case 'str':
      return JSON.stringify(x.v);
    case 'bool':
      return String(x.v);
    case 'none':
      return 'null';
    case 'list':
    case 'tuple':
      return `[${x.items.map(toJavaScript).join(', ')}]`;
    case 'set':
      return `new Set([${x.items.map(toJavaScript).join(', ')}])`;
    case 'dict':
      return x.entries.every(([k]) => k.t === 'str')
        ? `{${x.entries.map(([k, v]) => `${toJavaScript(k)}: ${toJavaScript(v)}`).join(', ')}}`
        : `new Map([${x.entries.map(([k, v]) => `[${toJavaScript(k)}, ${toJavaScript(v)}]`).join(', ')}])`;
  }
}
