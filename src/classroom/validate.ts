// Reading a pack file: every problem is reported at once, each naming the file and the exercise,
// so a teacher fixes a pack in one pass. Defaults fill optional fields; unknown fields stay.
import { withoutBom } from '../shared/byte-order-mark.ts';
import { InputError } from '../shared/problems.ts';
import { array, boolean, number, object } from '../shared/schema.ts';
import { readViewport } from '../shared/web.ts';
import { EXERCISE_KINDS, exerciseKindOf } from './kinds/registry.ts';
import type { ExerciseKind } from './kinds/kind.ts';
import { Checker, isObj, text, type Obj } from './pack-checker.ts';
import {
  ASSISTANT_MODES,
  DEFAULT_ASSISTANT,
  DEFAULT_POINTS,
  DEFAULT_TIMEOUT_SEC,
  PACK_FORMAT,
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

function readTests(c: Checker, raw: unknown[], field: string, seen: Set<string>, kind: ExerciseKind): PackTest[] {
  return raw.flatMap((t, i) => {
    const tc = c.at(`${field}[${i}]`);
    if (!isObj(t)) {
      tc.fail(`must be an object ${kind.testShape}`);
      return [];
    }
    const name = tc.str(t, 'name', { required: true, nonEmpty: true });
    const own = kind.readTest(tc, t);
    const points = tc.num(t, 'points', DEFAULT_POINTS, { min: 0, max: MAX_POINTS });
    if (name && seen.has(name)) tc.fail(`test name "${name}" appears twice in the exercise`);
    seen.add(name);
    return [{ ...t, name, ...own, points }];
  });
}

/** A hint; its type is PackHint (types.ts). */
export const hintShape = object(
  {
    text: text({ nonEmpty: true }),
    afterFailures: number({ min: 0, max: MAX_COUNT, int: true }).default(0),
  },
  { keep: true, expected: 'an object {afterFailures, text}' },
);
const hints = array(hintShape).default([]);

/** `"kind": "program" or "sql"`: the kinds a field goes with. */
const kindsWith = (has: (k: ExerciseKind) => unknown): string =>
  `"kind": ${EXERCISE_KINDS.filter(has)
    .map((k) => JSON.stringify(k.field))
    .join(' or ')}`;

/** "kind", "compare", "tolerance" and "engine": what the exercise is, and how its answers are compared. */
function readKind(c: Checker, e: Obj): ExerciseKind {
  const fields = EXERCISE_KINDS.flatMap((k) => (k.field === undefined ? [] : [k.field]));
  if (e.kind !== undefined && !fields.includes(e.kind as never))
    c.fail(`unknown kind ${JSON.stringify(e.kind)} (known: ${fields.map((f) => JSON.stringify(f)).join(', ')})`);
  const kind = exerciseKindOf(e);
  if (e.compare !== undefined) {
    if (!kind.compares) c.fail(`field "compare" needs ${kindsWith((k) => k.compares)}`);
    else if (!kind.compares.includes(e.compare as never))
      c.fail(`unknown compare ${JSON.stringify(e.compare)} (known: ${kind.compares.join(', ')})`);
  }
  if (e.tolerance !== undefined) {
    if (e.compare !== 'numbers') c.fail('field "tolerance" needs "compare": "numbers"');
    else c.num(e, 'tolerance', 0, { min: 0, max: 1e9, above: true });
  }
  if (e.engine !== undefined) {
    if (!kind.engines) c.fail(`field "engine" needs ${kindsWith((k) => k.engines)}`);
    else if (!kind.engines.includes(e.engine as never))
      c.fail(`unknown engine ${JSON.stringify(e.engine)} (known: ${kind.engines.join(', ')})`);
  }
  return kind;
}

function readExercise(c: Checker, e: Obj): PackExercise {
  const names = new Set<string>();
  const kind = readKind(c, e);
  const language = kind.readLanguage(c, e);
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
  kind.check?.(c, e, { language, mode });
  const solution = e.solution === undefined ? undefined : c.str(e, 'solution', { required: false });
  const out: PackExercise = {
    ...e,
    id: String(e.id),
    title: c.str(e, 'title', { required: true, nonEmpty: true }),
    language: (kind.language ?? language) as PackLanguage,
    statement: c.str(e, 'statement', { required: true }),
    starter: c.str(e, 'starter', { required: kind.needs.starter }),
    entryPoint: c.str(e, 'entryPoint', { required: kind.needs.entryPoint, nonEmpty: kind.needs.entryPoint }),
    tests,
    hiddenTests,
    hints: c.read(hints, e.hints, [], ['hints']).sort((a, b) => a.afterFailures - b.afterFailures),
    limits: { ...limits, timeoutSec },
    assistant: { ...assistant, mode, maxRequests },
  };
  // A page's size goes with its language, "html" (whatever kind says it is wrongly written in it).
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

/** The pack's own fields, besides its format and exercises; Pack's type (types.ts) is built on them. */
export const packFields = object({
  id: text({ nonEmpty: true }),
  title: text({ nonEmpty: true }),
  version: text({ nonEmpty: true }),
  license: text({ nonEmpty: true }),
  /**
   * Whether a test passed by code flagged for test gaming (docs/test-gaming.md) scores its points;
   * absent means it does. Either way the grade rows and the CSV carry the flags.
   */
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
