import { describe, expect, it } from 'vitest';
import { clip, formatBytes, plural } from '../../../src/shared/format.ts';

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

describe('formatBytes', () => {
  it('says sizes in binary units with one decimal', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(64 * 1024)).toBe('64.0 KiB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MiB');
    expect(formatBytes(1.94 * 1024 ** 3)).toBe('1.9 GiB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3.0 TiB');
    expect(formatBytes(5 * 1024 ** 5)).toBe('5120.0 TiB');
  });
});
