// Every line number in a run's texts, told as a line of the code the model wrote. The harness
// numbers the program that ran (for HumanEval the task's prompt, then the model's code) and the
// tests on their own; the model only knows its own code, so each number is translated once,
// here, for every part of the feedback: messages, tracebacks, test results and output.
import type { RunResult, TestResult } from '../shared/run.ts';
import { countLines } from './text.ts';

/** Files of the Python library: their numbers are left as they are. */
const LIBRARY = /^\/|^<frozen|lib\/python|site-packages/;
/** The test code, compiled on its own: its numbers are not lines of the model's code. */
const TEST_CODE = /^<(?:tests|doctest )/;

/** Where a line of `file` lies, in words; undefined to leave the reference as it is. */
function place(file: string, line: number, lineOffset: number, code: string): string | undefined {
  if (LIBRARY.test(file)) return undefined;
  if (TEST_CODE.test(file) || line > lineOffset + Math.max(1, countLines(code))) return 'in the test code';
  if (lineOffset === 0) return undefined;
  return line > lineOffset ? `line ${line - lineOffset}` : `line ${line} of the task's prompt`;
}

/**
 * Rewrites the line references Python and the harness write: traceback frames
 * (`File "<candidate>", line 6`), SyntaxError messages (`(<candidate>, line 6)`) and the
 * harness's note on a test that raised (`(<candidate> line 6)`).
 */
export function mapLineRefs(text: string, lineOffset: number, code: string): string {
  const at = (file: string, n: string, whole: string, say: (where: string) => string): string => {
    const where = place(file, Number(n), lineOffset, code);
    return where === undefined ? whole : say(where);
  };
  return text
    .replace(/File "([^"]+)", line (\d+)/g, (whole, file: string, n: string) =>
      at(file, n, whole, (w) => `File "${file}", ${w}`),
    )
    .replace(/\(([^,()]+), line (\d+)\)/g, (whole, file: string, n: string) =>
      at(file, n, whole, (w) => `(${file}, ${w})`),
    )
    .replace(/\((<[^<>(),]+>) line (\d+)\)/g, (whole, file: string, n: string) =>
      at(file, n, whole, (w) => `(${file} ${w})`),
    );
}

/**
 * The run with every text in it told in lines of the model's code. `exception.line` stays a line
 * of the program: toCodeLine reads it, and the stored result keeps what the sandbox said.
 */
export function resultInCodeLines(r: RunResult, lineOffset: number, code: string): RunResult {
  const map = (text: string): string => mapLineRefs(text, lineOffset, code);
  const test = (t: TestResult): TestResult => (t.message === undefined ? t : { ...t, message: map(t.message) });
  return {
    ...r,
    result: map(r.result),
    tests: r.tests.map(test),
    exception: r.exception && {
      ...r.exception,
      message: map(r.exception.message),
      traceback: map(r.exception.traceback),
    },
    stdout: map(r.stdout),
    stderr: map(r.stderr),
  };
}
