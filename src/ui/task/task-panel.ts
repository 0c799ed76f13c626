// The task panel: pick an example or write a task, edit its code, tests, limits and caps.
// getTask() hands back the task as edited; refused numbers never reach it.
import type { Task, TaskKind } from '../../shared/task.ts';
import { fromPanelTask, toPanelTask, type PanelTask } from './panel-task.ts';
import { DEFAULT_LIMITS, type Language } from '../../shared/run.ts';
import { h, setText } from '../common/dom.ts';
import type { Editor } from '../editor/editor.ts';
import { mountEditor, mountTestsEditor } from '../editor/editor.ts';
import { LANGUAGE_NAMES } from '../../shared/languages.ts';
import { numberField } from './number-field.ts';
import { strategyPicker } from '../common/strategy-picker.ts';
import type { StrategySettings } from '../../shared/strategy.ts';
import { testsToText, textToTests } from './tests-text.ts';
import { mountProjectEditor } from './project-editor.ts';
import { STARTER_PROJECT } from '../../shared/node-project.ts';
import type { SuspectTest } from '../../shared/selection.ts';
import { mountGeneratedTests, type GeneratedTests } from './generated-tests.ts';
import { saveTaskDraft } from './task-draft.ts';
import { capToKiB, kibToCap } from './output-cap.ts';
import { mountProgramTests } from '../kinds/program/test-table.ts';
import { kindOptions, viewsOfKind } from '../kinds/registry.ts';

interface TaskCaps {
  maxIterations: number;
  tokenBudget?: number;
  timeBudgetSec?: number;
}

const DEFAULT_CAPS: TaskCaps = { maxIterations: 5 };

export interface TaskPanelOptions {
  /** Example tasks for the picker. */
  examples: readonly Task[];
  /** Shown first; defaults to the first example, else a blank task. */
  task?: Task;
  caps?: TaskCaps;
  /** After any accepted edit, and after picking an example. */
  onChange?(): void;
  /** Ctrl/Cmd+Enter inside the panel's editors. */
  onRun?(): void;
  /** The task's language changed (picked, or a task in another language was loaded). */
  onLanguage?(language: Language): void;
  /** The task became a Node.js project (true) or a code task: the page hides what does not apply. */
  onKind?(project: boolean): void;
  /** The task became a SQL query (true) or left that kind: the page shows its SQL workspace. */
  onSql?(on: boolean): void;
  /** The task became a web page (true) or left that kind: the page shows the rendered page. */
  onWeb?(on: boolean): void;
  /** The page switched to the agent mode (true) or left it: the page shows its agent workspace. */
  onAgent?(on: boolean): void;
  /** "Propose tests" was pressed. */
  onProposeTests?(): void;
  /** Proposals and suspect flags kept with `task` (from the saved draft). */
  proposals?: readonly string[];
  suspect?: readonly SuspectTest[];
  /** Keep the task as edited in this browser (task-draft.ts), so a reload does not lose it. */
  keepDraft?: boolean;
}

export interface TaskPanel {
  getTask(): Task;
  getCaps(): TaskCaps;
  /** The loop strategy the user picked (remembered across reloads). */
  getStrategy(): StrategySettings;
  /** Beside the strategy picker, for the page's strategy comparison. */
  readonly compareSlot: HTMLElement;
  setTask(task: Task): void;
  /** Shows the agent mode (a session from the history), or leaves it. */
  setAgentMode(on: boolean): void;
  /** Shows the SQL workspace (a SQL session opened from the history). */
  setSqlMode(on: boolean): void;
  setCaps(caps: TaskCaps): void;
  /** One sentence per field holding a refused value; empty when every field is accepted. */
  errors(): string[];
  /** While the loop runs, the task it runs on should not change under it. */
  setLocked(locked: boolean): void;
  /** The generated tests: proposals to accept, edit or drop, and the accepted ones. */
  readonly generated: GeneratedTests;
  dispose(): void;
}

