// Databases best-of-n runs SQL samples on besides the task's own, as Spider's test suites do: the
// same tables with rows removed (each table's first half kept, or its second) and with rows added
// (copies of existing rows under new keys, and copies whose other values are drawn from other
// rows of the same column). A query that only fits the visible rows (`SELECT 3`, `WHERE id IN
// (1, 2)`) answers differently on some of them; two correct queries answer alike on all of them.
// Everything is deterministic (seeded), bounded (at most COPIED rows added per table) and keeps
// the constraints the engine enforces: rows that would break a primary key or UNIQUE are not
// inserted (SQLite's INSERT OR IGNORE, which skips NOT NULL and CHECK too; Postgres's ON CONFLICT
// DO NOTHING); a variant whose statements fail is left out.
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

export const POSTGRES_COLUMNS = `SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
  EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conrelid = c.oid AND k.contype = 'p' AND a.attnum = ANY (k.conkey)),
  EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conrelid = c.oid AND k.contype = 'f' AND a.attnum = ANY (k.conkey))
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
WHERE c.relkind = 'r' AND n.nspname = 'public' ORDER BY c.oid, a.attnum`;

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

/** The tables the columns query answered. */
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

/** Where SQLite and Postgres spell the same statement apart. */
interface Dialect {
  /** Names a row's place in its table. */
  row: string;
  greatest: string;
  insert: (table: string, columns: string, select: string) => string;
  /** Around the whole variant. */
  wrap: (statements: string) => string;
}

const SQLITE: Dialect = {
  row: 'rowid',
  greatest: 'max',
  insert: (t, cols, select) => `INSERT OR IGNORE INTO ${t} (${cols}) ${select};`,
  wrap: (sql) => sql,
};

// Postgres enforces foreign keys; the variant's statements run as the superuser that builds the
// database, with the triggers that check them off (`session_replication_role`), so a half may
// leave a reference to a row it removed, as in SQLite, whose default does not check them.
const POSTGRES: Dialect = {
  row: 'ctid',
  greatest: 'greatest',
  insert: (t, cols, select) => `INSERT INTO ${t} (${cols}) ${select} ON CONFLICT DO NOTHING;`,
  wrap: (sql) => `SET session_replication_role = replica;\n${sql}\nSET session_replication_role = DEFAULT;`,
};

function variants(d: Dialect, tables: readonly VariantTable[]): Variant[] {
  const r = seeded(SEED);
  const each = (f: (t: string, table: VariantTable) => string): string =>
    d.wrap(tables.map((t) => f(q(t.name), t)).join('\n'));
  const firstHalf = each(
    (t) =>
      `DELETE FROM ${t} WHERE ${d.row} NOT IN (SELECT ${d.row} FROM ${t} ORDER BY ${d.row} LIMIT (SELECT (count(*) + 1) / 2 FROM ${t}));`,
  );
  const secondHalf = each(
    (t) =>
      `DELETE FROM ${t} WHERE ${d.row} IN (SELECT ${d.row} FROM ${t} ORDER BY ${d.row} LIMIT (SELECT count(*) / 2 FROM ${t}));`,
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
        const other = `(o.fixpoint_rn + 1 + ${j} % ${d.greatest}(o.fixpoint_n - 1, 1)) % o.fixpoint_n`;
        return `(SELECT s.${q(c.name)} FROM fixpoint_rows s WHERE s.fixpoint_rn = ${other})`;
      });
      const rows = `SELECT *, row_number() OVER (ORDER BY ${d.row}) - 1 AS fixpoint_rn, count(*) OVER () AS fixpoint_n FROM ${t}`;
      const select = `SELECT ${values.join(', ')} FROM fixpoint_rows o ORDER BY o.fixpoint_rn LIMIT ${COPIED}`;
      return `WITH fixpoint_rows AS (${rows}) ${d.insert(t, names.join(', '), select)}`;
    });
  return [
    { name: "each table's first half of rows", statements: firstHalf },
    { name: "each table's second half of rows", statements: secondHalf },
    { name: `up to ${COPIED} rows of each table copied under new keys`, statements: copy(false) },
    { name: `up to ${COPIED} rows of each table added with values from other rows`, statements: copy(true) },
  ];
}

export function variantsOf(engine: SqlEngineName, tables: readonly VariantTable[]): Variant[] {
  if (tables.length === 0) return [];
  return variants(engine === 'postgres' ? POSTGRES : SQLITE, tables);
}

/** The database a job names for a variant: SQLite derives it in the worker; Postgres runs it after the script. */
export function variantDatabase(engine: SqlEngineName, db: Database, v: Variant, index: number): Database | undefined {
  if (engine !== 'postgres') return { ...db, variant: { name: `v${index}`, statements: v.statements } };
  if (db.script === undefined) return undefined;
  return { key: `${db.key}#v${index}`, script: `${db.script}\n;\n${v.statements}\n` };
}
