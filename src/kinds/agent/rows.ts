// Agent task rows for `run` (JSON Lines): {task_id, goal, language, files?: {name: text}, answer?}.
// A file whose first row has `goal` is read as agent rows; errors name the file and the line.
import type { AgentFile, AgentLanguage } from '../../shared/agent.ts';
import { fileNameProblem } from '../../shared/agent-file-name.ts';
import { withoutBom } from '../../shared/byte-order-mark.ts';
import { InputError, parseJsonl } from '../../shared/problems.ts';

export interface AgentProblem {
  taskId: string;
  rawId: string | number;
  goal: string;
  language: AgentLanguage;
  files: AgentFile[];
  /** The expected final answer, as text (a number in the row is read as its text). */
  answer?: string;
  line: number;
}

const LANGUAGES: readonly AgentLanguage[] = ['python', 'javascript'];

/** Whether the file's first row is an agent row (it has `goal`). */
export function isAgentRows(text: string): boolean {
  const first = withoutBom(text)
    .split(/\r?\n/)
    .find((l) => l.trim() !== '');
  if (!first) return false;
  try {
    const row = JSON.parse(first) as unknown;
    return typeof row === 'object' && row !== null && 'goal' in row;
  } catch {
    return false;
  }
}

export function parseAgentRows(text: string, file: string): AgentProblem[] {
  const seen = new Set<string>();
  return parseJsonl(text, file).map(({ line, value: v }) => {
    const fail = (detail: string): never => {
      throw new InputError(file, line, detail);
    };
    const rawId = v.task_id;
    if (typeof rawId !== 'string' && typeof rawId !== 'number') fail('task_id must be a string or a number');
    const taskId = String(rawId);
    if (seen.has(taskId)) fail(`task_id "${taskId}" appears twice`);
    seen.add(taskId);
    if (typeof v.goal !== 'string' || v.goal.trim() === '') fail('goal must be a non-empty string');
    const language = v.language ?? 'python';
    if (!LANGUAGES.includes(language as AgentLanguage))
      fail(`language must be ${LANGUAGES.join(' or ')}, not ${JSON.stringify(language)}`);
    const files: AgentFile[] = [];
    if (v.files !== undefined) {
      if (typeof v.files !== 'object' || v.files === null || Array.isArray(v.files))
        fail('files must be an object of file name to text');
      for (const [name, content] of Object.entries(v.files as Record<string, unknown>)) {
        const problem = fileNameProblem(name);
        if (problem) fail(`files: ${problem}`);
        if (typeof content !== 'string') fail(`files: "${name}" must be text`);
        files.push({ name, size: new TextEncoder().encode(content as string).length, text: content as string });
      }
    }
    const problem: AgentProblem = {
      taskId,
      rawId: rawId as string | number,
      goal: v.goal as string,
      language: language as AgentLanguage,
      files,
      line,
    };
    if (v.answer !== undefined && v.answer !== null) {
      if (typeof v.answer !== 'string' && typeof v.answer !== 'number') fail('answer must be text or a number');
      problem.answer = String(v.answer);
    }
    return problem;
  });
}
