// Reading a pack file: every problem is reported at once, each naming the file and the exercise,
// so a teacher fixes a pack in one pass. Defaults fill optional fields; unknown fields stay.
import { withoutBom } from '../shared/byte-order-mark.ts';
import { InputError } from '../shared/problems.ts';
import {
  array,
  boolean,
  formatPath,
  number,
  object,
  string,
  unknown,
  type Issue,
  type Path,
  type Schema,
} from '../shared/schema.ts';
import { SQL_ENGINES } from '../shared/sql.ts';
import { readViewport } from '../shared/web.ts';
import {
  ASSISTANT_MODES,
  DEFAULT_ASSISTANT,
  DEFAULT_POINTS,
  DEFAULT_TIMEOUT_SEC,
  OUTPUT_COMPARES,
  PACK_FORMAT,
  PACK_LANGUAGES,
  SQL_COMPARES,
  type AssistantMode,
  type Pack,
  type PackExercise,
  type PackLanguage,
  type PackTest,
} from './types.ts';

/** A malformed pack; `problems` lists each one, "exercise "id": field ..." style. */
export class PackError extends InputError {
  constructor(
    file: string,
    readonly problems: string[],
  ) {
    super(file, undefined, problems.length === 1 ? problems[0]! : `\n  ${problems.join('\n  ')}`);
    this.name = 'PackError';
  }
}

/**
 * Bounds far past any class's pack. Without them a pack of 20,000 exercises keeps `pack check`
 * busy for hours, 1e308 points add up to Infinity, and a 1e12 s time limit is no limit.
 */
const MAX_EXERCISES = 500;
const MAX_TESTS = 200;
const MAX_POINTS = 1000;
/** As in the task panel. */
const MAX_TIMEOUT_SEC = 600;
/** Assistant requests, and failures before a hint. */
const MAX_COUNT = 1000;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A schema's problem in a pack's words: `tests[0]`, `field "points" must be a number ...`. */
function wording(issue: Issue): { where: string; detail: string } {
  const last = issue.path.at(-1);
  const field = typeof last === 'string';
  const where = formatPath(field ? issue.path.slice(0, -1) : issue.path);
  const what =
    issue.expected === undefined ? issue.problem : issue.missing ? 'is missing' : `must be ${issue.expected}`;
  return { where, detail: field ? `field "${last}" ${what}` : what };
}

const text = (opts: { nonEmpty?: boolean } = {}): Schema<string> =>
  opts.nonEmpty ? string().refine((v, report) => !v.trim() && report('is empty')) : string();

