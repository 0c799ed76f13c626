// Grading in one runtime (the page's own sandbox): each submission's tests in turn, one
// submission after another, with the same rows the command line's grade writes.
import type { Runtime } from '../shared/runtime.ts';
import { allTests, gradeRow, testJob, type GradedRow, type Submission } from './grading.ts';
import { runSqlTests, sqlRunnerOf } from './sql-exercise.ts';
import type { Pack } from './types.ts';

export async function gradeInRuntime(
  runtime: Runtime,
  pack: Pack,
  subs: Submission[],
  onRow?: (row: GradedRow, index: number) => void,
): Promise<GradedRow[]> {
  const exercises = new Map(pack.exercises.map((e) => [e.id, e]));
  const rows: GradedRow[] = [];
  for (const [i, s] of subs.entries()) {
    const ex = exercises.get(s.exercise);
    if (!ex) throw new Error(`unknown exercise "${s.exercise}": not in the pack`);
    const results = [];
    const sql = ex.kind === 'sql' ? sqlRunnerOf(runtime) : undefined;
    if (ex.kind === 'sql' && !sql) throw new Error(`exercise "${ex.id}" is a SQL exercise: this runtime runs no SQL`);
    if (sql)
      for (const r of await runSqlTests(
        sql,
        ex,
        allTests(ex).map((t) => t.test),
        s.code,
      ))
        results.push(r.result);
    else for (const { test } of allTests(ex)) results.push(await runtime.run(testJob(ex, test, s.code)).result);
    const row = gradeRow(s, ex, results, pack.flaggedTestsScore !== false);
    rows.push(row);
    onRow?.(row, i);
  }
  return rows;
}
