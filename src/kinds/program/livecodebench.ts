// LiveCodeBench rows as a row format: a file of their own (question_id, public_test_cases), each
// problem carrying its split (public tests shown, every test deciding), graded as its judge does.
import { PROGRAM_TIMEOUT } from './job.ts';
import { isLiveCodeBench, parseLiveCodeBench } from './rows.ts';
import { programAsProblem } from './task.ts';
import type { RowFormat } from '../row-format.ts';
import { limitsFor } from '../../shared/run.ts';

export const liveCodeBenchRows: RowFormat<'livecodebench'> = {
  kind: 'livecodebench',
  reading: {
    by: 'file',
    recognises: isLiveCodeBench,
    read: async (text, file, timeoutSec) =>
      [...(await parseLiveCodeBench(text, file)).values()].map((p) => programAsProblem(p, timeoutSec)),
  },
  loop: {
    timeoutSec: PROGRAM_TIMEOUT,
    // Every public and private test, public first; for programs the limit is per test.
    job: (p, completion, timeoutSec, mode) => ({
      language: 'python',
      code: completion,
      tests: p.split.hidden,
      limits: limitsFor(timeoutSec),
      mode,
    }),
    task: (p) => p.split.task,
    // Its own split whatever is asked, at the run's limit.
    split: (p, _visible, timeoutSec) => ({
      ...p.split,
      task: { ...p.split.task, limits: { ...p.split.task.limits, timeoutSec } },
    }),
  },
};
