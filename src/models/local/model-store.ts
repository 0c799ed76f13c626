// Models kept in the browser's origin-private file system, so a later visit (or a visit with no
// network) loads them without downloading. Each model is <id>.gguf with a small <id>.json beside it.

export interface StoredModel {
  id: string;
  /** The file name the user picked, or the last part of the address. */
  name: string;
  /** Bytes stored so far. */
  size: number;
  /** Bytes the whole file has, when known. */
  expectedSize?: number;
  complete: boolean;
  url?: string;
  addedAt: number;
}

const DIR = 'fixpoint-models';

async function dir(): Promise<FileSystemDirectoryHandle> {
  if (typeof navigator === 'undefined' || !navigator.storage?.getDirectory) {
    throw new Error('This browser cannot store files for the page (no origin-private file system).');
  }
  const root = await navigator.storage.getDirectory();
  return root.getDirectoryHandle(DIR, { create: true });
}

/** Ids are file-name safe and end up as the model name in the settings. */
export function modelIdFor(name: string): string {
  const base = name.replace(/\.gguf$/i, '').replace(/[^A-Za-z0-9._-]+/g, '-');
  return base.replace(/^[-.]+|[-.]+$/g, '') || 'model';
}

export async function listModels(): Promise<StoredModel[]> {
  const d = await dir();
  const out: StoredModel[] = [];
  for await (const [name, handle] of d.entries()) {
    if (handle.kind !== 'file' || !name.endsWith('.json')) continue;
    try {
      const meta = JSON.parse(await (await handle.getFile()).text()) as StoredModel;
      const file = await modelFile(meta.id);
      out.push({ ...meta, size: file?.size ?? 0 });
    } catch {
      // A half-written entry: ignored; deleting the model removes it.
    }
  }
  return out.sort((a, b) => a.addedAt - b.addedAt);
}

export async function getModel(id: string): Promise<StoredModel | undefined> {
  return (await listModels()).find((m) => m.id === id);
}

export async function modelFile(id: string): Promise<File | undefined> {
  try {
    return await (await (await dir()).getFileHandle(`${id}.gguf`)).getFile();
  } catch {
    return undefined;
  }
}

export async function writeMeta(meta: StoredModel): Promise<void> {
  const w = await (await (await dir()).getFileHandle(`${meta.id}.json`, { create: true })).createWritable();
  await w.write(JSON.stringify(meta));
  await w.close();
}

/** A writer positioned at `at`, keeping what is before it (resumed downloads append). */
export async function openModelWriter(id: string, at: number): Promise<FileSystemWritableFileStream> {
  const handle = await (await dir()).getFileHandle(`${id}.gguf`, { create: true });
  const w = await handle.createWritable({ keepExistingData: at > 0 });
  if (at > 0) await w.seek(at);
  else await w.truncate(0);
  return w;
}

export async function deleteModel(id: string): Promise<void> {
  const d = await dir();
  for (const name of [`${id}.gguf`, `${id}.json`]) await d.removeEntry(name).catch(() => undefined);
}
