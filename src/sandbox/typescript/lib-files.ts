/// <reference types="vite/client" />
// The lib .d.ts files the checker needs, bundled with the app so type checking works offline.
// The ES libraries are small and come inside the worker's script; the DOM's (2.3 MB, needed only
// to grade like MultiPL-E's `tsc --target esnext`) is a separate file fetched the first time.
import domUrl from 'typescript/lib/lib.dom.d.ts?url';

const bundled = import.meta.glob<string>(
  [
    '/node_modules/typescript/lib/lib.es*.d.ts',
    '/node_modules/typescript/lib/lib.decorators*.d.ts',
    '/node_modules/typescript/lib/lib.dom.*iterable.d.ts',
    '/node_modules/typescript/lib/lib.webworker.importscripts.d.ts',
    '/node_modules/typescript/lib/lib.scripthost.d.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
);

const byName = new Map(Object.entries(bundled).map(([path, text]) => [path.replace(/^.*\//, ''), text]));

export async function loadLibFile(fileName: string): Promise<string | undefined> {
  const text = byName.get(fileName);
  if (text !== undefined) return text;
  if (fileName !== 'lib.dom.d.ts') return undefined;
  const res = await fetch(domUrl);
  if (!res.ok) throw new Error(`Could not load ${fileName} (HTTP ${res.status}).`);
  return res.text();
}
