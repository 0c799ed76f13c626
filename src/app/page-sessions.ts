// What the page does with sessions: one run at a time (a loop or a single run), starting and
// resuming loops, and opening a session from the history into the views.
import type { LoopSettings } from '../loop/types.ts';
import { picturesOn } from '../ui/kinds/web/page-view.ts';
import { withKey } from '../models/keys.ts';
import { errorMessage } from '../shared/error-message.ts';
import type { Task } from '../shared/task.ts';
import type { Attempt } from '../shared/session.ts';
import { noFiles } from '../store/agent-files.ts';
import { playLoop, type LoopParts } from './loop-control.ts';
import type { PageState } from './page-state.ts';
import { kindOf } from '../kinds/registry.ts';
import { viewsOf } from '../ui/kinds/registry.ts';

/** The panel's task, or undefined after saying which fields to correct. */
export function checkedTask(page: PageState): Task | undefined {
  const errors = page.tasks.errors();
  if (errors.length === 0) return page.tasks.getTask();
  page.layout.refuse(`Correct the task first: ${errors.join(' ')}`);
  return undefined;
}

/**
 * The panel's task for the loop, or undefined after saying why not: a Node.js project runs with
 * Run once, and with no description the model has nothing to write code for (it would spend the
 * whole iteration cap guessing).
 */
export function checkedLoopTask(page: PageState): Task | undefined {
  const task = checkedTask(page);
  if (!task) return undefined;
  const refusal =
    kindOf(task).runner === 'run-once'
      ? 'The loop works on code tasks; a Node.js project runs with Run once.'
      : task.prompt.trim() === ''
        ? 'Write a description first: the model writes the code from it.'
        : undefined;
  if (refusal === undefined) return task;
  page.layout.refuse(refusal);
  return undefined;
}

export function loopSettings(page: PageState): LoopSettings {
  const caps = page.tasks.getCaps();
  return {
    maxIterations: caps.maxIterations,
    tokenBudget: caps.tokenBudget,
    timeBudgetSec: caps.timeBudgetSec,
    temperature: page.endpoint.temperature,
    strategy: page.tasks.getStrategy(),
    screenshots: picturesOn(),
  };
}

export function loopParts(page: PageState): LoopParts {
  const { layout, view, editor, reply, terminal, results, activity, notices, runtime } = page;
  return {
    layout,
    view,
    editor,
    reply,
    terminal,
    results,
    activity,
    notices,
    runtime,
    store: () => page.store,
    endpoint: () => withKey(page.endpoint.config, page.keys),
    settings: () => loopSettings(page),
  };
}

/** Shows, in the task's test list, the generated tests the session's selection flagged as suspect. */
function showSuspects(page: PageState, attempts: readonly Attempt[]): void {
  page.tasks.generated.setSuspect(attempts.flatMap((a) => a.selection?.suspect ?? []));
}

export function startLoop(
  page: PageState,
  task: Task,
  more: { resumeId?: string; editedCode?: string } = {},
): Promise<void> {
  return page.exclusive(async (signal) => {
    page.sessionShown();
    page.notices.dismiss('interrupted');
    const { stored } = await playLoop(loopParts(page), { task, signal, ...more });
    showSuspects(page, page.view.attempts);
    // A session the history does not hold cannot be continued there: Continue starts afresh.
    if (!stored) page.taskChanged();
  });
}

/** Shows a stored session (task, caps, attempts); false, with the reason shown, when it cannot. */
export async function openSession(page: PageState, id: string): Promise<boolean> {
  if (page.running) {
    page.notices.show('busy', 'Stop the running loop before opening another session.', 'warning');
    return false;
  }
  try {
    const { store } = page;
    const [session, attempts] = await Promise.all([store?.getSession(id), store?.getAttempts(id)]);
    if (!session) throw new Error('That session is no longer in the history.');
    const { workspace } = viewsOf(session.task);
    if (workspace === 'agent') {
      const files = store ? await store.getAgentFiles(id) : noFiles();
      page.tasks.setAgentMode(true);
      const { loadAgentSession } = await import('./agent-workspace.ts');
      loadAgentSession(page, session, attempts ?? [], files);
      page.activity.add(`Opened “${session.title}” from the history.`, 'idle');
      return true;
    }
    if (workspace === 'sql') {
      page.tasks.setSqlMode(true);
      const { loadSqlSession } = await import('./sql-workspace.ts');
      await loadSqlSession(
        page.root,
        page.runtime,
        () => withKey(page.endpoint.config, page.keys),
        session,
        attempts ?? [],
      );
      page.activity.add(`Opened “${session.title}” from the history.`, 'idle');
      return true;
    }
    page.tasks.setSqlMode(false);
    page.tasks.setAgentMode(false);
    page.tasks.setTask(session.task);
    page.tasks.setCaps({
      maxIterations: session.settings.maxIterations,
      tokenBudget: session.settings.tokenBudget,
      timeBudgetSec: session.settings.timeBudgetSec,
    });
    page.sessionShown();
    page.view.load(session, attempts ?? []);
    showSuspects(page, attempts ?? []);
    page.activity.add(`Opened “${session.title}” from the history.`, 'idle');
    return true;
  } catch (err) {
    page.notices.show('open', `Could not open the session: ${errorMessage(err)}`);
    return false;
  }
}

export async function resumeSession(page: PageState, id: string): Promise<void> {
  if (page.view.session?.id !== id && !(await openSession(page, id))) return;
  // An agent session is shown, not resumed: its interpreter's state went with the page that ran it.
  // A SQL session is shown in the SQL workspace, where its query runs again.
  if (page.root.classList.contains('kind-agent') || page.root.classList.contains('kind-sql')) return;
  if (page.view.session?.id === id) await startLoop(page, page.view.session.task, { resumeId: id });
}
