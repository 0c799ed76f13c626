// The feedback on real harness output: every line number the model reads is a line of the code as
// it wrote it, whether its reply was a whole function or a body appended to the task's prompt.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { candidateFromReply, type Candidate } from '../../../src/loop/assemble.ts';
import { buildFeedback } from '../../../src/loop/feedback.ts';
import { describeRun } from '../../../src/loop/summary.ts';
import type { RunJob, RunResult } from '../../../src/shared/run.ts';
import type { Task } from '../../../src/shared/task.ts';
import { LIMITS } from './fakes.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const probe = spawnSync('python3', ['-c', 'import sys; sys.exit(sys.version_info < (3, 10))']);
const hasPython = probe.error === undefined && probe.status === 0;

const task: Task = {
  kind: 'function',
  id: 'HumanEval/pair',
  title: 'first of a pair',
  prompt: 'def f(a):\n    """The first of a pair."""\n',
  language: 'python',
  entryPoint: 'f',
  tests: {
    kind: 'humaneval',
    test: 'def check(candidate):\n    assert candidate((1, 2)) == 1\n    assert candidate(5) == 5\n    assert candidate((1, 2, 3)) == 1\n',
    entryPoint: 'f',
  },
  limits: LIMITS,
};

const fenced = (code: string): string => `Here you go:\n\`\`\`python\n${code}\`\`\`\n`;

/** Runs the candidates' programs through the Python harness, as the sandbox would. */
function runAll(cs: Candidate[]): RunResult[] {
  const jobs: RunJob[] = cs.map((c) => ({ language: 'python', code: c.program, tests: task.tests, limits: LIMITS }));
  const out = spawnSync('python3', ['tests/harness/run_jobs.py'], {
    cwd: root,
    input: JSON.stringify(jobs),
    encoding: 'utf8',
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
  });
  expect(out.status, out.stderr).toBe(0);
  return (JSON.parse(out.stdout) as Omit<RunResult, 'durationMs'>[]).map((r) => ({ ...r, durationMs: 0 }));
}

/** Every line number the text gives for the model's code: "line N" and the excerpt's "N |". */
function linesNamed(text: string): number[] {
  const said = [...text.matchAll(/\bline (\d+)(?! of the task's prompt)/g)].map((m) => Number(m[1]));
  const excerpts = [...text.matchAll(/^ +(\d+) \| /gm)].map((m) => Number(m[1]));
  return [...said, ...excerpts];
}

const cases = [
  {
    name: 'an exception inside a test, whole function',
    code: 'def f(a):\n    x = 1\n    p, q = a\n    return p\n',
    shape: 'whole',
    line: 3,
  },
  {
    name: 'an exception inside a test, body only',
    code: '    x = 1\n    p, q = a\n    return p\n',
    shape: 'body',
    line: 2,
  },
  { name: 'a syntax error, whole function', code: 'def f(a)\n    return a[0]\n', shape: 'whole', line: 1 },
  { name: 'a syntax error, body only', code: '    x = a\n    if x\n        return x[0]\n', shape: 'body', line: 2 },
] as const;

describe.skipIf(!hasPython)('line numbers in feedback on real harness output', () => {
  const candidates = cases.map((k) => {
    const c = candidateFromReply(fenced(k.code), task);
    if (c.kind !== 'candidate') throw new Error('no candidate');
    return c;
  });
  const results = runAll(candidates);

  it.each(cases.map((k, i) => [k.name, k, i] as const))('%s', (_name, k, i) => {
    const c = candidates[i]!;
    const r = results[i]!;
    expect(c.shape).toBe(k.shape);
    expect(r.exception?.line).toBe(c.lineOffset + k.line);
    const text = buildFeedback(r, { code: c.code, lineOffset: c.lineOffset, timeoutSec: 3 });
    const named = linesNamed(text);
    expect(named.length, text).toBeGreaterThanOrEqual(2);
    if (r.exception?.syntax) expect(text.split('\n')[0]).toBe(`SyntaxError at line ${k.line}: expected ':'`);
    expect(new Set(named), text).toEqual(new Set([k.line]));
    expect(text).toContain(`  ${k.line} | ${c.code.split('\n')[k.line - 1]}`);
    expect(linesNamed(describeRun(r, c.lineOffset, c.code))).toEqual([k.line]);
  });

  it('a failing test that raised says so with the line of the model’s code, and test frames name no line', () => {
    const text = buildFeedback(results[0]!, { code: candidates[0]!.code, lineOffset: candidates[0]!.lineOffset });
    expect(text).toContain('error: TypeError: cannot unpack non-iterable int object (<candidate> line 3)');
    expect(text).toContain('error: ValueError: too many values to unpack (expected 2) (<candidate> line 3)');
    expect(text).toContain('File "<tests>", in the test code, in check\n    assert candidate(5) == 5');
  });

  it('failing asserts give expected and actual values and no line numbers', () => {
    const [c] = [candidateFromReply(fenced('def f(a):\n    return 0\n'), task)];
    if (c?.kind !== 'candidate') throw new Error('no candidate');
    const [r] = runAll([c]);
    const text = buildFeedback(r!, { code: c.code, lineOffset: c.lineOffset });
    expect(text).toContain('1. assert candidate((1, 2)) == 1\n   expected: 1\n   actual:   0');
    expect(linesNamed(text)).toEqual([]);
  });
});
