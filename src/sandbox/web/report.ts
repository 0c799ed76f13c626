// The report a page's frame sends over its private port, checked field by field (it was made in a
// realm the candidate shared), and the verdict made from it here: a page passes when every check
// passed, it threw nothing and, with a reference, its picture matches it within the threshold.
import type { ExceptionInfo, RunResult, TestResult } from '../../shared/run.ts';
import type { PageCheck, PageToHost, PictureMatch } from '../../shared/web.ts';

type Report = Extract<PageToHost, { type: 'report' }>;

const MAX_TEXT = 4000;
const MAX_LIST = 200;
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v.slice(0, MAX_TEXT) : undefined);
const texts = (v: unknown): string[] =>
  Array.isArray(v) ? v.slice(0, MAX_LIST).flatMap((t) => (typeof t === 'string' ? [t.slice(0, MAX_TEXT)] : [])) : [];

function readCheck(v: unknown): PageCheck | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const c = v as Record<string, unknown>;
  if (typeof c.name !== 'string' || typeof c.passed !== 'boolean') return undefined;
  return {
    name: c.name.slice(0, MAX_TEXT),
    passed: c.passed,
    message: text(c.message),
    expected: text(c.expected),
    actual: text(c.actual),
  };
}

/** The report, or undefined when it is not one. */
export function readReport(v: unknown): Report | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const r = v as Record<string, unknown>;
  if (r.type !== 'report' || !Array.isArray(r.checks)) return undefined;
  const checks: PageCheck[] = [];
  for (const c of r.checks.slice(0, MAX_LIST)) {
    const read = readCheck(c);
    if (!read) return undefined;
    checks.push(read);
  }
  const picture =
    typeof r.picture === 'string' && r.picture.startsWith('data:image/png;base64,') ? r.picture : undefined;
  return {
    type: 'report',
    checks,
    failure: text(r.failure),
    failureType: text(r.failureType),
    line: typeof r.line === 'number' && Number.isInteger(r.line) ? r.line : undefined,
    errors: texts(r.errors),
    console: texts(r.console),
    picture,
    pictureError: text(r.pictureError),
  };
}

/** "<Type>: <message>" (after a check's name, if any) as an exception: the type said once. */
function exceptionOf(text: string, type: string): ExceptionInfo {
  const at = text.indexOf(`${type}: `);
  const message = at >= 0 ? text.slice(at + type.length + 2) : text;
  return { type, message, traceback: text };
}

const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The RunResult of a page whose frame reported; `match` when there is a reference. */
export function verdictOf(
  report: Report,
  match: PictureMatch | undefined,
  pictureWanted: boolean,
): Omit<RunResult, 'durationMs'> {
  const tests: TestResult[] = report.checks.map((c) => ({
    name: c.name,
    passed: c.passed,
    expected: c.expected,
    actual: c.actual,
    message: c.message,
  }));
  const failedCheck = report.failure ?? (report.checks.some((c) => !c.passed) ? 'a check failed' : undefined);
  const pageError = report.errors[0];
  let pictureFailure: string | undefined;
  if (match?.sizeMismatch) pictureFailure = `the picture does not match the reference: ${match.sizeMismatch}`;
  else if (match && match.differing > match.threshold)
    pictureFailure = `the picture differs from the reference in ${percent(match.differing)} of its pixels (at most ${percent(match.threshold)} may)`;
  if (match) tests.push({ name: 'picture matches the reference', passed: !pictureFailure, message: pictureFailure });
  const failure = pageError ?? failedCheck ?? pictureFailure;
  return {
    status: failure === undefined ? 'passed' : pageError && !failedCheck ? 'error' : 'failed',
    result: failure === undefined ? 'passed' : `failed: ${failure}`,
    tests,
    exception: pageError
      ? exceptionOf(pageError, pageError.split(':')[0] ?? 'Error')
      : report.failure
        ? { ...exceptionOf(report.failure, report.failureType ?? 'Error'), line: report.line }
        : undefined,
    stdout: '',
    stderr: report.console.join('\n'),
    truncated: false,
    web: {
      picture: report.picture,
      pictureError: pictureWanted && !report.picture ? (report.pictureError ?? 'no picture was taken') : undefined,
      match,
      console: report.console,
      errors: report.errors,
    },
  };
}
