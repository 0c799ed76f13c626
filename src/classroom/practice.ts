// A student's run: each visible and hidden test on its own, in the page's sandbox. Hidden tests
// come back as counts only, so nothing about them can reach the view or the assistant.
import type { RunJob } from '../shared/run.ts';
import type { Runtime } from '../shared/runtime.ts';
import type { SqlAnswer } from '../shared/sql.ts';
import { runSqlTests, sqlRunnerOf } from './sql-exercise.ts';
import { codeOf, exerciseKindOf } from './kinds/registry.ts';
import { testVerdict, type GradeStatus } from './grading.ts';
import type { PackExercise, PackTest } from './types.ts';

interface VisibleOutcome {
  name: string;
  status: GradeStatus;
  message: string;
}

export interface PracticeOutcome {
  visible: VisibleOutcome[];
  hidden: { passed: number; total: number };
  /** Everything passed, hidden checks included. */
  passed: boolean;
  /** A SQL exercise: per visible database, the solution's answer and the student's (never a hidden one's). */
  sql?: { name: string; expected: SqlAnswer; got: SqlAnswer }[];
}

function job(ex: PackExercise, test: PackTest, code: string): RunJob {
  // In its kind's mode: a program runs on the test's input and is judged by its output, as grading judges it.
  const { language, tests } = codeOf(ex);
  return {
    language,
    code,
    tests: tests.one(ex, test),
    limits: { timeoutSec: ex.limits.timeoutSec, outputCap: 16 * 1024 },
    ...(tests.mode.practice ? { mode: tests.mode.practice } : {}),
  };
}

/** A SQL exercise: the query on each visible database, answers kept; on each hidden one, only whether it passed. */
async function practiceSql(runtime: Runtime, ex: PackExercise, code: string): Promise<PracticeOutcome> {
  const sql = sqlRunnerOf(runtime);
  if (!sql) throw new Error('this page runs no SQL');
  const shown = await runSqlTests(sql, ex, ex.tests, code);
  const visible = shown.map((r, i) => ({ name: ex.tests[i]!.name, ...testVerdict(r.result, ex.limits.timeoutSec) }));
  const hiddenPassed = (await runSqlTests(sql, ex, ex.hiddenTests, code)).filter(
    (r) => r.result.status === 'passed',
  ).length;
  const hidden = { passed: hiddenPassed, total: ex.hiddenTests.length };
  const tables = shown.map((r, i) => {
    const none: SqlAnswer = { kind: 'error', message: 'no answer', ms: 0 };
    return { name: ex.tests[i]!.name, expected: r.answers[0] ?? none, got: r.answers[1] ?? none };
  });
  const passed = visible.every((v) => v.status === 'pass') && hiddenPassed === hidden.total;
  return { visible, hidden, passed, sql: tables };
}

export async function practiceRun(runtime: Runtime, ex: PackExercise, code: string): Promise<PracticeOutcome> {
  // Tests that are not code (a SQL exercise's databases) show the solution's rows beside the student's.
  if (!exerciseKindOf(ex).code) return practiceSql(runtime, ex, code);
  const visible: VisibleOutcome[] = [];
  for (const t of ex.tests) {
    const r = await runtime.run(job(ex, t, code)).result;
    visible.push({ name: t.name, ...testVerdict(r, ex.limits.timeoutSec) });
  }
  let hiddenPassed = 0;
  for (const t of ex.hiddenTests) {
    const r = await runtime.run(job(ex, t, code)).result;
    if (testVerdict(r, ex.limits.timeoutSec).status === 'pass') hiddenPassed++;
  }
  const hidden = { passed: hiddenPassed, total: ex.hiddenTests.length };
  return { visible, hidden, passed: visible.every((v) => v.status === 'pass') && hiddenPassed === hidden.total };
}
