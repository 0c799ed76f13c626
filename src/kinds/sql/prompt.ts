// How the model is asked for a SQL query: the schema (CREATE statements and a few rows of each
// table, within the context budget), the question and its evidence; never the gold query. And
// what it is told when its query fails: the engine's error and where, how the rows differ, or
// that it ran out of time.
import type { SqlAnswer, SqlEngineName, SqlValue } from '../../shared/sql.ts';
import { describeDifference, formatRow } from './differs.ts';

const ENGINE_NAMES: Record<SqlEngineName, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

export const sqlSystemPrompt = (engine: SqlEngineName = 'sqlite'): string =>
  `You write one ${ENGINE_NAMES[engine]} query that answers the question about the database. Reply with the query in ` +
  'one ```sql fenced block: a single statement that reads the data (no changes to the database).';

/** Sample rows shown per table, and the characters the schema may take (about 4 per token). */
const SAMPLE_ROWS = 3;
const SCHEMA_CHARS = 12_000;

/** The queries whose answers make the schema: the tables' CREATE statements, then rows of each. */
const SQLITE_SCHEMA =
  "SELECT name, sql FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND sql IS NOT NULL ORDER BY rowid";

// Postgres keeps no CREATE text: each table's is written from its columns and constraints.
const POSTGRES_SCHEMA = `SELECT c.relname,
  CASE WHEN c.relkind = 'v' THEN 'CREATE VIEW ' || quote_ident(c.relname) || ' AS ' || rtrim(pg_get_viewdef(c.oid), ';')
  ELSE 'CREATE TABLE ' || quote_ident(c.relname) || ' (\n  ' || concat_ws(E',\n  ',
    (SELECT string_agg(quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod)
       || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END, E',\n  ' ORDER BY a.attnum)
     FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped),
    (SELECT string_agg(pg_get_constraintdef(k.oid), E',\n  ' ORDER BY k.contype DESC, k.conname)
     FROM pg_constraint k WHERE k.conrelid = c.oid AND k.contype IN ('p', 'u', 'f'))) || '\n)' END
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'p', 'v') AND n.nspname = 'public' ORDER BY c.oid`;

/** The query whose answer makes the schema: (name, CREATE statement) per table and view. */
export const schemaQuery = (engine: SqlEngineName = 'sqlite'): string =>
  engine === 'postgres' ? POSTGRES_SCHEMA : SQLITE_SCHEMA;

export const sampleQuery = (table: string): string =>
  `SELECT * FROM "${table.replaceAll('"', '""')}" LIMIT ${SAMPLE_ROWS}`;

export interface TableSchema {
  name: string;
  create: string;
  sample?: { columns: string[]; rows: SqlValue[][] };
}

/** The tables as the schema query answered them. */
export function tablesOf(answer: SqlAnswer): TableSchema[] {
  if (answer.kind !== 'rows') return [];
  return answer.rows.map((r) => ({ name: String(r[0]), create: String(r[1]) }));
}

/** The schema as the model reads it; sample rows are left out, then CREATE statements cut, to fit. */
export function schemaText(tables: TableSchema[], budgetChars = SCHEMA_CHARS): string {
  const creates = tables.map((t) => `${t.create.trim()};`);
  const withRows = tables.map((t, i) => {
    if (!t.sample?.rows.length) return creates[i]!;
    const rows = t.sample.rows.map((r) => `--   ${formatRow(r)}`).join('\n');
    return `${creates[i]}\n-- ${t.sample.rows.length} rows of ${t.name} (${t.sample.columns.join(', ')}):\n${rows}`;
  });
  const full = withRows.join('\n\n');
  if (full.length <= budgetChars) return full;
  const bare = creates.join('\n\n');
  if (bare.length <= budgetChars) return bare;
  return `${bare.slice(0, budgetChars)}\n-- … (the schema is cut here to fit)`;
}

export function firstMessage(schema: string, question: string, evidence: string): string {
  const hint = evidence.trim() ? `\n\nEvidence: ${evidence.trim()}` : '';
  return `Database schema:\n\n${schema}\n\nQuestion: ${question.trim()}${hint}`;
}

/** Where an error is, shown under the query's line with a caret. */
function pointAt(query: string, offset: number): string {
  const before = query.slice(0, offset);
  const lineNo = before.split('\n').length;
  const line = query.split('\n')[lineNo - 1] ?? '';
  const column = offset - (before.lastIndexOf('\n') + 1);
  return `line ${lineNo}, column ${column + 1}:\n${line}\n${' '.repeat(column)}^`;
}

/** The feedback for a failed candidate, bounded whatever the query returned. */
export function sqlFeedback(
  query: string,
  expected: SqlAnswer,
  got: SqlAnswer,
  timeoutMs: number,
  engine: SqlEngineName = 'sqlite',
): string {
  if (got.kind === 'timed out')
    return `Your query did not finish within ${timeoutMs / 1000} s and was stopped. Write a query that does less work.`;
  if (got.kind === 'error') {
    const where = got.offset === undefined ? '' : ` at ${pointAt(query, got.offset)}`;
    return `${ENGINE_NAMES[engine]} refused your query: ${got.message}${where}\n\nFix the query.`;
  }
  if (expected.kind !== 'rows') return 'The expected result could not be computed; your query ran.';
  return `Your query ran, but its result is not the expected one: ${describeDifference(expected, got)}.\n\nFix the query.`;
}
