// Web page rows: told apart by `checks`, each field checked with a reason that names it.
import { describe, expect, it } from 'vitest';
import { parseProblems, problemJob } from '../../../src/kinds/rows.ts';
import { isInlinePng, readWebRow } from '../../../src/kinds/web/rows.ts';

describe('web rows', () => {
  it('are read with their viewport, reference and threshold, and become html jobs', () => {
    const row = {
      task_id: 'a',
      prompt: 'p',
      checks: 'assert.ok(1)',
      viewport: { width: 390, height: 844 },
      reference: 'iVBORw0KGgoAAA',
      threshold: 0.1,
    };
    const [p] = parseProblems(JSON.stringify(row), 'rows.jsonl');
    expect(p).toMatchObject({ kind: 'web', taskId: 'a', web: { kind: 'web', checks: 'assert.ok(1)', threshold: 0.1 } });
    expect(problemJob(p!, '<p>', 3)).toMatchObject({
      language: 'html',
      code: '<p>',
      tests: { kind: 'web' },
      mode: 'reference',
    });
  });

  it('name what is wrong, with file and line', () => {
    const bad = `${JSON.stringify({ task_id: 'a', prompt: 'p', checks: '' })}\n${JSON.stringify({ task_id: 'b', prompt: 'p', checks: '', viewport: 'big' })}`;
    expect(() => parseProblems(bad, 'rows.jsonl')).toThrow('rows.jsonl:2: viewport must be {"width": W, "height": H}');
    expect(readWebRow({ checks: '' })).toBe('field "prompt" is missing (a string)');
    expect(readWebRow({ prompt: '', checks: '', threshold: -1 })).toBe(
      'field "threshold" must be a number from 0 to 1',
    );
    expect(readWebRow({ prompt: '', checks: '', reference: '' })).toMatch(/^field "reference" must be/);
  });

  it('tell an inline PNG from a path', () => {
    expect(isInlinePng('iVBORw0KGgoAAAANS')).toBe(true);
    expect(isInlinePng('data:image/png;base64,xx')).toBe(true);
    expect(isInlinePng('mock-ups/home.png')).toBe(false);
  });
});
