// One Runtime for the page whatever the task's language: Python jobs go to the Python sandbox,
// JavaScript and TypeScript jobs to the JavaScript runner when the page has one. Without it, such
// a job ends at once with a result that says so, instead of Python failing on JavaScript.
import type { Language, OutputStream, RunHandle, RunJob, RunResult, Runtime } from '../shared/run.ts';

export interface LanguageRuntimes {
  python: Runtime;
  /** The offline JavaScript runner (it type-checks TypeScript too). */
  javascript?: Runtime;
}

function unavailable(job: RunJob): RunResult {
  const name = job.language === 'typescript' ? 'TypeScript' : 'JavaScript';
  const message = `${name} needs the JavaScript runner, which this build of the page does not include yet.`;
  return {
    status: 'error',
    result: `failed: ${message}`,
    tests: [],
    exception: { type: 'RunnerUnavailable', message, traceback: '' },
    stdout: '',
    stderr: message,
    truncated: false,
    durationMs: 0,
  };
}

export function languageRuntime(runtimes: LanguageRuntimes): Runtime {
  const pick = (language: Language): Runtime | undefined =>
    language === 'python' ? runtimes.python : runtimes.javascript;
  return {
    ready: runtimes.python.ready,
    run(job: RunJob, onOutput?: (stream: OutputStream, text: string) => void): RunHandle {
      const runtime = pick(job.language);
      if (!runtime) return { result: Promise.resolve(unavailable(job)), cancel: () => undefined };
      return runtime.run(job, onOutput);
    },
    dispose() {
      runtimes.python.dispose();
      runtimes.javascript?.dispose();
    },
  };
}
