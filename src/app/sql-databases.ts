// The databases of SQL tasks outside the SQL workspace: the bundled BIRD-format set's files (build
// assets, kept offline by the service worker) by name, and loaded files by their bytes, as the
// sandbox takes them.
import libraryUrl from '../../data/bird-mini/databases/library/library.sqlite?url';
import clinicUrl from '../../data/bird-mini/databases/clinic/clinic.sqlite?url';
import transitUrl from '../../data/bird-mini/databases/transit/transit.sqlite?url';
import { fromBase64 } from '../shared/agent-files.ts';
import { megabytes } from '../shared/read-capped.ts';
import type { SqlDatabaseRef, SqlJob } from '../shared/sql.ts';

export const BUNDLED_SQL_DATABASES: Readonly<Record<string, string>> = {
  'bird-mini/library': libraryUrl,
  'bird-mini/clinic': clinicUrl,
  'bird-mini/transit': transitUrl,
};

/** A database as a run keeps it: by name when bundled, else its bytes (a Blob, kept by IndexedDB). */
export type KeptDatabase = SqlDatabaseRef & { blob?: Blob };

const fetched = new Map<string, Promise<Blob>>();

async function bundledBytes(name: string): Promise<Blob> {
  const url = BUNDLED_SQL_DATABASES[name];
  if (!url) throw new Error(`No bundled database "${name}".`);
  let got = fetched.get(name);
  if (!got) {
    got = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`The bundled database ${name} could not be loaded (HTTP ${r.status}).`);
      return r.blob();
    });
    fetched.set(name, got);
    got.catch(() => fetched.delete(name));
  }
  return got;
}

/** The database as the sandbox takes it, or a sentence saying why it is not there. */
export async function databaseOf(ref: KeptDatabase): Promise<SqlJob['database'] | string> {
  if ('bundled' in ref) return { key: ref.bundled, bytes: await bundledBytes(ref.bundled) };
  const key = `loaded:${ref.name}:${ref.size}`;
  if (ref.blob) return { key, bytes: ref.blob };
  if (ref.base64 !== undefined) return { key, bytes: new Blob([fromBase64(ref.base64) as Uint8Array<ArrayBuffer>]) };
  return `The database ${ref.name} (${megabytes(ref.size)}) was too large to keep with the session: load it in the SQL workspace to run the query again.`;
}
