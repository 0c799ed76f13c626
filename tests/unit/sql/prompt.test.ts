// What the model is shown for a SQL question and told when its query fails.
import { describe, expect, it } from 'vitest';
import { firstMessage, schemaText, sqlFeedback, type TableSchema } from '../../../src/kinds/sql/prompt.ts';
import { queryFromReply } from '../../../src/kinds/sql/repair.ts';
import type { SqlAnswer } from '../../../src/shared/sql.ts';

const TABLES: TableSchema[] = [
  {
    name: 'books',
    create: 'CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT)',
    sample: {
      columns: ['id', 'title'],
      rows: [
        [1, 'Dune'],
        [2, null],
      ],
    },
  },
];

describe('the SQL prompt', () => {
  it('shows CREATE statements with a few rows, then the question and evidence', () => {
    const text = firstMessage(schemaText(TABLES), 'How many books?', 'a book is a row of books');
    expect(text).toContain('CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT);');
    expect(text).toContain("--   (1, 'Dune')");
    expect(text).toContain('--   (2, NULL)');
    expect(text).toContain('Question: How many books?\n\nEvidence: a book is a row of books');
    expect(firstMessage('s', 'q', '  ')).not.toContain('Evidence');
  });

  it('drops the sample rows, then cuts, to stay within the budget', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({
      ...TABLES[0]!,
      name: `t${i}`,
      create: `CREATE TABLE t${i} (x)`,
    }));
    const text = schemaText(many, 800);
    expect(text).not.toContain('rows of');
    expect(text).toContain('CREATE TABLE t0 (x);');
    expect(schemaText(many, 100).length).toBeLessThan(160);
  });

  it('takes the query from the last sql block, else any block, else the reply', () => {
    expect(queryFromReply('Try:\n```sql\nSELECT 1\n```\nor better\n```sql\nSELECT 2\n```')).toBe('SELECT 2');
    expect(queryFromReply('```\nSELECT 3\n```')).toBe('SELECT 3');
    expect(queryFromReply('<think>```sql\nSELECT 0\n```</think>SELECT 4;')).toBe('SELECT 4;');
  });
});

describe('SQL feedback', () => {
  const rows = (r: (number | string)[][]): SqlAnswer => ({ kind: 'rows', columns: ['n'], rows: r, more: false, ms: 1 });
  it('points at the error in the query', () => {
    const text = sqlFeedback(
      'SELECT\n  titel FROM books',
      rows([[1]]),
      { kind: 'error', message: 'no such column: titel', offset: 9, ms: 1 },
      5000,
    );
    expect(text).toContain('no such column: titel at line 2, column 3:\n  titel FROM books\n  ^');
  });
  it('says how the rows differ, or that time ran out', () => {
    expect(sqlFeedback('q', rows([[1]]), rows([[2]]), 5000)).toContain('1 row missing: (1); 1 row extra: (2)');
    expect(sqlFeedback('q', rows([[1]]), { kind: 'timed out', ms: 5000 }, 5000)).toContain('did not finish within 5 s');
  });
});
