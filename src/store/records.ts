// What a session and an attempt look like on disk, and the cleaning they get on the way in and
// out. The API key lives with the endpoint settings in memory only; history is exported and
// shared, so anything that looks like a credential is dropped here whatever the caller passed.
import type { Attempt, Session } from '../shared/session.ts';
import { sessionWithKind } from './task-kind.ts';

/** A session row: the session plus a lowercase text that search matches against. */
export type StoredSession = Session & { search: string };

const SECRET_KEY =
  /^(api[-_]?key|x[-_]api[-_]key|authorization|auth[-_]?token|access[-_]?token|bearer|secret|client[-_]?secret|password)$/i;
const SECRET_QUERY = /^(key|api[-_]?key|access[-_]?token|token)$/i;

/** A deep copy without credential-named fields; shared references become separate copies. */
export function stripSecrets<T>(value: T): T {
  return strip(value, 0) as T;
}

function strip(value: unknown, depth: number): unknown {
  // History rows are shallow; the cap only guards against a caller's cyclic object.
  if (depth > 64) return undefined;
  if (Array.isArray(value)) return value.map((item) => strip(item, depth + 1));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_KEY.test(key) || item === undefined) continue;
    out[key] = key === 'baseUrl' && typeof item === 'string' ? stripUrlKey(item) : strip(item, depth + 1);
  }
  return out;
}

/** Some providers take the key as a query parameter (`?key=...`); keep the URL, drop the key. */
function stripUrlKey(url: string): string {
  if (!url.includes('?')) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const names = [...parsed.searchParams.keys()].filter((name) => SECRET_QUERY.test(name));
  if (names.length === 0) return url;
  for (const name of names) parsed.searchParams.delete(name);
  return parsed.toString();
}

export function searchTextOf(session: Pick<Session, 'id' | 'title' | 'task'>): string {
  const task = session.task as Partial<Session['task']> | undefined;
  return [session.title, task?.title, task?.id, task?.prompt]
    .filter((part): part is string => typeof part === 'string')
    .join('\n')
    .toLowerCase();
}

/** Whether every whitespace-separated word of the query occurs in the row. */
export function matchesSearch(row: Pick<StoredSession, 'search'>, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return words.every((word) => row.search.includes(word));
}

export function toStoredSession(session: Session): StoredSession {
  const clean = stripSecrets(session);
  return { ...clean, search: searchTextOf(clean) };
}

export function fromStoredSession(row: StoredSession): Session {
  const { search: _search, ...session } = row;
  return sessionWithKind(session);
}

export function toStoredAttempt(attempt: Attempt): Attempt {
  return stripSecrets(attempt);
}
