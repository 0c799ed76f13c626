// The page fetches package files (the sandbox frame has no network) from the bases the host
// chooses, in order: the app's own folder for offline use, then Pyodide's public CDN when online.
// Each file's sha256 is checked against the lock before its bytes go anywhere; a file that cannot
// be had says which, from where, and why.
import { PackageError, type PackageFile } from './lock.ts';

export interface FetchedPackage {
  name: string;
  fileName: string;
  installDir: string;
  bytes: ArrayBuffer;
}

/** Pyodide's public CDN for this version's packages. */
export const cdnBase = (version: string): string => `https://cdn.jsdelivr.net/pyodide/v${version}/full/`;

/** Where to look, in order: the app's own folder, then the CDN unless the browser is offline. */
export function packageBases(appFolder: string, version: string, online = navigator.onLine): string[] {
  return online ? [appFolder, cdnBase(version)] : [appFolder];
}

async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function fetchOne(bases: string[], f: PackageFile, fetchFn: typeof fetch): Promise<FetchedPackage> {
  const tried: string[] = [];
  for (const base of bases) {
    const url = new URL(f.fileName, base.endsWith('/') ? base : `${base}/`).href;
    let bytes: ArrayBuffer;
    try {
      const res = await fetchFn(url);
      if (!res.ok) {
        tried.push(`${url}: HTTP ${res.status}`);
        continue;
      }
      bytes = await res.arrayBuffer();
    } catch (err) {
      tried.push(`${url}: ${err instanceof Error ? err.message : String(err)}`);
      continue;
    }
    const got = await sha256Hex(bytes);
    if (got !== f.sha256)
      throw new PackageError(
        f.name,
        'sha mismatch',
        `package "${f.name}": ${url} does not match the sha256 in pyodide-lock.json (expected ${f.sha256}, got ${got})`,
      );
    return { name: f.name, fileName: f.fileName, installDir: f.installDir, bytes };
  }
  throw new PackageError(f.name, 'fetch failed', `package "${f.name}" could not be fetched: ${tried.join('; ')}`);
}

/** Fetches every file (at once), each checked against its sha256; rejects with the first that fails. */
export function fetchVerified(
  bases: string[],
  files: PackageFile[],
  fetchFn: typeof fetch = fetch,
): Promise<FetchedPackage[]> {
  return Promise.all(files.map((f) => fetchOne(bases, f, fetchFn)));
}
