// BIRD's and Spider's rules on the cases where they part, and the bounded difference text.
import { describe, expect, it } from 'vitest';
import { rowsMatch } from '../../../src/kinds/sql/compare.ts';
import { describeDifference } from '../../../src/kinds/sql/differs.ts';
import { sqlVerdict } from '../../../src/kinds/sql/verdict.ts';
import type { SqlAnswer, SqlValue } from '../../../src/shared/sql.ts';

const bird = (g: SqlValue[][], c: SqlValue[][]) => rowsMatch('bird', 'SELECT x', g, c);
const spider = (g: SqlValue[][], c: SqlValue[][], gold = 'SELECT x') => rowsMatch('spider', gold, g, c);

describe('BIRD rule: set of rows equal', () => {
  it('ignores order and repetition, not column order', () => {
    expect(bird([[1], [2]], [[2], [1], [1]])).toBe(true);
    expect(bird([[1, 'a']], [['a', 1]])).toBe(false);
    expect(bird([], [])).toBe(true);
    expect(bird([[1]], [])).toBe(false);
  });
  it('compares values as Python does: 1 == 1.0, text is not a number, NULL equals NULL', () => {
    expect(bird([[1]], [[1.0]])).toBe(true);
    expect(bird([[1]], [['1']])).toBe(false);
    expect(bird([[null]], [[null]])).toBe(true);
    expect(bird([[0.30000000000000004]], [[0.3]])).toBe(false);
    expect(bird([[{ int: '9007199254740993' }]], [[{ int: '9007199254740993' }]])).toBe(true);
    expect(bird([[{ blob: '00' }]], [['00']])).toBe(false);
  });
});

describe("Spider's test-suite rule", () => {
  it('compares bags: a repeated row counts', () => {
    expect(spider([[1], [1], [2]], [[1], [2], [2]])).toBe(false);
    expect(spider([[1], [1], [2]], [[2], [1], [1]])).toBe(true);
  });
  it('lets the columns come in another order', () => {
    expect(
      spider(
        [
          [1, 'a'],
          [2, 'b'],
        ],
        [
          ['b', 2],
          ['a', 1],
        ],
      ),
    ).toBe(true);
    expect(
      spider(
        [
          [1, 'a'],
          [2, 'b'],
        ],
        [
          ['a', 2],
          ['b', 1],
        ],
      ),
    ).toBe(false);
    expect(spider([[1, 1, 2]], [[2, 1, 1]])).toBe(true);
    expect(spider([[1, 2]], [[1, 2, 3]])).toBe(false);
  });
  it('keeps row order when the gold query has ORDER BY', () => {
    expect(spider([[1], [2]], [[2], [1]], 'SELECT x FROM t ORDER BY x')).toBe(false);
    expect(spider([[1], [2]], [[1], [2]], 'select x from t order by x')).toBe(true);
    expect(spider([[1], [2]], [[2], [1]])).toBe(true);
  });
  it('treats NULLs and floats like BIRD does', () => {
    expect(spider([[null, 1.5]], [[1.5, null]])).toBe(true);
    expect(spider([[1]], [[1.0]])).toBe(true);
  });
  it('finds the permutation among many equal-looking columns', () => {
    const g = [
      [1, 2, 3, 4, 5],
      [5, 4, 3, 2, 1],
    ];
    expect(
      spider(g, [
        [5, 4, 3, 2, 1],
        [1, 2, 3, 4, 5],
      ]),
    ).toBe(true);
    expect(
      spider(g, [
        [2, 1, 3, 4, 5],
        [4, 5, 3, 2, 1],
      ]),
    ).toBe(true);
    expect(
      spider(g, [
        [1, 2, 3, 4, 5],
        [1, 2, 3, 4, 5],
      ]),
    ).toBe(false);
  });
});

describe('the difference, in words', () => {
  it('names the columns and a few missing and extra rows', () => {
    const text = describeDifference(
      {
        columns: ['title', 'year'],
        rows: [
          ['Dune', 1965],
          ['Emma', 1815],
        ],
      },
      { columns: ['title'], rows: [['Dune'], ["O'Hara"]] },
    );
    expect(text).toContain('expected 2 columns (title, year), got 1 column (title)');
    expect(text).toContain("2 rows missing: ('Dune', 1965), ('Emma', 1815)");
    expect(text).toContain("2 rows extra: ('Dune'), ('O''Hara')");
  });
  it('stays bounded', () => {
    const many = Array.from({ length: 5000 }, (_, i) => [i, 'x'.repeat(500)]);
    expect(
      describeDifference({ columns: ['a', 'b'], rows: [] }, { columns: ['a', 'b'], rows: many }).length,
    ).toBeLessThan(600);
  });
  it('says when only order or repetition differ', () => {
    expect(describeDifference({ columns: ['a'], rows: [[1], [2]] }, { columns: ['a'], rows: [[2], [1]] })).toContain(
      'another order',
    );
    expect(describeDifference({ columns: ['a'], rows: [[1]] }, { columns: ['a'], rows: [[1], [1]] })).toContain(
      'repeated',
    );
  });
});

describe('the verdict', () => {
  const rows = (r: SqlValue[][]): SqlAnswer => ({ kind: 'rows', columns: ['a'], rows: r, more: false, ms: 1 });
  it('uses the result strings of the other graders', () => {
    expect(sqlVerdict('bird', 'SELECT 1', rows([[1]]), rows([[1]]))).toEqual({ passed: true, result: 'passed' });
    expect(sqlVerdict('bird', 'SELECT 1', rows([[1]]), { kind: 'timed out', ms: 5 }).result).toBe('timed out');
    expect(sqlVerdict('bird', 'x', rows([[1]]), { kind: 'error', message: 'no such table: t', ms: 1 }).result).toBe(
      'failed: no such table: t',
    );
    expect(sqlVerdict('bird', 'x', rows([[1]]), rows([[2]])).result).toMatch(/^failed: result differs: /);
  });
  it('never passes a result cut short', () => {
    const cut: SqlAnswer = { kind: 'rows', columns: ['a'], rows: [[1]], more: true, ms: 1 };
    expect(sqlVerdict('bird', 'x', cut, cut).passed).toBe(false);
  });
});
