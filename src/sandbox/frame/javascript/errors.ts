// Describes what a run threw, as feedback: class, message, the stack trimmed to the run's own
// scripts, the line in the candidate. Everything here reads values run code made, with built-ins
// run code may have replaced (RegExp, String.prototype): it uses captured ones and never throws.
import type { ExceptionInfo } from '../../../shared/run.ts';
import { AssertionError } from './assert.ts';
import { CONSOLE_ASSERT } from './console-assert.ts';
import { inspect } from './inspect.ts';
import {
  RegExpCtor,
  append,
  arrayJoin,
  isError,
  regexpExec,
  stringReplace,
  stringSplit,
  toText,
} from './intrinsics.ts';

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

/** `[ (]main\.js:<line>:<column>`, the line captured. */
const frameOf = (script: string): RegExp => new RegExpCtor(`[ (]${stringReplace(script, '.', '\\.')}:(\\d+):\\d+`);

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
        if (regexpExec(frameOf(scripts[s]!), l)) {
          append(kept, l);
          break;
        }
      }
    } else if (!frames) append(kept, l);
  }
  return arrayJoin(kept, '\n');
}

/** The first frame in one of the scripts: its name, line and column. */
export function firstFrame(stack: string, scripts: string[]): { script: string; line: number } | undefined {
  const lines = stringSplit(stack, '\n');
  for (let i = 0; i < lines.length; i++) {
    for (let s = 0; s < scripts.length; s++) {
      const m = regexpExec(frameOf(scripts[s]!), lines[i]!);
      if (m) return { script: scripts[s]!, line: +m[1]! };
    }
  }
  return undefined;
}

/** `inTest`: thrown in a test, which caught it; a value that is no Error (even undefined) is named as thrown. */
export function describeThrown(err: unknown, scripts: string[], candidate: string, inTest = false): Described {
  if (!attempt(() => isError(err), false)) {
    const message = attempt(() => inspect(err), 'a value');
    const type = inTest ? 'Thrown' : 'Uncaught';
    return {
      type,
      message,
      exception: { type, message, traceback: `${type} ${message}` },
      assertion: false,
    };
  }
  const e = err as Partial<AssertionError>;
  const type = attempt(() => toText(e.name), 'Error');
  const message = attempt(() => toText(e.message), '');
  const stack = attempt(() => toText(e.stack ?? ''), '');
  const where = firstFrame(stack, scripts);
  const assertion = attempt(() => e instanceof AssertionError, false);
  const compared = assertion && attempt(() => e.operator !== CONSOLE_ASSERT, true);
  return {
    type,
    message,
    assertion,
    expected: compared ? attempt(() => inspect(e.expected), undefined) : undefined,
    actual: compared ? attempt(() => inspect(e.actual), undefined) : undefined,
    exception: {
      type,
      message,
      traceback: trimStack(stack, scripts) || `${type}: ${message}`,
      line: where?.script === candidate ? where.line : undefined,
    },
  };
}
