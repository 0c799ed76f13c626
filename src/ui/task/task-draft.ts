// The task being written, kept in this browser so a reload does not lose it: the task as the
// panel holds it (accepted generated tests included), the proposals still waiting, and the
// suspect flags of the last run. Storage that is blocked or full only means no draft.
import type { SuspectTest } from '../../shared/selection.ts';
import type { Task } from '../../shared/task.ts';
import { withKind } from '../../store/task-kind.ts';

const KEY = 'fixpoint.task-draft';

export interface TaskDraft {
  task: Task;
  proposals: string[];
  suspect: SuspectTest[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

function isTask(v: unknown): v is Task {
  if (!isObject(v) || !isObject(v.tests) || !isObject(v.limits)) return false;
  const { id, title, prompt, language } = v;
  const known = language === 'python' || language === 'javascript' || language === 'typescript';
  return [id, title, prompt].every((x) => typeof x === 'string') && known && typeof v.tests.kind === 'string';
}

const isSuspect = (v: unknown): v is SuspectTest => isObject(v) && typeof v.source === 'string' && strings(v.outputs);

export function loadTaskDraft(): TaskDraft | undefined {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? 'null') as unknown;
    if (!isObject(raw) || !isTask(raw.task)) return undefined;
    if (raw.task.generatedTests !== undefined && !strings(raw.task.generatedTests)) return undefined;
    return {
      task: withKind(raw.task),
      proposals: strings(raw.proposals) ? raw.proposals : [],
      suspect: Array.isArray(raw.suspect) ? raw.suspect.filter(isSuspect) : [],
    };
  } catch {
    // Storage blocked, or text that is not a draft: start from the examples.
    return undefined;
  }
}

export function saveTaskDraft(draft: TaskDraft): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage blocked or full: the draft holds for this page only.
  }
}
