// Reading data of unknown shape (an import file, a pack, a link, a message from the sandbox): a
// schema checks a value, collects every problem with its path ("tests[2].points should be a
// number, found a string"), and gives the TypeScript type it accepts: `Infer<typeof schema>`.

export type Path = readonly (string | number)[];

export interface Issue {
  path: Path;
  /** Said of the value at `path`: "is missing", "should be a string, found a number", "is empty". */
  problem: string;
  /** For a missing value or one of the wrong type: what was wanted ("a string"). */
  expected?: string;
  missing?: boolean;
}

export type Result<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

const FAIL = Symbol('fail');
type Fail = typeof FAIL;
type Reader<T> = (value: unknown, path: Path, issues: Issue[]) => T | Fail;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the widest schema, for constraints
type AnySchema = Schema<any>;
export type Infer<S> = S extends Schema<infer T> ? T : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** "a string", "a list", "null", "NaN": the kind of value found, for a problem's wording. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return `a ${typeof value}`;
}

/** `tests[2].points`. */
export function formatPath(path: Path): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** `tests[2].points: should be a number, found a string`. */
export function formatIssue(issue: Issue): string {
  return issue.path.length ? `${formatPath(issue.path)}: ${issue.problem}` : issue.problem;
}

function mismatch(issues: Issue[], path: Path, expected: string, value: unknown, found = describe(value)): Fail {
  if (value === undefined) issues.push({ path, problem: 'is missing', expected, missing: true });
  else issues.push({ path, problem: `should be ${expected}, found ${found}`, expected });
  return FAIL;
}

export class Schema<T> {
  constructor(
    /** What the schema wants, in words: "a string", "an object". */
    readonly expected: string,
    private readonly reader: Reader<T>,
  ) {}

  /** Adds this value's problems to `issues`; FAIL when there is any. For schemas built on others. */
  read(value: unknown, path: Path, issues: Issue[]): T | Fail {
    return this.reader(value, path, issues);
  }

  parse(value: unknown, path: Path = []): Result<T> {
    const issues: Issue[] = [];
    const out = this.reader(value, path, issues);
    return out === FAIL || issues.length ? { ok: false, issues } : { ok: true, value: out };
  }

  /** The value, or undefined when it has any problem. */
  get(value: unknown): T | undefined {
    const r = this.parse(value);
    return r.ok ? r.value : undefined;
  }

  /** The value changed once it is valid; `raw` is what was read. */
  map<U>(change: (value: T, raw: unknown) => U): Schema<U> {
    return new Schema(this.expected, (value, path, issues) => {
      const out = this.reader(value, path, issues);
      return out === FAIL ? FAIL : change(out, value);
    });
  }

  /** A further check on a valid value; `report` says a problem at `path` under this value's. */
  refine(check: (value: T, report: (problem: string, at?: Path) => void) => void): Schema<T> {
    return new Schema(this.expected, (value, path, issues) => {
      const out = this.reader(value, path, issues);
      if (out === FAIL) return FAIL;
      let failed = false;
      check(out, (problem, at = []) => {
        failed = true;
        issues.push({ path: [...path, ...at], problem });
      });
      return failed ? FAIL : out;
    });
  }

  /** Words the value's own type problem differently ("a whole number >= 0" for "a number"). */
  expecting(expected: string): Schema<T> {
    return new Schema(expected, (value, path, issues) => {
      const own: Issue[] = [];
      const out = this.reader(value, path, own);
      for (const issue of own) {
        const mine = issue.expected !== undefined && issue.path.length === path.length;
        issues.push(
          !mine
            ? issue
            : issue.missing
              ? { ...issue, expected }
              : { path, problem: `should be ${expected}, found ${describe(value)}`, expected },
        );
      }
      return out;
    });
  }

  /** Undefined is let through (an optional field). */
  optional(): Schema<T | undefined> {
    return new Schema<T | undefined>(this.expected, (value, path, issues) =>
      value === undefined ? undefined : this.reader(value, path, issues),
    );
  }

  /** Undefined reads as `fallback`. */
  default(fallback: T): Schema<T> {
    return new Schema(this.expected, (value, path, issues) =>
      value === undefined ? fallback : this.reader(value, path, issues),
    );
  }

  /** Any problem reads as `fallback`, and is said nowhere: for advice that may be dropped. */
  catch<U>(fallback: U): Schema<T | U> {
    return new Schema<T | U>(this.expected, (value, path) => {
      const out = this.reader(value, path, []);
      return out === FAIL ? fallback : out;
    });
  }
}

