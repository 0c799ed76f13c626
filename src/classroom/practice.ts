// A student's run: each visible and hidden test on its own, in the page's sandbox. Hidden tests
// come back as counts only, so nothing about them can reach the view or the assistant.
import type { RunJob, Runtime } from '../shared/run.ts';
import { testSpec, testVerdict, type GradeStatus } from './grading.ts';
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
}

function job(ex: PackExercise, test: PackTest, code: string): RunJob {
  return {
    language: ex.language,
    code,
    tests: testSpec(ex, test.code),
    limits: { timeoutSec: ex.limits.timeoutSec, outputCap: 16 * 1024 },
  };
}

export async function practiceRun(runtime: Runtime, ex: PackExercise, code: string): Promise<PracticeOutcome> {
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
