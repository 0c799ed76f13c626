// Turns extracted code into the program that runs, and maps the run's line numbers back to the
// code as the model wrote it. HumanEval tasks run prompt + completion, as the reference harness
// does, so a completion that is only a function body still runs inside its function.
import type { Task } from '../shared/task.ts';
import { definesEntry } from './codeish.ts';
import { extractCode, type NoCode } from './extract.ts';
import { countLines } from './text.ts';

export interface Candidate {
  kind: 'candidate';
  /** The code as the model (or the user) wrote it; a body is re-indented to fit its function. */
  code: string;
  /** What runs: for HumanEval tasks the prompt followed by `code`. */
  program: string;
  /** 'body': a function body appended to the task's prompt; 'whole': a program on its own. */
  shape: 'whole' | 'body';
  reindented: boolean;
  /** Lines of `program` before the first line of `code`. */
  lineOffset: number;
  from: 'fence' | 'plain' | 'user';
  /** The reply was cut off inside the code block. */
  truncated: boolean;
}

export function entryPointOf(task: Task): string | undefined {
  return task.entryPoint ?? (task.tests.kind === 'humaneval' ? task.tests.entryPoint : undefined);
}

/** The code a HumanEval completion is appended to: the starter code, else the prompt itself. */
export function harnessPrefix(task: Task): string | undefined {
  if (task.tests.kind !== 'humaneval') return undefined;
  const prefix = task.starterCode ?? task.prompt;
  return prefix.endsWith('\n') ? prefix : `${prefix}\n`;
}

export function lineOffsetOf(task: Task): number {
  const prefix = harnessPrefix(task);
  return prefix === undefined ? 0 : countLines(prefix);
}

/** The indentation a body needs: that of the prompt's last line (the docstring's end). */
function bodyIndent(prefix: string): string {
  const last =
    prefix
      .split('\n')
      .reverse()
      .find((l) => l.trim() !== '') ?? '';
  const indent = /^[ \t]*/.exec(last)?.[0] ?? '';
  return indent === '' ? '    ' : indent;
}

function asBody(code: string, prefix: string, entryPoint?: string): { code: string; reindented: boolean } | undefined {
  if (definesEntry(code, entryPoint)) return undefined;
  const lines = code.split('\n');
  const first = lines.find((l) => l.trim() !== '' && !l.trim().startsWith('#')) ?? '';
  const indented = /^[ \t]/.test(first);
  // `return` at the top level cannot run as a program: it is a body someone dedented.
  if (!indented && !lines.some((l) => /^(?:return|yield)\b/.test(l))) return undefined;
  const target = bodyIndent(prefix);
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)?.[0] ?? '');
  const current = indents.reduce(
    (a, b) => (b.length < a.length ? b : a),
    first.slice(0, first.length - first.trimStart().length),
  );
  if (current === target) return { code, reindented: false };
  const shifted = lines.map((l) => (l.trim() === '' ? l : target + l.slice(current.length)));
  return { code: shifted.join('\n'), reindented: true };
}

export function candidateFromCode(
  code: string,
  task: Task,
  from: Candidate['from'] = 'user',
  truncated = false,
): Candidate {
  const prefix = harnessPrefix(task);
  if (prefix === undefined)
    return {
      kind: 'candidate',
      code,
      program: code,
      shape: 'whole',
      reindented: false,
      lineOffset: 0,
      from,
      truncated,
    };
  const body = asBody(code, prefix, entryPointOf(task));
  const own = body?.code ?? code;
  return {
    kind: 'candidate',
    code: own,
    program: prefix + own,
    shape: body ? 'body' : 'whole',
    reindented: body?.reindented ?? false,
    lineOffset: countLines(prefix),
    from,
    truncated,
  };
}

export function candidateFromReply(reply: string, task: Task): Candidate | NoCode {
  const got = extractCode(reply, entryPointOf(task), task.language);
  if (got.kind === 'no-code') return got;
  return candidateFromCode(got.code, task, got.from, got.truncated);
}

/** A line of the program as a line of the model's code; undefined when it lies outside it. */
export function toCodeLine(programLine: number | undefined, lineOffset: number, code: string): number | undefined {
  if (programLine === undefined) return undefined;
  const line = programLine - lineOffset;
  return line >= 1 && line <= Math.max(1, countLines(code)) ? line : undefined;
}
