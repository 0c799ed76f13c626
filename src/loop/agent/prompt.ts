// What the model is told at the start of an agent run: the goal, the files in its working
// directory, the language, the conventions (one fenced block per reply, the final answer) and
// the budget.
import type { AgentFile, AgentLanguage } from '../../shared/agent.ts';
import type { AgentGoal, AgentLimits } from '../../shared/agent-run.ts';
import { clip, formatBytes, plural } from '../../shared/format.ts';

/** Lines of a text file shown, and characters of each. */
const HEAD_LINES = 5;
const LINE_CHARS = 200;
/** Files listed at most; the rest are counted. */
const MAX_FILES = 30;

const FENCE: Record<AgentLanguage, string> = { python: 'python', javascript: 'javascript' };
const LANGUAGE_NAME: Record<AgentLanguage, string> = { python: 'Python', javascript: 'JavaScript' };
const FINAL_ANSWER: Record<AgentLanguage, string> = { python: 'final_answer', javascript: 'finalAnswer' };

export function agentSystemPrompt(language: AgentLanguage): string {
  const name = LANGUAGE_NAME[language];
  const fin = FINAL_ANSWER[language];
  const read =
    language === 'python'
      ? 'open(name), csv, json; display(obj) shows tables and pictures (objects with _repr_html_, _repr_png_, _repr_svg_ or _repr_markdown_)'
      : "require('node:fs').readFileSync(name, 'utf8') and fs.promises; top-level await works";
  return [
    `You reach a goal by running ${name} code in an interpreter that keeps its state: variables, functions and imports defined by one action are there for the next.`,
    `Reply with your reasoning in a few sentences and exactly one fenced code block (\`\`\`${FENCE[language]}). That block is run; you then see what it printed, the value of its last expression, what it displayed, or its error.`,
    `The user's files are in the working directory by name: ${read}. The code has no network.`,
    `When you know the answer, call ${fin}(value) in a code block: it ends the run with that value. A reply with no code block also ends the run, its text taken as the answer.`,
    'Keep each action small, look at the data before you compute with it, and do not repeat an action that already ran.',
  ].join('\n\n');
}

function describeFile(f: AgentFile): string {
  const head = `- ${f.name} (${formatBytes(f.size)})`;
  if (f.text === undefined) return `${head}, binary${f.mime ? ` (${f.mime})` : ''}`;
  const lines = f.text.replace(/\r?\n$/, '').split(/\r?\n/);
  const shown = lines.slice(0, HEAD_LINES).map((l) => `    ${clip(l, LINE_CHARS)}`);
  const more = lines.length > HEAD_LINES ? [`    … (${plural(lines.length, 'line')} in all)`] : [];
  return [`${head}, first lines:`, ...shown, ...more].join('\n');
}

function describeFiles(files: readonly AgentFile[]): string {
  if (files.length === 0) return 'The working directory is empty.';
  const listed = files.slice(0, MAX_FILES).map(describeFile);
  const more = files.length > MAX_FILES ? [`… and ${plural(files.length - MAX_FILES, 'more file')}`] : [];
  return ['Files in the working directory:', ...listed, ...more].join('\n');
}

function describeBudget(limits: AgentLimits): string {
  const parts = [
    `at most ${plural(limits.maxActions, 'action')}`,
    `${limits.actionTimeoutMs / 1000} s per action`,
    `${plural(limits.outputCap, 'character')} of output kept per action`,
  ];
  if (limits.tokenBudget !== undefined) parts.push(`${plural(limits.tokenBudget, 'token')} in all`);
  if (limits.timeBudgetMs !== undefined) parts.push(`${Math.round(limits.timeBudgetMs / 1000)} s in all`);
  return `Budget: ${parts.join(', ')}.`;
}

export function agentFirstMessage(goal: AgentGoal, limits: AgentLimits): string {
  return [
    `Goal:\n${goal.goal.trim()}`,
    `Language: ${LANGUAGE_NAME[goal.language]}.`,
    describeFiles(goal.files),
    describeBudget(limits),
  ].join('\n\n');
}
