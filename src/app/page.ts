// The loop page: mounts the views into the layout and connects its buttons. Runs go through
// loop-control.ts (the loop) and run-once.ts (one run, no model); sessions come and go through
// the history store, which start-up.ts opens; page-sessions.ts holds what the buttons start.
import { createKeyStore, withKey } from '../models/keys.ts';
import { mountWebPageView } from '../ui/kinds/web/page-view.ts';
import { SandboxRuntime } from '../sandbox/sandbox-runtime.ts';
import { ALL_EXAMPLES } from '../shared/examples.ts';
import { mountEditor } from '../ui/editor/editor.ts';
import { mountLayout } from '../ui/layout/layout.ts';
import { mountReply } from '../ui/reply/reply-view.ts';
import { mountTaskPanel } from '../ui/task/task-panel.ts';
import { loadTaskDraft } from '../ui/task/task-draft.ts';
import { createTerminal } from '../ui/terminal/terminal.ts';
import { mountRunResults } from '../ui/results/run-results.ts';
import { mountActivity } from '../ui/layout/activity.ts';
import { ENDPOINT_CHANGED, endpointLabel, loadEndpointSettings, saveEndpointSettings } from './endpoint-settings.ts';
import { installBenchRoute } from './bench-route.ts';
import { installShare } from '../ui/share/share-code.ts';
import { installCompareToggle } from './compare-toggle.ts';
import { createHistoryDialog } from '../ui/history/history-dialog.ts';
import { mountNotices } from '../ui/layout/notices.ts';
import { checkedLoopTask, checkedTask, openSession, resumeSession, startLoop } from './page-sessions.ts';
import { PageState } from './page-state.ts';
import { runOnce } from './run-once.ts';
import { runProject } from './run-project.ts';
import { pageNodeRunner } from './node-runner.ts';
import { mountSessionView } from '../ui/session/session-view.ts';
import { createSettingsDialog } from '../ui/settings/settings-dialog.ts';
import { createShortcutHelp } from '../ui/layout/shortcut-help.ts';
import { pageTypeScriptChecker } from './typescript-checker.ts';
import { startUp, type StartingRuntime } from './start-up.ts';
import { kindOf } from '../kinds/registry.ts';

export function mountApp(root: HTMLElement, python: StartingRuntime): void {
  const page = mountViews(root, python);
  connectButtons(page);
  installCompareToggle(page);
  installBenchRoute(page);
  installShare(page);
  startUp({
    root,
    python,
    layout: page.layout,
    notices: page.notices,
    onStore(store) {
      page.storeOpened(store);
      // A session deleted from the history (here or in another tab) can no longer be continued.
      store.onHistoryChanged((change) => {
        const shown = page.view.session;
        if (change.kind === 'deleted' && shown && change.ids.includes(shown.id)) page.taskChanged();
      });
    },
    onStoreFailed(message) {
      page.storeFailed(message);
    },
    openInterrupted: (id) => void openSession(page, id),
  });
}

