// SQL exercises in packs: `pack check` and `grade` through the built page's SQLite, each database
// (visible and hidden) graded on its own by the SQL kind's rule. Cheating students: a query that
// answers only the visible rows, one that writes, drops or attaches, one that reaches for the
// solution or another database: none passes, and none changes the grade of the next submission.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { grade, messageOf, scratch } from './support/classroom.ts';
import { cli } from './support/cli.ts';

const PACK = resolve(import.meta.dirname, '../../data/packs/intro-sql.json');
const { dir, write } = scratch('fixpoint-classroom-sql-');
type Json = Record<string, unknown>;
const readPack = (): Json => JSON.parse(readFileSync(PACK, 'utf8')) as Json;

describe('SQL exercises in packs', () => {
  it('pack check passes every bundled solution on every database, and names a broken script and a wrong solution', async () => {
    const ok = await cli(['pack', 'check', '--pack', PACK]);
    expect(ok.status, ok.stderr + ok.stdout).toBe(0);
    expect(ok.stdout.match(/^ok {3}exercise /gm)).toHaveLength(5);
    expect(ok.stdout).toMatch(/^ok {3}exercise "count-books": .*\bpasses all 3 tests\b/m);
    const pack = readPack();
    const [count, cheap] = pack.exercises as Json[];
    (count!.hiddenTests as Json[])[1]!.database = 'CREATE TABLE books (id INTEGER PRIMARY KEY;\n';
    cheap!.solution = 'SELECT title, cost FROM books';
    const bad = await cli(['pack', 'check', '--pack', write('bad.json', JSON.stringify(pack))]);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(
      /^FAIL exercise "count-books": .*"a library of one book" \(hidden\): .*\bscript\b.*near ";": syntax error$/m,
    );
    expect(bad.stdout).toMatch(
      /^FAIL exercise "cheap-books": .*"the library's books": .*\bexpected query\b.*no such column: cost$/m,
    );
    expect(bad.stdout).toContain(`${join(dir, 'bad.json')}: 4 problems`);
  });

  it('refuses malformed SQL fields, naming the file, the line and the exercise', async () => {
    const pack = readPack();
    const [count, cheap] = pack.exercises as Json[];
    count!.engine = 'oracle';
    delete (count!.hiddenTests as Json[])[0]!.database;
    delete cheap!.solution;
    const file = write('malformed.json', JSON.stringify(pack, null, 2));
    const r = await cli(['pack', 'check', '--pack', file]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(file);
    expect(r.stderr).toMatch(/line \d+, exercise "count-books": unknown engine "oracle" \(known: sqlite, postgres\)/);
    expect(r.stderr).toMatch(/line \d+, exercise "count-books", hiddenTests\[0\]: field "database" is missing/);
    expect(r.stderr).toMatch(/line \d+, exercise "cheap-books": field "solution" is missing/);
    const line = Number(/line (\d+), exercise "cheap-books"/.exec(r.stderr)![1]);
    expect(readFileSync(file, 'utf8').split('\n')[line - 1]).toContain('"id": "cheap-books"');
  });

  it('grade: a query fitting only the visible rows passes there and fails the hidden databases; hostile queries pass nothing and leave the next grade alone', async () => {
    const right = { exercise: 'count-books', code: 'SELECT COUNT(*) FROM books' };
    const subs = [
      { student: 'ann', ...right },
      // The visible library has 5 books: the answer written in, not counted.
      { student: 'hal', exercise: 'count-books', code: 'SELECT 5' },
      // The visible cheap books picked by id.
      { student: 'hal', exercise: 'cheap-books', code: 'SELECT title, price FROM books WHERE id IN (2, 4)' },
      // Writes, drops and attaches, each followed by a right answer that must still pass everywhere.
      { student: 'dee', exercise: 'count-books', code: 'DROP TABLE books' },
      { student: 'ann2', ...right },
      { student: 'dee', exercise: 'cheap-books', code: 'DELETE FROM books WHERE price >= 10 RETURNING title, price' },
      { student: 'ann2', exercise: 'cheap-books', code: 'SELECT title, price FROM books WHERE price < 10' },
      { student: 'eve', exercise: 'count-books', code: 'DELETE FROM books; SELECT 0' },
      { student: 'eve', exercise: 'never-borrowed', code: "ATTACH DATABASE 'file:hidden?mode=memory' AS other" },
      // Reaching for the solution, or for another database than its own.
      { student: 'max', exercise: 'count-books', code: 'SELECT * FROM solution' },
      { student: 'max', exercise: 'cheap-books', code: "SELECT sql, NULL FROM sqlite_master WHERE name = 'books'" },
      { student: 'max', exercise: 'never-borrowed', code: 'SELECT id, name FROM hidden.members' },
      {
        student: 'max',
        exercise: 'busiest-member',
        code: 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT COUNT(*), 1 FROM n',
      },
      {
        student: 'ann3',
        exercise: 'busiest-member',
        code: 'SELECT m.name, COUNT(*) FROM members m JOIN loans l ON l.member_id = m.id GROUP BY m.id',
      },
      { student: 'ann3', ...right },
    ];
    const { status, stderr, statuses, rows, csv } = await grade(PACK, subs, { dir, name: 'grade', csv: true });
    expect(status, stderr).toBe(0);
    const allPass = (n: number): string[] => ['pass', ...Array.from({ length: n }, () => 'pass (hidden)')];
    expect(statuses).toEqual([
      allPass(2),
      ['pass', 'fail (hidden)', 'fail (hidden)'],
      ['pass', 'fail (hidden)', 'pass (hidden)'],
      ['fail', 'fail (hidden)', 'fail (hidden)'],
      allPass(2),
      ['fail', 'fail (hidden)', 'fail (hidden)'],
      allPass(2),
      ['fail', 'fail (hidden)', 'fail (hidden)'],
      ['fail', 'fail (hidden)', 'fail (hidden)'],
      ['fail', 'fail (hidden)', 'fail (hidden)'],
      ['fail', 'fail (hidden)', 'fail (hidden)'],
      ['fail', 'fail (hidden)', 'fail (hidden)'],
      ['error', 'error (hidden)'],
      allPass(1),
      allPass(2),
    ]);
    const message = (row: number, test: number): string => messageOf(rows, row, test);
    expect(message(1, 1)).toBe('result differs: expected 1 row, got 1; 1 row missing: (8); 1 row extra: (5)');
    expect(message(3, 0)).toBe(
      'result differs: expected 1 column (COUNT(*)), got 0 columns (); expected 1 row, got 0; 1 row missing: (5)',
    );
    expect(message(7, 0)).toBe('You can only execute one statement at a time.');
    expect(message(9, 0)).toBe('no such table: solution');
    expect(message(11, 0)).toMatch(/no such table: hidden\.members/);
    expect(message(12, 0)).toBe('timed out after 2 s');
    expect(csv).toEqual([
      'student,count-books,cheap-books,books-per-author,never-borrowed,busiest-member,total,flags',
      'ann,4,0,0,0,0,4,',
      'hal,1,2,0,0,0,3,',
      'dee,0,0,0,0,0,0,',
      'ann2,4,4,0,0,0,8,',
      'eve,0,0,0,0,0,0,',
      'max,0,0,0,0,0,0,',
      'ann3,4,0,0,0,3,7,',
      '',
    ]);
  });
  it('a Postgres exercise: graded by PGlite, writes refused, a hard-coded answer failing the hidden database', async () => {
    const db = (rows: string): string =>
      `CREATE TABLE books (id integer PRIMARY KEY, title text NOT NULL, price numeric NOT NULL);\nINSERT INTO books VALUES ${rows};\n`;
    const pack = {
      format: 'fixpoint-pack/1',
      id: 'pg',
      title: 'Postgres',
      version: '1',
      license: 'CC0-1.0',
      exercises: [
        {
          id: 'dearest',
          kind: 'sql',
          engine: 'postgres',
          compare: 'spider',
          title: 'The dearest book',
          statement: 'The title of the dearest book.',
          tests: [{ name: 'visible', database: db("(1, 'Kettle Songs', 12.5), (2, 'Atlas', 30)") }],
          hiddenTests: [{ name: 'hidden', database: db("(1, 'Atlas', 9), (7, 'Ledger', 44.25)") }],
          solution: 'SELECT title FROM books ORDER BY price DESC LIMIT 1',
        },
      ],
    };
    const file = write('pg.json', JSON.stringify(pack));
    const check = await cli(['pack', 'check', '--pack', file]);
    expect(check.status, check.stderr + check.stdout).toBe(0);
    const subs = [
      { student: 'ann', code: 'SELECT title FROM books WHERE price = (SELECT max(price) FROM books)' },
      { student: 'hal', code: "SELECT 'Atlas'" },
      { student: 'dee', code: 'DROP TABLE books' },
      { student: 'ann2', code: 'SELECT title FROM books ORDER BY price DESC LIMIT 1' },
    ].map((s) => ({ ...s, exercise: 'dearest' }));
    const { status, stderr, statuses, rows } = await grade(file, subs, { dir, name: 'pg' });
    expect(status, stderr).toBe(0);
    expect(statuses).toEqual([
      ['pass', 'pass (hidden)'],
      ['pass', 'fail (hidden)'],
      ['fail', 'fail (hidden)'],
      ['pass', 'pass (hidden)'],
    ]);
    expect(messageOf(rows, 2, 0)).toBe('cannot execute DROP TABLE in a read-only transaction');
  }, 300_000);
});
