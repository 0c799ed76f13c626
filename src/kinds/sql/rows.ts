// BIRD's question files as published (`dev.json`: a JSON array of {question_id, db_id, question,
// evidence, SQL, difficulty}; JSON Lines too) and {task_id, completion} samples, with errors that
// name the file and the line of the row.
import { withoutBom } from '../../shared/byte-order-mark.ts';
import { InputError, parseJsonl } from '../../shared/problems.ts';
import { SQL_ENGINES, type SqlEngineName } from '../../shared/sql.ts';

export interface SqlProblem {
  /** question_id as a string key; `rawId` keeps the file's own value. */
  taskId: string;
  rawId: string | number;
  dbId: string;
  question: string;
  evidence: string;
  /** The gold query. */
  sql: string;
  difficulty?: string;
  /** The row's own `engine` field, else the command's --engine, else SQLite. */
  engine: SqlEngineName;
  line: number;
}

/** The key a question's database goes under in the page: one per db_id and engine. */
export const databaseKey = (p: Pick<SqlProblem, 'dbId' | 'engine'>): string =>
  p.engine === 'postgres' ? `postgres:${p.dbId}` : p.dbId;

export interface SqlSample {
  taskId: string;
  rawId: string | number;
  completion: string;
  line: number;
}

/** The line on which each top-level element of a JSON array begins (strings and nesting skipped). */
function elementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expecting = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (/\s/.test(c)) continue;
    if (depth === 1 && expecting && c !== ']') {
      lines.push(line);
      expecting = false;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      depth++;
      if (depth === 1) expecting = true;
    } else if (c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 1) expecting = true;
  }
  return lines;
}

function jsonError(text: string, file: string, err: Error): InputError {
  const at = /position (\d+)/.exec(err.message);
  const line = at ? text.slice(0, Number(at[1])).split('\n').length : undefined;
  return new InputError(file, line, `not valid JSON (${err.message})`);
}

function rowsOf(text: string, file: string): { line: number; value: Record<string, unknown> }[] {
  const body = withoutBom(text);
  if (!body.trimStart().startsWith('[')) return parseJsonl(body, file);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (err) {
    throw jsonError(body, file, err as Error);
  }
  if (!Array.isArray(value) || value.length === 0) throw new InputError(file, undefined, 'the JSON array has no rows');
  const lines = elementLines(body);
  return (value as unknown[]).map((v, i) => {
    const line = lines[i] ?? 1;
    if (typeof v !== 'object' || v === null || Array.isArray(v))
      throw new InputError(file, line, `item ${i + 1} of the array is not a JSON object`);
    return { line, value: v as Record<string, unknown> };
  });
}

function field(file: string, line: number, row: Record<string, unknown>, name: string, optional = false): string {
  const v = row[name];
  if (v === undefined && optional) return '';
  if (typeof v !== 'string')
    throw new InputError(file, line, `field "${name}" ${v === undefined ? 'is missing' : 'must be a string'}`);
  return v;
}

function idOf(file: string, line: number, v: unknown, name: string): string | number {
  if ((typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v !== '')) return v;
  throw new InputError(file, line, `field "${name}" is missing (a string or number)`);
}

export function parseSqlProblems(text: string, file: string, engine: SqlEngineName = 'sqlite'): SqlProblem[] {
  const seen = new Set<string>();
  return rowsOf(text, file).map(({ line, value }) => {
    const rawId = idOf(file, line, value.question_id, 'question_id');
    const taskId = String(rawId);
    if (seen.has(taskId)) throw new InputError(file, line, `question_id ${JSON.stringify(rawId)} appears twice`);
    seen.add(taskId);
    const dbId = field(file, line, value, 'db_id');
    if (!/^[\w.-]+$/.test(dbId) || dbId.startsWith('.'))
      throw new InputError(file, line, `db_id ${JSON.stringify(dbId)} is not a database name`);
    const difficulty = typeof value.difficulty === 'string' ? value.difficulty : undefined;
    const own = value.engine;
    if (own !== undefined && !SQL_ENGINES.includes(own as SqlEngineName))
      throw new InputError(
        file,
        line,
        `field "engine" must be ${SQL_ENGINES.map((e) => `"${e}"`).join(' or ')}, not ${JSON.stringify(own)}`,
      );
    return {
      taskId,
      rawId,
      dbId,
      question: field(file, line, value, 'question'),
      evidence: field(file, line, value, 'evidence', true),
      sql: field(file, line, value, 'SQL'),
      ...(difficulty === undefined ? {} : { difficulty }),
      engine: (own as SqlEngineName | undefined) ?? engine,
      line,
    };
  });
}

export function parseSqlSamples(text: string, file: string, problems: Map<string, SqlProblem>): SqlSample[] {
  return parseJsonl(text, file).map(({ line, value }) => {
    const rawId = idOf(file, line, value.task_id, 'task_id');
    const taskId = String(rawId);
    if (!problems.has(taskId))
      throw new InputError(file, line, `unknown task_id ${JSON.stringify(rawId)}: no question_id in the problems file`);
    return { taskId, rawId, completion: field(file, line, value, 'completion'), line };
  });
}