/** A value `guard` accepts; otherwise "should be `expected`, found ...". */
export function is<T>(expected: string, guard: (value: unknown) => value is T): Schema<T>;
export function is(expected: string, guard: (value: unknown) => boolean): Schema<unknown>;
export function is(expected: string, guard: (value: unknown) => boolean): Schema<unknown> {
  return new Schema(expected, (value, path, issues) =>
    guard(value) ? value : mismatch(issues, path, expected, value),
  );
}

export const unknown = (): Schema<unknown> => new Schema('anything', (value) => value);
export const string = (): Schema<string> => is('a string', (v): v is string => typeof v === 'string');
export const boolean = (): Schema<boolean> => is('true or false', (v): v is boolean => typeof v === 'boolean');

interface NumberRule {
  int?: boolean;
  min?: number;
  /** `min` itself is not allowed. */
  above?: boolean;
  max?: number;
}

/** A finite number within the rule; "a whole number of at least 0 and at most 1000". */
export function number(rule: NumberRule = {}): Schema<number> {
  const { int = false, min, above = false, max } = rule;
  const from = min === undefined ? '' : ` ${above ? 'above' : 'of at least'} ${min}`;
  const to = max === undefined ? '' : `${from ? ' and' : ''} at most ${max}`;
  return is(
    `${int ? 'a whole number' : 'a number'}${from}${to}`,
    (v): v is number =>
      typeof v === 'number' &&
      Number.isFinite(v) &&
      (!int || Number.isInteger(v)) &&
      (min === undefined || (above ? v > min : v >= min)) &&
      (max === undefined || v <= max),
  );
}

type Literal = string | number | boolean | null;

/** One of the values given: "one of "a", "b", found "c"". */
export function literal<const L extends readonly Literal[]>(...values: L): Schema<L[number]> {
  const words = values.map((v) => JSON.stringify(v));
  const expected = values.length === 1 ? words[0]! : `one of ${words.join(', ')}`;
  return new Schema(expected, (value, path, issues) =>
    values.includes(value as Literal)
      ? (value as L[number])
      : mismatch(issues, path, expected, value, typeof value === 'string' ? JSON.stringify(value) : undefined),
  );
}

/** An instance of `type` (a Blob, say), as structured clone makes them. */
export function instance<T>(type: abstract new (...args: never[]) => T, expected: string): Schema<T> {
  return is(expected, (v): v is T => v instanceof type);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A list; with `first`, only its first items are read and kept. */
export function array<S extends AnySchema>(item: S, opts: { first?: number } = {}): Schema<Infer<S>[]> {
  return new Schema('a list', (value, path, issues) => {
    if (!Array.isArray(value)) return mismatch(issues, path, 'a list', value);
    const items = opts.first === undefined ? value : value.slice(0, opts.first);
    const out: Infer<S>[] = [];
    let failed = false;
    items.forEach((entry, i) => {
      const read = item.read(entry, [...path, i], issues) as Infer<S> | Fail;
      if (read === FAIL) failed = true;
      else out.push(read);
    });
    return failed ? FAIL : out;
  });
}

/** A list read position by position, as `[name, value]`; items past these are not read. */
export function tuple<const S extends readonly AnySchema[]>(
  ...items: S
): Schema<{ -readonly [I in keyof S]: Infer<S[I]> }> {
  return new Schema('a list', (value, path, issues) => {
    if (!Array.isArray(value)) return mismatch(issues, path, 'a list', value);
    const out = items.map((item, i): unknown => item.read(value[i], [...path, i], issues));
    return out.includes(FAIL) ? FAIL : (out as { -readonly [I in keyof S]: Infer<S[I]> });
  });
}

type Shape = Record<string, AnySchema>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: undefined extends Infer<S[K]> ? K : never }[keyof S];
export type ObjectOf<S extends Shape> = Simplify<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> }
>;

/**
 * An object with these fields; a field whose schema takes undefined may be left out. Every field
 * is checked, so every problem is said. Other fields are dropped, or with `keep` carried along.
 */
