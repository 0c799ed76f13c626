// The terminal breaks the page's own lines at spaces, never inside a word, when they are wider
// than the terminal; shorter lines, coloured text and very narrow terminals are left alone.
import { describe, expect, it } from 'vitest';
import { columnAfter, wrapWords } from '../../../src/ui/terminal/wrap-words.ts';

describe('wrapWords', () => {
  it('breaks a long line at the last space that fits, keeping every word whole', () => {
    const line = 'Attempt 2 failed: 1 of 4 tests failed: running_median([1, 2, 3, 4]) returned 2.0';
    const rows = wrapWords(line, 30).split('\n');
    expect(rows.every((r) => r.length <= 30)).toBe(true);
    expect(rows.join(' ')).toBe(line);
    expect(rows[0]).toBe('Attempt 2 failed: 1 of 4 tests');
  });

  it('goes on from the column the last write left the cursor at', () => {
    const rest = 'ZeroDivisionError: division by zero';
    const after = columnAfter('✗ assert running_median([1, 2, 3, 4]) == [1, 1.5, 2, 2.5]: ', 0);
    expect(after).toBe(59);
    expect(wrapWords(rest, 60, after)).toBe('\nZeroDivisionError: division by zero');
    expect(wrapWords(rest, 80, after).split('\n')).toEqual(['ZeroDivisionError:', 'division by zero']);
    expect(columnAfter('ab\x1b[31mcd', 3)).toBe(7);
    expect(columnAfter('ab\ncd', 3)).toBe(2);
  });

  it('leaves short lines, escapes and narrow terminals as they are; a word wider than a row stays whole', () => {
    expect(wrapWords('short\nlines', 40)).toBe('short\nlines');
    expect(wrapWords('\x1b[31m' + 'x '.repeat(40), 30)).toBe('\x1b[31m' + 'x '.repeat(40));
    expect(wrapWords('a '.repeat(30), 10)).toBe('a '.repeat(30));
    expect(wrapWords(`see ${'y'.repeat(40)} here`, 30)).toBe(`see\n${'y'.repeat(40)}\nhere`);
  });
});
