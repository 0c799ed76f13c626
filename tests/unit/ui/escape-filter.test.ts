import { describe, expect, it } from 'vitest';
import { createEscapeFilter, filterEscapes, keptSgr, withoutColours } from '../../../src/ui/terminal/escape-filter.ts';

const E = '\x1b';

/** Every way of cutting the text in two, and one unit at a time, gives the whole text's result. */
function everySplit(text: string): string {
  const whole = filterEscapes(text);
  for (let i = 1; i < text.length; i++) {
    const f = createEscapeFilter();
    expect(f.push(text.slice(0, i)) + f.push(text.slice(i)), `split at ${i}`).toBe(whole);
  }
  const f = createEscapeFilter();
  expect([...text.split('')].map((c) => f.push(c)).join(''), 'one unit at a time').toBe(whole);
  return whole;
}

describe('the terminal escape filter', () => {
  it('keeps text colours and plain attributes', () => {
    expect(everySplit(`${E}[1;32mok${E}[0m ${E}[mplain ${E}[38;5;208mo${E}[38;2;1;2;3mr${E}[39m`)).toBe(
      `${E}[1;32mok${E}[0m ${E}[0mplain ${E}[38;5;208mo${E}[38;2;1;2;3mr${E}[39m`,
    );
    expect(everySplit('tab\there, ✓ 🙂 é\n')).toBe('tab\there, ✓ 🙂 é\n');
  });

  it('drops backgrounds, inverse, concealed and blinking text, with their arguments', () => {
    expect(keptSgr('41;7;8;5;32')).toBe(`${E}[32m`);
    expect(keptSgr('48;5;1;31')).toBe(`${E}[31m`);
    expect(keptSgr('48;2;1;2;3;1')).toBe(`${E}[1m`);
    expect(keptSgr('58;5;9;4:3;38:2::1:2:3;4')).toBe(`${E}[4m`);
    expect(keptSgr('38;2;300;0;0')).toBe('');
    expect(keptSgr('?1')).toBe('');
    expect(keptSgr('100;44')).toBe('');
  });

  it('drops cursor movement, erasing, scroll regions, modes and resets', () => {
    const moves = [
      `${E}[2J`,
      `${E}[3J`,
      `${E}[H`,
      `${E}[1A`,
      `${E}[2K`,
      `${E}[5;10r`,
      `${E}[?1049h`,
      `${E}[?7l`,
      `${E}[6n`,
      `${E}[1 q`,
      `${E}c`,
      `${E}7`,
      `${E}8`,
      `${E}M`,
      `${E}#8`,
      `${E}(0`,
      `\x9b2J`,
    ];
    expect(everySplit(`a${moves.join('')}b`)).toBe('ab');
  });

  it('drops titles, links and every string sequence, keeping what a link shows', () => {
    expect(everySplit(`${E}]0;title${E}\\${E}]2;t\x07x`)).toBe('x');
    expect(everySplit(`${E}]8;;https://example.com/\x07click${E}]8;;\x07 me`)).toBe('click me');
    expect(everySplit(`${E}Pq#0;2;0;0;0${E}\\${E}_apc${E}\\${E}^pm${E}\\${E}Xsos${E}\\\x9d0;t\x9cy`)).toBe('y');
    // Cancelled by CAN, and closed by a new line when never closed.
    expect(everySplit(`${E}]0;t\x18a ${E}]8;;http://x\nshown`)).toBe('a \nshown');
  });

  it('drops bells, backspaces and other controls; a carriage return starts a new line', () => {
    expect(everySplit('a\x07b\x08c\x0bd\x0ce\x0ef\x0fg\x7fh\x85i')).toBe('abcdefghi');
    expect(everySplit('50%\r100%\r\ndone\r\n\r\n')).toBe('50%\n100%\ndone\n\n');
    expect(everySplit('✗ failed\r✓ passed')).toBe('✗ failed\n✓ passed');
  });

  it('gives the same text however hostile input is cut', () => {
    const hostile =
      `before\n${E}[2J${E}[H${E}c${E}]0;pwned\x07${E}]8;;https://evil.example/\x07CLICK${E}]8;;${E}\\\n` +
      `${E}[32m✓ Attempt 1 passed${E}[0m\r${E}[1A${E}[2K\x9b31mred\x9b0m${E}[48;2;1;2;3;4mu${E}[m🙂\r\n`;
    expect(everySplit(hostile)).toBe(
      `before\nCLICK\n${E}[32m✓ Attempt 1 passed${E}[0m\n${E}[31mred${E}[0m${E}[4mu${E}[0m🙂\n`,
    );
  });

  it('refuses a parameter list longer than any colour', () => {
    expect(filterEscapes(`${E}[${'1;'.repeat(100)}31mx`)).toBe('x');
  });

  it('leaves plain text once its colours are taken out', () => {
    expect(withoutColours(filterEscapes(`${E}[1;32m✓ ok${E}[0m\n${E}]0;t\x07x`))).toBe('✓ ok\nx');
  });
});
