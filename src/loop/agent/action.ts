// The action in a model's reply: its one fenced code block. A reply with several runs the first
// and says so; a reply with none is the answer (its prose).
import type { AgentLanguage } from '../../shared/agent.ts';
import { splitFences, stripReasoning } from '../fences.ts';

const TAGS: Record<AgentLanguage, ReadonlySet<string>> = {
  python: new Set(['python', 'py', 'python3', '']),
  javascript: new Set(['javascript', 'js', 'mjs', 'node', '']),
};

export interface Action {
  /** The code to run; absent when the reply has no block in the run's language. */
  code?: string;
  /** The reply without its code blocks: the answer when there is no code. */
  prose: string;
  /** Said to the model before the observation (only the first block ran). */
  note?: string;
}

export function actionOf(reply: string, language: AgentLanguage): Action {
  const { text } = stripReasoning(reply);
  const { blocks, prose } = splitFences(text);
  const runnable = blocks.filter((b) => TAGS[language].has(b.tag) && b.body.trim() !== '');
  const first = runnable[0];
  if (!first) return { prose: prose.trim() || text.trim() };
  const note =
    runnable.length > 1
      ? `Your reply had ${runnable.length} code blocks; only the first ran. Send one block per reply.`
      : undefined;
  return { code: first.body, prose: prose.trim(), ...(note ? { note } : {}) };
}
