// Shape checks for sessions and attempts that come from outside (an import file). Each check
// throws a FieldError naming the field path, so the message can say exactly what is wrong.
// Fields the checks do not know are kept: a newer minor addition to the types is not an error.

export class FieldError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path} ${problem}`);
  }
}

export type Check = (value: unknown, path: string) => void;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return `a ${typeof value}`;
}

function expect(want: string, ok: (value: unknown) => boolean): Check {
  return (value, path) => {
    if (value === undefined) throw new FieldError(path, 'is missing');
    if (!ok(value)) throw new FieldError(path, `should be ${want}, found ${describe(value)}`);
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const str = expect('a string', (v) => typeof v === 'string');
export const num = expect('a number', (v) => typeof v === 'number' && Number.isFinite(v));
export const int = expect('a whole number >= 0', (v) => Number.isInteger(v) && (v as number) >= 0);
export const bool = expect('true or false', (v) => typeof v === 'boolean');
export const nonEmpty = expect('a non-empty string', (v) => typeof v === 'string' && v.length > 0);

export function oneOf(...values: string[]): Check {
  const list = values.map((v) => JSON.stringify(v)).join(', ');
  const check = expect(`one of ${list}`, (v) => typeof v === 'string' && values.includes(v));
  return (value, path) => {
    try {
      check(value, path);
    } catch (error) {
      if (error instanceof FieldError && typeof value === 'string') {
        throw new FieldError(path, `should be one of ${list}, found ${JSON.stringify(value)}`);
      }
      throw error;
    }
  };
}

export function optional(check: Check): Check {
  return (value, path) => {
    if (value !== undefined) check(value, path);
  };
}

export function list(item: Check): Check {
  const isList = expect('a list', Array.isArray);
  return (value, path) => {
    isList(value, path);
    (value as unknown[]).forEach((entry, i) => item(entry, `${path}[${i}]`));
  };
}

export function object(fields: Record<string, Check>): Check {
  const isObj = expect('an object', isObject);
  return (value, path) => {
    isObj(value, path);
    const record = value as Record<string, unknown>;
    for (const [key, check] of Object.entries(fields)) check(record[key], path ? `${path}.${key}` : key);
  };
}

/** An object whose other fields depend on its `kind`. */
export function tagged(variants: Record<string, Record<string, Check>>): Check {
  const kind = oneOf(...Object.keys(variants));
  return (value, path) => {
    object({ kind })(value, path);
    const fields = variants[(value as { kind: string }).kind] ?? {};
    object(fields)(value, path);
  };
}