function blankTask(): Task {
  return {
    kind: 'function',
    id: `task-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    title: 'Untitled task',
    prompt: '',
    language: 'python',
    tests: { kind: 'none' },
    limits: { ...DEFAULT_LIMITS },
  };
}

export function mountTaskPanel(root: HTMLElement, opts: TaskPanelOptions): TaskPanel {
  const saveDraft = (): void => {
    if (opts.keepDraft)
      saveTaskDraft({ task: readTask(), proposals: generated.proposals(), suspect: generated.suspect() });
  };
  const changed = (): void => {
    saveDraft();
    hint();
    opts.onChange?.();
  };
  // Said under the tests while there are none, given or generated, in a code task.
  const hint = (): void =>
    generated.hintNoTests(
      !base.project &&
        !isProgram() &&
        tests.getValue().trim() === '' &&
        generated.accepted().length + generated.proposals().length === 0,
    );
  const generated = mountGeneratedTests({
    onChange: (tests) => (tests ? changed() : (saveDraft(), hint())),
    onPropose: () => opts.onProposeTests?.(),
  });
  const picker = h('select', { id: 'task-example' }, h('option', { value: '' }, 'Blank task'));
  for (const t of opts.examples) picker.append(h('option', { value: t.id }, t.title));
  const options = kindOptions();
  const kind = h('select', { id: 'task-kind' }, ...options.map((o) => h('option', { value: o.value }, o.text)));
  /** The kind the picker shows. */
  const picked = (): TaskKind => options.find((o) => o.value === kind.value)?.kind ?? 'function';
  const programTests = mountProgramTests(() => changed());
  const isProgram = (): boolean => viewsOfKind(picked()).tests === 'table';
  const project = mountProjectEditor(changed);
  const language = h('select', { id: 'task-language' });
  for (const [value, name] of Object.entries(LANGUAGE_NAMES)) language.append(h('option', { value }, name));
  const title = h('input', { id: 'task-title', type: 'text', autocomplete: 'off' });
  const prompt = h('textarea', { id: 'task-prompt', class: 'task-prompt', rows: 8, spellcheck: 'true' });
  const starterHost = h('div', { class: 'task-editor' });
  const testsHost = h('div', { class: 'task-editor' });
  const testsLabel = h('span', { class: 'field-label' }, 'Tests');
  const testsField = h('div', { class: 'field' }, testsLabel, testsHost);
  const codeFields = h(
    'div',
    { class: 'task-code-fields' },
    h('div', { class: 'field' }, h('span', { class: 'field-label' }, 'Starter code'), starterHost),
    testsField,
    programTests.el,
    generated.el,
  );

  const timeout = numberField('Time limit (s)', { min: 0.1, max: 600 }, DEFAULT_LIMITS.timeoutSec, changed);
  const outputCap = numberField(
    'Output cap (KiB)',
    { min: 1, max: 65536 },
    capToKiB(DEFAULT_LIMITS.outputCap),
    changed,
  );
  const maxIterations = numberField(
    'Max iterations',
    { integer: true, min: 1, max: 100 },
    DEFAULT_CAPS.maxIterations,
    changed,
  );
  const tokenBudget = numberField('Token budget', { integer: true, min: 1, optional: true }, undefined, changed);
  const timeBudget = numberField('Time budget (s)', { min: 1, optional: true }, undefined, changed);
  const strategy = strategyPicker({
    idPrefix: 'strategy',
    legend: 'Strategy',
    storageKey: 'fixpoint.strategy',
    class: 'task-strategy',
  });
  const numbers = [timeout, outputCap, maxIterations, tokenBudget, timeBudget];
  const compareSlot = h('div', { class: 'task-compare' });
  const languageField = h('div', { class: 'field' }, h('label', { for: 'task-language' }, 'Language'), language);
  const promptField = h('div', { class: 'field' }, h('label', { for: 'task-prompt' }, 'Description'), prompt);
  const caps = h(
    'fieldset',
    { class: 'task-numbers' },
    h('legend', null, 'Caps per loop'),
    maxIterations.el,
    tokenBudget.el,
    timeBudget.el,
  );
  // What only the loop reads: a Node.js project runs with Run once, with no model.
  const loopOnly = [languageField, promptField, caps, strategy.el, compareSlot];

  const el = h(
    'section',
    { class: 'task-panel', 'aria-label': 'Task' },
    h('div', { class: 'field' }, h('label', { for: 'task-example' }, 'Example'), picker),
    h('div', { class: 'field task-kind-field' }, h('label', { for: 'task-kind' }, 'Kind'), kind),
    languageField,
    h('div', { class: 'field' }, h('label', { for: 'task-title' }, 'Title'), title),
    promptField,
    codeFields,
    project.el,
    h('fieldset', { class: 'task-numbers' }, h('legend', null, 'Limits per run'), timeout.el, outputCap.el),
    caps,
    strategy.el,
    compareSlot,
  );
  root.append(el);

  const starter: Editor = mountEditor(starterHost, {
    doc: '',
    label: 'Starter code',
    size: 'compact',
    placeholder: 'Optional code the model starts from',
    onChange: changed,
    onRun: opts.onRun,
  });
  const tests: Editor = mountTestsEditor(testsHost, {
    doc: '',
    placeholder: 'assert f(1) == 2',
    onChange: changed,
    onRun: opts.onRun,
  });

  // The task as loaded; edits are applied over it so fields the panel does not show survive.
  let base: PanelTask = toPanelTask(blankTask());

  function showLanguage(lang: Language): void {
    language.value = lang;
    void starter.setLanguage(lang);
    // A web page's checks are JavaScript run in the page.
    void tests.setLanguage(lang === 'html' ? 'javascript' : lang);
    opts.onLanguage?.(lang);
  }

  // A SQL query has its own workspace (src/ui/kinds/sql): the panel keeps only the kind picker.
  function showSql(on: boolean): void {
    if (on) showAgent(false);
    if (el.classList.contains('kind-sql') === on) return;
    el.classList.toggle('kind-sql', on);
    opts.onSql?.(on);
  }

  // The agent mode has its own workspace too (src/ui/agent): a goal and files instead of tests.
  function showAgent(on: boolean): void {
    if (on) showSql(false);
    if (el.classList.contains('kind-agent') === on) return;
    el.classList.toggle('kind-agent', on);
    if (on) kind.value = viewsOfKind('agent').option.value;
    opts.onAgent?.(on);
  }

  /** Shows the fields of a kind the panel edits (a kind with a workspace of its own opens over them). */
  function showFields(k: TaskKind): void {
    const { option, tests: shown } = viewsOfKind(k);
    showSql(false);
    showAgent(false);
    kind.value = option.value;
    // A Node.js project's files replace code and tests; it runs with Run once, with no model.
    const files = shown === 'files';
    codeFields.hidden = files;
    project.el.hidden = !files;
    for (const el of loopOnly) el.hidden = files;
    opts.onKind?.(files);
    // A web page: HTML code, JavaScript checks run in the rendered page, no language to pick.
    const checks = shown === 'checks';
    el.classList.toggle('kind-web', checks);
    languageField.hidden = checks || files;
    setText(testsLabel, checks ? 'Checks (JavaScript run in the page once it has loaded)' : 'Tests');
    opts.onWeb?.(checks);
    // A contest program's tests are a table of inputs and expected outputs, not code.
    const table = shown === 'table';
    testsField.hidden = table;
    generated.el.hidden = table;
    programTests.el.hidden = !table;
  }

  /** Opens or closes a kind's own workspace. */
  const workspaces = { sql: showSql, agent: showAgent };

  function setTask(task: Task, proposals: readonly string[] = [], suspect: readonly SuspectTest[] = []): void {
    const languageChanged = task.language !== base.language;
    base = toPanelTask(task);
    // A kind with a workspace of its own keeps a code task's fields beneath it.
    showFields(viewsOfKind(task.kind).workspace ? 'function' : task.kind);
    programTests.set(task.tests, task.hiddenTests);
    if (task.kind === 'project') project.set(task.project);
    if (languageChanged || language.value !== task.language) showLanguage(task.language);
    picker.value = task.kind !== 'project' && opts.examples.some((t) => t.id === task.id) ? task.id : '';
    title.value = task.title;
    prompt.value = task.prompt;
    starter.setValue(task.starterCode ?? '');
    tests.setValue(testsToText(task.tests));
    timeout.set(task.limits.timeoutSec);
    outputCap.set(capToKiB(task.limits.outputCap));
    generated.load(task.generatedTests ?? [], proposals, suspect);
    saveDraft();
    hint();
  }

  function setCaps(caps: TaskCaps): void {
    maxIterations.set(caps.maxIterations);
    tokenBudget.set(caps.tokenBudget);
    timeBudget.set(caps.timeBudgetSec);
  }

  picker.addEventListener('change', () => {
    setTask(opts.examples.find((t) => t.id === picker.value) ?? blankTask());
    changed();
  });
  kind.addEventListener('change', () => {
    const to = picked();
    const { workspace, tests: shown } = viewsOfKind(to);
    if (workspace) return workspaces[workspace](true);
    if (shown === 'table') {
      const { project: _dropped, ...rest } = base;
      base = {
        ...rest,
        tests: base.tests.kind === 'program' ? base.tests : { kind: 'program', inputs: [], outputs: [] },
      };
      if (base.language === 'html') showLanguage((base = { ...base, language: 'python' }).language);
      showFields(to);
      programTests.set(base.tests, base.hiddenTests);
      changed();
      return;
    }
    if (base.tests.kind === 'program') {
      const { hiddenTests: _hidden, ...rest } = base;
      base = { ...rest, tests: { kind: 'none' } };
      tests.setValue('');
    }
    if (shown === 'checks' || (shown === 'code' && base.language === 'html')) {
      const toWeb = shown === 'checks';
      const { project: _dropped, ...rest } = base;
      base = toWeb
        ? { ...rest, language: 'html', tests: base.tests.kind === 'web' ? base.tests : { kind: 'web', checks: '' } }
        : { ...rest, language: 'python', tests: { kind: 'none' } };
      tests.setValue(testsToText(base.tests));
      showLanguage(base.language);
      picker.value = '';
      showFields(to);
      return changed();
    }
    const isProject = shown === 'files';
    if (isProject) {
      base = { ...base, language: 'javascript', project: base.project ?? STARTER_PROJECT };
      project.set(base.project!);
      showLanguage('javascript');
      // The example's name would now stand over files that are not that example's.
      const example = opts.examples.find((t) => t.id === picker.value);
      if (example && title.value === example.title) title.value = 'Node.js project';
      picker.value = '';
    } else {
      const { project: _dropped, ...rest } = base;
      base = rest;
    }
    showFields(to);
    changed();
  });
  language.addEventListener('change', () => {
    const lang = language.value as Language;
    // HTML is the web page kind: its tests become checks run in the page.
    base =
      lang === 'html'
        ? { ...base, language: lang, tests: { kind: 'web', checks: tests.getValue() } }
        : { ...base, language: lang };
    if (lang === 'html') showFields('web');
    showLanguage(lang);
    changed();
  });
  title.addEventListener('input', changed);
  prompt.addEventListener('input', changed);

  function readTask(): Task {
    const starterCode = starter.getValue();
    const task: PanelTask = {
      ...base,
      title: title.value.trim() || 'Untitled task',
      prompt: prompt.value,
      tests: textToTests(tests.getValue(), base.tests),
      limits: {
        timeoutSec: timeout.value() ?? base.limits.timeoutSec,
        outputCap: kibToCap(outputCap.value(), base.limits.outputCap),
      },
    };
    if (starterCode.trim()) task.starterCode = starterCode;
    else delete task.starterCode;
    if (base.project) task.project = project.get();
    if (isProgram()) {
      const table = programTests.get();
      task.tests = table.tests;
      if (table.hidden) task.hiddenTests = table.hidden;
      else delete task.hiddenTests;
    }
    const accepted = generated.accepted();
    if (accepted.length > 0) task.generatedTests = accepted;
    else delete task.generatedTests;
    return fromPanelTask(task);
  }

  setTask(opts.task ?? opts.examples[0] ?? blankTask(), opts.proposals, opts.suspect);
  setCaps(opts.caps ?? DEFAULT_CAPS);

  return {
    getTask: readTask,
    getCaps() {
      const caps: TaskCaps = { maxIterations: maxIterations.value() ?? DEFAULT_CAPS.maxIterations };
      const tb = tokenBudget.value();
      const sec = timeBudget.value();
      if (tb !== undefined) caps.tokenBudget = tb;
      if (sec !== undefined) caps.timeBudgetSec = sec;
      return caps;
    },
    getStrategy: () => strategy.value(),
    compareSlot,
    setTask: (task) => setTask(task),
    setAgentMode: (on) => showAgent(on),
    setSqlMode: (on) => {
      if (on) kind.value = viewsOfKind('sql').option.value;
      showSql(on);
    },
    setCaps,
    errors: () => numbers.map((f) => f.error()).filter((e): e is string => e !== undefined),
    setLocked(locked) {
      for (const c of [picker, kind, language, title, prompt]) c.disabled = locked;
      project.setLocked(locked);
      for (const f of numbers) f.setDisabled(locked);
      strategy.setDisabled(locked);
      starter.setReadOnly(locked);
      tests.setReadOnly(locked);
      generated.setLocked(locked);
      programTests.setLocked(locked);
    },
    generated,
    dispose() {
      starter.dispose();
      tests.dispose();
      el.remove();
    },
  };
}
