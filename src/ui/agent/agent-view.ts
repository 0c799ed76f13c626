// The "Agent" mode: a goal, a language, the user's files, Run and Stop, and the run as a
// notebook-like transcript with the files the code wrote to download. It holds no run of its
// own: the app starts and stops runs through the callbacks.
import type { AgentFile, AgentLanguage } from '../../shared/agent.ts';
import { fileBytes } from '../../shared/agent-files.ts';
import { formatBytes } from '../../shared/format.ts';
import { h } from '../common/dom.ts';
import { mountFileZone } from './file-zone.ts';
import { mountTranscript, type Transcript } from './transcript.ts';
import './agent.css';
import type { AgentExample } from '../../shared/agent-examples.ts';
import { numberField } from '../task/number-field.ts';

export interface AgentCaps {
  maxActions: number;
  actionTimeoutSec: number;
}

export interface AgentViewOptions {
  examples: readonly AgentExample[];
  /** Languages that have an interpreter here; the others are listed but cannot be picked. */
  languages: Record<AgentLanguage, boolean>;
  onRun(): void;
  onStop(): void;
}

export interface AgentView {
  el: HTMLElement;
  transcript: Transcript;
  goal(): string;
  language(): AgentLanguage;
  files(): AgentFile[];
  /** The caps, or a sentence per refused field. */
  caps(): AgentCaps | string[];
  /** A session opened from the history, or an example: its goal, language and files. */
  setInputs(goal: string, language: AgentLanguage, files: readonly AgentFile[]): void;
  setRunning(running: boolean): void;
  /** The line above the transcript: what is happening, or how the run ended. */
  setStatus(text: string, tone?: 'pending' | 'passed' | 'failed' | 'idle'): void;
  /** A standing line under the buttons (the demo model is scripted). */
  setNotice(text: string | undefined): void;
  /** The files the code wrote, each a download. */
  setOutputs(files: readonly AgentFile[]): void;
}

const LANGUAGE_NAMES: Record<AgentLanguage, string> = { python: 'Python', javascript: 'JavaScript' };

/** `inputs` takes the goal, files and buttons (the task column); `run` the transcript. */
export function mountAgentView(hosts: { inputs: HTMLElement; run: HTMLElement }, opts: AgentViewOptions): AgentView {
  const example = h('select', { id: 'agent-example' }, h('option', { value: '' }, 'Own goal'));
  for (const e of opts.examples) example.append(h('option', { value: e.id }, e.title));
  const goal = h('textarea', {
    id: 'agent-goal',
    rows: 6,
    spellcheck: 'true',
    placeholder: 'What should the code find out or make? For example: which region sold most in sales.csv?',
  });
  const language = h('select', { id: 'agent-language' });
  for (const [value, name] of Object.entries(LANGUAGE_NAMES)) {
    const on = opts.languages[value as AgentLanguage];
    language.append(h('option', { value, disabled: !on }, on ? name : `${name} (not available yet)`));
  }
  const files = mountFileZone(() => (example.value = ''));
  const run = h('button', { type: 'button', class: 'primary', 'data-testid': 'agent-run' }, 'Run agent');
  const stop = h('button', { type: 'button', class: 'danger', 'data-testid': 'agent-stop', disabled: true }, 'Stop');
  const notice = h('p', { class: 'agent-notice', role: 'note', 'data-testid': 'agent-notice', hidden: true });
  const status = h('p', {
    class: 'agent-status',
    role: 'status',
    'data-testid': 'agent-status',
    data: { tone: 'idle' },
  });
  const outputs = h('ul', { class: 'agent-downloads', 'data-testid': 'agent-downloads' });
  const outputsBox = h(
    'section',
    { class: 'agent-outputs', 'aria-label': 'Files the code wrote', hidden: true },
    h('h3', null, 'Files the code wrote'),
    outputs,
  );
  const transcript = mountTranscript();
  const maxActions = numberField('Max actions', { integer: true, min: 1, max: 100 }, 10, () => {});
  const timeout = numberField('Time limit per action (s)', { min: 0.1, max: 600 }, 10, () => {});
  let urls: string[] = [];
  const field = (id: string, text: string, control: HTMLElement): HTMLElement =>
    h('div', { class: 'field' }, h('label', { for: id }, text), control);

  const inputs = h(
    'section',
    { class: 'agent-inputs', 'aria-label': 'Agent goal and files' },
    h(
      'div',
      { class: 'agent-row' },
      field('agent-example', 'Example', example),
      field('agent-language', 'Language', language),
    ),
    field('agent-goal', 'Goal', goal),
    files.el,
    h('div', { class: 'agent-caps' }, maxActions.el, timeout.el),
    h('div', { class: 'agent-buttons' }, run, stop),
    notice,
  );
  const el = h('section', { class: 'agent-run', 'aria-label': 'Agent run' }, status, transcript.el, outputsBox);
  hosts.inputs.append(inputs);
  hosts.run.append(el);

  const setInputs = (g: string, lang: AgentLanguage, fs: readonly AgentFile[]): void => {
    goal.value = g;
    language.value = opts.languages[lang] ? lang : 'python';
    files.set(fs);
  };
  example.addEventListener('change', () => {
    const e = opts.examples.find((x) => x.id === example.value);
    if (e) setInputs(e.goal, e.language, e.files);
  });
  goal.addEventListener('input', () => (example.value = ''));
  run.addEventListener('click', () => opts.onRun());
  const first = opts.examples[0];
  if (first) {
    example.value = first.id;
    setInputs(first.goal, first.language, first.files);
  }
  stop.addEventListener('click', () => opts.onStop());
  goal.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !run.disabled) opts.onRun();
  });

  return {
    el,
    transcript,
    goal: () => goal.value,
    language: () => language.value as AgentLanguage,
    files: () => files.files(),
    caps() {
      const errors = [maxActions, timeout].map((f) => f.error()).filter((e): e is string => e !== undefined);
      if (errors.length) return errors;
      return { maxActions: maxActions.value() ?? 10, actionTimeoutSec: timeout.value() ?? 10 };
    },
    setInputs(g, lang, fs) {
      example.value = '';
      setInputs(g, lang, fs);
    },
    setRunning(running) {
      run.disabled = running;
      stop.disabled = !running;
      for (const c of [example, goal, language]) c.disabled = running;
      maxActions.setDisabled(running);
      timeout.setDisabled(running);
      files.setLocked(running);
      el.dataset.busy = String(running);
    },
    setStatus(text, tone = 'idle') {
      status.textContent = text;
      status.dataset.tone = tone;
    },
    setNotice(text) {
      notice.hidden = !text;
      notice.textContent = text ?? '';
    },
    setOutputs(list) {
      for (const url of urls) URL.revokeObjectURL(url);
      urls = list.map((f) =>
        URL.createObjectURL(new Blob([fileBytes(f) as BlobPart], { type: f.mime ?? 'application/octet-stream' })),
      );
      outputsBox.hidden = list.length === 0;
      outputs.replaceChildren(
        ...list.map((f, i) =>
          h(
            'li',
            null,
            h('a', { href: urls[i], download: f.name, 'data-testid': 'agent-download' }, f.name),
            ` (${formatBytes(f.size)})`,
          ),
        ),
      );
    },
  };
}
