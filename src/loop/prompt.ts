// What the model is told: the system prompt, the task message, and the repair turn.
import type { ChatMessage } from '../shared/model.ts';
import type { Language, TestSpec } from '../shared/run.ts';
import type { Task } from '../shared/task.ts';
import type { Attempt } from '../shared/session.ts';
import { entryPointOf, harnessPrefix } from './assemble.ts';
import { fenceTag, languageName } from './language.ts';
import { clip } from '../shared/format.ts';
import { PROPOSE_INPUTS_LEAD } from '../shared/selection.ts';
import { kindOf } from '../kinds/registry.ts';

export function systemPrompt(language: Language = 'python'): string {
  const name = languageName(language);
  return [
    `You write ${name} code that solves programming tasks.`,
    language === 'html'
      ? 'Your page is rendered in a browser frame with no network, checked by JavaScript run in it, and the results (failed checks, page errors, console errors) come back to you so that you can repair it.'
      : `Your code is run against tests in a ${name} sandbox with no network and no files, and the results come back to you so that you can repair it.`,
    `Always answer with the complete code in exactly one fenced \`\`\`${fenceTag(language)} block.`,
    language === 'python'
      ? 'Do not read input and do not print unless the task asks for it. Keep any explanation short.'
      : 'Do not read input and do not log unless the task asks for it. Keep any explanation short.',
  ].join(' ');
}

function fence(code: string, language: Language = 'python'): string {
  return `\`\`\`${fenceTag(language)}\n${code.replace(/\s+$/, '')}\n\`\`\``;
}

/** The tests as a model would read them; undefined when the task has none. */
function testsText(spec: TestSpec): string | undefined {
  switch (spec.kind) {
    case 'humaneval':
      return `${spec.test.trim()}\n\ncheck(${spec.entryPoint})`;
    case 'mbpp':
      return [spec.setup, ...spec.asserts].filter((s) => s.trim() !== '').join('\n') || undefined;
    case 'user':
      return spec.source.trim() || undefined;
    case 'none':
      return undefined;
    case 'program':
      return spec.inputs
        .map((input, i) => `Input:\n${input.trimEnd()}\nExpected output:\n${(spec.outputs[i] ?? '').trimEnd()}`)
        .join('\n\n');
    case 'web':
      return spec.checks.trim() || undefined;
  }
}

export const GENERATED_INTRO =
  'These tests were proposed by a model and accepted by the user; they run too, but they may be wrong (the description decides):';

/** The task's generated tests as a model reads them; undefined when it has none. */
function generatedText(task: Task): string | undefined {
  const tests = (task.generatedTests ?? []).map((t) => t.trim()).filter((t) => t !== '');
  return tests.length > 0 ? tests.join('\n') : undefined;
}

/** What a strategy adds to the requests of plain repair. */
export interface AskMode {
  /** reflexion: the model's diagnoses of earlier failures, oldest first. */
  memory?: readonly string[];
  /** reflexion: ask for a diagnosis of the latest failure instead of code. */
  reflect?: boolean;
  /** codet: ask for tests of the model's own after the code. */
  askTests?: boolean;
  /** Selection on contest programs: ask for this many inputs instead of code. */
  proposeInputs?: number;
}

export const REFLECT_TEXT =
  'Do not write code now. In at most three sentences, say why the code failed and what must change to fix it.';

function testsInstruction(task: Task): string {
  const entry = entryPointOf(task);
  const call = entry === undefined ? 'the code' : `\`${entry}\``;
  const form = task.language === 'python' ? 'one `assert` statement per line' : 'one `assert(...)` call per line';
  return ` After it, write a second fenced \`\`\`${fenceTag(task.language)} block with 5 tests of your own that call ${call} on new inputs and check the results, ${form}.`;
}

/** Asks for inputs, not code: each in a block of its own, in the statement's format, at the boundaries. */
function inputsInstruction(n: number): string {
  return `${PROPOSE_INPUTS_LEAD} Propose ${n} small inputs for this program that a correct solution must handle: each valid under the statement's constraints and in its exact input format, aimed at the boundaries (the fewest items allowed, a single item, equal items, the smallest and largest values allowed). Write each input in a fenced \`\`\`text block of its own, with nothing else in the block.`;
}

function answerInstruction(task: Task, mode: AskMode = {}): string {
  if (mode.proposeInputs !== undefined) return inputsInstruction(mode.proposeInputs);
  const tag = fenceTag(task.language);
  const answer =
    task.tests.kind === 'humaneval'
      ? `Reply with the complete function, signature included, in a single fenced \`\`\`${tag} block.`
      : `Reply with the complete solution in a single fenced \`\`\`${tag} block.`;
  return mode.askTests ? answer + testsInstruction(task) : answer;
}

