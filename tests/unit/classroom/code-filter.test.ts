import { describe, expect, it } from 'vitest';
import { filterCode, REMOVED } from '../../../src/classroom/code-filter.ts';

describe('assistant code filter', () => {
  it('removes fenced blocks, backtick and tilde, and keeps the prose around them', () => {
    const reply = [
      'Your loop stops one step early.',
      '```python',
      'def add(a, b):',
      '    return a + b',
      '```',
      'Check the range bounds.',
      '~~~',
      'print(1)',
      '~~~',
    ].join('\n');
    const r = filterCode(reply);
    expect(r.removed).toBe(2);
    expect(r.text).toBe(`Your loop stops one step early.\n${REMOVED}\nCheck the range bounds.\n${REMOVED}`);
    expect(r.text).not.toContain('return a + b');
  });

  it('removes an unclosed fence to the end of the reply', () => {
    const r = filterCode('Try this:\n```\nfor i in range(10):\n    total += i\n');
    expect(r.text).toBe(`Try this:\n${REMOVED}`);
  });

  it('keeps short inline code and removes long or multi-statement inline code', () => {
    const r = filterCode(
      'Look at `len(xs)` and `i += 1`. Then `return sum(x * x for x in xs if x % 2 == 0)` or `a = 1; b = 2`.',
    );
    expect(r.text).toBe(`Look at \`len(xs)\` and \`i += 1\`. Then ${REMOVED} or ${REMOVED}.`);
    expect(r.removed).toBe(2);
  });

  it('removes indented code blocks but not indented list items', () => {
    const r = filterCode(
      'Like this:\n\n    def f(x):\n        return x\n\nSteps:\n\n- first\n    more about the first step\n',
    );
    expect(r.text).not.toContain('return x');
    expect(r.text).toContain('more about the first step');
    expect(r.removed).toBe(1);
  });

  it('leaves a reply without code alone', () => {
    expect(filterCode('Think about what happens when the list is empty.')).toEqual({
      text: 'Think about what happens when the list is empty.',
      removed: 0,
    });
  });
});
