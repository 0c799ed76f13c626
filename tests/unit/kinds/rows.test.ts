// The row-format registry: one file may mix the row-by-row formats, each row is read by the format
// that recognises it (in the order they are told apart) and graded by its own job; a LiveCodeBench
// file is read whole with its own split; and a row that passes for two formats is not let through
// as the easier one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseProblems, problemJob, problemToTask, readProblems, splitOf } from '../../../src/kinds/rows.ts';
import type { Problem } from '../../../src/shared/problems.ts';

const row = (o: object): string => JSON.stringify(o);
const MIXED = [
  row({ task_id: 'he/1', prompt: 'def f():\n', test: 'def check(c): assert c() == 1', entry_point: 'f' }),
  row({ task_id: 7, text: 'Write f.', test_list: ['assert f() == 1'], test_setup_code: 'import math' }),
  row({ name: 'HumanEval_1_f', language: 'js', prompt: 'function f() {\n', tests: 'assert(f() === 1);' }),
  row({ task_id: 'web/p', prompt: 'A page.', checks: 'assert(document.body);' }),
].join('\n');

describe('the row formats', () => {
  it('reads each row of a mixed file by the format that recognises it', () => {
    const kinds = parseProblems(MIXED, 'mixed.jsonl').map((p) => [p.taskId, p.kind]);
    expect(kinds).toEqual([
      ['he/1', 'humaneval'],
      ['7', 'mbpp'],
      ['HumanEval_1_f', 'multipl-e'],
      ['web/p', 'web'],
    ]);
  });

  it('grades each with its own harness: the prompt before a HumanEval completion, the asserts after an MBPP one', () => {
    const [he, mbpp, js, web] = parseProblems(MIXED, 'mixed.jsonl') as [Problem, Problem, Problem, Problem];
    expect(problemJob(he, '  return 1\n', 3).code).toBe('def f():\n  return 1\n');
    expect(problemJob(mbpp, 'def f(): return 1', 3).tests).toEqual({
      kind: 'mbpp',
      setup: 'import math',
      asserts: ['assert f() == 1'],
    });
    expect(problemJob(js, '  return 1;\n}', 3)).toMatchObject({ language: 'javascript', tests: { kind: 'user' } });
    expect(problemJob(web, '<p>', 3).language).toBe('html');
    expect(problemToTask(mbpp, 3)).toMatchObject({ kind: 'function', entryPoint: 'f', title: 'MBPP 7' });
  });

  it('names the file, the line and the field each format asks for', () => {
    const bad =
      (o: object): (() => Problem[]) =>
      () =>
        parseProblems(`${MIXED}\n${row(o)}`, 'x.jsonl');
    expect(bad({ task_id: 'he/2', prompt: 'p', test: 't' })).toThrow('x.jsonl:5: field "entry_point" is missing');
    expect(bad({ task_id: 8, text: 't', test_list: [1] })).toThrow(
      'x.jsonl:5: field "test_list" must be a list of strings',
    );
    expect(bad({ name: 'HumanEval_1_f', language: 'js', prompt: '', tests: '' })).toThrow(
      'x.jsonl:5: name "HumanEval_1_f" appears twice',
    );
    expect(bad({ name: 'n', language: 'py', prompt: '', tests: '' })).toThrow(
      'x.jsonl:5: field "language" must be "js"',
    );
    expect(bad({ task_id: 7, foo: 1 })).toThrow('x.jsonl:5: task_id 7 appears twice');
    expect(bad({ task_id: 9, foo: 1 })).toThrow('x.jsonl:5: not a HumanEval row');
    expect(bad({ foo: 1 })).toThrow('x.jsonl:5: field "task_id" is missing');
  });

  it('does not let a row with both a web page’s checks and MBPP asserts pass as the asserts alone', () => {
    const [p] = parseProblems(row({ task_id: 1, prompt: 'p', text: 't', checks: 'x', test_list: [] }), 'x.jsonl');
    expect(p!.kind).toBe('web');
    expect(problemJob(p!, '<p>', 3).tests).toEqual({ kind: 'web', checks: 'x' });
  });

  it('reads a LiveCodeBench file whole, at its own 6 seconds, with its own split whatever is asked', async () => {
    const text = readFileSync('tests/fixtures/livecodebench/rows.jsonl', 'utf8');
    const { problems, timeoutSec } = await readProblems(text, 'rows.jsonl');
    expect(timeoutSec).toBe(6);
    const p = problems[0]!;
    expect(p.kind).toBe('livecodebench');
    const split = splitOf(p, 1, 4)!;
    expect(split.task.limits.timeoutSec).toBe(4);
    expect(problemJob(p, 'print()', 6).tests).toEqual(split.hidden);
    // The model's task holds the public tests only; all of them decide.
    expect(split.task.tests).toMatchObject({ inputs: { length: split.visibleCount } });
    expect(split.hidden).toMatchObject({ inputs: { length: split.visibleCount + split.hiddenCount } });
    expect(split.hiddenCount).toBeGreaterThan(0);
    expect((await readProblems(MIXED, 'mixed.jsonl', 2)).timeoutSec).toBe(2);
  });
});