class Checker {
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

type Kind = 'function' | 'program' | 'sql';
const TEST_SHAPES: Record<Kind, string> = {
  function: '{name, code, points}',
  program: '{name, input, output, points}',
  sql: '{name, database, points}',
};

function readTests(c: Checker, raw: unknown[], field: string, seen: Set<string>, kind: Kind): PackTest[] {
  const program = kind === 'program';
  return raw.flatMap((t, i) => {
    const tc = c.at(`${field}[${i}]`);
    if (!isObj(t)) {
      tc.fail(`must be an object ${TEST_SHAPES[kind]}`);
      return [];
    }
    const name = tc.str(t, 'name', { required: true, nonEmpty: true });
    if (kind === 'sql') {
      // The SQL script that builds this test's database: the query and the solution run on it.
      const database = tc.str(t, 'database', { required: true, nonEmpty: true });
      // An empty `code` is what reading a pack leaves: a pack read once reads again the same.
      for (const f of ['code', 'input', 'output'])
        if (t[f] !== undefined && !(f === 'code' && t[f] === ''))
          tc.fail(`field "${f}" does not go with "kind": "sql" (a SQL test is a database)`);
      const points = tc.num(t, 'points', DEFAULT_POINTS, { min: 0, max: MAX_POINTS });
      if (name && seen.has(name)) tc.fail(`test name "${name}" appears twice in the exercise`);
      seen.add(name);
      return [{ ...t, name, code: '', database, points }];
    }
    if (t.database !== undefined) tc.fail('field "database" needs the exercise\'s "kind": "sql"');
    if (program) {
      const input = tc.str(t, 'input', { required: true });
      const output = tc.str(t, 'output', { required: true });
      // An empty `code` is what reading a pack leaves: a pack read once reads again the same.
      if (t.code !== undefined && t.code !== '')
        tc.fail('field "code" does not go with "kind": "program" (a program\'s test is an input and an output)');
      const points = tc.num(t, 'points', DEFAULT_POINTS, { min: 0, max: MAX_POINTS });
      if (name && seen.has(name)) tc.fail(`test name "${name}" appears twice in the exercise`);
      seen.add(name);
      return [{ ...t, name, code: '', input, output, points }];
    }
    if (t.input !== undefined || t.output !== undefined)
      tc.fail('fields "input" and "output" need the exercise\'s "kind": "program"');
    const code = tc.str(t, 'code', { required: true, nonEmpty: true });
    const points = tc.num(t, 'points', DEFAULT_POINTS, { min: 0, max: MAX_POINTS });
    if (name && seen.has(name)) tc.fail(`test name "${name}" appears twice in the exercise`);
    seen.add(name);
    return [{ ...t, name, code, points }];
  });
}

const hint = object(
  {
    text: text({ nonEmpty: true }),
    afterFailures: number({ min: 0, max: MAX_COUNT, int: true }).default(0),
  },
  { keep: true, expected: 'an object {afterFailures, text}' },
);
const hints = array(hint).default([]);

/** "kind", "compare", "tolerance" and "engine": what the exercise is, and how its answers are compared. */
function readKind(c: Checker, e: Obj): Kind {
  if (e.kind !== undefined && e.kind !== 'program' && e.kind !== 'sql')
    c.fail(`unknown kind ${JSON.stringify(e.kind)} (known: "program", "sql")`);
  const kind: Kind = e.kind === 'program' || e.kind === 'sql' ? e.kind : 'function';
  if (e.compare !== undefined) {
    const known = kind === 'sql' ? SQL_COMPARES : OUTPUT_COMPARES;
    if (kind === 'function') c.fail('field "compare" needs "kind": "program" or "sql"');
    else if (!known.includes(e.compare as never))
      c.fail(`unknown compare ${JSON.stringify(e.compare)} (known: ${known.join(', ')})`);
  }
  if (e.tolerance !== undefined) {
    if (e.compare !== 'numbers') c.fail('field "tolerance" needs "compare": "numbers"');
    else c.num(e, 'tolerance', 0, { min: 0, max: 1e9, above: true });
  }
  if (e.engine !== undefined) {
    if (kind !== 'sql') c.fail('field "engine" needs "kind": "sql"');
    else if (!SQL_ENGINES.includes(e.engine as never))
      c.fail(`unknown engine ${JSON.stringify(e.engine)} (known: ${SQL_ENGINES.join(', ')})`);
  }
  return kind;
}

/** A SQL exercise: its language is "sql" (or left out), and its solution query is what grades it. */
function readSqlParts(c: Checker, e: Obj, language: string, mode: string): void {
  if (e.language !== undefined && language !== 'sql')
    c.fail(`a SQL exercise's "language" is "sql" or left out (got ${JSON.stringify(e.language)})`);
  if (typeof e.solution !== 'string' || !e.solution.trim())
    c.fail('field "solution" is missing: a SQL exercise is graded by comparing its query\'s rows with the solution\'s');
  if (mode === 'solve') c.fail('assistant mode "solve" is not offered for SQL exercises (use "hint" or "explain")');
  if (e.entryPoint !== undefined && e.entryPoint !== '') c.fail('field "entryPoint" does not go with "kind": "sql"');
}

function readExercise(c: Checker, e: Obj): PackExercise {
  const names = new Set<string>();
  const kind = readKind(c, e);
  const program = kind === 'program';
  const sql = kind === 'sql';
  const language = (
    sql ? c.str(e, 'language', { required: false, fallback: 'sql' }) : c.str(e, 'language', { required: true })
  ) as PackLanguage;
  if (!sql && language && !PACK_LANGUAGES.includes(language as never))
    c.fail(
      `unknown language "${language}" (known: ${PACK_LANGUAGES.join(', ')}${language === 'sql' ? '; "sql" needs "kind": "sql"' : ''})`,
    );
  const tests = readTests(c, c.list(e, 'tests', true), 'tests', names, kind);
  const hiddenTests = readTests(c, c.list(e, 'hiddenTests', false), 'hiddenTests', names, kind);
  if (tests.length + hiddenTests.length === 0 && e.tests !== undefined) c.fail('has no tests');
  if (tests.length + hiddenTests.length > MAX_TESTS)
    c.fail(
      `field "tests" and "hiddenTests" hold ${tests.length + hiddenTests.length} tests; at most ${MAX_TESTS} are allowed`,
    );
  const limitsRaw = e.limits === undefined ? {} : e.limits;
  const limits = isObj(limitsRaw) ? limitsRaw : (c.fail('field "limits" must be an object'), {});
  const timeoutSec = c
    .at('limits')
    .num(limits, 'timeoutSec', DEFAULT_TIMEOUT_SEC, { min: 0, max: MAX_TIMEOUT_SEC, above: true });
  const assistantRaw = e.assistant === undefined ? {} : e.assistant;
  const assistant = isObj(assistantRaw) ? assistantRaw : (c.fail('field "assistant" must be an object'), {});
  const ac = c.at('assistant');
  const mode = ac.str(assistant, 'mode', { required: false, fallback: DEFAULT_ASSISTANT.mode }) as AssistantMode;
  if (!ASSISTANT_MODES.includes(mode)) ac.fail(`unknown mode "${mode}" (known: ${ASSISTANT_MODES.join(', ')})`);
  const maxRequests = ac.num(assistant, 'maxRequests', DEFAULT_ASSISTANT.maxRequests, {
    min: 0,
    max: MAX_COUNT,
    int: true,
  });
  if (program && language === 'html') c.fail('a program exercise is written in Python, JavaScript or TypeScript');
  if (sql) readSqlParts(c, e, language, mode);
  const noFunction = program || sql || language === 'html';
  const solution = e.solution === undefined ? undefined : c.str(e, 'solution', { required: false });
  const out: PackExercise = {
    ...e,
    id: String(e.id),
    title: c.str(e, 'title', { required: true, nonEmpty: true }),
    language: sql ? 'sql' : language,
    statement: c.str(e, 'statement', { required: true }),
    // A SQL exercise may start from an empty query.
    starter: c.str(e, 'starter', { required: !sql }),
    // A program, or a web page's checks, call no function: the entry point may be left out.
    entryPoint: c.str(e, 'entryPoint', { required: !noFunction, nonEmpty: !noFunction }),
    tests,
    hiddenTests,
    hints: c.read(hints, e.hints, [], ['hints']).sort((a, b) => a.afterFailures - b.afterFailures),
    limits: { ...limits, timeoutSec },
    assistant: { ...assistant, mode, maxRequests },
  };
  if (e.viewport !== undefined) {
    const v =
      language === 'html' ? readViewport(e.viewport) : 'field "viewport" is for web page exercises (language "html")';
    if (typeof v === 'string') c.fail(v.startsWith('field') ? v : `field "viewport": ${v.replace(/^viewport /, '')}`);
    else out.viewport = v;
  }
  if (solution === undefined) delete out.solution;
  else out.solution = solution;
  return out;
}

/** The pack's own fields, besides its format and exercises. */
const packFields = object({
  id: text({ nonEmpty: true }),
  title: text({ nonEmpty: true }),
  version: text({ nonEmpty: true }),
  license: text({ nonEmpty: true }),
  flaggedTestsScore: boolean()
    .expecting('true or false: whether a test passed by code flagged for test gaming scores its points')
    .optional(),
});

/** Checks a parsed pack; throws PackError listing every problem. */
export function validatePack(value: unknown, file: string): Pack {
  const c = new Checker('');
  if (!isObj(value)) throw new PackError(file, ['a pack is a JSON object']);
  if (value.format !== PACK_FORMAT) {
    const got = value.format === undefined ? 'missing' : JSON.stringify(value.format);
    c.fail(`field "format" must be "${PACK_FORMAT}" (got ${got})`);
  }
  const { id, title, version, license } = c.read(packFields, value, { id: '', title: '', version: '', license: '' });
  const rawExercises = c.list(value, 'exercises', true);
  if (Array.isArray(value.exercises) && rawExercises.length === 0) c.fail('the pack has no exercises');
  // Past the bound its exercises are not read at all: the count is the one problem to fix.
  if (rawExercises.length > MAX_EXERCISES) {
    c.fail(`field "exercises": the pack has ${rawExercises.length} exercises; at most ${MAX_EXERCISES} are allowed`);
    throw new PackError(file, c.problems);
  }
  const ids = new Set<string>();
  const exercises = rawExercises.flatMap((e, i) => {
    if (!isObj(e)) {
      c.fail(`exercise #${i + 1}: must be an object`);
      return [];
    }
    const rawId = e.id;
    const named = typeof rawId === 'string' && rawId.trim() !== '';
    const ec = c.at(named ? `exercise "${rawId}"` : `exercise #${i + 1}`);
    if (!named) ec.fail(rawId === undefined ? 'field "id" is missing' : 'field "id" must be a non-empty string');
    else if (ids.has(rawId)) ec.fail(`duplicate id "${rawId}"`);
    if (named) ids.add(rawId);
    return [readExercise(ec, e)];
  });
  if (c.problems.length) throw new PackError(file, c.problems);
  return { ...value, format: PACK_FORMAT, id, title, version, license, exercises };
}

/** The line (from 1) where the exercise with this id is written, found by its "id" field. */
function exerciseLine(text: string, id: string): number | undefined {
  const quoted = JSON.stringify(id).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`"id"\\s*:\\s*${quoted}`).exec(text);
  return m ? text.slice(0, m.index).split('\n').length : undefined;
}

/** Parses and checks a pack file's text; a problem in an exercise names the line it starts on. */
export function parsePack(text: string, file: string): Pack {
  let value: unknown;
  const body = withoutBom(text);
  try {
    value = JSON.parse(body);
  } catch (err) {
    throw new PackError(file, [`not valid JSON (${(err as Error).message})`]);
  }
  try {
    return validatePack(value, file);
  } catch (err) {
    if (!(err instanceof PackError)) throw err;
    const lined = err.problems.map((p) => {
      const m = /^exercise ("(?:[^"\\]|\\.)*")/.exec(p);
      const line = m ? exerciseLine(body, JSON.parse(m[1]!) as string) : undefined;
      return line === undefined ? p : `line ${line}, ${p}`;
    });
    throw new PackError(file, lined);
  }
}
