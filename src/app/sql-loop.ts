// A SQL question through the loop in this page: the schema read from the database in the
// sandbox, the model client the settings name, each attempt graded here from the rows.
import { createModelClient } from '../models/create-client.ts';
import type { EndpointConfig } from '../shared/model.ts';
import type { SqlEngineName, SqlJob } from '../shared/sql.ts';
import type { SqlRuntime } from '../sandbox/sql/runtime.ts';
import type { CompareRule } from '../kinds/sql/compare.ts';
import { firstMessage, sampleQuery, schemaQuery, schemaText, tablesOf, type TableSchema } from '../kinds/sql/prompt.ts';
import { sqlRepairLoop, type SqlLoopOutcome } from '../kinds/sql/repair.ts';
import type { SqlSelect } from '../kinds/sql/select.ts';
import { POSTGRES_COLUMNS, SQLITE_COLUMNS, variantDatabase, variantsOf, variantTables } from '../kinds/sql/variants.ts';
import { DEFAULT_SAMPLES, type StrategyName } from '../shared/strategy.ts';

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
  /** repair when not said; best-of-n and codet draw `samples` queries in the first round. */
  strategy?: StrategyName;
  samples?: number;
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
    select: s.strategy === 'best-of-n' || s.strategy === 'codet' ? await sqlSelect(sql, database, s) : undefined,
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

/**
 * Selection over the task's database and its variants (kinds/sql/variants.ts): a variant whose
 * statements fail to build, or that cannot be read, is left out.
 */
export async function sqlSelect(sql: SqlRuntime, database: SqlJob['database'], s: SqlLoopSettings): Promise<SqlSelect> {
  const engine = s.engine ?? 'sqlite';
  const job = (db: SqlJob['database'], queries: string[]): SqlJob => ({
    engine,
    database: db,
    queries,
    timeoutMs: s.timeoutMs,
    maxRows: MAX_ROWS,
  });
  const [columns] = await sql.run(job(database, [engine === 'postgres' ? POSTGRES_COLUMNS : SQLITE_COLUMNS]));
  const variants = variantsOf(engine, variantTables(columns));
  const databases = variants.map((v, k) => variantDatabase(engine, database, v, k + 1));
  return {
    strategy: s.strategy === 'codet' ? 'codet' : 'best-of-n',
    samples: s.samples ?? DEFAULT_SAMPLES,
    variants: variants.map((v) => v.name),
    async runOn(db, queries) {
      if (db === 0) return sql.run(job(database, queries));
      const variant = databases[db - 1];
      if (!variant) return undefined;
      // The first query only checks that the variant could be built and read.
      const [probe, ...answers] = await sql.run(job(variant, ['SELECT 1', ...queries]));
      return probe?.kind === 'rows' ? answers : undefined;
    },
  };
}
