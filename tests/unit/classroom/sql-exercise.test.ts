// SQL exercises in a pack: kind "sql", each test a database script, the solution query what
// grades it; the verdict per database is the SQL kind's own, as a run's result.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withoutSolutions } from '../../../src/classroom/canonical.ts';
import { gradeRow } from '../../../src/classroom/grading.ts';
import { sqlTestJob, sqlTestResult } from '../../../src/classroom/sql-exercise.ts';
import { PackError, parsePack, validatePack } from '../../../src/classroom/validate.ts';
import type { SqlAnswer } from '../../../src/shared/sql.ts';

type Ex = Record<string, unknown>;
const DB = 'CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2);';
const HIDDEN = 'CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (5);';

function sqlPack(extra: Ex = {}): Record<string, unknown> {
  return {
    format: 'fixpoint-pack/1',
    id: 'sql',
    title: 'SQL',
    version: '1',
    license: 'CC0-1.0',
    exercises: [
      {
        id: 'count',
        kind: 'sql',
        title: 'Count',
        statement: 'How many rows?',
        tests: [{ name: 'visible', database: DB }],
        hiddenTests: [{ name: 'hidden', database: HIDDEN, points: 2 }],
        solution: 'SELECT COUNT(*) FROM t',
        ...extra,
      },
    ],
  };
}

const problems = (raw: unknown): string[] => {
  try {
    validatePack(raw, 'sql.json');
  } catch (err) {
    expect(err).toBeInstanceOf(PackError);
    return (err as PackError).problems;
  }
  throw new Error('the pack was accepted');
};

const rows = (...r: number[][]): SqlAnswer => ({ kind: 'rows', columns: ['n'], rows: r, more: false, ms: 1 });

