// An agent session's files in the history: the files it started with ('input') and the files its
// code wrote ('output'), each row one file, apart from the session rows. Written in the same
// transactions as the session, so a full quota refuses the whole save with a StoreError.
import type { AgentFile } from '../shared/agent.ts';
import type { Database, Names, WriteTx } from './database.ts';

/** Any read-write transaction over the files store, alone or with others. */
type FilesTx = Pick<WriteTx<Names[]>, 'objectStore'>;

export type FileRole = 'input' | 'output';

export interface StoredAgentFile {
  sessionId: string;
  role: FileRole;
  name: string;
  file: AgentFile;
}

export interface SessionFiles {
  inputs: AgentFile[];
  outputs: AgentFile[];
}

export const noFiles = (): SessionFiles => ({ inputs: [], outputs: [] });

export function fileRows(sessionId: string, files: SessionFiles): StoredAgentFile[] {
  const row = (role: FileRole) => (file: AgentFile) => ({ sessionId, role, name: file.name, file });
  return [...files.inputs.map(row('input')), ...files.outputs.map(row('output'))];
}

export function byRole(rows: readonly StoredAgentFile[]): SessionFiles {
  const out = noFiles();
  for (const r of rows) (r.role === 'input' ? out.inputs : out.outputs).push(r.file);
  return out;
}

/** Replaces the session's files of `role` with `files`. */
export async function putFiles(
  tx: FilesTx,
  sessionId: string,
  role: FileRole,
  files: readonly AgentFile[],
): Promise<void> {
  const store = tx.objectStore('files');
  let cursor = await store.index('sessionId').openCursor(sessionId);
  while (cursor) {
    if (cursor.value.role === role) await cursor.delete();
    cursor = await cursor.continue();
  }
  for (const file of files) await store.put({ sessionId, role, name: file.name, file });
}

export async function readFiles(database: Database, sessionId: string): Promise<SessionFiles> {
  const rows = await database.read(['files'], (tx) => tx.objectStore('files').index('sessionId').getAll(sessionId));
  return byRole(rows);
}

export async function deleteFiles(tx: FilesTx, sessionId: string): Promise<void> {
  let cursor = await tx.objectStore('files').index('sessionId').openCursor(sessionId);
  while (cursor) {
    await cursor.delete();
    cursor = await cursor.continue();
  }
}
