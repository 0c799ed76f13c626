// The page frame for the loop: header, task column, editor and reply in the centre, results on
// the right. It only builds containers and buttons; the app mounts views into them and listens
// to the buttons, so the page-wide shortcuts work by clicking those same buttons. Splitters size
// the columns (splitters.ts, row-splitter.ts); on a narrow screen tabs show one panel at a time
// (panel-tabs.ts).
import { h, setText } from '../common/dom.ts';
import type { Tone } from '../common/verdict.ts';
import { mountPanelTabs, NARROW } from './panel-tabs.ts';
import { installShortcuts, shortcutHint } from './shortcuts.ts';
import { installRowSplitter } from './row-splitter.ts';
import { installSplitters } from './splitters.ts';
import type { ConsoleCount } from '../terminal/terminal.ts';
import { plural } from '../../shared/format.ts';

export interface LayoutOptions {
  /** Defaults to "Fixpoint". */
  appName?: string;
}

interface LayoutSlots {
  /** Page-wide messages (history storage full or unavailable), between header and panels. */
  notices: HTMLElement;
  task: HTMLElement;
  editor: HTMLElement;
  reply: HTMLElement;
  timeline: HTMLElement;
  /** The selected attempt's diagnosis and samples (reflexion, best-of-n, codet); hidden while empty. */
  strategy: HTMLElement;
  /** Under the feedback text: the selected attempt's trace, step by step. */
  trace: HTMLElement;
  /** Under the feedback text: a contest program's expected and actual output, side by side. */
  outputs: HTMLElement;
  diff: HTMLElement;
  /** The run's tests: outcomes, expected and actual values, the traceback. */
  results: HTMLElement;
  /** What the program printed (the console). */
  terminal: HTMLElement;
  /** A web page task's rendered page: picture, live preview, console (shown for that kind only). */
  page: HTMLElement;
}

interface LayoutButtons {
  runLoop: HTMLButtonElement;
  stop: HTMLButtonElement;
  continueFrom: HTMLButtonElement;
  runOnce: HTMLButtonElement;
  settings: HTMLButtonElement;
  history: HTMLButtonElement;
  /** Opens the keyboard shortcut help. */
  keys: HTMLButtonElement;
  benchmark: HTMLButtonElement;
}

export interface Layout {
  slots: LayoutSlots;
  buttons: LayoutButtons;
  /** "openai · gpt-4o-mini"; undefined means no endpoint, and Ctrl/Cmd+Enter then runs once. */
  setEndpoint(label: string | undefined): void;
  /**
   * Whether Python is up, in the header: its own place, so the page does not move under the pointer
   * when the start ends (a click in flight would land on whatever took the button's place).
   */
  setPythonState(state: PythonState): void;
  /**
   * A Node.js project runs with Run once and no model: the loop's buttons and panels (code, reply,
   * attempts, strategy, feedback, diff) are hidden, so the verdict and the output take their place.
   */
  setProjectMode(project: boolean): void;
  /** Disables the start buttons and enables Stop while the loop or a run is going. */
  setRunning(running: boolean): void;
  /** The verdict line, e.g. "failed — 2/3 tests (41 ms)"; an error is also announced. */
  setVerdict(text: string, tone?: Tone): void;
  /** A refusal, on the verdict line and brought into view (on a phone it sits below the code). */
  refuse(text: string): void;
  /** Says a short line to screen readers (loop progress, an attempt's verdict); nothing visible. */
  announce(text: string): void;
  /** How much the run printed, on the console's heading and tab: "Console (12 lines)". */
  setConsoleCount(count: ConsoleCount): void;
  /** The selected attempt's feedback, shown preformatted; undefined clears it. */
  setFeedback(text: string | undefined): void;
  /** What Ctrl/Cmd+Enter does: the loop with an endpoint, else one run. For editors' onRun. */
  runShortcut(): void;
  dispose(): void;
}

export type PythonState = keyof typeof PYTHON_STATE;

const PYTHON_STATE = {
  starting: 'Python starting…',
  ready: 'Python ready',
  failed: 'Python failed to start',
} as const;

// The visible text is the accessible name (so voice control can say it); the title adds detail.
function button(label: string, cls: string, testid: string, title?: string): HTMLButtonElement {
  return h('button', { type: 'button', class: cls, title, 'data-testid': testid }, label);
}