describe('SQL exercises in a pack', () => {
  it('reads databases as tests, language "sql", an empty starter, SQLite and BIRD by default', () => {
    const ex = validatePack(sqlPack(), 'sql.json').exercises[0]!;
    expect(ex).toMatchObject({ kind: 'sql', language: 'sql', starter: '', entryPoint: '' });
    expect(ex.tests[0]).toMatchObject({ name: 'visible', database: DB, points: 1, code: '' });
    expect(ex.hiddenTests[0]!.points).toBe(2);
    const job = sqlTestJob(ex, ex.hiddenTests[0]!, 'SELECT 2');
    expect(job).toMatchObject({ engine: 'sqlite', queries: ['SELECT COUNT(*) FROM t', 'SELECT 2'], timeoutMs: 3000 });
    expect(job.database.script).toBe(HIDDEN);
    // Another script is another database: never the copy kept for the first.
    expect(sqlTestJob(ex, ex.tests[0]!, '').database.key).not.toBe(job.database.key);
  });

  it('reads a pack it has read once the same again (as a link or a draft carries it)', () => {
    const once = validatePack(sqlPack(), 'sql.json');
    expect(validatePack(JSON.parse(JSON.stringify(once)), 'again.json')).toEqual(once);
  });

  it("takes the engine and Spider's rule when the exercise names them", () => {
    const ex = validatePack(sqlPack({ engine: 'postgres', compare: 'spider' }), 'sql.json').exercises[0]!;
    expect(sqlTestJob(ex, ex.tests[0]!, 'SELECT 1').engine).toBe('postgres');
    const ordered = { ...ex, solution: 'SELECT x FROM t ORDER BY x' };
    // Spider: the gold query orders, so the same rows in another order fail; BIRD's set rule would pass them.
    expect(sqlTestResult(ordered, [rows([1], [2]), rows([2], [1])]).status).toBe('failed');
    expect(sqlTestResult({ ...ordered, compare: 'bird' }, [rows([1], [2]), rows([2], [1])]).status).toBe('passed');
  });

  it('names every wrong SQL field at once', () => {
    const raw = sqlPack({
      language: 'python',
      engine: 'mysql',
      compare: 'lines',
      entryPoint: 'f',
      solution: ' ',
      assistant: { mode: 'solve', maxRequests: 2 },
      tests: [{ name: 'visible', code: 'assert True' }],
    });
    expect(problems(raw)).toEqual([
      'exercise "count": unknown compare "lines" (known: bird, spider)',
      'exercise "count": unknown engine "mysql" (known: sqlite, postgres)',
      'exercise "count", tests[0]: field "database" is missing',
      'exercise "count", tests[0]: field "code" does not go with "kind": "sql" (a SQL test is a database)',
      'exercise "count": a SQL exercise\'s "language" is "sql" or left out (got "python")',
      'exercise "count": field "solution" is missing: a SQL exercise is graded by comparing its query\'s rows with the solution\'s',
      'exercise "count": assistant mode "solve" is not offered for SQL exercises (use "hint" or "explain")',
      'exercise "count": field "entryPoint" does not go with "kind": "sql"',
    ]);
  });

  it('refuses SQL fields on other exercises, with the line of the exercise', () => {
    const raw = sqlPack();
    (raw.exercises as Ex[]).push({
      id: 'py',
      title: 'Py',
      language: 'sql',
      statement: '',
      starter: '',
      entryPoint: 'f',
      engine: 'sqlite',
      tests: [{ name: 'a', code: 'assert True', database: DB }],
    });
    const text = JSON.stringify(raw, null, 2);
    let found: string[] = [];
    try {
      parsePack(text, 'packs/sql.json');
    } catch (err) {
      found = (err as PackError).problems;
    }
    const line = text.split('\n').findIndex((l) => l.includes('"id": "py"')) + 1;
    expect(found).toEqual([
      `line ${line}, exercise "py": field "engine" needs "kind": "sql"`,
      `line ${line}, exercise "py": unknown language "sql" (known: python, javascript, typescript, html; "sql" needs "kind": "sql")`,
      `line ${line}, exercise "py", tests[0]: field "database" needs the exercise's "kind": "sql"`,
    ]);
  });

  it('grades each database on its own: an error, a time-out and a differing result each fail, with why', () => {
    const ex = validatePack(sqlPack(), 'sql.json').exercises[0]!;
    const results = [sqlTestResult(ex, [rows([2]), rows([2])]), sqlTestResult(ex, [rows([1]), rows([2])])];
    const row = gradeRow({ student: 'ana', exercise: 'count', code: 'SELECT 2' }, ex, results);
    expect(row).toMatchObject({ status: 'fail', points: 1, max_points: 3 });
    expect(row.tests[1]).toMatchObject({ name: 'hidden', hidden: true, status: 'fail' });
    expect(row.tests[1]!.message).toMatch(/^result differs: .*1 row missing: \(1\)/);
    const err = sqlTestResult(ex, [rows([2]), { kind: 'error', message: 'no such table: secret', ms: 0 }]);
    expect(err).toMatchObject({ status: 'failed', result: 'failed: no such table: secret' });
    expect(sqlTestResult(ex, [rows([2]), { kind: 'timed out', ms: 3000 }]).status).toBe('timed out');
    // A solution that fails on a database grades nothing there (pack check reports it).
    const broken = sqlTestResult(ex, [{ kind: 'error', message: 'no such table: t', ms: 0 }, rows([2])]);
    expect(broken.result).toBe('failed: the expected query failed: no such table: t');
    const script = { kind: 'error' as const, message: 'Error: the script failed: near ";": syntax error', ms: 0 };
    expect(sqlTestResult(ex, [script, script]).result).toBe(
      'failed: the database\'s script failed: near ";": syntax error',
    );
  });

  it("keeps a SQL exercise's solution in the student copy: its rows are the expected result", () => {
    const pack = validatePack(sqlPack(), 'sql.json');
    expect(withoutSolutions(pack).exercises[0]!.solution).toBe('SELECT COUNT(*) FROM t');
  });

  it('the sample pack reads, every exercise a SQL one with hidden databases', () => {
    const pack = parsePack(readFileSync('data/packs/intro-sql.json', 'utf8'), 'intro-sql.json');
    expect(pack.license).toBe('CC0-1.0');
    expect(pack.exercises.length).toBeGreaterThanOrEqual(4);
    for (const ex of pack.exercises) {
      expect(ex.kind).toBe('sql');
      expect(ex.hiddenTests.length).toBeGreaterThan(0);
    }
  });
});
