// Shape checks for sessions and attempts that come from outside (an import file, a share link),
// built on shared/schema.ts and worded as the history file's messages are ("should be a string,
// found a number"). Every problem is collected with its field path, so the message can say exactly
// what is wrong. Fields the checks do not know are kept: a newer minor addition to the types is not an error.
import * as schema from '../shared/schema.ts';
import { formatPath, type Issue, type ObjectOf, type Path, type Schema } from '../shared/schema.ts';

export interface FieldProblem {
  path: string;
  problem: string;
}

/** Every problem found, the first also as `path` and `problem`. */
class FieldError extends Error {
  readonly path: string;
  readonly problem: string;
  constructor(readonly problems: FieldProblem[]) {
    super(problems.map((p) => `${p.path} ${p.problem}`).join('; '));
    this.path = problems[0]?.path ?? '';
    this.problem = problems[0]?.problem ?? '';
  }
}

export const fieldProblems = (issues: readonly Issue[]): FieldProblem[] =>
  issues.map((i) => ({ path: formatPath(i.path), problem: i.problem }));

export type Check<T = unknown> = Schema<T>;

/** The value read by `shape`, or a FieldError naming every problem under `path`. */
export function check<T>(shape: Check<T>, value: unknown, path: string | Path): T {
  const r = shape.parse(value, typeof path === 'string' ? [path] : path);
  if (!r.ok) throw new FieldError(fieldProblems(r.issues));
  return r.value;
}

export const str = schema.string();
export const num = schema.number();
export const int = schema.number({ int: true, min: 0 }).expecting('a whole number >= 0');
export const bool = schema.boolean();
export const nonEmpty = schema.is('a non-empty string', (v): v is string => typeof v === 'string' && v.length > 0);
export const oneOf = schema.literal;
export const list = schema.array;
export const optional = <T>(shape: Check<T>): Check<T | undefined> => shape.optional();

/** An object with these fields checked, and any others kept. */
export const object = <S extends Record<string, Check>>(fields: S) => schema.object(fields, { keep: true });

type Variants = Record<string, Record<string, Check>>;

/** An object whose other fields depend on its `kind`. */
export function tagged<V extends Variants>(
  variants: V,
): Check<{ [N in keyof V]: { kind: N } & ObjectOf<V[N]> }[keyof V]> {
  const objects = Object.fromEntries(Object.entries(variants).map(([kind, fields]) => [kind, object(fields)]));
  return schema.tagged('kind', objects) as Check<{ [N in keyof V]: { kind: N } & ObjectOf<V[N]> }[keyof V]>;
}
