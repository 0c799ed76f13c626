// Grades jobs in the page over all its sandboxes: one call queues them all, then finished results
// come back in groups as they finish, whatever their order.
import type { Graded } from '../src/app/grade-queue.ts';
import type { RunJob, RunResult } from '../src/shared/run.ts';
import type { HeadlessPage } from './page.ts';
import { record } from './timings.ts';

export async function gradeAll(
  hp: HeadlessPage,
  jobs: RunJob[],
  onResult: (index: number, result: RunResult) => void,
): Promise<void> {
  await hp.page.evaluate((j) => window.fixpoint.submit(j), jobs);
  let left = jobs.length;
  let overheadMs = 0;
  let runMs = 0;
  while (left > 0) {
    const group: Graded[] = await hp.page.evaluate(() => window.fixpoint.take());
    for (const g of group) {
      overheadMs += g.overheadMs;
      runMs += g.result.durationMs;
      onResult(g.index, g.result);
    }
    left -= group.length;
  }
  record('pageOverheadPerJobMs', jobs.length ? overheadMs / jobs.length : 0);
  record('runPerJobMs', jobs.length ? runMs / jobs.length : 0);
}
