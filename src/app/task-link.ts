// A share link for any task and its code, as packs have: `#task=1.<base64url(gzip(JSON))>` in the
// URL fragment, which browsers never send to the host. Opening one fills the task panel and the
// editor and runs nothing; the fragment is then taken off the address, so a reload keeps edits.
import { taskShape } from '../store/shapes.ts';
import type { Task } from '../shared/task.ts';

const PREFIX = '#task=1.';
/** A link's task may not unpack past this: a few bytes of gzip can claim gigabytes. */
const MAX_UNPACKED = 2 * 1024 * 1024;
/** Past this, some chat and mail programs cut links. */
const LONG_LINK = 8 * 1024;

export interface SharedTask {
  task: Task;
  code: string;
}

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const reader = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(stream).getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_UNPACKED) {
      await reader.cancel();
      throw new Error(`the task unpacks to more than ${MAX_UNPACKED / 1024 / 1024} MB`);
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const toBase64Url = (bytes: Uint8Array): string => {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('the link is not base64url text');
  return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
}

/** The link's fragment, and a warning when it is long enough that some programs cut it. */
export async function encodeTaskLink(shared: SharedTask): Promise<{ fragment: string; warning?: string }> {
  const gz = await through(new TextEncoder().encode(JSON.stringify(shared)), new CompressionStream('gzip'));
  const fragment = PREFIX + toBase64Url(gz);
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
    const bytes = await through(fromBase64Url(hash.slice(PREFIX.length)), new DecompressionStream('gzip'));
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch (e) {
    throw new Error(
      `This task link cannot be read (${e instanceof Error ? e.message : String(e)}): it may have been cut short.`,
      { cause: e },
    );
  }
  const v = value as Partial<SharedTask> | null;
  if (typeof v !== 'object' || v === null || typeof v.code !== 'string')
    throw new Error('This task link holds no task and code.');
  try {
    taskShape(v.task, 'task');
  } catch (e) {
    throw new Error(`This task link's task is not valid: ${e instanceof Error ? e.message : String(e)}.`, {
      cause: e,
    });
  }
  return { task: v.task as Task, code: v.code };
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
