// Each task kind's views: how an attempt's output shows, and whether the kind has a workspace of
// its own in place of the task panel and editor (src/ui/agent, src/ui/kinds/sql).
import type { Task, TaskKind } from '../../shared/task.ts';

interface KindViews {
  /** An attempt's output: beside the expected output, test by test (a program's), or only in the terminal. */
  attemptOutput: 'compare' | 'terminal';
  /** The workspace that opens its sessions, when not the task panel and editor. */
  workspace?: 'agent' | 'sql';
}

const VIEWS: Record<TaskKind, KindViews> = {
  function: { attemptOutput: 'terminal' },
  program: { attemptOutput: 'compare' },
  web: { attemptOutput: 'terminal' },
  project: { attemptOutput: 'terminal' },
  agent: { attemptOutput: 'terminal', workspace: 'agent' },
  sql: { attemptOutput: 'terminal', workspace: 'sql' },
};

export const viewsOf = (task: Task): KindViews => VIEWS[task.kind];
