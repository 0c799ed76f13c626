// The assistant beside an exercise. hint/explain: the model sees the statement, the student's
// code, the visible failures and the solution; its reply passes the code filter before it is
// shown. solve: the normal loop. Every answered request is kept with the exercise's progress
// and counts against maxRequests; a request past the cap is refused before any model call, and
// so is one to the demo model, which cannot help with an exercise: it would spend a request.
import { assistantGate, assistantRequest, type AskMode } from '../../classroom/assistant.ts';
import { filterCode } from '../../classroom/code-filter.ts';
import type { PracticeOutcome } from '../../classroom/practice.ts';
import type { PackExercise } from '../../classroom/types.ts';
import { createModelClient } from '../../models/create-client.ts';
import { demoCannot, isDemoEndpoint } from '../../models/demo.ts';
import { errorMessage } from '../../shared/error-message.ts';
import type { Runtime } from '../../shared/runtime.ts';
import type { ExerciseProgress } from '../../store/classroom-store.ts';
import { demoNotice } from '../common/demo-notice.ts';
import { append, clear, h, setText } from '../common/dom.ts';
import type { ClassroomModels } from './models.ts';
import { solveExercise, solveSummary } from './solve.ts';

export interface AssistantPanelOptions {
  packId: string;
  ex: PackExercise;
  progress: ExerciseProgress;
  models: ClassroomModels;
  runtime: Runtime;
  code(): string;
  lastRun(): PracticeOutcome | undefined;
  save(): void;
  /** solve mode: the loop's passing code, for the editor. */
  onSolved(code: string): void;
}

const ASK_LABEL: Record<AskMode, string> = { hint: 'Ask for a hint', explain: 'Explain my code' };

export function mountAssistantPanel(root: HTMLElement, o: AssistantPanelOptions): void {
  const { ex, progress: p } = o;
  clear(root);
  const mode = ex.assistant.mode;
  if (mode === 'off') return;
  const counter = h('p', { class: 'classroom-ai-counter' });
  const status = h('p', { role: 'status', 'aria-live': 'polite', class: 'classroom-ai-status' });
  const replies = h('ol', { class: 'classroom-ai-replies', 'aria-label': 'Assistant replies' });
  const question = h('textarea', { id: 'ai-question', rows: 2, class: 'classroom-ai-question' });
  const button = h(
    'button',
    { type: 'button', on: { click: () => void (mode === 'solve' ? solve() : ask(mode)) } },
    mode === 'solve' ? 'Solve with the model' : ASK_LABEL[mode],
  );
  const demo = (): boolean => isDemoEndpoint(o.models.endpoint());
  append(
    root,
    h('h3', null, 'Assistant'),
    demo()
      ? demoNotice(
          demoCannot('help with this exercise', 'in Settings on the loop page'),
          ' ',
          h('a', { href: './' }, 'Open the loop page'),
          '. Until then no request is used.',
        )
      : h('p', null, `Answers come from ${o.models.label()}.`),
    mode === 'solve' ? null : h('p', null, h('label', { for: 'ai-question' }, 'Your question (optional)'), question),
    h('p', null, button),
    counter,
    status,
    replies,
  );

  function render(): void {
    const left = Math.max(0, ex.assistant.maxRequests - p.exchanges.length);
    setText(counter, `${left} of ${ex.assistant.maxRequests} assistant requests left.`);
    clear(replies);
    for (const x of p.exchanges) {
      append(
        replies,
        h(
          'li',
          null,
          x.question ? h('p', { class: 'classroom-ai-asked' }, `You asked: ${x.question}`) : null,
          h('p', { class: 'classroom-ai-reply' }, x.reply),
        ),
      );
    }
  }

  /** Passes the gate and locks the button, or says why not; false means no model call. */
  function begin(m: AskMode | 'solve'): boolean {
    if (demo()) {
      setText(status, 'Not sent: the demo model cannot help here (see above). No request was used.');
      return false;
    }
    const gate = assistantGate(ex, p.exchanges.length, m);
    if (!gate.open) {
      setText(status, gate.message);
      return false;
    }
    button.disabled = true;
    setText(status, 'Waiting for the assistant…');
    return true;
  }

  function keep(m: string, q: string, reply: string): void {
    p.exchanges.push({ at: Date.now(), mode: m, question: q, reply });
    o.save();
    render();
  }

  async function ask(m: AskMode): Promise<void> {
    if (!begin(m)) return;
    const q = question.value.trim();
    const failures = (o.lastRun()?.visible ?? []).filter((v) => v.status !== 'pass');
    try {
      const client = createModelClient(o.models.endpoint());
      const res = await client.chat(assistantRequest(ex, { mode: m, code: o.code(), failures, question: q }));
      const shown = filterCode(res.text);
      keep(m, q, shown.text || 'The reply held only code, which was removed.');
      question.value = '';
      setText(
        status,
        shown.removed ? 'Reply shown; code in it was removed: write that part yourself.' : 'Reply shown.',
      );
    } catch (err) {
      setText(status, `The assistant could not answer: ${errorMessage(err)}`);
    } finally {
      button.disabled = false;
    }
  }

  async function solve(): Promise<void> {
    if (!begin('solve')) return;
    try {
      const out = await solveExercise(o.packId, ex, {
        models: o.models,
        runtime: o.runtime,
        onStatus: (s) => setText(status, s),
      });
      keep('solve', '', `The model ${solveSummary(out)}.`);
      if (out.passed && out.finalCandidate !== undefined) o.onSolved(out.finalCandidate);
      setText(status, out.passed ? 'The model solved it; its code is in the editor.' : 'The model did not solve it.');
    } catch (err) {
      setText(status, `The loop could not run: ${errorMessage(err)}`);
    } finally {
      button.disabled = false;
    }
  }

  render();
}
