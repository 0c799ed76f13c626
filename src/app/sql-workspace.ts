// Wires the "SQL query" task kind into the page: the workspace view over this page's sandbox
// (SQLite or Postgres loads into it on its first query) and the model the settings name.
import type { EndpointConfig } from '../shared/model.ts';
import type { Runtime } from '../shared/run.ts';
import { SandboxRuntime } from '../sandbox/sandbox-runtime.ts';
import { SQL_DATABASES, SQL_EXAMPLES } from '../kinds/sql/examples.ts';
import { sqlVerdict } from '../kinds/sql/verdict.ts';
import { mountSqlWorkspace } from '../ui/kinds/sql/workspace.ts';
import { readTables, solveSqlQuestion } from './sql-loop.ts';

const TIMEOUT_MS = 5000;
const MAX_ROWS = 10_000;

let mounted: HTMLElement | undefined;

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
  mountSqlWorkspace(mounted, {
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
