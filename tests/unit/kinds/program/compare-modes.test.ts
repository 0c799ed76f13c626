import { describe, expect, it } from 'vitest';
import { outputDifference } from '../../../../src/kinds/program/compare.ts';
import { ProgramWatch } from '../../../../src/kinds/program/verdict.ts';

describe("a pack's output comparisons", () => {
  it("lines is LiveCodeBench's rule: stripped lines, numbers as Decimals", () => {
    expect(outputDifference('  2.0  \n3\n\n', '2\n3')).toBeUndefined();
    expect(outputDifference('1\n2', '1\n3')).toEqual({ where: 'line 1', got: '2', expected: '3' });
  });

  it('exact wants the text as printed, trailing newline and spaces included', () => {
    expect(outputDifference('a b\n', 'a b\n', 'exact')).toBeUndefined();
    expect(outputDifference('a b \n', 'a b\n', 'exact')).toEqual({ where: 'line 0', got: 'a b ', expected: 'a b' });
    expect(outputDifference('a\n', 'a', 'exact')).toEqual({ where: 'line 1', got: '', expected: '' });
  });

  it('tokens ignores how whitespace splits them, but not their text', () => {
    expect(outputDifference('1  2\n3', '1 2 3\n', 'tokens')).toBeUndefined();
    expect(outputDifference('1 2.0 3', '1 2 3', 'tokens')).toEqual({ where: 'token 1', got: '2.0', expected: '2' });
    expect(outputDifference('1 2', '1 2 3', 'tokens')).toEqual({ where: 'token 2', got: '', expected: '3' });
  });

  it('numbers are equal within the tolerance, absolute or relative; words must match', () => {
    expect(outputDifference('2.3333333', '2.33333333333', 'numbers')).toBeUndefined();
    expect(outputDifference('1000000.5', '1000000', 'numbers', 1e-6)).toBeUndefined();
    expect(outputDifference('2.3', '2.3333333', 'numbers')).toMatchObject({ where: 'token 0' });
    expect(outputDifference('yes 1.0000001', 'yes 1', 'numbers')).toBeUndefined();
    expect(outputDifference('no 1', 'yes 1', 'numbers')).toMatchObject({ where: 'token 0' });
    // Text that JavaScript reads as a number but is not one as printed: a word, an empty token.
    expect(outputDifference('Infinity', 'Infinity', 'numbers')).toBeUndefined();
    expect(outputDifference('Infinity', '1e400', 'numbers')).toMatchObject({ where: 'token 0' });
    expect(outputDifference('0x10', '16', 'numbers')).toMatchObject({ where: 'token 0' });
    expect(outputDifference('1', '1.5', 'numbers', 0.5)).toBeUndefined();
  });

  it("the judge gives the comparison's place in its result", () => {
    const w = new ProgramWatch({ inputs: ['x'], outputs: ['1 2 3'], compare: 'tokens' });
    expect(w.onEvent({ e: 'test', i: 0, out: '1 2 4' })).toBe('decided');
    const r = w.result({ durationMs: 1, stdout: '', stderr: '', truncated: false });
    expect(r.result).toBe('failed: Wrong Answer at token 2: 4 != 3');
    expect(r.tests[0]!.message).toBe('token 3 differs');
  });
});
