// How JavaScript and TypeScript jobs become the scripts the sandbox runs, and MultiPL-E files.
// The TypeScript checker here is a stand-in (it strips `: type` annotations and reports what it
// is told); the real checker's own tests live with it.
import { jsJob } from '../../support/jobs.ts';
import { describe, expect, it } from 'vitest';
import { prepareJsJob } from '../../../src/sandbox/js-job.ts';
import { parseProblems, problemJob, problemToTask } from '../../../src/kinds/rows.ts';
import type { RunJob } from '../../../src/shared/run.ts';
import { TypeCheckTimedOut, type TsDiagnostic, type TypeScriptChecker } from '../../../src/shared/typescript-check.ts';

function fakeChecker(
  diagnostics: TsDiagnostic[] = [],
): TypeScriptChecker & { calls: { code: string; strict: boolean }[] } {
  const calls: { code: string; strict: boolean }[] = [];
  return {
    calls,
    check: (code, { strict }) => {
      calls.push({ code, strict });
      return Promise.resolve({ diagnostics, js: code.replace(/:\s*(number|string|any)\b/g, '') });
    },
    dispose: () => undefined,
  };
}

const job = (language: RunJob['language'], code: string, tests: string | undefined, mode: RunJob['mode']): RunJob =>
  jsJob(code, tests, { language, mode, limits: { timeoutSec: 3, outputCap: 1000 } });

describe('JavaScript jobs', () => {
  it('MultiPL-E grading runs prompt + completion + "\\n" + tests as one program', async () => {
    const p = await prepareJsJob(job('javascript', 'function f(){\nreturn 1;\n}', 'f();', 'reference'), undefined);
    expect(p).toEqual({
      ok: true,
      job: {
        mode: 'reference',
        outputCap: 1000,
        scripts: [{ name: 'main.js', source: 'function f(){\nreturn 1;\n}\nf();' }],
      },
    });
  });

  it('the loop keeps the candidate and its tests apart, each with its own line numbers', async () => {
    const p = await prepareJsJob(job('javascript', 'const a = 1;', 'test("t", () => {});', 'feedback'), undefined);
    expect(p.ok && p.job.scripts.map((s) => s.name)).toEqual(['main.js', 'tests.js']);
  });

  it('Python test kinds are refused for JavaScript with a plain message', async () => {
    const bad: RunJob = {
      ...job('javascript', 'x', undefined, 'feedback'),
      tests: { kind: 'mbpp', setup: '', asserts: [] },
    };
    await expect(prepareJsJob(bad, undefined)).rejects.toThrow(/mbpp tests are Python/);
  });
});

