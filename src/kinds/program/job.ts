// The run job for one program and its tests: the harness gets the inputs; the outputs stay on
// the page, which strips them before the job enters the sandbox (see verdict.ts).
import type { RunJob } from '../../shared/run.ts';
import type { ProgramProblem } from './rows.ts';

/** LiveCodeBench's own default: 6 seconds per test. */
export const PROGRAM_TIMEOUT = 6;

/** Every public and private test, as LiveCodeBench's judge runs them (public first). */
export function programJob(p: ProgramProblem, completion: string, timeoutSec: number): RunJob {
  const all = [...p.publicTests, ...p.privateTests];
  return {
    language: 'python',
    code: completion,
    tests: {
      kind: 'program',
      inputs: all.map((t) => t.input),
      outputs: all.map((t) => t.output),
      funcName: p.funcName,
    },
    // For programs, the limit is per test (and for compiling), as LiveCodeBench's alarm.
    limits: { timeoutSec, outputCap: 64 * 1024 },
    mode: 'reference',
  };
}
