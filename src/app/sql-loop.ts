// A SQL question through the loop in this page: the schema read from the database in the
// sandbox, the model client the settings name, each attempt graded here from the rows.
import { createModelClient } from '../models/create-client.ts';
import type { EndpointConfig } from '../shared/model.ts';
import type { SqlEngineName, SqlJob } from '../shared/sql.ts';
import type { SqlRuntime } from '../sandbox/sql/runtime.ts';
import type { CompareRule } from '../kinds/sql/compare.ts';
import { firstMessage, sampleQuery, schemaQuery, schemaText, tablesOf, type TableSchema } from '../kinds/sql/prompt.ts';
import { sqlRepairLoop, type SqlLoopOutcome } from '../kinds/sql/repair.ts';

export interface SqlQuestion {
  question: string;
  evidence: string;
  goldSql: string;
}

export interface SqlLoopSettings {
  maxIterations: number;
  timeoutMs: number;
  rule: CompareRule;
  temperature?: number;
  engine?: SqlEngineName;
}

// Rows kept per query in the loop: enough to compare any answer a question wants.
const MAX_ROWS = 100_000;

/** The tables, each with its CREATE statement and a few rows. */
export async function readTables(
  sql: SqlRuntime,
  database: SqlJob['database'],
  engine: SqlEngineName = 'sqlite',
): Promise<TableSchema[]> {
  const job = (queries: string[]): SqlJob => ({ engine, database, queries, timeoutMs: 5000, maxRows: MAX_ROWS });
  const [answer] = await sql.run(job([schemaQuery(engine)]));
  const tables = tablesOf(answer!);
  const samples = tables.length ? await sql.run(job(tables.map((t) => sampleQuery(t.name)))) : [];
  tables.forEach((t, i) => {
    const a = samples[i];
    if (a?.kind === 'rows') t.sample = { columns: a.columns, rows: a.rows };
  });
  return tables;
}

export async function solveSqlQuestion(
  sql: SqlRuntime,
  database: SqlJob['database'],
  q: SqlQuestion,
  endpoint: EndpointConfig,
  s: SqlLoopSettings,
): Promise<SqlLoopOutcome> {
  const schema = schemaText(await readTables(sql, database, s.engine));
  return sqlRepairLoop({
    client: createModelClient(endpoint),
    first: firstMessage(schema, q.question, q.evidence),
    goldSql: q.goldSql,
    rule: s.rule,
    timeoutMs: s.timeoutMs,
    maxIterations: s.maxIterations,
    temperature: s.temperature,
    engine: s.engine,
    run: async (candidate) => {
      const [gold, got] = await sql.run({
        engine: s.engine,
        database,
        queries: [q.goldSql, candidate],
        timeoutMs: s.timeoutMs,
        maxRows: MAX_ROWS,
      });
      return [gold!, got!];
    },
  });
}
