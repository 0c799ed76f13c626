// Answers from the sandbox are untrusted data: only the exact shapes pass, anything else is refused.
import { describe, expect, it } from 'vitest';
import { checkAnswers } from '../../../src/shared/sql.ts';

describe('checkAnswers', () => {
  it('lets well-formed answers through', () => {
    const ok = [
      {
        kind: 'rows',
        columns: ['a', 'b'],
        rows: [
          [1, null],
          ['x', { blob: '00ff' }],
          [{ int: '-9007199254740993' }, 2.5],
        ],
        more: false,
        ms: 1,
      },
      { kind: 'error', message: 'no such table: t', offset: 14, ms: 0 },
      { kind: 'timed out', ms: 5000 },
    ];
    expect(checkAnswers(ok, 3)).toEqual(ok);
  });

  it('refuses a wrong count, a ragged row, a forged value or a verdict smuggled in', () => {
    const rows = (r: unknown[][]) => [{ kind: 'rows', columns: ['a'], rows: r, more: false, ms: 1 }];
    expect(checkAnswers(rows([[1]]), 2)).toBeUndefined();
    expect(checkAnswers(rows([[1, 2]]), 1)).toBeUndefined();
    expect(checkAnswers(rows([[{ blob: 'zz' }]]), 1)).toBeUndefined();
    expect(checkAnswers(rows([[{ int: '1', passed: true }]]), 1)).toBeUndefined();
    expect(checkAnswers(rows([[() => 1]]), 1)).toBeUndefined();
    expect(checkAnswers([{ kind: 'passed', ms: 1 }], 1)).toBeUndefined();
    expect(checkAnswers('passed', 1)).toBeUndefined();
    const extra = checkAnswers([{ kind: 'timed out', ms: 1, passed: true }], 1);
    expect(extra).toEqual([{ kind: 'timed out', ms: 1 }]);
  });
});
