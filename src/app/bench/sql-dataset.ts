// BIRD-format question files in the Benchmark view: the bundled set (data/bird-mini) and a
// dev.json picked with its database files (DIR/<db_id>/<db_id>.sqlite as BIRD ships them, or
// <db_id>.sqlite). Each question becomes a problem that names its database; a loaded database's
// bytes go with the run, so a reload goes on without the files.
import { birdProblems } from '../../kinds/sql/bird.ts';
import type { Problem } from '../../shared/problems.ts';
import { BUNDLED_SQL_DATABASES, type KeptDatabase } from '../sql-databases.ts';

/** The bundled set: its databases by name. */
export function bundledBirdProblems(text: string, file: string, set: string): Problem[] {
  return birdProblems(text, file, (id) =>
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
  return birdProblems(text, file, (id): KeptDatabase | undefined => {
    const f = byId.get(id);
    return f && { name: f.name, size: f.size, blob: f };
  });
}
