import { describe, expect, it } from 'vitest';
import { testsToText, textToTests } from '../../../src/ui/task/tests-text.ts';
import { parseNumber } from '../../../src/ui/task/validate.ts';
import type { TestSpec } from '../../../src/shared/run.ts';

describe('parseNumber', () => {
  const cap = { integer: true, min: 1 };

  it('accepts plain numbers within the rule', () => {
    expect(parseNumber('5', cap)).toEqual({ ok: true, value: 5 });
    expect(parseNumber(' 2.5 ', { min: 0.1 })).toEqual({ ok: true, value: 2.5 });
    expect(parseNumber('', { optional: true })).toEqual({ ok: true, value: undefined });
  });

  it('refuses negatives, non-numbers and fractions where whole numbers are needed', () => {
    expect(parseNumber('-1', cap)).toEqual({ ok: false, message: 'Must not be negative.' });
    expect(parseNumber('five', cap)).toEqual({ ok: false, message: 'Enter a number.' });
    expect(parseNumber('0x10', cap)).toEqual({ ok: false, message: 'Enter a number.' });
    expect(parseNumber('', cap)).toEqual({ ok: false, message: 'Enter a number.' });
    expect(parseNumber('Infinity', cap)).toEqual({ ok: false, message: 'Enter a number.' });
    expect(parseNumber('2.5', cap)).toEqual({ ok: false, message: 'Enter a whole number.' });
    expect(parseNumber('0', cap)).toEqual({ ok: false, message: 'Must be at least 1.' });
    expect(parseNumber('700', { max: 600 })).toEqual({ ok: false, message: 'Must be at most 600.' });
  });
});

describe('tests text', () => {
  const humaneval: TestSpec = { kind: 'humaneval', test: 'def check(c):\n    assert c(1) == 2\n', entryPoint: 'inc' };
  const mbpp: TestSpec = { kind: 'mbpp', setup: 'import math', asserts: ['assert f(1) == 2', 'assert f(2) == 3'] };

  it('returns the original spec when the text is unchanged', () => {
    for (const spec of [
      humaneval,
      mbpp,
      { kind: 'user', source: 'assert True' } as TestSpec,
      { kind: 'none' } as TestSpec,
    ]) {
      expect(textToTests(testsToText(spec), spec)).toBe(spec);
    }
  });

  it('keeps HumanEval tests HumanEval when edited', () => {
    expect(textToTests('def check(c):\n    assert c(2) == 3\n', humaneval)).toEqual({
      ...humaneval,
      test: 'def check(c):\n    assert c(2) == 3\n',
    });
  });

  it('turns edited MBPP tests into user tests, and empty text into no tests', () => {
    expect(testsToText(mbpp)).toBe('import math\nassert f(1) == 2\nassert f(2) == 3');
    expect(textToTests('assert f(1) == 2', mbpp)).toEqual({ kind: 'user', source: 'assert f(1) == 2' });
    expect(textToTests('  \n', mbpp)).toEqual({ kind: 'none' });
  });
});