/** Builds every view of the page into the layout; the page starts with no store and nothing running. */
function mountViews(root: HTMLElement, python: StartingRuntime): PageState {
  const layout = mountLayout(root);
  const notices = mountNotices(layout.slots.notices);
  const endpoint = loadEndpointSettings();
  layout.setEndpoint(endpointLabel(endpoint));

  // The callbacks below that use `page` run on the person's actions, after it is built.
  const draft = loadTaskDraft();
  const tasks = mountTaskPanel(layout.slots.task, {
    examples: ALL_EXAMPLES,
    task: draft?.task,
    proposals: draft?.proposals,
    suspect: draft?.suspect,
    keepDraft: true,
    onProposeTests: () => void import('./propose-tests.ts').then((m) => m.proposeTests(page)),
    onChange: () => page.taskChanged(),
    onRun: layout.runShortcut,
    onKind: (project) => layout.setProjectMode(project),
    onWeb: (on) => root.classList.toggle('kind-web', on),
    onSql: (on) =>
      void import('./sql-workspace.ts').then((m) =>
        m.showSqlWorkspace(root, on, page.runtime, () => withKey(page.endpoint.config, page.keys)),
      ),
    onAgent: (on) => void import('./agent-workspace.ts').then((m) => m.showAgentWorkspace(page, on)),
    // The candidate editor follows the task's language.
    onLanguage: (language) => void editor.setLanguage(language),
  });
  const editor = mountEditor(layout.slots.editor, {
    doc: tasks.getTask().starterCode ?? '',
    label: 'Candidate code',
    placeholder:
      "The model's code appears here. You can also write code and press Run once, or Continue from this code.",
    onRun: layout.runShortcut,
    language: tasks.getTask().language,
    // The checker worker answers them; it starts the first time the editor is used for TypeScript or JavaScript.
    intel: pageTypeScriptChecker().intel,
  });
  const reply = mountReply(layout.slots.reply);
  const webPage = mountWebPageView(layout.slots.page, {
    onLiveStuck: () => python instanceof SandboxRuntime && python.previewStuck(),
  });
  const activity = mountActivity(layout.slots.reply);
  const terminal = createTerminal(layout.slots.terminal, (count) => layout.setConsoleCount(count));
  const results = mountRunResults(layout.slots.results);
  const view = mountSessionView({
    layout,
    editor,
    reply,
    terminal,
    results,
    prices: () => page.endpoint.config,
    page: webPage,
    onResume: () => void (view.session && resumeSession(page, view.session.id)),
  });

  const page = new PageState(
    {
      root,
      layout,
      notices,
      tasks,
      editor,
      reply,
      activity,
      terminal,
      results,
      view,
      webPage,
      runtime: python,
      keys: createKeyStore(),
    },
    endpoint,
  );
  return page;
}

/** The toolbar's buttons, and the settings and history dialogs they open. */
function connectButtons(page: PageState): void {
  const { layout, editor } = page;
  const settingsDialog = createSettingsDialog({
    keys: page.keys,
    current: () => page.endpoint,
    save: saveEndpointSettings,
    onSaved(settings, warning) {
      page.setEndpoint(settings);
      layout.setEndpoint(endpointLabel(settings));
      page.root.dispatchEvent(new Event(ENDPOINT_CHANGED));
      if (warning) page.notices.show('settings', warning, 'warning');
      else page.notices.dismiss('settings');
    },
  });
  const historyDialog = createHistoryDialog({
    store: () => page.store,
    unavailable: () => page.storeProblem,
    onOpen: (id) => void openSession(page, id),
    onResume: (id) => void resumeSession(page, id),
  });

  const { buttons } = layout;
  buttons.runLoop.addEventListener('click', () => {
    const task = checkedLoopTask(page);
    if (task) void startLoop(page, task);
  });
  buttons.continueFrom.addEventListener('click', () => {
    const editedCode = editor.getValue();
    if (!editedCode.trim()) return layout.refuse('Write or paste code in the editor first, then continue from it.');
    const current = page.continuable();
    if (current) return void startLoop(page, current.task, { resumeId: current.id, editedCode });
    const task = checkedLoopTask(page);
    if (task) void startLoop(page, task, { editedCode });
  });
  buttons.runOnce.addEventListener('click', () => {
    const task = checkedTask(page);
    if (task && kindOf(task).runner === 'run-once')
      return void page.exclusive((signal) =>
        runProject(
          { layout, terminal: page.terminal, results: page.results, runner: () => pageNodeRunner() },
          task,
          signal,
        ),
      );
    if (task)
      void page.exclusive((signal) =>
        runOnce(
          { layout, editor, terminal: page.terminal, results: page.results, runtime: page.runtime, page: page.webPage },
          task,
          signal,
        ),
      );
  });
  buttons.stop.addEventListener('click', () => page.stop());
  buttons.settings.addEventListener('click', () => settingsDialog.open());
  buttons.history.addEventListener('click', () => historyDialog.open());
  const keysDialog = createShortcutHelp();
  buttons.keys.addEventListener('click', () => keysDialog.open());
}
