// MultiPL-E problem records (HumanEval translated to JavaScript and TypeScript): fields name,
// language, prompt, tests. The program MultiPL-E's harness runs is prompt + completion + "\n" +
// tests, under node (TypeScript through tsc first); it passes when it ends without an error.
import type { Language, RunJob } from './run.ts';
import type { Task } from './task.ts';

export interface MultiplERecord {
  name: string;
  language: Extract<Language, 'javascript' | 'typescript'>;
  prompt: string;
  tests: string;
}

const LANGUAGES: Record<string, MultiplERecord['language']> = {
  js: 'javascript',
  javascript: 'javascript',
  ts: 'typescript',
  typescript: 'typescript',
};

/** A row is a MultiPL-E record when it has `name` and `tests` and no HumanEval `task_id`. */
export function isMultiplERow(row: Record<string, unknown>): boolean {
  return !('task_id' in row) && typeof row.name === 'string' && 'tests' in row;
}

/** The language of a record, or a sentence saying why it has none this runner can run. */
export function multiplELanguage(row: Record<string, unknown>): MultiplERecord['language'] | string {
  const lang = typeof row.language === 'string' ? LANGUAGES[row.language.toLowerCase()] : undefined;
  if (lang) return lang;
  return `field "language" must be "js" or "ts" (MultiPL-E's JavaScript or TypeScript), not ${JSON.stringify(row.language)}`;
}

export function multiplEJob(r: MultiplERecord, completion: string, timeoutSec: number, mode: RunJob['mode']): RunJob {
  return {
    language: r.language,
    code: r.prompt + completion,
    tests: { kind: 'user', source: r.tests },
    limits: { timeoutSec, outputCap: 64 * 1024 },
    mode,
  };
}

export function multiplETask(r: MultiplERecord, timeoutSec: number): Task {
  return {
    kind: 'function',
    id: r.name,
    title: r.name,
    prompt: r.prompt,
    language: r.language,
    starterCode: r.prompt,
    tests: { kind: 'user', source: r.tests },
    limits: { timeoutSec, outputCap: 64 * 1024 },
  };
}
