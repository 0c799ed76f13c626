// Reading sessions with their attempts for export, and writing a checked import in one
// transaction.
import type { Attempt, Session } from '../shared/session.ts';
import type { AgentFile } from '../shared/agent.ts';
import type { Database } from './database.ts';
import type { SessionEntry } from './history-file.ts';
import { fromStoredSession, toStoredAttempt, toStoredSession, type StoredSession } from './records.ts';
import { byRole, fileRows } from './agent-files.ts';
import { splitForExport } from '../shared/agent-files.ts';

export interface ImportReport {
  /** Ids of the sessions written. */
  imported: string[];
  /** Ids left out because a session with that id was already stored or came earlier in the file. */
  skipped: string[];
}

const IMPORTED_RUNNING_MESSAGE = 'Was still running when it was exported.';

export function byIndex(attempts: Attempt[]): Attempt[] {
  return [...attempts].sort((a, b) => a.index - b.index);
}

/** The given sessions (missing ids are left out), or all of them newest first. */
export async function readEntries(database: Database, ids?: string[]): Promise<SessionEntry[]> {
  return database.read(['sessions', 'attempts', 'files'], async (tx) => {
    const sessions = tx.objectStore('sessions');
    const rows = ids
      ? (await Promise.all(ids.map((id) => sessions.get(id)))).filter((row): row is StoredSession => row !== undefined)
      : (await sessions.index('updatedAt').getAll()).reverse();
    const byId = tx.objectStore('attempts').index('sessionId');
    const attempts = await Promise.all(rows.map((row) => byId.getAll(row.id)));
    const filesById = tx.objectStore('files').index('sessionId');
    const files = await Promise.all(
      rows.map((row) =>
        fromStoredSession(row).task.kind === 'agent' ? filesById.getAll(row.id) : Promise.resolve([]),
      ),
    );
    return rows.map((row, i) => {
      const entry: SessionEntry = { session: fromStoredSession(row), attempts: byIndex(attempts[i] ?? []) };
      if (entry.session.task.kind === 'agent') withFiles(entry, byRole(files[i] ?? []));
      return entry;
    });
  });
}

/** An agent session's files go with it up to the export limit; the rest are named in `filesLeftOut`. */
function withFiles(entry: SessionEntry, files: { inputs: AgentFile[]; outputs: AgentFile[] }): void {
  const all = [...files.inputs, ...files.outputs];
  const { kept, leftOut } = splitForExport(all);
  entry.files = {
    inputs: files.inputs.filter((f) => kept.includes(f)),
    outputs: files.outputs.filter((f) => kept.includes(f)),
  };
  if (leftOut.length) entry.filesLeftOut = leftOut;
}

/**
 * Writes checked entries all together or not at all. Duplicates are skipped, not copied: the
 * stored session wins, so importing the same file twice changes nothing and never makes twins
 * that would be counted twice in a benchmark. A session exported while running cannot be
 * running here, so it comes in as interrupted.
 */
export async function writeEntries(database: Database, entries: SessionEntry[]): Promise<ImportReport> {
  const report: ImportReport = { imported: [], skipped: [] };
  await database.write(['sessions', 'attempts', 'files'], async (tx) => {
    const sessions = tx.objectStore('sessions');
    const attempts = tx.objectStore('attempts');
    const files = tx.objectStore('files');
    const stored = await Promise.all(entries.map((entry) => sessions.getKey(entry.session.id)));
    const seen = new Set<string>();
    const writes: Promise<unknown>[] = [];
    try {
      entries.forEach((entry, i) => {
        const id = entry.session.id;
        if (stored[i] !== undefined || seen.has(id)) {
          report.skipped.push(id);
          return;
        }
        seen.add(id);
        writes.push(sessions.add(toStoredSession(arrived(entry.session))));
        for (const attempt of entry.attempts) writes.push(attempts.put(toStoredAttempt(attempt)));
        if (entry.files) for (const row of fileRows(id, entry.files)) writes.push(files.put(row));
        report.imported.push(id);
      });
    } catch (error) {
      // A request that threw as it was issued aborts the transaction; the ones issued before it
      // then fail too, which is expected and must not be reported on its own.
      for (const write of writes) write.catch(() => {});
      throw error;
    }
    await Promise.all(writes);
  });
  return report;
}

function arrived(session: Session): Session {
  if (session.status !== 'running') return session;
  return { ...session, status: 'interrupted', endReason: 'interrupted', endMessage: IMPORTED_RUNNING_MESSAGE };
}
