import { describe, expect, it } from 'vitest';
import {
  firstDifference,
  parseDecimal,
  pyStrip,
  sameLine,
  strippedLines,
  truncated,
} from '../../../../src/kinds/program/compare.ts';

describe("LiveCodeBench's output comparison", () => {
  it("strips what Python's str.strip() strips, and no more", () => {
    expect(pyStrip('\x1c\t a b \x85\u3000')).toBe('a b');
    expect(pyStrip('\uFEFFx')).toBe('\uFEFFx'); // not whitespace to Python
    expect(strippedLines('  1 \r\n 2\n\n')).toEqual(['1', '2']);
  });

  it('compares lines as text, else token by token as Decimals', () => {
    expect(sameLine('2.0 3', '2 3.000')).toBe(true);
    expect(sameLine('1e3', '1000')).toBe(true);
    expect(sameLine('-0', '0')).toBe(true);
    expect(sameLine('1_000', '1000')).toBe(true);
    expect(sameLine('0.30000000000000004', '0.3')).toBe(false);
    expect(sameLine('50000000000000000', '50000000000000001')).toBe(false);
    expect(sameLine('nan', 'nan')).toBe(true); // equal as text first
    expect(sameLine('NaN', 'nan')).toBe(false); // Decimal NaN is never equal
    expect(sameLine('Infinity', 'inf')).toBe(true);
    expect(sameLine('1 2', '1  2')).toBe(true);
    expect(sameLine('yes', 'YES')).toBe(false);
    expect(sameLine('1 2', '1 2 3')).toBe(false);
  });

  it("refuses what Python's Decimal refuses", () => {
    for (const bad of ['.', '1..2', '_', '0x10', '1e', '', '+-1']) expect(parseDecimal(bad), bad).toBeUndefined();
    for (const good of ['.5', '5.', '+1', '-1.5E-3', 'sNaN', 'Inf', '1_0.0_1', '_1', '1__0', '1e1_0'])
      expect(parseDecimal(good), good).toBeDefined();
  });

  it('names the first differing line, counting from 0 as LiveCodeBench does', () => {
    expect(firstDifference('1\n2\n', '1\n2')).toBeUndefined();
    expect(firstDifference('1\n3', '1\n2')).toEqual({ line: 1, got: '3', expected: '2' });
    expect(firstDifference('1', '1\n2')).toEqual({ line: 1, got: '', expected: '2' });
    expect(firstDifference('', '0')).toEqual({ line: 0, got: '', expected: '0' });
  });

  it("truncates as LiveCodeBench's truncatefn", () => {
    expect(truncated('x'.repeat(300))).toBe('x'.repeat(300));
    const long = `${'a'.repeat(200)}${'b'.repeat(200)}`;
    expect(truncated(long)).toBe(`${'a'.repeat(150)}...(truncated) ...${'b'.repeat(150)}`);
  });
});
