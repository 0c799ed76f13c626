// Final candidates as `{task_id, completion}` JSON lines: the samples format that the HumanEval
// reference harness (evaluate_functional_correctness) and the `eval` command read.
import type { Attempt, Session } from '../shared/session.ts';
import type { SessionEntry } from './history-file.ts';

/**
 * 'best': the last attempt whose run passed, else the last one that had code.
 * 'last': the last attempt that had code, passed or not.
 */
export type CandidatePick = 'best' | 'last';

export interface CandidateLine {
  task_id: string;
  completion: string;
}

/** `passed` counts hidden tests too; attempts saved before it existed have only the run's status. */
function passedAll(attempt: Attempt): boolean {
  return attempt.passed ?? attempt.result?.status === 'passed';
}

function pickAttempt(attempts: Attempt[], pick: CandidatePick): Attempt | undefined {
  const withCode = [...attempts].filter((a) => typeof a.candidate === 'string').sort((a, b) => a.index - b.index);
  if (pick === 'best') {
    const passed = withCode.filter(passedAll);
    if (passed.length > 0) return passed[passed.length - 1];
  }
  return withCode[withCode.length - 1];
}

/**
 * The harness runs `prompt + completion`. A body-shaped candidate already is the completion. A
 * candidate stored as the code that ran may begin with the prompt (or the starter code); that
 * prefix is cut so the prompt is not doubled. A whole-file candidate otherwise stays whole: its
 * definition simply replaces the prompt's stub when the harness runs it.
 */
export function completionOf(session: Session, attempt: Pick<Attempt, 'candidate' | 'shape'>): string {
  const candidate = attempt.candidate ?? '';
  const { task } = session;
  if (task.tests.kind !== 'humaneval' || attempt.shape === 'body') return candidate;
  for (const prefix of [task.prompt, task.starterCode]) {
    if (prefix && candidate.startsWith(prefix)) return candidate.slice(prefix.length);
  }
  return candidate;
}

/**
 * One line per session, in the order given. A session with no code at all still gets a line
 * with an empty completion, so it counts as a failed sample instead of silently vanishing.
 */
export function candidateLines(entries: SessionEntry[], pick: CandidatePick = 'best'): CandidateLine[] {
  return entries.map(({ session, attempts }) => {
    const chosen = pickAttempt(attempts, pick);
    return {
      task_id: session.task.id,
      completion: chosen ? completionOf(session, chosen) : '',
    };
  });
}

export function toJsonl(lines: CandidateLine[]): string {
  return lines.map((line) => `${JSON.stringify({ task_id: line.task_id, completion: line.completion })}\n`).join('');
}
