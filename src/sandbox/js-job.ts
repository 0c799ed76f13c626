// Turns a JavaScript or TypeScript RunJob into the scripts the frame's worker runs. TypeScript is
// checked first: any error fails the attempt, as MultiPL-E's harness fails anything tsc rejects,
// and a check longer than the run's time limit times the run out. The emit keeps every line on its
// line, so the worker's stack lines are the model's own.
import type { RunJob, RunResult } from '../shared/run.ts';
import type { JsJob } from '../shared/sandbox-protocol.ts';
import { runLimitMs } from '../shared/timers.ts';
import { TYPE_CHECK_STEP, TypeCheckTimedOut } from '../shared/typescript-check.ts';
import type { TsCheckResult, TsDiagnostic, TypeScriptChecker } from '../shared/typescript-check.ts';

export type Prepared =
  { ok: true; job: JsJob } | { ok: false; result: Omit<RunResult, 'durationMs' | 'stdout' | 'stderr' | 'truncated'> };

const lineCount = (s: string): number => s.split('\n').length;

function testsSource(job: RunJob): string | undefined {
  switch (job.tests.kind) {
    case 'user':
      return job.tests.source;
    case 'none':
    case 'program':
      return undefined;
    case 'web':
      throw new Error('web page checks run in the rendered page, not in a JavaScript worker');
    case 'humaneval':
    case 'mbpp':
      throw new Error(`${job.tests.kind} tests are Python; a ${job.language} task needs its tests as a program`);
  }
}

/** `main.ts:2:10 TS2322 Type 'string' is not assignable to type 'number'.` */
function formatDiagnostic(d: TsDiagnostic, file: string, lineOffset = 0): string {
  return `${file}:${d.line - lineOffset}:${d.column} TS${d.code} ${d.message}`;
}

function compileError(diagnostics: TsDiagnostic[], codeLines: number | undefined): Prepared {
  const where = (d: TsDiagnostic): string =>
    codeLines !== undefined && d.line > codeLines
      ? formatDiagnostic(d, 'tests.ts', codeLines)
      : formatDiagnostic(d, 'main.ts');
  const lines = diagnostics.map(where);
  const first = diagnostics[0]!;
  return {
    ok: false,
    result: {
      status: 'error',
      result: `failed: CompileError: ${lines[0]}`,
      tests: [],
      exception: {
        type: 'CompileError',
        message: lines.join('\n'),
        traceback: lines.join('\n'),
        line: codeLines === undefined || first.line <= codeLines ? first.line : undefined,
        syntax: true,
      },
    },
  };
}

export async function prepareJsJob(job: RunJob, checker: TypeScriptChecker | undefined): Promise<Prepared> {
  const tests = testsSource(job);
  const reference = job.mode === 'reference';
  const ts = job.language === 'typescript';
  const ext = ts ? 'ts' : 'js';
  // A contest program's scripts run once per test, each on its own stdin (see js-program.ts).
  const mode = job.tests.kind === 'program' ? 'program' : reference ? 'reference' : 'feedback';
  const base = { mode, outputCap: job.limits.outputCap } as const;
  // MultiPL-E's program is one file; the loop keeps the candidate and its tests apart, so each
  // keeps its own line numbers.
  const whole = reference || tests === undefined;
  const program = whole && tests !== undefined ? `${job.code}\n${tests}` : job.code;
  if (!ts) {
    const scripts = [{ name: `main.${ext}`, source: program }];
    if (!whole) scripts.push({ name: `tests.${ext}`, source: tests });
    return { ok: true, job: { ...base, scripts } };
  }
  if (!checker) throw new Error('TypeScript cannot be checked here: no TypeScript checker is available');
  // Checked as one program, split at a comment line the candidate cannot know: a count of lines
  // would not do, as code TypeScript itself emits (a namespace with values) can take more lines
  // than it was written on, and its last ones (`var test = () => {}`) would join the tests.
  const marker = `// fixpoint: the tests begin here ${crypto.randomUUID()}`;
  const source = whole ? program : `${job.code}\n${marker}\n${tests}`;
  let checked: TsCheckResult;
  try {
    // The check has the run's own limit: code whose types the compiler cannot finish is timed out.
    checked = await checker.check(
      source,
      { fileName: 'main.ts', strict: !reference },
      runLimitMs(job.limits.timeoutSec),
    );
  } catch (err) {
    if (!(err instanceof TypeCheckTimedOut)) throw err;
    return { ok: false, result: { status: 'timed out', result: 'timed out', tests: [], runningTest: TYPE_CHECK_STEP } };
  }
  // The tests' first line is the one after the marker.
  const codeLines = whole ? undefined : lineCount(job.code) + 1;
  if (checked.diagnostics.length > 0) return compileError(checked.diagnostics, codeLines);
  if (codeLines === undefined)
    return { ok: true, job: { ...base, scripts: [{ name: 'main.ts', source: checked.js }] } };
  const lines = checked.js.split('\n');
  const at = lines.indexOf(marker);
  if (at < 0 || lines.lastIndexOf(marker) !== at) return unsplit();
  return {
    ok: true,
    job: {
      ...base,
      scripts: [
        { name: 'main.ts', source: lines.slice(0, at).join('\n') },
        { name: 'tests.ts', source: lines.slice(at + 1).join('\n') },
      ],
    },
  };
}

/** The emitted program lost the line between candidate and tests: it is not run at all. */
function unsplit(): Prepared {
  const message = 'the compiled code could not be told apart from its tests, so neither was run';
  return {
    ok: false,
    result: {
      status: 'error',
      result: `failed: CompileError: ${message}`,
      tests: [],
      exception: { type: 'CompileError', message, traceback: message },
    },
  };
}
