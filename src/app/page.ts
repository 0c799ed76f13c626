// The loop page: mounts the views into the layout and connects its buttons. Runs go through
// loop-control.ts (the loop) and run-once.ts (one run, no model); sessions come and go through
// the history store, which start-up.ts opens.
import type { LoopSettings } from '../loop/index.ts';
import { createKeyStore, withKey } from '../models/index.ts';
import { ALL_EXAMPLES } from '../shared/examples.ts';
import type { Language } from '../shared/run.ts';
import type { Task } from '../shared/task.ts';
import type { HistoryStore } from '../store/index.ts';
import { mountEditor } from '../ui/editor/editor.ts';
import { mountLayout } from '../ui/layout/layout.ts';
import { mountReply } from '../ui/reply/reply-view.ts';
import { mountTaskPanel } from '../ui/task/task-panel.ts';
import { createTerminal } from '../ui/terminal/terminal.ts';
import { mountActivity } from './activity.ts';
import { endpointLabel, loadEndpointSettings } from './endpoint-settings.ts';
import { createHistoryDialog } from './history-dialog.ts';
import { playLoop } from './loop-control.ts';
import { mountNotices } from './notices.ts';
import { runOnce } from './run-once.ts';
import { languageRuntime } from './language-runtime.ts';
import { mountSessionView } from './session-view.ts';
import { createSettingsDialog } from './settings-dialog.ts';
import { startUp, type StartingRuntime } from './start-up.ts';

