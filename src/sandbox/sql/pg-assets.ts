// PGlite's files for the sandbox frame: the Postgres worker's bundle, the wasm and the file system
// bundle (Postgres's share and lib folders), fetched from the app's own origin the first time a
// Postgres job arrives, so the service worker keeps them offline. Nothing of it is on first paint.
import workerUrl from '../frame/pg/worker.ts?worker&url';
import wasmUrl from '../../../node_modules/@electric-sql/pglite/dist/pglite.wasm?url';
import dataUrl from '../../../node_modules/@electric-sql/pglite/dist/pglite.data?url';

export interface PgAssets {
  workerSource: string;
  wasm: Blob;
  fsBundle: Blob;
}

let loading: Promise<PgAssets> | undefined;

async function fetchOk(url: string): Promise<Response> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`could not load ${url}: HTTP ${res.status}`);
  return res;
}

export function loadPgAssets(): Promise<PgAssets> {
  loading ??= Promise.all([
    fetchOk(workerUrl).then((r) => r.text()),
    fetchOk(wasmUrl).then((r) => r.blob()),
    fetchOk(dataUrl).then((r) => r.blob()),
  ]).then(([workerSource, wasm, fsBundle]) => ({ workerSource, wasm, fsBundle }));
  loading.catch(() => (loading = undefined));
  return loading;
}
