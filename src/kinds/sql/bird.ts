// BIRD question files as a row format: told apart by their fields (question_id, db_id, SQL),
// read by rows.ts, each question naming its database. They run in the SQL workspace and BIRD's
// compare rule grades them, so no code loop's job or task here.
import type { BirdProblem } from '../../shared/problems.ts';
import type { SqlDatabaseRef } from '../../shared/sql.ts';
import type { RowFormat } from '../row-format.ts';
import { parseSqlProblems } from './rows.ts';

/** A JSON array or JSONL whose first row has BIRD's fields. */
function isBirdText(text: string): boolean {
  const head = text.slice(0, 4000);
  return /"question_id"/.test(head) && /"db_id"/.test(head) && /"SQL"/.test(head);
}

export const birdRows: RowFormat<'sql'> = { kind: 'sql', reading: { by: 'file', recognises: isBirdText } };

/** The questions of a BIRD file, each with its database; an error naming the databases not found. */
export function birdProblems(
  text: string,
  file: string,
  database: (dbId: string) => SqlDatabaseRef | undefined,
): BirdProblem[] {
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
