import { describe, expect, it } from 'vitest';
import { changedFiles, fileBytes, fileFromBytes, splitForExport, withFile } from '../../../src/shared/agent-files.ts';
import { replyWords } from '../../../src/ui/agent/transcript.ts';
import { endText } from '../../../src/ui/agent/end-text.ts';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('agent files', () => {
  it('reads UTF-8 text as text and anything else as base64, and gives the same bytes back', () => {
    const csv = fileFromBytes('données.csv', utf8('ville,été\nLyon,1\n'));
    expect(csv).toEqual({ name: 'données.csv', size: 19, text: 'ville,été\nLyon,1\n', mime: 'text/csv' });
    const nul = fileFromBytes('a.bin', new Uint8Array([104, 0, 105]));
    expect(nul).toEqual({ name: 'a.bin', size: 3, base64: 'aABp', mime: 'application/octet-stream' });
    const latin1 = fileFromBytes('old.txt', new Uint8Array([0xe9, 0x74, 0xe9]));
    expect(latin1.text).toBeUndefined();
    for (const f of [csv, nul, latin1]) expect(fileBytes(f).length).toBe(f.size);
    expect([...fileBytes(latin1)]).toEqual([0xe9, 0x74, 0xe9]);
  });

  it('replaces a file added under a name already there', () => {
    const a = fileFromBytes('a.txt', utf8('1'));
    const b = fileFromBytes('b.txt', utf8('2'));
    expect(withFile([a, b], fileFromBytes('a.txt', utf8('3'))).map((f) => [f.name, f.text])).toEqual([
      ['b.txt', '2'],
      ['a.txt', '3'],
    ]);
  });

  it('counts as written the files that are new or changed, not those left as they were', () => {
    const kept = fileFromBytes('in.csv', utf8('x'));
    const edited = fileFromBytes('edit.txt', utf8('old'));
    const now = [kept, fileFromBytes('edit.txt', utf8('new')), fileFromBytes('out.csv', utf8('y'))];
    expect(changedFiles([kept, edited], now).map((f) => f.name)).toEqual(['edit.txt', 'out.csv']);
  });

  it('keeps files for an export up to the limit, and a smaller one after a big one still fits', () => {
    const f = (name: string, size: number) => ({ name, size, text: '' });
    expect(splitForExport([f('a', 6), f('big', 10), f('b', 4)], 10)).toEqual({
      kept: [f('a', 6), f('b', 4)],
      leftOut: [{ name: 'big', size: 10 }],
    });
  });
});

describe('transcript words', () => {
  it("takes the reply's words without its code block", () => {
    expect(replyWords('Look first:\n\n```python\nprint(1)\n```\n\nThen more.')).toBe('Look first:\n\nThen more.');
    expect(replyWords('```python\nprint(1)\n```')).toBe('');
    expect(replyWords('Cut off mid-block:\n```python\nprint(')).toBe('Cut off mid-block:');
  });

  it('says how a run ended, with or without an answer', () => {
    expect(endText('final-answer')).toMatchObject({ how: 'Given by the code, with final_answer.', tone: 'passed' });
    expect(endText('iteration-cap').how).toBe('No answer: the run used all its actions.');
    expect(endText('endpoint-failed', 'HTTP 500.').how).toBe('The model could not be asked. HTTP 500.');
    expect(endText('stopped')).toEqual({ how: 'Stopped by you.', status: 'Stopped.', tone: 'idle' });
  });
});
