// Checking a pack: each solution must pass all its tests within the limit, and each starter
// should fail at least one. The command line and the teacher's page word the findings alike.
import type { GradedRow, Submission } from './grading.ts';
import type { Pack } from './types.ts';

export interface CheckFinding {
  kind: 'ok' | 'warning' | 'problem';
  text: string;
}

/** The runs a check needs (solution and starter of each exercise), and exercises it cannot check. */
export function checkSubmissions(pack: Pack): { subs: Submission[]; missing: CheckFinding[] } {
  const missing: CheckFinding[] = [];
  const subs = pack.exercises.flatMap((e) => {
    if (e.solution === undefined) {
      missing.push({
        kind: 'problem',
        text: `exercise "${e.id}": has no solution to check (a student copy of the pack?)`,
      });
      return [];
    }
    return [
      { student: 'solution', exercise: e.id, code: e.solution },
      { student: 'starter', exercise: e.id, code: e.starter },
    ];
  });
  return { subs, missing };
}

/** What one graded solution or starter row says about the pack. */
export function judgeCheckRow(row: GradedRow): CheckFinding[] {
  if (row.student === 'starter') {
    return row.status === 'pass'
      ? [{ kind: 'warning', text: `exercise "${row.exercise}": the starter already passes every test` }]
      : [];
  }
  const failed = row.tests.filter((t) => t.status !== 'pass');
  if (failed.length === 0)
    return [{ kind: 'ok', text: `exercise "${row.exercise}": the solution passes all ${row.tests.length} tests` }];
  return failed.map((t) => ({
    kind: 'problem',
    text: `exercise "${row.exercise}": the solution ${t.status === 'fail' ? 'fails' : 'errors on'} test "${t.name}"${t.hidden ? ' (hidden)' : ''}: ${t.message}`,
  }));
}
