// Describes what a run threw, as feedback: class, message, the stack trimmed to the run's own
// scripts, the line in the candidate. Everything here reads values run code made: it never throws.
import type { ExceptionInfo } from '../../../shared/run.ts';
import { AssertionError } from './assert.ts';
import { CONSOLE_ASSERT } from './console-assert.ts';
import { inspect } from './inspect.ts';
import { arrayJoin, isError, regexpExec, stringSplit, toText } from './intrinsics.ts';

export interface Described {
  type: string;
  message: string;
  exception: ExceptionInfo;
  expected?: string;
  actual?: string;
  assertion: boolean;
}

const attempt = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

/** Keeps the message and the frames in the run's scripts (`main.js`, `tests.js`). */
function trimStack(stack: string, scripts: string[]): string {
  const lines = stringSplit(stack, '\n');
  const kept: string[] = [];
  let frames = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (regexpExec(/^\s+at /, l)) {
      frames = true;
      for (let s = 0; s < scripts.length; s++) {
        if (regexpExec(new RegExp(`[ (]${scripts[s]!.replace('.', '\\.')}:\\d+`), l)) {
          kept[kept.length] = l;
          break;
        }
      }
    } else if (!frames) kept[kept.length] = l;
  }
  return arrayJoin(kept, '\n');
}

/** The first frame in one of the scripts: its name, line and column. */
export function firstFrame(stack: string, scripts: string[]): { script: string; line: number } | undefined {
  const lines = stringSplit(stack, '\n');
  for (let i = 0; i < lines.length; i++) {
    for (let s = 0; s < scripts.length; s++) {
      const m = regexpExec(new RegExp(`[ (]${scripts[s]!.replace('.', '\\.')}:(\\d+):\\d+`), lines[i]!);
      if (m) return { script: scripts[s]!, line: Number(m[1]) };
    }
  }
  return undefined;
}

/** `inTest`: thrown in a test, which caught it; a value that is no Error (even undefined) is named as thrown. */
export function describeThrown(err: unknown, scripts: string[], candidate: string, inTest = false): Described {
  if (!isError(err)) {
    const message = attempt(() => inspect(err), 'a value');
    const type = inTest ? 'Thrown' : 'Uncaught';
    return {
      type,
      message,
      exception: { type, message, traceback: `${type} ${message}` },
      assertion: false,
    };
  }
  const type = attempt(() => toText(err.name), 'Error');
  const message = attempt(() => toText(err.message), '');
  const stack = attempt(() => toText(err.stack ?? ''), '');
  const where = firstFrame(stack, scripts);
  const assertion = err instanceof AssertionError;
  const compared = assertion && attempt(() => err.operator !== CONSOLE_ASSERT, true);
  return {
    type,
    message,
    assertion,
    expected: compared ? attempt(() => inspect(err.expected), undefined) : undefined,
    actual: compared ? attempt(() => inspect(err.actual), undefined) : undefined,
    exception: {
      type,
      message,
      traceback: trimStack(stack, scripts) || `${type}: ${message}`,
      line: where?.script === candidate ? where.line : undefined,
    },
  };
}