export function object<S extends Shape>(shape: S, opts?: { keep?: false; expected?: string }): Schema<ObjectOf<S>>;
export function object<S extends Shape>(
  shape: S,
  opts: { keep: true; expected?: string },
): Schema<ObjectOf<S> & Record<string, unknown>>;
export function object<S extends Shape>(shape: S, opts: { keep?: boolean; expected?: string } = {}): AnySchema {
  const expected = opts.expected ?? 'an object';
  return new Schema(expected, (value, path, issues) => {
    if (!isRecord(value)) return mismatch(issues, path, expected, value);
    const out: Record<string, unknown> = opts.keep ? { ...value } : {};
    let failed = false;
    for (const [key, field] of Object.entries(shape)) {
      const read: unknown = field.read(value[key], [...path, key], issues);
      if (read === FAIL) failed = true;
      else if (read === undefined) delete out[key];
      else out[key] = read;
    }
    return failed ? FAIL : out;
  });
}

/** An object of any keys, each value read by `item`. */
export function record<S extends AnySchema>(item: S): Schema<Record<string, Infer<S>>> {
  return new Schema('an object', (value, path, issues) => {
    if (!isRecord(value)) return mismatch(issues, path, 'an object', value);
    const out: Record<string, Infer<S>> = {};
    let failed = false;
    for (const [key, entry] of Object.entries(value)) {
      const read = item.read(entry, [...path, key], issues) as Infer<S> | Fail;
      if (read === FAIL) failed = true;
      else out[key] = read;
    }
    return failed ? FAIL : out;
  });
}

/** The first schema the value passes; the problems of none are said as one. */
export function union<const S extends readonly AnySchema[]>(...schemas: S): Schema<Infer<S[number]>> {
  const expected = schemas.map((s) => s.expected).join(' or ');
  return new Schema(expected, (value, path, issues) => {
    for (const schema of schemas) {
      const r = schema.parse(value, path);
      if (r.ok) return r.value as Infer<S[number]>;
    }
    return mismatch(issues, path, expected, value);
  });
}

type Tagged<K extends string, V extends Record<string, AnySchema>> = {
  [N in keyof V & string]: Simplify<{ [P in K]: N } & Infer<V[N]>>;
}[keyof V & string];

/** An object whose field `key` names which of `variants` its other fields follow. */
export function tagged<K extends string, V extends Record<string, AnySchema>>(
  key: K,
  variants: V,
): Schema<Tagged<K, V>> {
  const tag = literal(...Object.keys(variants));
  return new Schema('an object', (value, path, issues) => {
    if (!isRecord(value)) return mismatch(issues, path, 'an object', value);
    const name = tag.read(value[key], [...path, key], issues);
    if (name === FAIL) return FAIL;
    const read: unknown = variants[name]!.read(value, path, issues);
    return read === FAIL ? FAIL : ({ [key]: name, ...(read as object) } as Tagged<K, V>);
  });
}

/** A type's named fields, without its index signature. */
type Named<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/**
 * Whether a schema that checks some of a type's fields (the others passing through unchecked)
 * agrees with the type: every field it names is one of the type's and reads as a value of that
 * field's type, and every field the type requires is named and required. `true` when it does,
 * else what differs; `true satisfies Covers<Infer<typeof shape>, Type>` fails to compile when the
 * two drift apart. Fields in `Apart` are left to checks of their own.
 */
export type Covers<S, T, Apart extends PropertyKey = never> = CoversNamed<Omit<Named<S>, Apart>, Omit<T, Apart>>;
type CoversNamed<S, T> = [Exclude<keyof S, keyof T>] extends [never]
  ? [S] extends [Pick<T, keyof S & keyof T>]
    ? [Exclude<RequiredKeys<T>, RequiredKeys<S>>] extends [never]
      ? true
      : { notRequired: Exclude<RequiredKeys<T>, RequiredKeys<S>> }
    : { differs: { [K in keyof S & keyof T]: [S[K]] extends [T[K]] ? never : K }[keyof S & keyof T] }
  : { unknownFields: Exclude<keyof S, keyof T> };

/**
 * Whether a schema reads every field of a type: as Covers, and no field of the type (but those
 * `Apart`) goes unread. The schema may accept less than the type allows (a flag read only when true).
 */
export type SameFields<S, T, Apart extends PropertyKey = never> =
  Covers<S, T, Apart> extends true
    ? [Exclude<keyof Omit<T, Apart>, keyof Named<S>>] extends [never]
      ? true
      : { unread: Exclude<keyof Omit<T, Apart>, keyof Named<S>> }
    : Covers<S, T, Apart>;
