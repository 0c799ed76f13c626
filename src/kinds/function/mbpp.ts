// MBPP rows {task_id, text, code, test_list, test_setup_code} (and a classroom pack's Python
// exercises, read as such): the completion alone, then the setup and the asserts.
import { field, type MbppProblem } from '../../shared/problems.ts';
import type { RowFormat } from '../row-format.ts';
import { limitsFor } from '../../shared/run.ts';

export const mbppRows: RowFormat<'mbpp'> = {
  kind: 'mbpp',
  reading: {
    by: 'row',
    idField: 'task_id',
    recognises: (row) => 'test_list' in row,
    read: (row, file, rawId) => ({
      taskId: String(rawId),
      rawId,
      kind: 'mbpp',
      line: row.line,
      prompt: field(row, file, 'text', 'string') as string,
      asserts: field(row, file, 'test_list', 'array') as string[],
      setup: typeof row.value.test_setup_code === 'string' ? row.value.test_setup_code : '',
      canonical: typeof row.value.code === 'string' ? row.value.code : undefined,
    }),
  },
  loop: {
    timeoutSec: 3,
    job: (p, completion, timeoutSec, mode) => ({
      language: 'python',
      code: completion,
      tests: { kind: 'mbpp', setup: p.setup, asserts: p.asserts },
      limits: limitsFor(timeoutSec),
      mode,
    }),
    task(p: MbppProblem, timeoutSec) {
      const asserts = p.asserts;
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
        tests: { kind: 'mbpp', setup: p.setup, asserts },
        limits: limitsFor(timeoutSec),
      };
    },
    /** The first K asserts (or a pack's own visible ones) are shown; the rest decide. */
    split(p, visible, timeoutSec) {
      if (visible === undefined || visible === 'doc') return undefined;
      const all = p.asserts;
      const k = visible === 'pack' ? (p.packVisible ?? all.length) : visible;
      const shown = all.slice(0, k);
      const rest = all.slice(k);
      return {
        task: this.task({ ...p, asserts: shown }, timeoutSec),
        hidden: { kind: 'mbpp', setup: p.setup, asserts: rest },
        visibleCount: shown.length,
        hiddenCount: rest.length,
      };
    },
  },
};
