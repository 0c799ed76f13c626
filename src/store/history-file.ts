// The history export file: writing it, and reading one back with every check done before
// anything is stored, so a bad file is reported and changes nothing.
import type { Attempt, Session } from '../shared/session.ts';
import { StoreError } from './errors.ts';
import { stripSecrets } from './records.ts';
import { agentFile, attemptShape, sessionShape } from './shapes.ts';
import type { AgentFile } from '../shared/agent.ts';
import * as schema from '../shared/schema.ts';
import { fieldProblems, list, object, optional } from './validate.ts';
import { sessionWithKind } from './task-kind.ts';
import { errorMessage } from '../shared/error-message.ts';
import { withoutBom } from '../shared/byte-order-mark.ts';
import { megabytes } from '../shared/read-capped.ts';

export const HISTORY_FORMAT = 'fixpoint-history';
const HISTORY_VERSION = 1;
/**
 * One import is checked whole and written in one transaction, on the page's main thread: past
 * these it would hold the page for seconds and the disk for hundreds of megabytes at once. A
 * larger history is exported and imported in parts (the history's search picks what is exported).
 */
export const HISTORY_FILE_LIMIT = 100 * 1024 * 1024;
const MAX_IMPORT_SESSIONS = 5000;

export interface SessionEntry {
  session: Session;
  attempts: Attempt[];
  /** An agent session's files, up to the export limit (EXPORT_FILES_LIMIT). */
  files?: { inputs: AgentFile[]; outputs: AgentFile[] };
  /** Files of the session left out of this export for their size. */
  filesLeftOut?: { name: string; size: number }[];
}

export interface LeftOut {
  title: string;
  files: { name: string; size: number }[];
}

/** What an export left out, by session, so the page can say so. */
export function entriesLeftOut(entries: readonly SessionEntry[]): LeftOut[] {
  return entries
    .filter((e) => e.filesLeftOut?.length)
    .map((e) => ({ title: e.session.title, files: e.filesLeftOut ?? [] }));
}

interface HistoryFile {
  format: typeof HISTORY_FORMAT;
  version: number;
  /** ISO 8601 time of the export. */
  exportedAt: string;
  sessions: SessionEntry[];
}

export function buildHistoryFile(entries: SessionEntry[], now: number): string {
  const file: HistoryFile = {
    format: HISTORY_FORMAT,
    version: HISTORY_VERSION,
    exportedAt: new Date(now).toISOString(),
    // Cleaned again here: rows written by older code, or by a caller that slipped a key in,
    // must not carry it out of the browser.
    sessions: entries.map((entry) => stripSecrets(entry)),
  };
  return `${JSON.stringify(file, null, 1)}\n`;
}

const IN_PARTS = 'Export the history in parts (search, then Export JSON) and import each. Nothing was imported.';

function fail(message: string): never {
  throw new StoreError('import', message);
}

/** Parses and checks a whole history file; throws StoreError('import') saying what is wrong. */
export function parseHistoryFile(text: string): SessionEntry[] {
  const source = withoutBom(text);
  if (source.trim() === '') fail('The file is empty.');
  // In UTF-16 units, never more than the file's UTF-8 bytes: a file the page's reader let
  // through (it stops at the limit in bytes) always passes; this bounds any other caller.
  if (source.length > HISTORY_FILE_LIMIT)
    fail(`The file is larger than the limit of ${megabytes(HISTORY_FILE_LIMIT)} for one import. ${IN_PARTS}`);
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (error) {
    fail(`The file is not valid JSON: ${describeJsonError(error, source)}.`);
  }
  const top = data as Partial<Record<string, unknown>> | null;
  if (typeof top !== 'object' || top === null || Array.isArray(top) || top.format !== HISTORY_FORMAT) {
    const found = typeof top?.format === 'string' ? ` (its format is "${top.format}")` : '';
    fail(`This is not a Fixpoint history file${found}; expected "format": "${HISTORY_FORMAT}".`);
  }
  const version = top.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    fail(`The file's "version" should be a whole number from 1 up, found ${JSON.stringify(version) ?? 'nothing'}.`);
  }
  if (version > HISTORY_VERSION) {
    fail(
      `This file was made by a newer Fixpoint (version ${version}); ` +
        `this one reads up to version ${HISTORY_VERSION}.`,
    );
  }
  if (!Array.isArray(top.sessions)) fail('The file has no "sessions" list.');
  if (top.sessions.length > MAX_IMPORT_SESSIONS)
    fail(
      `The file holds ${top.sessions.length} sessions; one import takes at most ${MAX_IMPORT_SESSIONS}. ${IN_PARTS}`,
    );
  return top.sessions.map((entry, i) => checkEntry(entry, i));
}

