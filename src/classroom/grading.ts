// Grading rules: a job per test (so one failure hides no other), the verdict of each from the
// run's status alone (never from anything the program printed), and the rows and CSV out.
import { clip } from '../shared/format.ts';
import type { RunJob, RunResult } from '../shared/run.ts';
import { describeFlags, type GamingFlag } from '../shared/gaming.ts';
import { codeOf } from './kinds/registry.ts';
import { maxPoints, type Pack, type PackExercise, type PackTest } from './types.ts';

export type GradeStatus = 'pass' | 'fail' | 'error';

export interface Submission {
  student: string;
  exercise: string;
  code: string;
  /** Where the row was read: a file, a line of one or an item of a list; says where two sources clash. */
  from?: string;
}

interface GradedTest {
  name: string;
  status: GradeStatus;
  points: number;
  hidden: boolean;
  message: string;
  /** Test-gaming flags of this test's run (docs/test-gaming.md); [] when none. */
  flags: GamingFlag[];
}

/** One output row: Exercism v3's names with PrairieLearn's points. */
export interface GradedRow {
  student: string;
  exercise: string;
  status: GradeStatus;
  points: number;
  max_points: number;
  /** Every test's flags, each once. */
  flags: GamingFlag[];
  tests: GradedTest[];
}

/** Output a grading run keeps per test; enough for a message, small enough for floods. */
const GRADE_OUTPUT_CAP = 8 * 1024;
const MESSAGE_MAX = 500;

export function allTests(ex: PackExercise): { test: PackTest; hidden: boolean }[] {
  return [
    ...ex.tests.map((test) => ({ test, hidden: false })),
    ...ex.hiddenTests.map((test) => ({ test, hidden: true })),
  ];
}

/**
 * The job that grades one test. Like every run, it starts in an interpreter no earlier run
 * touched, so a submission cannot reach another's grading, nor one test another's.
 */
export function testJob(ex: PackExercise, test: PackTest, code: string): RunJob {
  const { language, tests } = codeOf(ex);
  return {
    language,
    code,
    tests: tests.one(ex, test),
    limits: { timeoutSec: ex.limits.timeoutSec, outputCap: GRADE_OUTPUT_CAP },
    mode: tests.mode.grade,
  };
}

const clipMessage = (s: string): string => clip(s, MESSAGE_MAX);

/** pass / fail / error for one test's run, with a one-line reason. */
export function testVerdict(r: RunResult, timeoutSec: number): { status: GradeStatus; message: string } {
  if (r.status === 'passed') return { status: 'pass', message: '' };
  // A program's result already says how it failed: "failed: Wrong Answer at line 0: 3 != 4".
  if (r.status === 'failed' && r.result.startsWith('failed: Wrong Answer'))
    return { status: 'fail', message: clipMessage(r.result.slice('failed: '.length)) };
  const detail = r.tests.find((t) => !t.passed)?.message ?? r.exception?.message ?? r.result;
  if (r.status === 'failed') return { status: 'fail', message: clipMessage(detail || 'the test failed') };
  if (r.status === 'timed out') return { status: 'error', message: `timed out after ${timeoutSec} s` };
  if (r.status === 'crashed') return { status: 'error', message: clipMessage(`the interpreter stopped: ${r.result}`) };
  return { status: 'error', message: clipMessage(detail || r.status) };
}

/** A pass flagged for test gaming, in a pack whose flagged tests do not score: a failure that says why. */
function unscored(flags: GamingFlag[]): { status: GradeStatus; message: string } {
  return {
    status: 'fail',
    message: clipMessage(`passed, but flagged for test gaming: ${describeFlags(flags).join('; ')}`),
  };
}

/** `scoreFlagged`: the pack's flaggedTestsScore (absent: true). */
export function gradeRow(sub: Submission, ex: PackExercise, results: RunResult[], scoreFlagged = true): GradedRow {
  const tests = allTests(ex).map(({ test, hidden }, i): GradedTest => {
    const r = results[i];
    let v = r ? testVerdict(r, ex.limits.timeoutSec) : { status: 'error' as const, message: 'not run' };
    const flags = r?.flags ?? [];
    if (v.status === 'pass' && flags.length > 0 && !scoreFlagged) v = unscored(flags);
    return {
      name: test.name,
      status: v.status,
      points: v.status === 'pass' ? test.points : 0,
      hidden,
      message: v.message,
      flags,
    };
  });
  const byKey = new Map(tests.flatMap((t) => t.flags).map((f) => [`${f.kind}:${f.line ?? ''}:${f.detail}`, f]));
  const flags = [...byKey.values()];
  const points = tests.reduce((s, t) => s + t.points, 0);
  // error: the code did not get as far as any test (it does not compile, or every test errored).
  const status: GradeStatus = tests.every((t) => t.status === 'pass')
    ? 'pass'
    : tests.every((t) => t.status === 'error')
      ? 'error'
      : 'fail';
  return { student: sub.student, exercise: sub.exercise, status, points, max_points: maxPoints(ex), flags, tests };
}

const num = (n: number): string => String(Math.round(n * 100) / 100);

function csvCell(v: string): string {
  // A leading = + - @ would make a spreadsheet run the cell as a formula.
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Header, then a row per student (in order of first appearance): points per exercise in pack
 * order, the total, then the test-gaming flags ("exercise: kind, kind; ..."), empty when none.
 * A student's later submission of an exercise replaces an earlier one.
 */
export function gradesCsv(pack: Pack, rows: GradedRow[]): string {
  const ids = pack.exercises.map((e) => e.id);
  const byStudent = new Map<string, Map<string, GradedRow>>();
  for (const r of rows) {
    if (!byStudent.has(r.student)) byStudent.set(r.student, new Map());
    byStudent.get(r.student)!.set(r.exercise, r);
  }
  const lines = [['student', ...ids, 'total', 'flags'].map(csvCell).join(',')];
  for (const [student, graded] of byStudent) {
    const cells = ids.map((id) => graded.get(id)?.points ?? 0);
    const total = cells.reduce((a, b) => a + b, 0);
    const flags = ids
      .filter((id) => graded.get(id)?.flags?.length)
      .map((id) => `${id}: ${[...new Set(graded.get(id)!.flags.map((f) => f.kind))].join(', ')}`)
      .join('; ');
    lines.push([csvCell(student), ...cells.map(num), num(total), csvCell(flags)].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
