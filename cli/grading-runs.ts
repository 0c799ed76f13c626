// Runs classroom grading through the built page: a sealed group of jobs per submission (one per
// test), batched so a class's worth of submissions goes over in few round trips. Python shares a
// sealed interpreter per submission; JavaScript and TypeScript run each test in a worker of its own.
import { allTests, gradeRow, testJob, type GradedRow, type Submission } from '../src/classroom/grading.ts';
import { type Pack } from '../src/classroom/types.ts';
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
    const groups = part.map((s, k) => {
      const ex = exercises.get(s.exercise)!;
      // The key only has to differ between submissions; the index does that.
      return allTests(ex).map(({ test }) => testJob(ex, test, s.code, `submission-${start + k}`));
    });
    const results = await page.gradeGroups(groups, workers);
    part.forEach((s, k) => {
      const ex = exercises.get(s.exercise)!;
      const row = gradeRow(s, ex, results[k] ?? []);
      rows.push(row);
      onRow(row, start + k);
    });
  }
  return rows;
}
