// The page's runtime sends each job to the runner for its language, and says so plainly when the
// page has no runner for it.
import { describe, expect, it } from 'vitest';
import { languageRuntime } from '../../../src/app/language-runtime.ts';
import type { RunJob, RunResult, Runtime } from '../../../src/shared/run.ts';

function fakeRuntime(tag: string, seen: string[]): Runtime {
  return {
    run(job) {
      seen.push(`${tag}:${job.language}`);
      const r: RunResult = {
        status: 'passed',
        result: 'passed',
        tests: [],
        stdout: tag,
        stderr: '',
        truncated: false,
        durationMs: 1,
      };
      return { result: Promise.resolve(r), cancel: () => undefined };
    },
    dispose: () => seen.push(`${tag}:disposed`),
  };
}

const job = (language: RunJob['language']): RunJob => ({
  language,
  code: '',
  tests: { kind: 'none' },
  limits: { timeoutSec: 1, outputCap: 100 },
});

describe('runtime by language', () => {
  it('runs Python in the Python sandbox and JavaScript and TypeScript in the JavaScript runner', async () => {
    const seen: string[] = [];
    const rt = languageRuntime({ python: fakeRuntime('py', seen), javascript: fakeRuntime('js', seen) });
    for (const l of ['python', 'javascript', 'typescript'] as const) await rt.run(job(l)).result;
    expect(seen).toEqual(['py:python', 'js:javascript', 'js:typescript']);
    rt.dispose();
    expect(seen.slice(3)).toEqual(['py:disposed', 'js:disposed']);
  });

  it('without a JavaScript runner, a TypeScript job ends with a result saying what is missing', async () => {
    const seen: string[] = [];
    const r = await languageRuntime({ python: fakeRuntime('py', seen) }).run(job('typescript')).result;
    expect(seen).toEqual([]);
    expect(r.status).toBe('error');
    expect(r.result).toBe(
      'failed: TypeScript needs the JavaScript runner, which this build of the page does not include yet.',
    );
  });
});
