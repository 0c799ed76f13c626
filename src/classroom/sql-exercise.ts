// A SQL exercise's tests are databases: on each, the student's query and the solution's run, each
// on a fresh copy, and the SQL kind's own rule (BIRD's set of rows, or Spider's) compares their
// rows. The verdict comes back as a RunResult, so grading, pack check and the CSV treat it as any
// other test's. A query that fits only the visible rows fails on a hidden database.
import type { SqlAnswer, SqlJob } from '../shared/sql.ts';
import type { RunResult } from '../shared/run.ts';
import { sqlVerdict } from '../kinds/sql/verdict.ts';
import type { CompareRule } from '../kinds/sql/compare.ts';
import type { PackExercise, PackTest } from './types.ts';

/** What runs the queries: the sandbox's SQL runtime on the page, `window.fixpoint.sql` from the command line. */
export interface SqlRunner {
  run(job: SqlJob): Promise<SqlAnswer[]>;
}

/** Rows kept per query: past this a result is not compared (the verdict says so). */
const MAX_ROWS = 100_000;

/** FNV-1a over the script: a database's key changes when its text does, so no stale copy is used. */
function scriptHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${h.toString(16)}:${text.length}`;
}

const sqlRule = (ex: PackExercise): CompareRule => (ex.compare === 'spider' ? 'spider' : 'bird');

/** The job for one test: the solution's query, then the submission's, each on a fresh copy of the database. */
export function sqlTestJob(ex: PackExercise, test: PackTest, query: string): SqlJob {
  const script = test.database ?? '';
  return {
    engine: ex.engine ?? 'sqlite',
    database: { key: `pack-db:${scriptHash(script)}`, script },
    queries: [ex.solution ?? '', query],
    timeoutMs: ex.limits.timeoutSec * 1000,
    maxRows: MAX_ROWS,
  };
}

const NO_ROWS: SqlAnswer = { kind: 'rows', columns: [], rows: [], more: false, ms: 0 };

/** The verdict for one database, as a run's result: "passed", "timed out" or "failed: ...". */
export function sqlTestResult(ex: PackExercise, answers: SqlAnswer[]): RunResult {
  const [gold, got] = answers;
  let v = { passed: false, result: 'failed: the SQL engine did not answer' };
  // A database whose script fails, or a solution that fails on it, is the pack's fault: said so
  // first (pack check names it), whatever the submission did.
  if (gold?.kind === 'error' && /^(Error: )?the script failed: /.test(gold.message))
    v.result = `failed: the database's script failed: ${gold.message.replace(/^(Error: )?the script failed: /, '')}`;
  else if (gold && gold.kind !== 'rows') v = sqlVerdict(sqlRule(ex), ex.solution ?? '', gold, NO_ROWS);
  else if (gold && got) v = sqlVerdict(sqlRule(ex), ex.solution ?? '', gold, got);
  const status = v.passed ? 'passed' : v.result === 'timed out' ? 'timed out' : 'failed';
  const message = v.result.replace(/^failed: /, '');
  return {
    status,
    result: v.result,
    tests: v.passed ? [] : [{ name: 'result', passed: false, message }],
    stdout: '',
    stderr: '',
    truncated: false,
    durationMs: (gold?.ms ?? 0) + (got?.ms ?? 0),
  };
}

/** Runs one submission on each of the given tests' databases, in order. */
export async function runSqlTests(
  runner: SqlRunner,
  ex: PackExercise,
  tests: PackTest[],
  query: string,
): Promise<{ answers: SqlAnswer[]; result: RunResult }[]> {
  const out = [];
  for (const t of tests) {
    const answers = await runner.run(sqlTestJob(ex, t, query));
    out.push({ answers, result: sqlTestResult(ex, answers) });
  }
  return out;
}

/** The SQL engine of a runtime that has one (the page's sandbox runtime does). */
export function sqlRunnerOf(runtime: object): SqlRunner | undefined {
  const sql = (runtime as { sql?: Partial<SqlRunner> }).sql;
  return sql && typeof sql.run === 'function' ? (sql as SqlRunner) : undefined;
}
