// Each task kind's views: how an attempt's output shows, whether the kind has a workspace of its
// own in place of the task panel and editor (src/ui/agent, src/ui/kinds/sql), and how the task
// panel offers and shows it.
import { kindLabel } from '../../kinds/registry.ts';
import type { Task, TaskKind } from '../../shared/task.ts';

interface KindViews {
  /** An attempt's output: beside the expected output, test by test (a program's), or only in the terminal. */
  attemptOutput: 'compare' | 'terminal';
  /** The workspace that opens its sessions, when not the task panel and editor. */
  workspace?: 'agent' | 'sql';
  /** The task panel's Kind picker: the option's value, and what its text says after the kind's label. */
  option: { value: string; detail: string };
  /**
   * What the task panel shows for the tests: code, JavaScript checks run in the rendered page, a
   * table of inputs and outputs, or a project's files in place of code and tests (run without the
   * loop). A kind with a workspace of its own keeps a code task's fields beneath it.
   */
  tests: 'code' | 'checks' | 'table' | 'files';
}

// In the order the Kind picker lists them.
const VIEWS: Record<TaskKind, KindViews> = {
  function: {
    attemptOutput: 'terminal',
    option: { value: 'code', detail: 'runs offline in the sandbox' },
    tests: 'code',
  },
  project: { attemptOutput: 'terminal', option: { value: 'node-project', detail: 'npm, online' }, tests: 'files' },
  web: { attemptOutput: 'terminal', option: { value: 'web', detail: 'HTML, in the sandbox' }, tests: 'checks' },
  program: { attemptOutput: 'compare', option: { value: 'program', detail: 'stdin → stdout' }, tests: 'table' },
  sql: {
    attemptOutput: 'terminal',
    workspace: 'sql',
    option: { value: 'sql', detail: 'SQLite or Postgres, in the sandbox' },
    tests: 'code',
  },
  agent: {
    attemptOutput: 'terminal',
    workspace: 'agent',
    option: { value: 'agent', detail: 'a goal; runs code' },
    tests: 'code',
  },
};

export const viewsOf = (task: Task): KindViews => VIEWS[task.kind];
export const viewsOfKind = (kind: TaskKind): KindViews => VIEWS[kind];

/** The Kind picker's options, in order: each kind, its option's value and its text. */
export const kindOptions = (): { kind: TaskKind; value: string; text: string }[] =>
  (Object.keys(VIEWS) as TaskKind[]).map((kind) => ({
    kind,
    value: VIEWS[kind].option.value,
    text: `${kindLabel(kind)} (${VIEWS[kind].option.detail})`,
  }));
