// Wires the "SQL query" task kind into the page: the workspace view over this page's sandbox
// (SQLite or Postgres loads into it on its first query) and the model the settings name.
import type { EndpointConfig } from '../shared/model.ts';
import type { Runtime } from '../shared/runtime.ts';
import { SandboxRuntime } from '../sandbox/sandbox-runtime.ts';
import { SQL_DATABASES, SQL_EXAMPLES } from '../kinds/sql/examples.ts';
import { sqlVerdict } from '../kinds/sql/verdict.ts';
import { mountSqlWorkspace, type SqlWorkspace } from '../ui/kinds/sql/workspace.ts';
import { megabytes } from '../shared/read-capped.ts';
import type { Attempt, Session } from '../shared/session.ts';
import type { SqlDatabaseRef } from '../shared/sql.ts';
import { readTables, solveSqlQuestion } from './sql-loop.ts';
import { databaseOf } from './sql-databases.ts';

const TIMEOUT_MS = 5000;
const MAX_ROWS = 10_000;

let mounted: HTMLElement | undefined;
let workspace: SqlWorkspace | undefined;

/** Shows (mounting once) or hides the SQL workspace in place of the code panels. */
export function showSqlWorkspace(
  root: HTMLElement,
  on: boolean,
  runtime: Runtime,
  endpoint: () => EndpointConfig,
): void {
  root.classList.toggle('kind-sql', on);
  if (!on || mounted) return;
  const main = root.querySelector('.app-main') ?? root;
  mounted = main.appendChild(document.createElement('div'));
  mounted.className = 'sql-workspace-host';
  const sandbox = runtime instanceof SandboxRuntime ? runtime : new SandboxRuntime({ lazyPython: true });
  workspace = mountSqlWorkspace(mounted, {
    databases: SQL_DATABASES,
    examples: SQL_EXAMPLES,
    async check(db, expected, query, engine) {
      const answers = await sandbox.sql.run({
        engine,
        database: db,
        queries: [expected, query],
        timeoutMs: TIMEOUT_MS,
        maxRows: MAX_ROWS,
      });
      return { answers, ...sqlVerdict('bird', expected, answers[0]!, answers[1]!) };
    },
    schema: (db, engine) => readTables(sandbox.sql, db, engine),
    solve: (db, q, engine, strategy) =>
      solveSqlQuestion(
        sandbox.sql,
        db,
        { question: q.question, evidence: q.evidence, goldSql: q.expected },
        endpoint(),
        {
          maxIterations: 5,
          timeoutMs: TIMEOUT_MS,
          rule: 'bird',
          engine,
          strategy: strategy.name,
          samples: strategy.samples,
        },
      ),
  });
}

const databaseLabel = (ref: SqlDatabaseRef, dbId: string): string => {
  if ('bundled' in ref) return `${dbId} (bundled set ${ref.bundled.split('/')[0]})`;
  return `${ref.name} (${ref.size < 1024 * 1024 ? `${Math.ceil(ref.size / 1024)} KB` : megabytes(ref.size)}, loaded)`;
};

/** Shows a SQL session from the history: its question, last query, both results, engine and database. */
export async function loadSqlSession(
  root: HTMLElement,
  runtime: Runtime,
  endpoint: () => EndpointConfig,
  session: Session,
  attempts: readonly Attempt[],
): Promise<void> {
  if (session.task.kind !== 'sql') return;
  const spec = session.task.sql;
  showSqlWorkspace(root, true, runtime, endpoint);
  const database = await databaseOf(spec.database).catch((err: unknown) => String(err));
  const last = attempts.at(-1);
  workspace?.load({
    title: session.title,
    engine: spec.engine,
    databaseLabel: databaseLabel(spec.database, spec.dbId),
    database,
    question: spec.question,
    evidence: spec.evidence,
    expected: spec.gold,
    query: last?.candidate ?? '',
    ...(last?.sql ? { answers: [last.sql.gold, last.sql.got] as const } : {}),
    result: session.endMessage ?? (last ? '' : 'No query came back.'),
    passed: session.endReason === 'passed',
    attempts: attempts.map((a) => ({
      completion: a.candidate ?? '',
      result: a.passed ? 'passed' : (a.feedback?.split('\n')[0] ?? 'failed'),
    })),
  });
}
