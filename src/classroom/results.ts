// The file a student exports (their code per exercise, visible results, AI requests used, which
// pack) and its conversion to the grader's submission rows.
import { withoutBom } from '../shared/byte-order-mark.ts';
import { InputError, parseJsonl } from '../shared/problems.ts';
import type { Submission } from './grading.ts';
import type { Pack } from './types.ts';

export const RESULTS_FORMAT = 'fixpoint-results/1';

interface ExerciseResult {
  id: string;
  code: string;
  /** Runs of the visible tests, and how many of them failed. */
  runs: number;
  failures: number;
  /** The last run's visible tests. */
  visible: { passed: number; total: number };
  /** Hidden checks of the last run: counts only. */
  hidden: { passed: number; total: number };
  aiRequests: number;
}

export interface ResultsFile {
  format: typeof RESULTS_FORMAT;
  student: string;
  pack: { id: string; version: string; hash: string };
  exportedAt: string;
  exercises: ExerciseResult[];
}

function resultsToSubmissions(r: ResultsFile, from: string): Submission[] {
  return r.exercises.map((e) => ({ student: r.student, exercise: e.id, code: e.code, from }));
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkResults(v: Record<string, unknown>, file: string, line?: number): ResultsFile {
  const bad = (d: string): never => {
    throw new InputError(file, line, `results file: ${d}`);
  };
  if (typeof v.student !== 'string' || !v.student.trim()) bad('field "student" is missing');
  if (!isObj(v.pack) || typeof v.pack.id !== 'string') bad('field "pack" must name the pack ({id, version, hash})');
  if (!Array.isArray(v.exercises)) bad('field "exercises" must be a list');
  (v.exercises as unknown[]).forEach((e, i) => {
    if (!isObj(e) || typeof e.id !== 'string' || typeof e.code !== 'string')
      bad(`exercises[${i}] needs "id" and "code" strings`);
  });
  return v as unknown as ResultsFile;
}

function checkRow(v: Record<string, unknown>, file: string, line: number): Submission {
  // A file of plain rows is the teacher's own: the file is one source, whatever names it holds.
  for (const f of ['student', 'exercise', 'code'] as const) {
    if (typeof v[f] !== 'string') {
      throw new InputError(file, line, `field "${f}" ${v[f] === undefined ? 'is missing' : 'must be a string'}`);
    }
  }
  if (!(v.student as string).trim()) throw new InputError(file, line, 'field "student" is empty');
  return { student: v.student as string, exercise: v.exercise as string, code: v.code as string, from: file };
}

/**
 * Submissions: JSONL rows {student, exercise, code}; a line may also hold a whole results file,
 * and the file may be one results file (or a list of them) as the page exports it.
 */
export function parseSubmissions(text: string, file: string, pack: Pack): Submission[] {
  let whole: unknown;
  try {
    whole = JSON.parse(withoutBom(text));
  } catch {
    whole = undefined;
  }
  let subs: { sub: Submission; line?: number }[];
  if (isObj(whole) && whole.format === RESULTS_FORMAT) {
    subs = resultsToSubmissions(checkResults(whole, file), file).map((sub) => ({ sub }));
  } else if (Array.isArray(whole)) {
    subs = whole.flatMap((r, i) => {
      if (!isObj(r)) throw new InputError(file, undefined, `item ${i + 1} is not a results file`);
      return resultsToSubmissions(checkResults(r, file), `${file} (item ${i + 1})`).map((sub) => ({ sub }));
    });
  } else {
    subs = parseJsonl(text, file).flatMap(({ line, value }) =>
      value.format === RESULTS_FORMAT
        ? resultsToSubmissions(checkResults(value, file, line), `${file}:${line}`).map((sub) => ({ sub, line }))
        : [{ sub: checkRow(value, file, line), line }],
    );
  }
  const ids = new Set(pack.exercises.map((e) => e.id));
  for (const { sub, line } of subs) {
    if (!ids.has(sub.exercise)) throw new InputError(file, line, `unknown exercise "${sub.exercise}": not in the pack`);
  }
  if (subs.length === 0) throw new InputError(file, undefined, 'there are no submissions');
  return subs.map((s) => s.sub);
}

/**
 * Students whose rows come from more than one results file. Each results file speaks for one
 * student, but nothing stops it naming another: its rows would then replace that student's
 * scores in the grades. Said, with the files, for the teacher to look into.
 */
export function studentClashes(subs: Submission[]): string[] {
  const sources = new Map<string, Set<string>>();
  for (const s of subs) {
    const seen = sources.get(s.student) ?? new Set<string>();
    seen.add(s.from ?? '');
    sources.set(s.student, seen);
  }
  return [...sources]
    .filter(([, from]) => from.size > 1)
    .map(
      ([student, from]) =>
        `rows in the name of ${JSON.stringify(student)} come from more than one results file: ${[...from].join(', ')}; ` +
        'in the grades, a later row replaces an earlier one of the same exercise',
    );
}