export interface TaskTextOptions {
  showTests: boolean;
  /** Longest test listing kept, in characters. */
  testsChars: number;
}

function taskText(task: Task, o: TaskTextOptions): string {
  const parts: string[] = [];
  const prefix = harnessPrefix(task);
  // A HumanEval prompt is code; it may sit in the prompt, the starter code, or both.
  if (prefix !== undefined && (task.starterCode === undefined || task.starterCode.trim() === task.prompt.trim())) {
    parts.push(`Complete the following ${languageName(task.language)} code:\n${fence(prefix, task.language)}`);
  } else {
    parts.push(task.prompt.trim());
    if (task.starterCode?.trim()) parts.push(`Starter code:\n${fence(task.starterCode, task.language)}`);
  }
  const tests = o.showTests ? testsText(task.tests) : undefined;
  const generated = o.showTests ? generatedText(task) : undefined;
  const entry = entryPointOf(task);
  if (tests !== undefined) {
    const intro = kindOf(task).testsIntro(task);
    parts.push(`${intro.text}\n${fence(clip(tests, o.testsChars, { count: true }), intro.fence)}`);
  } else if (entry !== undefined) parts.push(`The tests call the function \`${entry}\`.`);
  else if (task.tests.kind === 'none' && !generated)
    parts.push('There are no tests: the program must run to the end without errors.');
  if (generated !== undefined)
    parts.push(`${GENERATED_INTRO}\n${fence(clip(generated, o.testsChars, { count: true }), task.language)}`);
  return parts.join('\n\n');
}

export function firstMessages(task: Task, o: TaskTextOptions, mode: AskMode = {}): ChatMessage[] {
  return [{ role: 'user', content: `${taskText(task, o)}\n\n${answerInstruction(task, mode)}` }];
}

const TACTIC_TEXT =
  'Your last attempts keep failing in the same way. Do not patch the previous code again: rethink the problem and solve it with a different approach.';

export interface RepairInput {
  task: Task;
  taskOptions: TaskTextOptions;
  latest: Attempt;
  /** Feedback on the latest attempt, at the detail the budget allows. */
  feedback: string;
  /** One line per earlier attempt, oldest first. */
  summaries: string[];
  /** Earlier attempts left out of `summaries`. */
  omitted: number;
  tactic: boolean;
  /** Longest reply text resent when the latest reply had no code. */
  replyChars: number;
  mode?: AskMode;
}

function earlierText(r: RepairInput): string {
  if (r.summaries.length === 0 && r.omitted === 0) return '';
  const lines = r.summaries.map((s) => `- ${s}`);
  if (r.omitted > 0) lines.unshift(`- (${r.omitted} earlier attempts not shown)`);
  return `Earlier attempts:\n${lines.join('\n')}\n\n`;
}

/** The diagnoses kept so far, as a note the model reads before it tries again. */
function memoryText(r: RepairInput): string {
  const notes = r.mode?.memory ?? [];
  if (notes.length === 0) return '';
  return `Your notes on earlier failures:\n${notes.map((n) => `- ${n}`).join('\n')}\n\n`;
}

function closing(r: RepairInput): string {
  if (r.mode?.reflect) return REFLECT_TEXT;
  const fix = r.tactic ? TACTIC_TEXT : 'Fix the code.';
  return `${fix} ${answerInstruction(r.task, r.mode)}`;
}

export function repairMessages(r: RepairInput): ChatMessage[] {
  const first = firstMessages(r.task, r.taskOptions, r.mode);
  const earlier = earlierText(r) + memoryText(r);
  if (r.latest.source === 'user' && r.latest.candidate !== undefined) {
    // The model did not write this code, so it must not appear as the model's own turn.
    const content = `${first[0]?.content ?? ''}\n\n${earlier}The code was edited by hand to:\n${fence(r.latest.candidate, r.task.language)}\n\nRunning it gave:\n${r.feedback}\n\n${closing(r)}`;
    return [{ role: 'user', content }];
  }
  const label = r.latest.candidate !== undefined ? 'Result of running your code:' : 'Your reply could not be run:';
  const said =
    r.latest.candidate !== undefined
      ? fence(r.latest.candidate, r.task.language)
      : clip(r.latest.reply.trim(), r.replyChars, { count: true }) || '(empty reply)';
  return [
    ...first,
    { role: 'assistant', content: said },
    { role: 'user', content: `${earlier}${label}\n${r.feedback}\n\n${closing(r)}` },
  ];
}
