// The run as a notebook: each action is a cell with the model's words, its code (highlighted,
// read-only) and what running it gave (output, value, rich output, error, a lost-state notice);
// the final answer closes it, marked as such. Everything from the model or the code goes in as
// text, except rich output, which rich-output.ts sanitises.
import type { AgentLanguage, Observation } from '../../shared/agent.ts';
import { h } from '../common/dom.ts';
import { codeBlock } from './code-block.ts';
import { richOutput } from './rich-output.ts';

/** One action as the transcript shows it (the loop's AgentStep fits it). */
interface TranscriptStep {
  /** 1-based. */
  index: number;
  /** The model's whole reply. */
  reply: string;
  code: string;
  /** Undefined while the action runs. */
  observation?: Observation;
}

export interface Transcript {
  el: HTMLElement;
  reset(language: AgentLanguage): void;
  /** The reply streaming in, before its code is known. */
  streaming(text: string): void;
  step(step: TranscriptStep): void;
  /** The run ended with an answer (`how` says whence: final_answer, a reply without code). */
  final(answer: string, how: string): void;
  /** A line of its own at the end: why the run stopped without an answer, a failure. */
  note(text: string, tone?: 'warning' | 'error' | 'idle'): void;
}

const FENCED = /```[^\n]*\n[\s\S]*?(```|$)/g;

/** The reply's words without its code block: the code has a cell of its own. */
export function replyWords(reply: string): string {
  return reply
    .replace(FENCED, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const ms = (n: number): string => (n < 1000 ? `${Math.round(n)} ms` : `${(n / 1000).toFixed(1)} s`);

function observationParts(o: Observation): HTMLElement[] {
  const parts: HTMLElement[] = [];
  if (o.stateLost)
    parts.push(
      h(
        'p',
        { class: 'agent-lost', role: 'note', 'data-testid': 'agent-state-lost' },
        'The interpreter was restarted: its state was lost. Variables, functions and imports from earlier actions are gone; files in the working folder are kept.',
      ),
    );
  if (o.timedOut)
    parts.push(h('p', { class: 'agent-timeout' }, 'The action ran past its time limit and was interrupted.'));
  if (o.output)
    parts.push(
      h('pre', { class: 'agent-output', 'data-testid': 'agent-output', 'aria-label': 'Output' }, o.output),
      ...(o.outputCut ? [h('p', { class: 'agent-cut' }, 'The output was cut at the cap.')] : []),
    );
  // As a notebook has it: what display() showed, in order, then the last expression's value.
  for (const item of o.rich) parts.push(richOutput(item));
  if (o.value !== undefined)
    parts.push(
      h(
        'pre',
        { class: 'agent-value', 'data-testid': 'agent-value' },
        h('span', { class: 'agent-out' }, 'Out: '),
        o.value,
      ),
    );
  if (o.error)
    parts.push(h('pre', { class: 'agent-error', 'data-testid': 'agent-error', 'aria-label': 'Error' }, o.error));
  if (parts.length === 0 && o.finalAnswer === undefined)
    parts.push(h('p', { class: 'agent-quiet' }, 'Ran without output.'));
  return parts;
}

export function mountTranscript(): Transcript {
  const list = h('ol', { class: 'agent-steps', 'data-testid': 'agent-steps' });
  const live = h('div', { class: 'agent-streaming', 'data-testid': 'agent-streaming', hidden: true });
  const tail = h('div', { class: 'agent-tail' });
  const el = h(
    'section',
    { class: 'agent-transcript', 'aria-label': 'Transcript', 'data-testid': 'agent-transcript' },
    list,
    live,
    tail,
  );
  let language: AgentLanguage = 'python';
  const cells = new Map<number, HTMLElement>();

  const cell = (s: TranscriptStep): HTMLElement => {
    const words = replyWords(s.reply);
    const obs = h('div', { class: 'agent-observation', 'aria-live': 'polite' });
    if (s.observation) obs.append(...observationParts(s.observation));
    else obs.append(h('p', { class: 'agent-running', 'data-testid': 'agent-running' }, 'Running…'));
    const timing = s.observation ? ` · ${ms(s.observation.ms)}` : '';
    return h(
      'li',
      {
        class: 'agent-step',
        'data-testid': 'agent-step',
        data: { index: String(s.index), done: String(!!s.observation) },
      },
      h('h3', { class: 'agent-step-title' }, `Action ${s.index}${timing}`),
      words ? h('p', { class: 'agent-words' }, words) : null,
      codeBlock(s.code, language),
      obs,
    );
  };

  return {
    el,
    reset(lang) {
      language = lang;
      cells.clear();
      list.replaceChildren();
      tail.replaceChildren();
      live.hidden = true;
      live.textContent = '';
    },
    streaming(text) {
      live.hidden = text === '';
      live.textContent = text;
    },
    step(s) {
      live.hidden = true;
      live.textContent = '';
      const next = cell(s);
      const old = cells.get(s.index);
      if (old) old.replaceWith(next);
      else list.append(next);
      cells.set(s.index, next);
    },
    final(answer, how) {
      live.hidden = true;
      tail.replaceChildren(
        h(
          'section',
          { class: 'agent-final', 'data-testid': 'agent-final', 'aria-labelledby': 'agent-final-title' },
          h('h3', { id: 'agent-final-title' }, 'Final answer'),
          h('pre', { class: 'agent-answer', 'data-testid': 'agent-answer' }, answer),
          h('p', { class: 'agent-how' }, how),
        ),
      );
      tail.scrollIntoView?.({ block: 'nearest' });
    },
    note(text, tone = 'idle') {
      live.hidden = true;
      tail.append(h('p', { class: 'agent-note', data: { tone }, 'data-testid': 'agent-note' }, text));
    },
  };
}
