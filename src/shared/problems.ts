// HumanEval and MBPP problem files and {task_id, completion} sample files: parsing with errors
// that name the file and line, and the run jobs the reference harness would build from them.
import { withoutBom } from './byte-order-mark.ts';
import { isMultiplERow, multiplEJob, multiplELanguage, multiplETask, type MultiplERecord } from './multipl-e.ts';
import type { RunJob } from './run.ts';
import type { SqlTaskSpec } from './sql.ts';
import type { Task } from './task.ts';
import type { WebTests } from './web.ts';
import { isWebRow, readWebRow, webJob, webTask } from './web-rows.ts';

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

export interface Problem {
  /** task_id as a string key; `rawId` keeps the file's own value (MBPP uses numbers). */
  taskId: string;
  rawId: string | number;
  kind: 'humaneval' | 'mbpp' | 'multipl-e' | 'livecodebench' | 'web' | 'sql';
  /** HumanEval: the function signature and docstring; MBPP: the task text. */
  prompt: string;
  entryPoint?: string;
  test?: string;
  setup?: string;
  asserts?: string[];
  /** The dataset's reference solution, when it has one. */
  canonical?: string;
  line: number;
  /** MultiPL-E: the record (language, prompt, tests), keyed by its `name`. */
  multiplE?: MultiplERecord;
  /** A classroom pack's exercise: its first `packVisible` asserts are the pack's visible tests, the rest its hidden ones. */
  packVisible?: number;
  /** A problem with its own split (LiveCodeBench: the model sees the public tests; all of them decide). */
  split?: { task: Task; hidden: RunJob['tests']; visibleCount: number; hiddenCount: number };
  /** A web page row: its checks, viewport, reference and threshold (web-rows.ts). */
  web?: WebTests;
  /** A BIRD question (the Benchmark view's SQL sets): its database, question, evidence and gold query. */
  sql?: SqlTaskSpec;
}

/** A row of a samples file (HumanEval's samples.jsonl): a completion to grade, not a loop's drawn sample. */
export interface SampleRow {
  taskId: string;
  rawId: string | number;
  completion: string;
  line: number;
}

interface JsonlRow {
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

function field(row: JsonlRow, file: string, name: string, type: 'string' | 'array'): unknown {
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

function taskId(row: JsonlRow, file: string): string | number {
  const id = row.value.task_id;
  if (typeof id !== 'string' && typeof id !== 'number')
    throw new InputError(file, row.line, 'field "task_id" is missing (a string or number)');
  return id;
}

export function parseProblems(text: string, file: string): Problem[] {
  const seen = new Set<string>();
  const rows = text.trimStart().startsWith('[') ? parseJsonArray(text, file) : parseJsonl(text, file);
  return rows.map((row) => {
    if (isMultiplERow(row.value)) {
      const name = row.value.name as string;
      if (seen.has(name)) throw new InputError(file, row.line, `name ${JSON.stringify(name)} appears twice`);
      seen.add(name);
      const language = multiplELanguage(row.value);
      if (language !== 'javascript' && language !== 'typescript') throw new InputError(file, row.line, language);
      const prompt = field(row, file, 'prompt', 'string') as string;
      const tests = field(row, file, 'tests', 'string') as string;
      return {
        taskId: name,
        rawId: name,
        kind: 'multipl-e',
        line: row.line,
        prompt,
        multiplE: { name, language, prompt, tests },
      };
    }
    const rawId = taskId(row, file);
    const id = String(rawId);
    if (seen.has(id)) throw new InputError(file, row.line, `task_id ${JSON.stringify(rawId)} appears twice`);
    seen.add(id);
    if (isWebRow(row.value)) {
      const web = readWebRow(row.value);
      if (typeof web === 'string') throw new InputError(file, row.line, web);
      return { taskId: id, rawId, kind: 'web', line: row.line, prompt: row.value.prompt as string, web };
    }
    if ('test_list' in row.value) {
      return {
        taskId: id,
        rawId,
        kind: 'mbpp',
        line: row.line,
        prompt: field(row, file, 'text', 'string') as string,
        asserts: field(row, file, 'test_list', 'array') as string[],
        setup: typeof row.value.test_setup_code === 'string' ? row.value.test_setup_code : '',
        canonical: typeof row.value.code === 'string' ? row.value.code : undefined,
      };
    }
    if (!('prompt' in row.value) && !('entry_point' in row.value)) {
      throw new InputError(
        file,
        row.line,
        'not a HumanEval row (prompt, test, entry_point), an MBPP row (text, test_list), a MultiPL-E row (name, language, prompt, tests) nor a web page row (prompt, checks)',
      );
    }
    return {
      taskId: id,
      rawId,
      kind: 'humaneval',
      line: row.line,
      prompt: field(row, file, 'prompt', 'string') as string,
      test: field(row, file, 'test', 'string') as string,
      entryPoint: field(row, file, 'entry_point', 'string') as string,
      canonical: typeof row.value.canonical_solution === 'string' ? row.value.canonical_solution : undefined,
    };
  });
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

/** The job the reference harness would run for this completion. */
export function problemJob(
  p: Problem,
  completion: string,
  timeoutSec: number,
  mode: RunJob['mode'] = 'reference',
): RunJob {
  const limits = { timeoutSec, outputCap: 64 * 1024 };
  if (p.multiplE) return multiplEJob(p.multiplE, completion, timeoutSec, mode);
  if (p.web) return webJob(p.web, completion, timeoutSec, mode);
  if (p.kind === 'mbpp') {
    return {
      language: 'python',
      code: completion,
      tests: { kind: 'mbpp', setup: p.setup ?? '', asserts: p.asserts ?? [] },
      limits,
      mode,
    };
  }
  return {
    language: 'python',
    code: p.prompt + completion,
    tests: { kind: 'humaneval', test: p.test ?? '', entryPoint: p.entryPoint ?? '' },
    limits,
    mode,
  };
}

/** A task the loop can work on: the model sees the problem as the dataset states it. */
export function problemToTask(p: Problem, timeoutSec: number): Task {
  if (p.split) return p.split.task;
  const limits = { timeoutSec, outputCap: 64 * 1024 };
  if (p.multiplE) return multiplETask(p.multiplE, timeoutSec);
  if (p.web) return webTask(p.taskId, p.prompt, p.web, timeoutSec);
  if (p.kind === 'mbpp') {
    const asserts = p.asserts ?? [];
    // MBPP names no function: its first assert does. A pack's exercise names its own.
    const entryPoint =
      p.entryPoint ??
      /assert\s+(?:not\s+)?\(?\s*(?:set\(|math\.isclose\()?\s*([A-Za-z_]\w*)\s*\(/.exec(asserts[0] ?? '')?.[1];
    return {
      kind: 'function',
      id: p.taskId,
      title: `MBPP ${p.taskId}`,
      prompt: asserts.length ? `${p.prompt}\nYour code should pass these tests:\n\n${asserts.join('\n')}` : p.prompt,
      language: 'python',
      entryPoint,
      tests: { kind: 'mbpp', setup: p.setup ?? '', asserts },
      limits,
    };
  }
  return {
    kind: 'function',
    id: p.taskId,
    title: p.taskId,
    prompt: p.prompt,
    language: 'python',
    starterCode: p.prompt,
    entryPoint: p.entryPoint,
    tests: { kind: 'humaneval', test: p.test ?? '', entryPoint: p.entryPoint ?? '' },
    limits,
  };
}
