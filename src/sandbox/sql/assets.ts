// SQLite's files for the sandbox frame: the worker's bundle and the wasm, fetched from the app's
// own origin (so the service worker keeps them offline) the first time a SQL job arrives. This
// module loads only then: nothing of SQLite is on the page's first paint.
import workerUrl from '../frame/sql/worker.ts?worker&url';
import wasmUrl from '@sqlite.org/sqlite-wasm/sqlite3.wasm?url';

export interface SqlAssets {
  workerSource: string;
  wasm: Blob;
}

let loading: Promise<SqlAssets> | undefined;

async function fetchOk(url: string): Promise<Response> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`could not load ${url}: HTTP ${res.status}`);
  return res;
}

export function loadSqlAssets(): Promise<SqlAssets> {
  loading ??= Promise.all([fetchOk(workerUrl).then((r) => r.text()), fetchOk(wasmUrl).then((r) => r.blob())]).then(
    ([workerSource, wasm]) => ({ workerSource, wasm }),
  );
  loading.catch(() => (loading = undefined));
  return loading;
}
