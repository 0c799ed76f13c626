// MultiPL-E problem records (HumanEval translated to JavaScript and TypeScript): fields name,
// language, prompt, tests. The program MultiPL-E's harness runs is prompt + completion + "\n" +
// tests, under node (TypeScript through tsc first); it passes when it ends without an error.
import { field, InputError, type MultiplERecord } from '../../shared/problems.ts';
import { type RunJob, limitsFor } from '../../shared/run.ts';
import type { Task } from '../../shared/task.ts';
import type { RowFormat } from '../row-format.ts';

const LANGUAGES: Record<string, MultiplERecord['language']> = {
  js: 'javascript',
  javascript: 'javascript',
  ts: 'typescript',
  typescript: 'typescript',
};

/** A row is a MultiPL-E record when it has `name` and `tests` and no HumanEval `task_id`. */
function isMultiplERow(row: Record<string, unknown>): boolean {
  return !('task_id' in row) && typeof row.name === 'string' && 'tests' in row;
}

/** The language of a record, or a sentence saying why it has none this runner can run. */
function multiplELanguage(row: Record<string, unknown>): MultiplERecord['language'] | string {
  const lang = typeof row.language === 'string' ? LANGUAGES[row.language.toLowerCase()] : undefined;
  if (lang) return lang;
  return `field "language" must be "js" or "ts" (MultiPL-E's JavaScript or TypeScript), not ${JSON.stringify(row.language)}`;
}

function multiplEJob(r: MultiplERecord, completion: string, timeoutSec: number, mode: RunJob['mode']): RunJob {
  return {
    language: r.language,
    code: r.prompt + completion,
    tests: { kind: 'user', source: r.tests },
    limits: limitsFor(timeoutSec),
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
    limits: limitsFor(timeoutSec),
  };
}

export const multiplERows: RowFormat<'multipl-e'> = {
  kind: 'multipl-e',
  reading: {
    by: 'row',
    idField: 'name',
    recognises: isMultiplERow,
    read(row, file) {
      const name = row.value.name as string;
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
    },
  },
  loop: {
    timeoutSec: 3,
    job: (p, completion, timeoutSec, mode) => multiplEJob(p.multiplE, completion, timeoutSec, mode),
    task: (p, timeoutSec) => multiplETask(p.multiplE, timeoutSec),
    split: () => undefined,
  },
};
