// Web page rows: {task_id, prompt, checks, viewport?, reference?, threshold?}. A row is a web row
// when it has `checks` (no other format has that field). Written for Fixpoint; CC0.
import { InputError } from '../../shared/problems.ts';
import { type RunJob, limitsFor } from '../../shared/run.ts';
import type { Task } from '../../shared/task.ts';
import { DEFAULT_VIEWPORT, readViewport, type WebTests } from '../../shared/web.ts';
import type { RowFormat } from '../row-format.ts';

const isWebRow = (row: Record<string, unknown>): boolean => 'checks' in row;

/** The row's checks, viewport, reference and threshold, or why they are not right. */
export function readWebRow(row: Record<string, unknown>): WebTests | string {
  if (typeof row.prompt !== 'string') return 'field "prompt" is missing (a string)';
  if (typeof row.checks !== 'string') return 'field "checks" must be a string of JavaScript';
  const tests: WebTests = { kind: 'web', checks: row.checks };
  if (row.viewport !== undefined) {
    const v = readViewport(row.viewport);
    if (typeof v === 'string') return v;
    tests.viewport = v;
  }
  if (row.reference !== undefined) {
    if (typeof row.reference !== 'string' || row.reference.trim() === '')
      return 'field "reference" must be a base64 PNG or the path of a PNG beside the file';
    tests.reference = row.reference.trim();
  }
  if (row.threshold !== undefined) {
    const t = row.threshold;
    if (typeof t !== 'number' || !(t >= 0 && t <= 1)) return 'field "threshold" must be a number from 0 to 1';
    tests.threshold = t;
  }
  return tests;
}

/** A PNG given inline (base64 or a data: URL) rather than by a path. */
export const isInlinePng = (s: string): boolean =>
  s.startsWith('data:image/png;base64,') || s.startsWith('iVBORw0KGgo');

function webJob(tests: WebTests, completion: string, timeoutSec: number, mode: RunJob['mode']): RunJob {
  return { language: 'html', code: completion, tests, limits: limitsFor(timeoutSec), mode };
}

export function webTask(id: string, prompt: string, tests: WebTests, timeoutSec: number): Task {
  const { width, height } = tests.viewport ?? DEFAULT_VIEWPORT;
  return {
    kind: 'web',
    id,
    title: id,
    prompt: `${prompt}\n\nWrite one HTML document (its CSS and scripts inline; nothing can be fetched). It is shown at ${width}x${height}.`,
    language: 'html',
    tests,
    limits: limitsFor(timeoutSec),
  };
}

export const webRows: RowFormat<'web'> = {
  kind: 'web',
  reading: {
    by: 'row',
    idField: 'task_id',
    recognises: isWebRow,
    read(row, file, rawId) {
      const web = readWebRow(row.value);
      if (typeof web === 'string') throw new InputError(file, row.line, web);
      return { taskId: String(rawId), rawId, kind: 'web', line: row.line, prompt: row.value.prompt as string, web };
    },
  },
  loop: {
    timeoutSec: 3,
    job: (p, completion, timeoutSec, mode) => webJob(p.web, completion, timeoutSec, mode),
    task: (p, timeoutSec) => webTask(p.taskId, p.prompt, p.web, timeoutSec),
    split: () => undefined,
  },
};
