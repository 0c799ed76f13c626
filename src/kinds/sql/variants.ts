// Databases best-of-n runs SQL samples on besides the task's own, as Spider's test suites do: the
// same tables with rows removed (each table's first half kept, or its second) and with rows added
// (copies of existing rows under new keys, and copies whose other values are drawn from other
// rows of the same column). A query that only fits the visible rows (`SELECT 3`, `WHERE id IN
// (1, 2)`) answers differently on some of them; two correct queries answer alike on all of them.
// Everything is deterministic (seeded), bounded (at most COPIED rows added per table) and keeps
// the constraints SQLite enforces: rows that would break a primary key, UNIQUE, NOT NULL or CHECK
// are not inserted (INSERT OR IGNORE); a variant whose statements fail is left out.
import { seeded } from '../../shared/seeded.ts';
import type { SqlAnswer, SqlEngineName, SqlJob } from '../../shared/sql.ts';

type Database = SqlJob['database'];

/** Rows added per table in a rows-added variant. */
const COPIED = 50;
const SEED = 20250901;

/** Each table's columns: name, declared type, place in the primary key (0: none), and whether it refers to another table. */
export const SQLITE_COLUMNS = `SELECT m.name, p.name, p.type, p.pk,
  EXISTS (SELECT 1 FROM pragma_foreign_key_list(m.name) f WHERE f."from" = p.name)
FROM sqlite_master m, pragma_table_info(m.name) p
WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.sql NOT LIKE '%WITHOUT ROWID%'
ORDER BY m.rowid, p.cid`;

export const POSTGRES_TABLES = `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind = 'r' AND n.nspname = 'public' ORDER BY c.oid`;

interface Column {
  name: string;
  type: string;
  pk: boolean;
  fk: boolean;
}

export interface VariantTable {
  name: string;
  columns: Column[];
}

/** The tables the columns query answered (SQLite), or the table names alone (Postgres). */
export function variantTables(answer: SqlAnswer | undefined): VariantTable[] {
  if (answer?.kind !== 'rows') return [];
  const tables = new Map<string, VariantTable>();
  for (const r of answer.rows) {
    const name = String(r[0]);
    const t = tables.get(name) ?? { name, columns: [] };
    tables.set(name, t);
    if (r.length > 1)
      t.columns.push({ name: String(r[1]), type: String(r[2] ?? ''), pk: Number(r[3]) > 0, fk: Number(r[4]) === 1 });
  }
  return [...tables.values()];
}

export interface Variant {
  /** What it is, as the page says it: "each table's first half". */
  name: string;
  statements: string;
}

const q = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const integerType = (type: string): boolean => /INT/i.test(type);

function sqliteVariants(tables: readonly VariantTable[]): Variant[] {
  const r = seeded(SEED);
  const each = (f: (t: string, table: VariantTable) => string): string => tables.map((t) => f(q(t.name), t)).join('\n');
  const firstHalf = each(
    (t) =>
      `DELETE FROM ${t} WHERE rowid NOT IN (SELECT rowid FROM ${t} ORDER BY rowid LIMIT (SELECT (count(*) + 1) / 2 FROM ${t}));`,
  );
  const secondHalf = each(
    (t) =>
      `DELETE FROM ${t} WHERE rowid IN (SELECT rowid FROM ${t} ORDER BY rowid LIMIT (SELECT count(*) / 2 FROM ${t}));`,
  );
  // Copies take new integer keys past the largest; other key parts and references stay, so a
  // copy still points at rows that exist.
  const copy = (mutate: boolean) =>
    each((t, table) => {
      const names = table.columns.map((c) => q(c.name));
      const values = table.columns.map((c) => {
        const col = `o.${q(c.name)}`;
        if (c.pk && integerType(c.type)) return `${col} + (SELECT coalesce(max(${q(c.name)}), 0) FROM ${t})`;
        if (!mutate || c.pk || c.fk) return col;
        // Another row's value of the same column (the rows turned by a seeded shift, never by
        // none, another for each column): the value stays one the column holds.
        const j = Math.floor(r() * 97);
        const other = `(o.fixpoint_rn + 1 + ${j} % max(o.fixpoint_n - 1, 1)) % o.fixpoint_n`;
        return `(SELECT s.${q(c.name)} FROM fixpoint_rows s WHERE s.fixpoint_rn = ${other})`;
      });
      const rows = `SELECT *, row_number() OVER (ORDER BY rowid) - 1 AS fixpoint_rn, count(*) OVER () AS fixpoint_n FROM ${t}`;
      return `WITH fixpoint_rows AS (${rows}) INSERT OR IGNORE INTO ${t} (${names.join(', ')}) SELECT ${values.join(', ')} FROM fixpoint_rows o ORDER BY o.fixpoint_rn LIMIT ${COPIED};`;
    });
  return [
    { name: "each table's first half of rows", statements: firstHalf },
    { name: "each table's second half of rows", statements: secondHalf },
    { name: `up to ${COPIED} rows of each table copied under new keys`, statements: copy(false) },
    { name: `up to ${COPIED} rows of each table added with values from other rows`, statements: copy(true) },
  ];
}

// Postgres enforces foreign keys: a half that removes rows still referenced fails, and that
// variant is left out. Rows are not added there (a copy needs the keys' types and sequences).
function postgresVariants(tables: readonly VariantTable[]): Variant[] {
  const half = (keep: 'first' | 'second'): string =>
    tables
      .map((t) => {
        const n = q(t.name);
        const sub =
          keep === 'first'
            ? `ctid NOT IN (SELECT ctid FROM ${n} ORDER BY ctid LIMIT (SELECT (count(*) + 1) / 2 FROM ${n}))`
            : `ctid IN (SELECT ctid FROM ${n} ORDER BY ctid LIMIT (SELECT count(*) / 2 FROM ${n}))`;
        return `DELETE FROM ${n} WHERE ${sub};`;
      })
      .join('\n');
  return [
    { name: "each table's first half of rows", statements: half('first') },
    { name: "each table's second half of rows", statements: half('second') },
  ];
}

export function variantsOf(engine: SqlEngineName, tables: readonly VariantTable[]): Variant[] {
  if (tables.length === 0) return [];
  return engine === 'postgres' ? postgresVariants(tables) : sqliteVariants(tables);
}

/** The database a job names for a variant: SQLite derives it in the worker; Postgres runs it after the script. */
export function variantDatabase(engine: SqlEngineName, db: Database, v: Variant, index: number): Database | undefined {
  if (engine !== 'postgres') return { ...db, variant: { name: `v${index}`, statements: v.statements } };
  if (db.script === undefined) return undefined;
  return { key: `${db.key}#v${index}`, script: `${db.script}\n;\n${v.statements}\n` };
}
