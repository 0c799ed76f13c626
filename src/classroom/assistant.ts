// What the assistant may see and when it may answer. In hint and explain modes the model gets
// the statement, the student's code, the visible failures and (to ground it) the pack's solution;
// the hidden tests are never passed in here, so no request can carry them.
import type { ChatRequest } from '../shared/model.ts';
import { assistantRequestsLeft } from './hints.ts';
import type { PackExercise } from './types.ts';

export type AskMode = 'hint' | 'explain';

interface VisibleFailure {
  name: string;
  message: string;
}

export interface AssistantQuestion {
  mode: AskMode;
  code: string;
  /** Visible tests that failed on the student's last run. */
  failures: VisibleFailure[];
  /** What the student typed; may be empty. */
  question: string;
}

export type AssistantGate =
  { open: true; left: number } | { open: false; reason: 'off' | 'solve-only' | 'used-up'; message: string };

/** Whether one more request may go to the model; a refused one never reaches it. */
export function assistantGate(ex: PackExercise, used: number, mode: AskMode | 'solve'): AssistantGate {
  const m = ex.assistant.mode;
  if (m === 'off') return { open: false, reason: 'off', message: 'The assistant is off for this exercise.' };
  if ((m === 'solve') !== (mode === 'solve'))
    return { open: false, reason: 'solve-only', message: `This exercise's assistant works in ${m} mode only.` };
  const left = assistantRequestsLeft(ex, used);
  if (left === 0)
    return {
      open: false,
      reason: 'used-up',
      message: `You have used all ${ex.assistant.maxRequests} assistant requests for this exercise.`,
    };
  return { open: true, left };
}

const fence = (lang: string, code: string): string => `\`\`\`${lang}\n${code.replace(/\n+$/, '')}\n\`\`\``;

const SYSTEM = {
  hint:
    'You are a patient programming tutor. A student is stuck on an exercise. Give ONE short hint ' +
    'that helps them find the next step themselves. Never write code for them, not even a line: ' +
    'describe ideas in words. Never reveal or paraphrase the reference solution.',
  explain:
    'You are a patient programming tutor. Explain, in plain words, what the student\u2019s code does ' +
    'and why the failing tests fail, so they can fix it themselves. Never write code for them, ' +
    'not even a corrected line. Never reveal or paraphrase the reference solution.',
} as const;

export function assistantRequest(ex: PackExercise, q: AssistantQuestion): ChatRequest {
  const parts = [
    `Exercise: ${ex.title} (${ex.language})`,
    `Statement:\n${ex.statement}`,
    `The student's code:\n${fence(ex.language, q.code)}`,
    q.failures.length
      ? `Visible tests that fail:\n${q.failures.map((f) => `- ${f.name}: ${f.message || 'failed'}`).join('\n')}`
      : 'The student has not run failing visible tests yet.',
  ];
  if (ex.solution !== undefined)
    parts.push(`Reference solution, for you only (the student must not see it):\n${fence(ex.language, ex.solution)}`);
  parts.push(q.question.trim() ? `The student asks: ${q.question.trim()}` : 'The student asks for help.');
  return { system: SYSTEM[q.mode], messages: [{ role: 'user', content: parts.join('\n\n') }], maxTokens: 600 };
}