function panel(title: string, cls: string, ...content: HTMLElement[]): HTMLElement {
  const id = `panel-${cls}`;
  return h(
    'section',
    { class: `panel ${cls}`, id: `${cls}-section`, 'aria-labelledby': id },
    h('h2', { id }, title),
    ...content,
  );
}

/** "Console", "Console (1 line)", "Console (12 lines, 3 on stderr)". */
function consoleTitle({ lines, stderr }: ConsoleCount): string {
  if (!lines) return 'Console';
  return `Console (${plural(lines, 'line')}${stderr ? `, ${stderr} on stderr` : ''})`;
}

export function mountLayout(root: HTMLElement, opts: LayoutOptions = {}): Layout {
  const buttons: LayoutButtons = {
    runLoop: button('Run loop', 'primary run-loop', 'run-loop'),
    stop: button('Stop', 'danger stop', 'stop'),
    continueFrom: button(
      'Continue from this code',
      'continue-from',
      'continue',
      'Continue the loop from the code in the editor',
    ),
    runOnce: button('Run once', 'run-once', 'run-once', 'Run the code in the editor once, without the model'),
    settings: button('Settings', 'settings', 'open-settings', 'Endpoint and model settings'),
    history: button('History', 'history', 'open-history', 'Saved sessions'),
    keys: button('Keys', 'keys', 'open-keys', 'Keyboard shortcuts'),
    benchmark: button('Benchmark', 'benchmark', 'open-benchmark', 'Run a dataset through the loop and plot it'),
  };
  buttons.stop.disabled = true;

  const slots: LayoutSlots = {
    notices: h('div', { class: 'slot slot-notices', 'data-testid': 'notices' }),
    task: h('div', { class: 'slot slot-task' }),
    editor: h('div', { class: 'slot slot-editor', 'data-testid': 'editor' }),
    reply: h('div', { class: 'slot slot-reply' }),
    // Scrolls when there are many attempts, so it takes focus and arrow keys like the other scroll areas.
    timeline: h('div', { class: 'slot slot-timeline', tabindex: 0, role: 'region', 'aria-label': 'Attempts table' }),
    strategy: h('div', { class: 'slot slot-strategy', 'data-testid': 'strategy' }),
    trace: h('div', { class: 'slot slot-trace' }),
    outputs: h('div', { class: 'slot slot-outputs' }),
    diff: h('div', { class: 'slot slot-diff' }),
    results: h('div', { class: 'slot slot-results' }),
    terminal: h('div', { class: 'slot slot-terminal', 'data-testid': 'terminal' }),
    page: h('div', { class: 'slot slot-page' }),
  };
  const endpoint = h('span', { class: 'endpoint', 'data-testid': 'endpoint' });
  const python = h('span', { class: 'python-state', role: 'status', 'data-testid': 'python-state' });
  // Not a live region itself: the announcer says the loop's progress once, in shorter words.
  const verdict = h('div', { class: 'verdict', 'data-testid': 'verdict', data: { tone: 'pending' } });
  const announcer = h('div', {
    class: 'visually-hidden',
    role: 'log',
    'aria-live': 'polite',
    'aria-label': 'Loop progress',
    'data-testid': 'announcer',
  });
  const feedback = h('pre', {
    class: 'feedback',
    tabindex: 0,
    role: 'region',
    'aria-label': 'Feedback text',
    'data-testid': 'feedback',
  });

  const toolbar = h(
    'div',
    { class: 'toolbar', role: 'toolbar', 'aria-label': 'Loop controls' },
    buttons.runLoop,
    buttons.stop,
    buttons.continueFrom,
    buttons.runOnce,
    h('span', { class: 'hint' }, shortcutHint()),
  );
  const consolePanel = panel(consoleTitle({ lines: 0, stderr: 0 }), 'output', slots.terminal);
  const consoleHeading = consolePanel.querySelector('h2')!;
  const cols = {
    task: h('aside', { class: 'col col-task', id: 'col-task', 'aria-label': 'Task' }, slots.task),
    centre: h(
      'div',
      { class: 'col col-centre', id: 'col-centre' },
      toolbar,
      panel('Code', 'code', slots.editor),
      panel('Model reply', 'reply-panel', slots.reply),
    ),
    results: h(
      'div',
      { class: 'col col-results', id: 'col-results' },
      verdict,
      panel('Page', 'page-panel', slots.page),
      panel('Attempts', 'attempts', slots.timeline),
      panel('Strategy', 'strategy-panel', slots.strategy),
      panel('Feedback', 'feedback-panel', feedback, slots.outputs, slots.trace),
      panel('Diff', 'diff-panel', slots.diff),
      panel('Results', 'results-panel', slots.results),
      consolePanel,
    ),
  };
  const main = h('main', { class: 'app-main' }, cols.task, cols.centre, cols.results);
  const page = h(
    'div',
    { class: 'app' },
    h(
      'header',
      { class: 'app-header' },
      h('h1', null, opts.appName ?? 'Fixpoint'),
      endpoint,
      python,
      h(
        'nav',
        { class: 'app-nav', 'aria-label': 'Panels' },
        buttons.settings,
        buttons.history,
        buttons.benchmark,
        h(
          'a',
          { class: 'button-link', href: '?classroom', title: 'Practise a pack of exercises, or write one' },
          'Classroom',
        ),
        buttons.keys,
      ),
    ),
    slots.notices,
    announcer,
  );
  const tabs = mountPanelTabs(page, {
    task: cols.task.id,
    code: cols.centre.id,
    results: cols.results.id,
    console: consolePanel.id,
  });
  page.append(tabs.bar, main);
  root.append(page);
  const removeColumnSplitters = installSplitters(main, cols);
  const removeRowSplitter = installRowSplitter(
    cols.centre,
    cols.centre.querySelector<HTMLElement>('.panel.code')!,
    cols.centre.querySelector<HTMLElement>('.reply-panel')!,
  );
  const narrow = matchMedia(NARROW);
  // On a narrow screen the controls and the verdict lead every tab, in the reading and Tab order
  // too; on a wide one they head the centre and the results columns.
  const placeControls = (): void => {
    if (narrow.matches) main.prepend(toolbar, verdict);
    else {
      cols.centre.prepend(toolbar);
      cols.results.prepend(verdict);
    }
  };
  placeControls();
  narrow.addEventListener('change', placeControls);

  let hasEndpoint = false;
  let projectMode = false;
  const runShortcut = (): void => {
    const target = hasEndpoint && !projectMode ? buttons.runLoop : buttons.runOnce;
    if (!target.disabled) target.click();
  };
  const removeShortcuts = installShortcuts({
    run: runShortcut,
    stop: () => {
      if (!buttons.stop.disabled) buttons.stop.click();
    },
  });

  const layout: Layout = {
    slots,
    buttons,
    setEndpoint(label) {
      hasEndpoint = label !== undefined;
      setText(endpoint, label ?? 'No endpoint: set one in Settings');
      endpoint.classList.toggle('missing', !hasEndpoint);
    },
    setPythonState(state) {
      setText(python, PYTHON_STATE[state]);
      python.dataset.state = state;
    },
    setProjectMode(project) {
      projectMode = project;
      page.classList.toggle('kind-project', project);
      buttons.runLoop.hidden = buttons.continueFrom.hidden = project;
    },
    setRunning(running) {
      for (const b of [buttons.runLoop, buttons.continueFrom, buttons.runOnce]) b.disabled = running;
      buttons.stop.disabled = !running;
      page.classList.toggle('running', running);
      // On a narrow screen a run shows the panel where its verdict and attempts arrive.
      if (running && narrow.matches) tabs.select('results');
    },
    setVerdict(text, tone = 'pending') {
      setText(verdict, text);
      verdict.dataset.tone = tone;
      // Why a button did nothing must reach screen readers too.
      if (tone === 'error') layout.announce(text);
    },
    refuse(text) {
      layout.setVerdict(text, 'error');
      verdict.scrollIntoView({ block: 'nearest' });
    },
    announce(text) {
      announcer.append(h('p', null, text));
      // The region keeps only the recent lines; older ones were already read out.
      while (announcer.childElementCount > 8) announcer.firstElementChild?.remove();
    },
    setConsoleCount(count) {
      const title = consoleTitle(count);
      setText(consoleHeading, title);
      // The tab is short on a phone: the stderr count stays on the panel's heading.
      tabs.setLabel('console', consoleTitle({ lines: count.lines, stderr: 0 }));
    },
    setFeedback(text) {
      setText(feedback, text ?? '');
      feedback.classList.toggle('empty', !text);
    },
    runShortcut,
    dispose() {
      removeShortcuts();
      removeColumnSplitters();
      removeRowSplitter();
      narrow.removeEventListener('change', placeControls);
      page.remove();
    },
  };
  layout.setEndpoint(undefined);
  layout.setFeedback(undefined);
  return layout;
}
