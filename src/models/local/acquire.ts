// Getting a model into the browser: copied from a file the user picked, or downloaded from an
// address. Downloads resume where they stopped (HTTP Range), and what arrived is committed every
// few MiB, so a closed tab or a lost connection costs little.
import { keepEngineForOffline } from './engine.ts';
import { inspectModel } from './inspect.ts';
import { deleteModel, getModel, listModels, modelFile, modelIdFor, openModelWriter, writeMeta } from './model-store.ts';
import type { StoredModel } from './model-store.ts';
import { errorMessage } from '../../shared/error-message.ts';

export interface Progress {
  loaded: number;
  total?: number;
}

export interface AcquireOptions {
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
}

const COMMIT_EVERY = 8 * 1024 ** 2;

/** A file the user picked: checked first (nothing is stored if it is not a usable model), then copied. */
export async function importModelFile(file: File, opts: AcquireOptions = {}): Promise<StoredModel> {
  await inspectModel(file, file.name);
  const id = modelIdFor(file.name);
  const meta: StoredModel = {
    id,
    name: file.name,
    size: 0,
    expectedSize: file.size,
    complete: false,
    addedAt: Date.now(),
  };
  await writeMeta(meta);
  const w = await openModelWriter(id, 0);
  const reader = file.stream().getReader();
  let loaded = 0;
  try {
    for (;;) {
      if (opts.signal?.aborted) throw new DOMException('The copy was stopped.', 'AbortError');
      const { done, value } = await reader.read();
      if (done) break;
      await w.write(value);
      loaded += value.byteLength;
      opts.onProgress?.({ loaded, total: file.size });
    }
    await w.close();
  } catch (e) {
    await w.abort().catch(() => undefined);
    await deleteModel(id);
    throw e;
  }
  const done: StoredModel = { ...meta, size: loaded, complete: true };
  await writeMeta(done);
  void keepEngineForOffline();
  return done;
}

function fileNameOf(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : 'model.gguf';
  } catch {
    return 'model.gguf';
  }
}

/** Total size from "Content-Range: bytes 100-199/5000". */
function totalFromRange(header: string | null): number | undefined {
  const m = header ? /\/(\d+)\s*$/.exec(header) : null;
  return m ? Number(m[1]) : undefined;
}

async function existingFor(url: string): Promise<StoredModel | undefined> {
  return (await listModels()).find((m) => m.url === url);
}

/** Downloads (or resumes downloading) a model; the stored entry is whole and checked when this resolves. */
export async function downloadModel(url: string, opts: AcquireOptions = {}): Promise<StoredModel> {
  const name = fileNameOf(url);
  const earlier = await existingFor(url);
  if (earlier?.complete) return earlier;
  let meta: StoredModel = earlier ?? {
    id: await freeId(modelIdFor(name)),
    name,
    url,
    size: 0,
    complete: false,
    addedAt: Date.now(),
  };
  let at = earlier ? ((await modelFile(earlier.id))?.size ?? 0) : 0;
  await writeMeta(meta);
  const init: RequestInit = { cache: 'no-store' };
  if (opts.signal) init.signal = opts.signal;
  if (at > 0) init.headers = { Range: `bytes=${at}-` };
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    throw new Error(
      `Could not reach ${url} (${errorMessage(e)}). Check the address, the network, and that the server allows downloads from this page (CORS).`,
      { cause: e },
    );
  }
  if (res.status === 416 && at > 0 && meta.expectedSize === at) return finish(meta, at);
  if (!res.ok || !res.body) throw new Error(`The server answered HTTP ${res.status} for ${url}.`);
  let total: number | undefined;
  if (res.status === 206) total = totalFromRange(res.headers.get('Content-Range'));
  else {
    at = 0; // the server ignored the range: start over
    const len = Number(res.headers.get('Content-Length'));
    if (len > 0) total = len;
  }
  if (total !== undefined) meta = { ...meta, expectedSize: total };
  await writeMeta(meta);
  const reader = res.body.getReader();
  let w = await openModelWriter(meta.id, at);
  let loaded = at;
  let sinceCommit = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      await w.write(value);
      loaded += value.byteLength;
      sinceCommit += value.byteLength;
      if (sinceCommit >= COMMIT_EVERY) {
        await w.close();
        w = await openModelWriter(meta.id, loaded);
        sinceCommit = 0;
      }
      opts.onProgress?.(total === undefined ? { loaded } : { loaded, total });
    }
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    throw new Error(
      `The download was interrupted after ${loaded}${total ? ` of ${total}` : ''} bytes (${errorMessage(e)}). Download again to resume where it stopped.`,
      { cause: e },
    );
  } finally {
    // Whatever arrived is kept, so the next attempt resumes after it.
    await w.close().catch(() => undefined);
  }
  return finish(meta, loaded);
}

async function finish(meta: StoredModel, size: number): Promise<StoredModel> {
  if (meta.expectedSize !== undefined && size < meta.expectedSize) {
    throw new Error(`The download stopped after ${size} of ${meta.expectedSize} bytes; start it again to resume.`);
  }
  const file = await modelFile(meta.id);
  if (!file) throw new Error('The downloaded model could not be read back from browser storage.');
  try {
    await inspectModel(file, meta.name);
  } catch (e) {
    await deleteModel(meta.id);
    throw e;
  }
  const done: StoredModel = { ...meta, size, expectedSize: size, complete: true };
  await writeMeta(done);
  void keepEngineForOffline();
  return done;
}

async function freeId(base: string): Promise<string> {
  let id = base;
  for (let n = 2; await getModel(id); n++) id = `${base}-${n}`;
  return id;
}
