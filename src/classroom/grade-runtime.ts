// Grading in one runtime (the page's own sandbox): each submission's tests in turn, one
// submission after another, with the same rows the command line's grade writes.
import type { Runtime } from '../shared/runtime.ts';
import { allTests, gradeRow, testJob, type GradedRow, type Submission } from './grading.ts';
import { exerciseKindOf } from './kinds/registry.ts';
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
    const tests = allTests(ex).map((t) => t.test);
    const own = exerciseKindOf(ex).runTests;
    const results = [];
    if (own) results.push(...(await own(runtime, ex, tests, s.code)));
    else for (const test of tests) results.push(await runtime.run(testJob(ex, test, s.code)).result);
    const row = gradeRow(s, ex, results, pack.flaggedTestsScore !== false);
    rows.push(row);
    onRow?.(row, i);
  }
  return rows;
}
