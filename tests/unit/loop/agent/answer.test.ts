import { describe, expect, it } from 'vitest';
import { answerMatches } from '../../../../src/loop/agent/answer.ts';

describe('answerMatches (M3ToolEval)', () => {
  it('accepts the same text once trimmed', () => {
    expect(answerMatches('  Paris\n', 'Paris')).toBe(true);
    expect(answerMatches('paris', 'Paris')).toBe(false);
  });
  it('accepts equal numbers read as int or float', () => {
    expect(answerMatches('3.0', '3')).toBe(true);
    expect(answerMatches(' 42 ', '42.00')).toBe(true);
    expect(answerMatches('1e3', '1000')).toBe(true);
    expect(answerMatches('3.01', '3')).toBe(false);
  });
  it('refuses no answer, and text that only contains the number', () => {
    expect(answerMatches(undefined, '3')).toBe(false);
    expect(answerMatches('The answer is 3', '3')).toBe(false);
    expect(answerMatches('', '0')).toBe(false);
    expect(answerMatches('NaN', 'NaN')).toBe(true);
    expect(answerMatches('Infinity', '1e999')).toBe(false);
  });
});
