// Runs classroom grading through the built page: a group of jobs per submission (one per test),
// batched so a class's worth of submissions goes over in few round trips. Every test starts in an
// interpreter (or, for JavaScript and TypeScript, a worker) that no earlier run touched.
import { allTests, gradeRow, testJob, type GradedRow, type Submission } from '../src/classroom/grading.ts';
import { exerciseKindOf } from '../src/classroom/kinds/registry.ts';
import { sqlTestJob, sqlTestResult } from '../src/classroom/sql-exercise.ts';
import { type Pack } from '../src/classroom/types.ts';
import type { RunResult } from '../src/shared/run.ts';
import type { HeadlessPage } from './page.ts';

/** Grades submissions in order; `onRow` sees each row as soon as it and every earlier one is done. */
export async function gradeAll(
  page: HeadlessPage,
  pack: Pack,
  subs: Submission[],
  workers: number,
  onRow: (row: GradedRow, index: number) => void,
): Promise<GradedRow[]> {
  const exercises = new Map(pack.exercises.map((e) => [e.id, e]));
  const rows: GradedRow[] = [];
  const batch = Math.max(4, workers * 4);
  for (let start = 0; start < subs.length; start += batch) {
    const part = subs.slice(start, start + batch);
    // A SQL exercise's tests are databases, not code: their queries go to the page's SQL engine instead.
    const isSql = (s: Submission): boolean => !exerciseKindOf(exercises.get(s.exercise)!).code;
    const groups = part.map((s) => {
      const ex = exercises.get(s.exercise)!;
      return isSql(s) ? [] : allTests(ex).map(({ test }) => testJob(ex, test, s.code));
    });
    const sqlJobs = part.flatMap((s) => {
      const ex = exercises.get(s.exercise)!;
      return isSql(s) ? allTests(ex).map(({ test }) => sqlTestJob(ex, test, s.code)) : [];
    });
    const [results, answers] = await Promise.all([
      groups.some((g) => g.length) ? page.gradeGroups(groups, workers) : Promise.resolve([]),
      sqlJobs.length
        ? page.page.evaluate(([j, n]) => window.fixpoint.sql(j, n), [sqlJobs, workers] as const)
        : Promise.resolve([]),
    ]);
    let at = 0;
    part.forEach((s, k) => {
      if (!isSql(s)) return;
      const ex = exercises.get(s.exercise)!;
      results[k] = allTests(ex).map((): RunResult => sqlTestResult(ex, answers[at++] ?? []));
    });
    part.forEach((s, k) => {
      const ex = exercises.get(s.exercise)!;
      const row = gradeRow(s, ex, results[k] ?? [], pack.flaggedTestsScore !== false);
      rows.push(row);
      onRow(row, start + k);
    });
  }
  return rows;
}