export function mountApp(root: HTMLElement, python: StartingRuntime): void {
  const layout = mountLayout(root);
  const notices = mountNotices(layout.slots.notices);
  const keys = createKeyStore();
  let endpoint = loadEndpointSettings();
  layout.setEndpoint(endpointLabel(endpoint));

  // Set when the task panel changes after a session was shown: Continue then starts afresh
  // instead of going on with a session about another task.
  let taskEdited = false;
  // The candidate editor follows the task's language once it exists.
  let setEditorLanguage = (_language: Language): void => undefined;
  const tasks = mountTaskPanel(layout.slots.task, {
    examples: ALL_EXAMPLES,
    onChange: () => (taskEdited = true),
    onRun: layout.runShortcut,
    onLanguage: (language) => setEditorLanguage(language),
  });
  const editor = mountEditor(layout.slots.editor, {
    doc: tasks.getTask().starterCode ?? '',
    label: 'Candidate code',
    placeholder:
      "The model's code appears here. You can also write code and press Run once, or Continue from this code.",
    onRun: layout.runShortcut,
    language: tasks.getTask().language,
  });
  setEditorLanguage = (language) => void editor.setLanguage(language);
  const reply = mountReply(layout.slots.reply);
  const activity = mountActivity(layout.slots.reply);
  const terminal = createTerminal(layout.slots.terminal);
  const runtime = languageRuntime({ python });
  let store: HistoryStore | undefined;
  let storeProblem = 'History is still opening.';

  const view = mountSessionView({
    layout,
    editor,
    reply,
    terminal,
    prices: () => endpoint.config,
    onResume: () => void (view.session && resume(view.session.id)),
  });

  let active: AbortController | undefined;
  root.dataset.busy = 'false';
  async function exclusive(work: (signal: AbortSignal) => Promise<void>): Promise<void> {
    if (active) return;
    const ac = (active = new AbortController());
    root.dataset.busy = 'true';
    layout.setRunning(true);
    editor.setReadOnly(true);
    tasks.setLocked(true);
    try {
      await work(ac.signal);
    } finally {
      active = undefined;
      root.dataset.busy = 'false';
      layout.setRunning(false);
      editor.setReadOnly(false);
      tasks.setLocked(false);
    }
  }

  /** The panel's task, or undefined after saying which fields to correct. */
  function checkedTask(): Task | undefined {
    const errors = tasks.errors();
    if (errors.length === 0) return tasks.getTask();
    layout.setVerdict(`Correct the task first: ${errors.join(' ')}`, 'error');
    return undefined;
  }

  const loopSettings = (): LoopSettings => {
    const caps = tasks.getCaps();
    return {
      maxIterations: caps.maxIterations,
      tokenBudget: caps.tokenBudget,
      timeBudgetSec: caps.timeBudgetSec,
      temperature: endpoint.temperature,
    };
  };
  const loopParts = {
    layout,
    view,
    editor,
    reply,
    terminal,
    activity,
    notices,
    runtime,
    store: () => store,
    endpoint: () => withKey(endpoint.config, keys),
    settings: loopSettings,
  };

  function startLoop(task: Task, more: { resumeId?: string; editedCode?: string } = {}): Promise<void> {
    return exclusive(async (signal) => {
      taskEdited = false;
      notices.dismiss('interrupted');
      const { stored } = await playLoop(loopParts, { task, signal, ...more });
      // A session the history does not hold cannot be continued there: Continue starts afresh.
      if (!stored) taskEdited = true;
    });
  }

  async function open(id: string): Promise<boolean> {
    if (active) {
      notices.show('busy', 'Stop the running loop before opening another session.', 'warning');
      return false;
    }
    try {
      const [session, attempts] = await Promise.all([store?.getSession(id), store?.getAttempts(id)]);
      if (!session) throw new Error('That session is no longer in the history.');
      tasks.setTask(session.task);
      tasks.setCaps({
        maxIterations: session.settings.maxIterations,
        tokenBudget: session.settings.tokenBudget,
        timeBudgetSec: session.settings.timeBudgetSec,
      });
      taskEdited = false;
      view.load(session, attempts ?? []);
      activity.add(`Opened “${session.title}” from the history.`, 'idle');
      return true;
    } catch (err) {
      notices.show('open', `Could not open the session: ${err instanceof Error ? err.message : String(err)}`);
      return false;
    }
  }

  async function resume(id: string): Promise<void> {
    if (view.session?.id !== id && !(await open(id))) return;
    if (view.session) await startLoop(view.session.task, { resumeId: id });
  }

  const settingsDialog = createSettingsDialog({
    keys,
    current: () => endpoint,
    onSaved(settings, warning) {
      endpoint = settings;
      layout.setEndpoint(endpointLabel(settings));
      if (warning) notices.show('settings', warning, 'warning');
      else notices.dismiss('settings');
    },
  });
  const historyDialog = createHistoryDialog({
    store: () => store,
    unavailable: () => storeProblem,
    onOpen: (id) => void open(id),
    onResume: (id) => void resume(id),
  });

  const { buttons } = layout;
  buttons.runLoop.addEventListener('click', () => {
    const task = checkedTask();
    if (task) void startLoop(task);
  });
  buttons.continueFrom.addEventListener('click', () => {
    const editedCode = editor.getValue();
    if (!editedCode.trim())
      return layout.setVerdict('Write or paste code in the editor first, then continue from it.', 'error');
    const current = view.session;
    if (current && store && !taskEdited) return void startLoop(current.task, { resumeId: current.id, editedCode });
    const task = checkedTask();
    if (task) void startLoop(task, { editedCode });
  });
  buttons.runOnce.addEventListener('click', () => {
    const task = checkedTask();
    if (task) void exclusive((signal) => runOnce({ layout, editor, terminal, runtime }, task, signal));
  });
  buttons.stop.addEventListener('click', () => active?.abort());
  buttons.settings.addEventListener('click', () => settingsDialog.open());
  buttons.history.addEventListener('click', () => historyDialog.open());

  startUp({
    root,
    python,
    layout,
    notices,
    onStore(s) {
      store = s;
      // A session deleted from the history (here or in another tab) can no longer be continued.
      s.onHistoryChanged((change) => {
        if (change.kind === 'deleted' && view.session && change.ids.includes(view.session.id)) taskEdited = true;
      });
    },
    onStoreFailed(message) {
      storeProblem = message;
    },
    openInterrupted: (id) => void open(id),
  });
}
