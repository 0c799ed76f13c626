// Reading a pack's fields and saying every problem at once, each under the place it is found
// ("exercise "add", tests[0]: field "points" ..."): what validate.ts and each exercise kind's
// own fields (src/classroom/kinds/) read with.
import { array, formatPath, number, string, unknown, type Issue, type Path, type Schema } from '../shared/schema.ts';

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A schema's problem in a pack's words: `tests[0]`, `field "points" must be a number ...`. */
function wording(issue: Issue): { where: string; detail: string } {
  const last = issue.path.at(-1);
  const field = typeof last === 'string';
  const where = formatPath(field ? issue.path.slice(0, -1) : issue.path);
  const what =
    issue.expected === undefined ? issue.problem : issue.missing ? 'is missing' : `must be ${issue.expected}`;
  return { where, detail: field ? `field "${last}" ${what}` : what };
}

export const text = (opts: { nonEmpty?: boolean } = {}): Schema<string> =>
  opts.nonEmpty ? string().refine((v, report) => !v.trim() && report('is empty')) : string();

export class Checker {
  readonly problems: string[] = [];
  constructor(private readonly where: string) {}

  at(where: string): Checker {
    const c = new Checker(this.where ? `${this.where}, ${where}` : where);
    (c as { problems: string[] }).problems = this.problems;
    return c;
  }

  fail(detail: string): void {
    this.problems.push(this.where ? `${this.where}: ${detail}` : detail);
  }

  /** The value `schema` reads, or `fallback` once its problems are said. */
  read<T>(schema: Schema<T>, value: unknown, fallback: T, path: Path = []): T {
    const r = schema.parse(value, path);
    if (r.ok) return r.value;
    for (const issue of r.issues) {
      const { where, detail } = wording(issue);
      (where ? this.at(where) : this).fail(detail);
    }
    return fallback;
  }

  str(o: Obj, name: string, opts: { required: boolean; fallback?: string; nonEmpty?: boolean }): string {
    const fallback = opts.fallback ?? '';
    const schema = opts.required ? text(opts) : text(opts).default(fallback);
    return this.read(schema, o[name], fallback, [name]);
  }

  num(o: Obj, name: string, fallback: number, rule: Parameters<typeof number>[0]): number {
    return this.read(number(rule).default(fallback), o[name], fallback, [name]);
  }

  list(o: Obj, name: string, required: boolean): unknown[] {
    const list = array(unknown());
    return this.read(required ? list : list.default([]), o[name], [], [name]);
  }
}
