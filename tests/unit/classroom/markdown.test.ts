import { describe, expect, it } from 'vitest';
import { inlineSpans, parseMarkdown } from '../../../src/classroom/markdown.ts';

describe('a statement written in Markdown', () => {
  it('reads the sample pack statement into a paragraph and a code block', () => {
    const md = "Write `count_vowels(text)`, which returns *how many*.\n\n```\ncount_vowels('Banana') == 3\n```";
    expect(parseMarkdown(md)).toEqual([
      {
        kind: 'paragraph',
        spans: [
          { kind: 'text', text: 'Write ' },
          { kind: 'code', text: 'count_vowels(text)' },
          { kind: 'text', text: ', which returns ' },
          { kind: 'em', text: 'how many' },
          { kind: 'text', text: '.' },
        ],
      },
      { kind: 'code', lang: '', text: "count_vowels('Banana') == 3" },
    ]);
  });

  it('keeps stars and underscores inside code as typed, and snake_case words whole', () => {
    expect(inlineSpans('`a*b*c` and second_largest_value')).toEqual([
      { kind: 'code', text: 'a*b*c' },
      { kind: 'text', text: ' and second_largest_value' },
    ]);
    expect(inlineSpans('**bold** then _em_')).toEqual([
      { kind: 'strong', text: 'bold' },
      { kind: 'text', text: ' then ' },
      { kind: 'em', text: 'em' },
    ]);
  });

  it('reads headings, lists and a fence with a language; an unclosed fence runs to the end', () => {
    const blocks = parseMarkdown('## Task\n- one\n- two\n  more\n\n1. first\n2. second\n\n```python\nx = 1\n');
    expect(blocks).toEqual([
      { kind: 'heading', level: 2, spans: [{ kind: 'text', text: 'Task' }] },
      {
        kind: 'list',
        ordered: false,
        items: [
          [{ kind: 'text', text: 'one' }],
          [
            { kind: 'text', text: 'two' },
            { kind: 'text', text: ' more' },
          ],
        ],
      },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'first' }], [{ kind: 'text', text: 'second' }]] },
      { kind: 'code', lang: 'python', text: 'x = 1\n' },
    ]);
  });

  it('keeps lines of one paragraph together and text that looks like markup but is not', () => {
    expect(parseMarkdown('a <b>tag</b>\nand 2 * 3 * 4')).toEqual([
      { kind: 'paragraph', spans: [{ kind: 'text', text: 'a <b>tag</b> and 2 * 3 * 4' }] },
    ]);
  });
});
