// Tasks stored before tasks had a `kind` (sessions in IndexedDB, history files, share links,
// drafts) get theirs from the fields that used to tell the kinds apart.
import type { TaskKind } from '../shared/task.ts';

interface OldTask {
  kind?: unknown;
  project?: unknown;
  agent?: unknown;
  sql?: unknown;
  tests?: { kind?: unknown };
}

function kindOf(task: OldTask): TaskKind {
  if (task.project !== undefined) return 'project';
  if (task.agent !== undefined) return 'agent';
  if (task.sql !== undefined) return 'sql';
  if (task.tests?.kind === 'program') return 'program';
  if (task.tests?.kind === 'web') return 'web';
  return 'function';
}

/** The task with its kind: unchanged when it has one, else a copy with the kind its fields say. */
export function withKind<T>(task: T): T & { kind: TaskKind } {
  const old = task as OldTask;
  if (typeof old !== 'object' || old === null || typeof old.kind === 'string') return task as T & { kind: TaskKind };
  return { kind: kindOf(old), ...task };
}

/** A stored or imported session with its task given its kind; anything else is left as it is. */
export function sessionWithKind<S>(session: S): S {
  if (typeof session !== 'object' || session === null || !('task' in session)) return session;
  const task = withKind(session.task);
  return task === session.task ? session : { ...session, task };
}