/** One session of the file: it, its attempts, and an agent session's files. */
const entryShape = schema
  .object(
    {
      session: sessionShape,
      attempts: list(attemptShape).optional(),
      files: optional(object({ inputs: list(agentFile), outputs: list(agentFile) })),
    },
    { expected: 'an object with "session" and "attempts"' },
  )
  .refine(({ session, attempts }, report) => {
    if (!attempts) return report('should be a list', ['attempts']);
    const seen = new Set<number>();
    attempts.forEach(({ sessionId, index }, j) => {
      if (sessionId !== session.id)
        report(`is "${sessionId}" but the session's id is "${session.id}"`, ['attempts', j, 'sessionId']);
      if (seen.has(index)) report(`repeats index ${index}`, ['attempts', j, 'index']);
      seen.add(index);
    });
  });

/** Problems of a session past these are counted, not listed. */
const MAX_SAID = 5;

/** An entry whose session was exported before tasks had a kind gets its task's kind. */
function entryWithKind(entry: unknown): unknown {
  if (typeof entry !== 'object' || entry === null || !('session' in entry)) return entry;
  const session = sessionWithKind(entry.session);
  return session === entry.session ? entry : { ...entry, session };
}

function checkEntry(entry: unknown, i: number): SessionEntry {
  const r = entryShape.parse(entryWithKind(entry), ['sessions', i]);
  if (r.ok) {
    const { session, attempts = [], files } = r.value;
    return {
      session: session as unknown as Session,
      attempts: attempts as unknown as Attempt[],
      ...(files !== undefined ? { files } : {}),
    };
  }
  const problems = fieldProblems(r.issues);
  const said = problems
    .slice(0, MAX_SAID)
    .map((p) => `(${p.path}): ${p.problem}`)
    .join('; ');
  const more = problems.length > MAX_SAID ? `; and ${problems.length - MAX_SAID} more` : '';
  fail(`Session ${i + 1}${titleOf(entry)} ${said}${more}. Nothing was imported.`);
}

function titleOf(entry: unknown): string {
  const title = (entry as { session?: { title?: unknown } } | null)?.session?.title;
  return typeof title === 'string' && title ? ` "${title.slice(0, 60)}"` : '';
}

/** Engines word JSON errors differently; most give a character position or a line. */
export function describeJsonError(error: unknown, source: string): string {
  const message = errorMessage(error).replace(/^JSON\.parse: /, '');
  const what = message.split(/\s+(?:in JSON\s+)?(?:at position|at line|\(line)/i)[0] ?? message;
  const at = locate(message, source);
  return at ? `${what} at line ${at.line}, column ${at.column}` : what;
}

function locate(message: string, source: string): { line: number; column: number } | undefined {
  const lineCol = /line (\d+) column (\d+)/i.exec(message);
  if (lineCol) return { line: Number(lineCol[1]), column: Number(lineCol[2]) };
  const position = /position (\d+)/i.exec(message);
  const offset = position
    ? Number(position[1])
    : /end of (JSON )?(input|data)|EOF/i.test(message)
      ? source.length
      : undefined;
  if (offset === undefined) return undefined;
  const before = source.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}
