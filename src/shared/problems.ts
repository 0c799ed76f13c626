// Dataset problems as every layer sees them (one variant per row format) and the parsing all the
// formats share: JSONL or a JSON array, {task_id, completion} samples files, errors that name the
// file and line. Each format's own reading, job and task: src/kinds/rows.ts and its modules.
import { withoutBom } from './byte-order-mark.ts';
import type { Language } from './run.ts';
import type { SqlTaskSpec } from './sql.ts';
import type { SplitProblem } from './visible-tests.ts';
import type { WebTests } from './web.ts';

export class InputError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    detail: string,
  ) {
    super(`${file}${line ? `:${line}` : ''}: ${detail}`);
    this.name = 'InputError';
  }
}

/** What every problem has, whatever its format. */
interface ProblemBase {
  /** task_id as a string key; `rawId` keeps the file's own value (MBPP uses numbers). */
  taskId: string;
  rawId: string | number;
  /** HumanEval: the function signature and docstring; MBPP: the task text. */
  prompt: string;
  line: number;
}

/** A HumanEval row: the prompt to complete, its check(candidate) and the function it calls. */
export interface HumanEvalProblem extends ProblemBase {
  kind: 'humaneval';
  entryPoint: string;
  test: string;
  /** The dataset's reference solution, when it has one. */
  canonical?: string;
}

/** An MBPP row, or a classroom pack's Python exercise read as one. */
export interface MbppProblem extends ProblemBase {
  kind: 'mbpp';
  asserts: string[];
  setup: string;
  canonical?: string;
  /** A pack's exercise names its function; MBPP's first assert does. */
  entryPoint?: string;
  /** A classroom pack's exercise: its first `packVisible` asserts are the pack's visible tests, the rest its hidden ones. */
  packVisible?: number;
}

/** MultiPL-E problem records: fields name, language, prompt, tests. */
export interface MultiplERecord {
  name: string;
  language: Extract<Language, 'javascript' | 'typescript'>;
  prompt: string;
  tests: string;
}

/** A MultiPL-E record (HumanEval in JavaScript or TypeScript), keyed by its `name`. */
interface MultiplEProblem extends ProblemBase {
  kind: 'multipl-e';
  multiplE: MultiplERecord;
}

/** A problem with its own split (LiveCodeBench: the model sees the public tests; all of them decide). */
export interface LiveCodeBenchProblem extends ProblemBase {
  kind: 'livecodebench';
  split: SplitProblem;
}

/** A web page row: its checks, viewport, reference and threshold (src/kinds/web/rows.ts). */
interface WebProblem extends ProblemBase {
  kind: 'web';
  web: WebTests;
}

/** A BIRD question (the Benchmark view's SQL sets): its database, question, evidence and gold query. */
export interface BirdProblem extends ProblemBase {
  kind: 'sql';
  sql: SqlTaskSpec;
}

export type Problem =
  HumanEvalProblem | MbppProblem | MultiplEProblem | LiveCodeBenchProblem | WebProblem | BirdProblem;
export type ProblemKind = Problem['kind'];
/** The problem of one row format. */
export type ProblemOf<K extends ProblemKind> = Extract<Problem, { kind: K }>;

/** A row of a samples file (HumanEval's samples.jsonl): a completion to grade, not a loop's drawn sample. */
export interface SampleRow {
  taskId: string;
  rawId: string | number;
  completion: string;
  line: number;
}

export interface JsonlRow {
  line: number;
  value: Record<string, unknown>;
}

export function parseJsonl(text: string, file: string): JsonlRow[] {
  const rows: JsonlRow[] = [];
  const lines = withoutBom(text).split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (!raw.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (err) {
      throw new InputError(file, line, `not valid JSON (${(err as Error).message})`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new InputError(file, line, 'each line must be a JSON object');
    }
    rows.push({ line, value: value as Record<string, unknown> });
  });
  if (rows.length === 0) throw new InputError(file, undefined, 'the file has no rows');
  return rows;
}

export function field(row: JsonlRow, file: string, name: string, type: 'string' | 'array'): unknown {
  const v = row.value[name];
  const ok = type === 'array' ? Array.isArray(v) && v.every((x) => typeof x === 'string') : typeof v === 'string';
  if (!ok) {
    const what = v === undefined ? 'is missing' : `must be ${type === 'array' ? 'a list of strings' : 'a string'}`;
    throw new InputError(file, row.line, `field "${name}" ${what}`);
  }
  return v;
}

/** A JSON array of objects (MultiPL-E ships its prompts so); rows are numbered by position. */
function parseJsonArray(text: string, file: string): JsonlRow[] {
  let value: unknown;
  try {
    value = JSON.parse(withoutBom(text));
  } catch (err) {
    throw new InputError(file, undefined, `not valid JSON (${(err as Error).message})`);
  }
  if (!Array.isArray(value) || value.length === 0) throw new InputError(file, undefined, 'the JSON array has no rows');
  return value.map((v: unknown, i) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v))
      throw new InputError(file, undefined, `item ${i + 1} of the array is not a JSON object`);
    return { line: i + 1, value: v as Record<string, unknown> };
  });
}

export function taskId(row: JsonlRow, file: string): string | number {
  const id = row.value.task_id;
  if (typeof id !== 'string' && typeof id !== 'number')
    throw new InputError(file, row.line, 'field "task_id" is missing (a string or number)');
  return id;
}

export function parseSamples(text: string, file: string, problems: { has(id: string): boolean }): SampleRow[] {
  return parseJsonl(text, file).map((row) => {
    const rawId = taskId(row, file);
    if (!problems.has(String(rawId)))
      throw new InputError(file, row.line, `unknown task_id ${JSON.stringify(rawId)}: not in the problems file`);
    return {
      taskId: String(rawId),
      rawId,
      completion: field(row, file, 'completion', 'string') as string,
      line: row.line,
    };
  });
}

/** The rows of a JSONL file or of a JSON array (MultiPL-E ships its prompts so). */
export const parseRows = (text: string, file: string): JsonlRow[] =>
  text.trimStart().startsWith('[') ? parseJsonArray(text, file) : parseJsonl(text, file);
