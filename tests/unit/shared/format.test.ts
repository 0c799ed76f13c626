import { describe, expect, it } from 'vitest';
import { clip, plural } from '../../../src/shared/format.ts';

describe('shared text helpers', () => {
  it('plural agrees with the count and writes it in English digits', () => {
    expect(plural(1, 'session')).toBe('1 session');
    expect(plural(0, 'session')).toBe('0 sessions');
    expect(plural(1204, 'character')).toBe('1,204 characters');
    expect(plural(2, 'child', 'children')).toBe('2 children');
  });

  it('clip marks where it cut, and says how much it dropped when asked', () => {
    expect(clip('abcdef', 6)).toBe('abcdef');
    expect(clip('abcdef', 3)).toBe('abc…');
    expect(clip('abcdef', 3, { count: true })).toBe('abc… [3 more characters]');
    expect(clip('abcd', 3, { count: true })).toBe('abc… [1 more character]');
  });
});
