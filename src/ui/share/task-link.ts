// A share link for any task and its code, as packs have: `#task=1.<base64url(gzip(JSON))>` in the
// URL fragment, which browsers never send to the host. Opening one fills the task panel and the
// editor and runs nothing; the fragment is then taken off the address, so a reload keeps edits.
import { taskShape } from '../../store/shapes.ts';
import { check } from '../../store/validate.ts';
import { withKind } from '../../store/task-kind.ts';
import type { Task } from '../../shared/task.ts';
import { packForLink, unpackFromLink } from '../../shared/link-codec.ts';

const PREFIX = '#task=1.';
/** A link's task may not unpack past this. */
const MAX_UNPACKED = 2 * 1024 * 1024;
/** Past this, some chat and mail programs cut links. */
const LONG_LINK = 8 * 1024;

export interface SharedTask {
  task: Task;
  code: string;
}

/** The link's fragment, and a warning when it is long enough that some programs cut it. */
export async function encodeTaskLink(shared: SharedTask): Promise<{ fragment: string; warning?: string }> {
  const fragment = PREFIX + (await packForLink(shared));
  const kb = Math.ceil(fragment.length / 1024);
  return fragment.length > LONG_LINK
    ? { fragment, warning: `The link is ${kb} KB: some chat and mail programs cut links this long.` }
    : { fragment };
}

export const isTaskLink = (hash: string): boolean => hash.startsWith(PREFIX);

/** Reads a task link; it is checked field by field and never run. Throws a sentence on a bad link. */
export async function decodeTaskLink(hash: string): Promise<SharedTask> {
  let value: unknown;
  try {
    value = JSON.parse(await unpackFromLink(hash.slice(PREFIX.length), MAX_UNPACKED, 'task'));
  } catch (e) {
    throw new Error(
      `This task link cannot be read (${e instanceof Error ? e.message : String(e)}): it may have been cut short.`,
      { cause: e },
    );
  }
  const v = value as Partial<SharedTask> | null;
  if (typeof v !== 'object' || v === null || typeof v.code !== 'string')
    throw new Error('This task link holds no task and code.');
  const task = withKind(v.task);
  try {
    check(taskShape, task, 'task');
  } catch (e) {
    throw new Error(`This task link's task is not valid: ${e instanceof Error ? e.message : String(e)}.`, {
      cause: e,
    });
  }
  return { task: task, code: v.code };
}

/** A file name for the code: the task's title, made safe, with the language's extension. */
export function codeFileName(task: Task): string {
  const ext = task.language === 'python' ? 'py' : task.language === 'typescript' ? 'ts' : 'js';
  const base = task.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'code'}.${ext}`;
}
