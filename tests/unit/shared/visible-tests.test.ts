// Visible and hidden tests of real dataset problems: what the loop gets to see, and what is kept back.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { HumanEvalProblem, MbppProblem, Problem } from '../../../src/shared/problems.ts';
import { parseProblems } from '../../../src/kinds/rows.ts';
import { docExamples, visibleTestsMismatch } from '../../../src/shared/visible-tests.ts';
import { splitProblem } from '../../../src/kinds/rows.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const load = (path: string): Problem[] =>
  parseProblems(gunzipSync(readFileSync(resolve(ROOT, path))).toString('utf8'), path);
const humaneval = load('data/humaneval/HumanEval.jsonl.gz');
const mbpp = load('data/mbpp/mbpp.jsonl.gz') as MbppProblem[];
const he = (id: string): HumanEvalProblem => humaneval.find((p) => p.taskId === `HumanEval/${id}`) as HumanEvalProblem;
const mb = (id: number): MbppProblem => mbpp.find((p) => p.rawId === id) as MbppProblem;

describe('MBPP: the first K asserts are visible', () => {
  it('splits test_list and keeps the hidden asserts out of the task', () => {
    const p = mb(2);
    const s = splitProblem(p, 1, 3);
    expect(s.task.tests).toEqual({ kind: 'mbpp', setup: '', asserts: [p.asserts[0]] });
    expect(s.hidden).toEqual({ kind: 'mbpp', setup: '', asserts: p.asserts.slice(1) });
    expect([s.visibleCount, s.hiddenCount]).toEqual([1, 2]);
    const told = JSON.stringify(s.task);
    for (const hidden of p.asserts.slice(1)) expect(told).not.toContain(hidden);
    expect(s.task.prompt).toContain(p.asserts[0]);
    expect(s.task.entryPoint).toBe('similar_elements');
  });

  it('K past the end leaves no hidden tests', () => {
    const s = splitProblem(mb(2), 10, 3);
    expect(s.task.tests).toMatchObject({ asserts: mb(2).asserts });
    expect(s.hiddenCount).toBe(0);
  });

  it('keeps the setup code on both sides', () => {
    const p = mbpp.find((x) => x.setup !== '' && x.asserts.length > 1)!;
    const s = splitProblem(p, 1, 3);
    expect(s.task.tests).toMatchObject({ setup: p.setup });
    expect(s.hidden).toMatchObject({ setup: p.setup });
  });
});

describe('HumanEval: the docstring examples are visible', () => {
  it('turns each example into an assert, and keeps `test` hidden', () => {
    const p = he('0');
    const s = splitProblem(p, 'doc', 3);
    expect(s.task.tests).toEqual({
      kind: 'humaneval',
      entryPoint: 'has_close_elements',
      test:
        'def check(candidate):\n' +
        '    assert has_close_elements([1.0, 2.0, 3.0], 0.5) == False\n' +
        '    assert has_close_elements([1.0, 2.8, 3.0, 4.0, 5.0, 2.0], 0.3) == True\n',
    });
    expect(s.hidden).toEqual({ kind: 'humaneval', test: p.test, entryPoint: 'has_close_elements' });
    expect(s.task.prompt).toBe(p.prompt);
    const hidden = p.test.split('\n').filter((l) => l.includes('assert candidate'));
    expect(hidden.length).toBeGreaterThan(3);
    for (const line of hidden) expect(JSON.stringify(s.task)).not.toContain(line.trim());
    expect(s.visibleCount).toBe(2);
  });

  it('an example that prints nothing returns None; one written as a comparison must hold', () => {
    expect(docExamples(he('12').prompt)).toEqual([
      { source: 'longest([])', expected: '' },
      { source: "longest(['a', 'b', 'c'])", expected: "'a'" },
      { source: "longest(['a', 'bb', 'ccc'])", expected: "'ccc'" },
    ]);
    expect(splitProblem(he('12'), 'doc', 3).task.tests).toMatchObject({
      test: expect.stringContaining('    assert longest([]) is None\n') as unknown,
    });
    expect(splitProblem(he('156'), 'doc', 3).task.tests).toMatchObject({
      test: expect.stringContaining("    assert int_to_mini_roman(19) == 'xix'\n") as unknown,
    });
  });

  it('leaves out an example it cannot read, and a problem without examples has none', () => {
    expect(splitProblem(he('116'), 'doc', 3).visibleCount).toBe(2);
    const none = humaneval.filter((p) => docExamples(p.prompt).length === 0);
    expect(none.length).toBe(88);
    const s = splitProblem(none[0]!, 'doc', 3);
    expect(s.visibleCount).toBe(0);
    expect(s.task.tests).toMatchObject({ test: 'def check(candidate):\n    pass  # no examples\n' });
  });

  it('counts the examples of the whole dataset', () => {
    const counts = humaneval.map((p) => splitProblem(p, 'doc', 3).visibleCount);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(180);
  });
});

describe('wrong combinations', () => {
  it('are named', () => {
    expect(visibleTestsMismatch('humaneval', 2)).toMatch(/for MBPP problems.*use --visible-tests doc/);
    expect(visibleTestsMismatch('mbpp', 'doc')).toMatch(/for HumanEval problems, not mbpp/);
    expect(visibleTestsMismatch('mbpp', 0)).toMatch(/at least 1/);
    expect(visibleTestsMismatch('multipl-e', 1)).toMatch(/for MBPP problems/);
    expect(visibleTestsMismatch('mbpp', 3)).toBeUndefined();
    expect(() => splitProblem(he('0'), 1, 3)).toThrow(/HumanEval\/0: --visible-tests 1 is for MBPP/);
  });
});
