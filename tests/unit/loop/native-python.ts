// A Runtime for loop tests that runs Python jobs in native CPython: MBPP asserts one by one (each
// a test), or a plain program (tests 'none'). Enough to run selection's driver programs for real.
import { spawn, spawnSync } from 'node:child_process';
import type { RunJob, RunResult } from '../../../src/shared/run.ts';
import type { RunHandle, Runtime } from '../../../src/shared/runtime.ts';

const probe = spawnSync('python3', ['-c', 'import sys; sys.exit(sys.version_info < (3, 9))']);
export const hasPython = probe.error === undefined && probe.status === 0;

function program(job: RunJob): string {
  if (job.tests.kind !== 'mbpp') return job.code;
  const asserts = JSON.stringify(job.tests.asserts);
  return `${job.code}\n${job.tests.setup}\nfor _i, _a in enumerate(${asserts}):\n    try:\n        exec(_a)\n        print('\\x1dT', _i, 'ok')\n    except BaseException as _e:\n        print('\\x1dT', _i, type(_e).__name__)\n`;
}

function result(job: RunJob, stdout: string, code: number | null): RunResult {
  const base = { stdout, stderr: '', truncated: false, durationMs: 1 };
  if (job.tests.kind !== 'mbpp') {
    const ok = code === 0;
    return { status: ok ? 'passed' : 'error', result: ok ? 'passed' : 'failed: error', tests: [], ...base };
  }
  const asserts = job.tests.asserts;
  const tests = asserts.map((source, i) => ({
    name: `test_${i + 1}`,
    source,
    passed: stdout.includes(`\x1dT ${i} ok`),
  }));
  const ok = code === 0 && tests.every((t) => t.passed);
  return { status: ok ? 'passed' : 'failed', result: ok ? 'passed' : 'failed: AssertionError', tests, ...base };
}

export class NativePython implements Runtime {
  readonly jobs: RunJob[] = [];

  run(job: RunJob): RunHandle {
    this.jobs.push(job);
    const child = spawn('python3', ['-c', program(job)]);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const result$ = new Promise<RunResult>((ok) => child.on('close', (code) => ok(result(job, out, code))));
    return { result: result$, cancel: () => void child.kill() };
  }

  dispose(): void {}
}
