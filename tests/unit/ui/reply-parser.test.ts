import { describe, expect, it } from 'vitest';
import { closesFence, openingFence, ReplyParser } from '../../../src/ui/reply/reply-parser.ts';
import type { BlockKind, ReplyEvent } from '../../../src/ui/reply/reply-parser.ts';

interface Block {
  kind: BlockKind;
  lang: string;
  text: string;
}

/** Feeds the chunks and returns the blocks a view would show, the pending line included. */
function blocks(chunks: string[]): Block[] {
  const out: Block[] = [{ kind: 'prose', lang: '', text: '' }];
  const parser = new ReplyParser((e: ReplyEvent) => {
    if (e.type === 'open') out.push({ kind: e.kind, lang: e.lang, text: '' });
    else out[out.length - 1]!.text += e.text;
  });
  for (const c of chunks) parser.push(c);
  out[out.length - 1]!.text += parser.pending();
  return out.filter((b) => b.kind === 'code' || b.text !== '');
}

const REPLY = [
  'The bug is an off-by-one.',
  '',
  '```python',
  'def f(n):',
  '    return n + 1',
  '```',
  'And a test:',
  '~~~',
  'assert f(1) == 2',
  '~~~',
  'Done, with `inline` code and ``` inside prose.',
].join('\n');

describe('fences', () => {
  it('recognises opening fences and their language', () => {
    expect(openingFence('```python')).toMatchObject({ char: '`', length: 3, lang: 'python' });
    expect(openingFence('  ~~~~')).toMatchObject({ char: '~', length: 4, lang: '' });
    expect(openingFence('    ```')).toBeUndefined();
    expect(openingFence('``` a`b')).toBeUndefined();
    expect(openingFence('text ```')).toBeUndefined();
  });

  it('closes only with the same character, at least as long', () => {
    const fence = { char: '`', length: 4 };
    expect(closesFence('````', fence)).toBe(true);
    expect(closesFence('`````  ', fence)).toBe(true);
    expect(closesFence('```', fence)).toBe(false);
    expect(closesFence('~~~~', fence)).toBe(false);
    expect(closesFence('```` python', fence)).toBe(false);
  });
});

describe('ReplyParser', () => {
  const whole = blocks([REPLY]);

  it('splits prose and fenced code', () => {
    expect(whole).toEqual([
      { kind: 'prose', lang: '', text: 'The bug is an off-by-one.\n\n' },
      { kind: 'code', lang: 'python', text: 'def f(n):\n    return n + 1\n' },
      { kind: 'prose', lang: '', text: 'And a test:\n' },
      { kind: 'code', lang: '', text: 'assert f(1) == 2\n' },
      { kind: 'prose', lang: '', text: 'Done, with `inline` code and ``` inside prose.' },
    ]);
  });

  it('gives the same blocks for the reply split at every boundary', () => {
    for (let i = 0; i <= REPLY.length; i++) {
      expect(blocks([REPLY.slice(0, i), REPLY.slice(i)])).toEqual(whole);
    }
  });

  it('gives the same blocks fed one character at a time', () => {
    expect(blocks([...REPLY])).toEqual(whole);
  });

  it('keeps an unclosed fence open as code', () => {
    expect(blocks(['```py\nx = 1\ny'])).toEqual([{ kind: 'code', lang: 'py', text: 'x = 1\ny' }]);
  });

  it('treats CRLF line ends like LF', () => {
    expect(blocks(['a\r\n```\r\nb\r\n```\r\n'])).toEqual([
      { kind: 'prose', lang: '', text: 'a\n' },
      { kind: 'code', lang: '', text: 'b\n' },
    ]);
  });
});
