// Tests proposed for a task: a request that asks the model for tests of the task statement only
// (no code), and the tests read back from its reply. The user accepts, edits or drops each one
// before it counts, so this only proposes: it never adds a test to a task by itself.
import type { ChatRequest } from '../shared/model.ts';
import { sameTestText } from '../shared/generated-tests.ts';
import type { Task } from '../shared/task.ts';
import { entryPointOf } from './assemble.ts';
import { stripReasoning } from './fences.ts';
import { fenceTag, languageName } from './language.ts';
import { splitReply, statements } from './behaviour/reply-tests.ts';

/** Tests asked for per request. */
const PROPOSED_COUNT = 6;
/** Proposals kept waiting at most: more would only bury the ones worth reading. */
export const MAX_PROPOSALS = 30;

function form(task: Task, entry: string | undefined): string {
  const call = entry === undefined ? 'the code' : `\`${entry}\``;
  if (task.language === 'python')
    return `one \`assert\` statement per line, each calling ${call} on one input and comparing the result with the exact expected value (\`assert ${entry ?? 'f'}(...) == ...\`)`;
  return `one Node \`assert\` call per line (\`assert.strictEqual(...)\` for plain values, \`assert.deepStrictEqual(...)\` for arrays and objects), each calling ${call} on one input with the exact expected value`;
}

export function proposeRequest(task: Task, count = PROPOSED_COUNT): ChatRequest {
  const entry = entryPointOf(task);
  const name = languageName(task.language);
  const tag = fenceTag(task.language);
  const parts = [`Task (${name}):\n${task.prompt.trim()}`];
  if (task.starterCode?.trim()) parts.push(`Starter code:\n\`\`\`${tag}\n${task.starterCode.trim()}\n\`\`\``);
  parts.push(
    `Write ${count} tests for this task in one fenced \`\`\`${tag} block: ${form(task, entry)}. ` +
      'Work each expected value out from the task description alone. Cover ordinary inputs and edge cases. ' +
      'Do not write the solution.',
  );
  return {
    system: `You write tests for ${name} programming tasks. Each test is a single line that checks one input. Answer with the tests only.`,
    messages: [{ role: 'user', content: parts.join('\n\n') }],
    maxTokens: 800,
  };
}

/** The tests in a reply, each once; those that do not call the entry point (when known) are left out. */
export function parseProposals(reply: string, task: Task): string[] {
  const entry = entryPointOf(task);
  let tests = splitReply(reply, task.language, entry).tests;
  if (tests.length === 0) {
    // No fenced block of tests: take assert lines written in the open.
    const calls = entry === undefined ? undefined : new RegExp(`(?<![\\w.])${entry}\\s*\\(`);
    tests = statements(stripReasoning(reply).text).filter((t) => !calls || calls.test(t));
  }
  const seen = new Set<string>();
  return tests.filter((t) => {
    const k = sameTestText(t);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export interface Merged {
  proposals: string[];
  added: number;
  /** Fresh tests left out because the task or the list already had them. */
  repeated: number;
}

/**
 * New proposals after the ones waiting: a test the task already has (given, accepted or waiting)
 * is not proposed twice. Nothing waiting is ever replaced, so nothing the user edited is lost.
 */
export function mergeProposals(waiting: readonly string[], known: readonly string[], fresh: readonly string[]): Merged {
  const have = new Set([...waiting, ...known].map(sameTestText));
  const proposals = [...waiting];
  let repeated = 0;
  for (const t of fresh) {
    const k = sameTestText(t);
    if (have.has(k)) {
      repeated++;
      continue;
    }
    if (proposals.length >= MAX_PROPOSALS) break;
    have.add(k);
    proposals.push(t);
  }
  return { proposals, added: proposals.length - waiting.length, repeated };
}