describe('TypeScript jobs', () => {
  it('MultiPL-E grading checks the whole program with strict off and runs its emit', async () => {
    const checker = fakeChecker();
    const p = await prepareJsJob(
      job('typescript', 'function f(x: number){\nreturn x;\n}', 'f(1);', 'reference'),
      checker,
    );
    expect(checker.calls).toEqual([{ code: 'function f(x: number){\nreturn x;\n}\nf(1);', strict: false }]);
    expect(p.ok && p.job.scripts).toEqual([{ name: 'main.ts', source: 'function f(x){\nreturn x;\n}\nf(1);' }]);
  });

  it('the loop checks strictly and splits the emit back into candidate and tests on the same lines', async () => {
    const checker = fakeChecker();
    const p = await prepareJsJob(
      job('typescript', 'const a: number = 1;\nconst b = 2;', 'test("t", () => {});', 'feedback'),
      checker,
    );
    expect(checker.calls[0]?.strict).toBe(true);
    expect(p.ok && p.job.scripts).toEqual([
      { name: 'main.ts', source: 'const a = 1;\nconst b = 2;' },
      { name: 'tests.ts', source: 'test("t", () => {});' },
    ]);
  });

  it('splits at the line between candidate and tests, however many lines the emit moved', async () => {
    const longer: TypeScriptChecker = {
      check: (code) => Promise.resolve({ diagnostics: [], js: code.replace('namespace N { x }', 'var N;\n(N = {});') }),
      dispose: () => undefined,
    };
    const p = await prepareJsJob(
      job('typescript', 'namespace N { x }\nvar test = () => {};', 'test("t", () => {});', 'feedback'),
      longer,
    );
    expect(p.ok && p.job.scripts).toEqual([
      { name: 'main.ts', source: 'var N;\n(N = {});\nvar test = () => {};' },
      { name: 'tests.ts', source: 'test("t", () => {});' },
    ]);
    const lost: TypeScriptChecker = {
      check: () => Promise.resolve({ diagnostics: [], js: 'everything on one line' }),
      dispose: () => undefined,
    };
    const none = await prepareJsJob(job('typescript', 'const a = 1;', 'test("t", () => {});', 'feedback'), lost);
    expect(!none.ok && none.result.status).toBe('error');
  });

  it('any compiler error fails with its position in the code as written', async () => {
    const checker = fakeChecker([
      { line: 2, column: 7, code: 2322, message: "Type 'string' is not assignable to type 'number'." },
    ]);
    const p = await prepareJsJob(
      job('typescript', 'let a = 1;\nconst b: number = "x";', undefined, 'reference'),
      checker,
    );
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.result.status).toBe('error');
    expect(p.result.result).toBe(
      "failed: CompileError: main.ts:2:7 TS2322 Type 'string' is not assignable to type 'number'.",
    );
    expect(p.result.exception).toMatchObject({ type: 'CompileError', line: 2, syntax: true });
  });

  it('an error in the tests is placed in tests.ts', async () => {
    // Line 3 is the line between the candidate and its tests.
    const checker = fakeChecker([{ line: 4, column: 1, code: 2304, message: "Cannot find name 'g'." }]);
    const p = await prepareJsJob(job('typescript', 'const a = 1;\nconst b = 2;', 'g();', 'feedback'), checker);
    expect(!p.ok && p.result.result).toBe("failed: CompileError: tests.ts:1:1 TS2304 Cannot find name 'g'.");
    expect(!p.ok && p.result.exception?.line).toBeUndefined();
  });

  it('a check longer than the run’s limit times the run out, in the type check', async () => {
    const limits: (number | undefined)[] = [];
    const checker: TypeScriptChecker = {
      check: (_code, _options, limitMs) => {
        limits.push(limitMs);
        return Promise.reject(new TypeCheckTimedOut(limitMs ?? 0));
      },
      dispose: () => undefined,
    };
    for (const mode of ['feedback', 'reference'] as const) {
      const p = await prepareJsJob(job('typescript', 'type T = 1;', undefined, mode), checker);
      expect(!p.ok && p.result).toMatchObject({
        status: 'timed out',
        result: 'timed out',
        runningTest: 'the type check',
      });
    }
    expect(limits).toEqual([3000, 3000]);
  });

  it('without a checker a TypeScript job fails plainly', async () => {
    await expect(prepareJsJob(job('typescript', 'x', undefined, 'reference'), undefined)).rejects.toThrow(
      /no TypeScript checker/,
    );
  });
});

describe('MultiPL-E problem files', () => {
  const record = {
    name: 'HumanEval_53_add',
    language: 'js',
    prompt: 'function add(x, y){\n',
    doctests: 'x',
    original: 'y',
    prompt_terminology: 'z',
    tests: 'test();',
    stop_tokens: [],
  };

  it('reads JSONL and the JSON array, keyed by name, with the language from the record', () => {
    for (const text of [JSON.stringify(record), JSON.stringify([record, { ...record, name: 'b', language: 'ts' }])]) {
      const [p] = parseProblems(text, 'p.json');
      expect(p).toMatchObject({ taskId: 'HumanEval_53_add', kind: 'multipl-e' });
      const j = problemJob(p!, '  return x + y;\n}\n', 3);
      expect(j).toMatchObject({
        language: 'javascript',
        code: 'function add(x, y){\n  return x + y;\n}\n',
        mode: 'reference',
        tests: { kind: 'user', source: 'test();' },
      });
    }
    const two = parseProblems(JSON.stringify([record, { ...record, name: 'b', language: 'ts' }]), 'p.json');
    expect(problemToTask(two[1]!, 3)).toMatchObject({
      language: 'typescript',
      tests: { kind: 'user', source: 'test();' },
    });
  });

  it('names the row of a record in a language this runner cannot run', () => {
    expect(() => parseProblems(`${JSON.stringify({ ...record, language: 'rs' })}\n`, 'p.jsonl')).toThrow(
      /p\.jsonl:1: field "language" must be "js" or "ts"/,
    );
  });
});
