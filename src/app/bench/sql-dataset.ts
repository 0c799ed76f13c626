// BIRD-format question files in the Benchmark view: the bundled set (data/bird-mini) and a
// dev.json picked with its database files (DIR/<db_id>/<db_id>.sqlite as BIRD ships them, or
// <db_id>.sqlite). Each question becomes a problem that names its database; a loaded database's
// bytes go with the run, so a reload goes on without the files.
import { parseSqlProblems } from '../../kinds/sql/rows.ts';
import type { Problem } from '../../shared/problems.ts';
import { BUNDLED_SQL_DATABASES, type KeptDatabase } from '../sql-databases.ts';

/** A JSON array or JSONL whose first row has BIRD's fields. */
export function isBirdText(text: string): boolean {
  const head = text.slice(0, 4000);
  return /"question_id"/.test(head) && /"db_id"/.test(head) && /"SQL"/.test(head);
}

function problemsOf(text: string, file: string, database: (dbId: string) => KeptDatabase | undefined): Problem[] {
  const rows = parseSqlProblems(text, file);
  const missing = [...new Set(rows.map((r) => r.dbId).filter((id) => !database(id)))];
  if (missing.length)
    throw new Error(
      `${file}: no database for db_id ${missing.map((m) => `"${m}"`).join(', ')}: pick ${missing
        .map((m) => `${m}.sqlite`)
        .join(', ')} with the questions (or the folder that holds ${missing[0]}/${missing[0]}.sqlite).`,
    );
  return rows.map((r) => ({
    taskId: r.taskId,
    rawId: r.rawId,
    kind: 'sql',
    prompt: r.question,
    line: r.line,
    sql: {
      engine: r.engine,
      dbId: r.dbId,
      question: r.question,
      evidence: r.evidence,
      gold: r.sql,
      ...(r.difficulty === undefined ? {} : { difficulty: r.difficulty }),
      database: database(r.dbId)!,
    },
  }));
}

/** The bundled set: its databases by name. */
export function bundledBirdProblems(text: string, file: string, set: string): Problem[] {
  return problemsOf(text, file, (id) =>
    BUNDLED_SQL_DATABASES[`${set}/${id}`] ? { bundled: `${set}/${id}` } : undefined,
  );
}

const DATABASE_FILE = /(?:^|\/)([\w.-]+)\.(?:sqlite|sqlite3|db)$/;

/** A picked dev.json with the database files picked beside it (or the folder holding them). */
export function loadedBirdProblems(text: string, file: string, others: readonly File[]): Problem[] {
  const byId = new Map<string, File>();
  for (const f of others) {
    const id = DATABASE_FILE.exec(f.webkitRelativePath || f.name)?.[1];
    if (id !== undefined && !byId.has(id)) byId.set(id, f);
  }
  return problemsOf(text, file, (id) => {
    const f = byId.get(id);
    return f && { name: f.name, size: f.size, blob: f };
  });
}
