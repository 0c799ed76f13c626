// Drafting an exercise's hints with the model: the teacher reviews them before they go out, and
// code is taken out of them as from any assistant reply.
import type { ChatRequest } from '../shared/model.ts';
import { filterCode } from './code-filter.ts';
import type { PackExercise, PackHint } from './types.ts';

export function hintDraftRequest(ex: PackExercise): ChatRequest {
  const parts = [
    `Exercise: ${ex.title} (${ex.language})`,
    `Statement:\n${ex.statement}`,
    `Visible tests:\n${ex.tests.map((t) => t.code).join('\n')}`,
  ];
  if (ex.solution !== undefined) parts.push(`Reference solution:\n${ex.solution}`);
  return {
    system:
      'You write hints for a programming exercise, for a student who is stuck. Write three hints, ' +
      'from gentle to specific, one per line, in plain words: no code, no numbering, nothing else.',
    messages: [{ role: 'user', content: parts.join('\n\n') }],
    maxTokens: 400,
  };
}

/** Up to three hints from the reply, unlocking after 1, 2 and 3 more failures than the last one kept. */
export function parseHintDraft(reply: string, after: PackHint[]): PackHint[] {
  const start = after.reduce((m, h) => Math.max(m, h.afterFailures), 0);
  return filterCode(reply)
    .text.split('\n')
    .map((l) => l.replace(/^\s*(?:[-*+•]|\d+[.)])\s*/, '').trim())
    .filter((l) => l && !l.startsWith('[code removed'))
    .slice(0, 3)
    .map((text, i) => ({ afterFailures: start + i + 1, text }));
}
