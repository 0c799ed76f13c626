// A SQL exercise ("kind": "sql"): the student writes a query; each test is a database, the query
// and the solution's run on it, and the exercise's rule ("bird" when absent) compares their rows.
import { SQL_ENGINES } from '../../shared/sql.ts';
import { runSqlTests, sqlRunnerOf } from '../sql-exercise.ts';
import { SQL_COMPARES } from '../types.ts';
import type { ExerciseKind } from './kind.ts';

export const sqlExercise: ExerciseKind = {
  is: (e) => e.kind === 'sql',
  field: 'sql',
  compares: SQL_COMPARES,
  engines: SQL_ENGINES,
  readLanguage: (c, e) => c.str(e, 'language', { required: false, fallback: 'sql' }),
  language: 'sql',
  testShape: '{name, database, points}',
  readTest(tc, t) {
    // The SQL script that builds this test's database: the query and the solution run on it.
    const database = tc.str(t, 'database', { required: true, nonEmpty: true });
    // An empty `code` is what reading a pack leaves: a pack read once reads again the same.
    for (const f of ['code', 'input', 'output'])
      if (t[f] !== undefined && !(f === 'code' && t[f] === ''))
        tc.fail(`field "${f}" does not go with "kind": "sql" (a SQL test is a database)`);
    return { code: '', database };
  },
  /** Its language is "sql" (or left out), and its solution query is what grades it. */
  check(c, e, { language, mode }) {
    if (e.language !== undefined && language !== 'sql')
      c.fail(`a SQL exercise's "language" is "sql" or left out (got ${JSON.stringify(e.language)})`);
    if (typeof e.solution !== 'string' || !e.solution.trim())
      c.fail(
        'field "solution" is missing: a SQL exercise is graded by comparing its query\'s rows with the solution\'s',
      );
    if (mode === 'solve') c.fail('assistant mode "solve" is not offered for SQL exercises (use "hint" or "explain")');
    if (e.entryPoint !== undefined && e.entryPoint !== '') c.fail('field "entryPoint" does not go with "kind": "sql"');
  },
  // A SQL exercise may start from an empty query, and calls no function.
  needs: { starter: false, entryPoint: false },
  // The students' page compares their query's rows with the solution's.
  sharesSolution: true,
  words: {
    work: 'query',
    run: 'Run query',
    reset: 'Reset query',
    running: 'Running the query…',
    shown: 'visible databases',
    unshown: 'hidden databases',
    hiddenOne: 'hidden database',
  },
  async runTests(runtime, ex, tests, code) {
    const sql = sqlRunnerOf(runtime);
    if (!sql) throw new Error(`exercise "${ex.id}" is a SQL exercise: this runtime runs no SQL`);
    return (await runSqlTests(sql, ex, tests, code)).map((r) => r.result);
  },
};
