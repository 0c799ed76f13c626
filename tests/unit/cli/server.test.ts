// The command line's server answers as a static host would: the build's hashed files are kept by
// the browser without asking again, everything else is asked again and answered 304 if unchanged.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { get } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDist, type StaticServer } from '../../../cli/server.ts';

let server: StaticServer;

/** The status for a path sent exactly as written (fetch would tidy it first). */
function statusOf(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(new URL(server.url), { path }, (res) => (res.resume(), resolve(res.statusCode ?? 0))).on('error', reject);
  });
}

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'fixpoint-dist-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'pyodide'));
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  writeFileSync(join(root, 'assets/index-B5ze-7LK.js'), 'export {};');
  writeFileSync(join(root, 'assets/plain.js'), 'export {};');
  writeFileSync(join(root, 'pyodide/pyodide.asm.wasm'), new Uint8Array([0, 97, 115, 109]));
  server = await serveDist({ root, port: 0 });
});

afterAll(() => server.close());

describe('the local server', () => {
  it('lets the browser keep the files named after their content, and only those', async () => {
    const kept = await fetch(new URL('assets/index-B5ze-7LK.js', server.url));
    expect(kept.headers.get('cache-control')).toBe('max-age=31536000, immutable');
    for (const path of ['', 'index.html', 'assets/plain.js', 'pyodide/pyodide.asm.wasm']) {
      const res = await fetch(new URL(path, server.url));
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('answers an unchanged file 304 without its bytes, with the isolation headers', async () => {
    const url = new URL('pyodide/pyodide.asm.wasm', server.url);
    const first = await fetch(url);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(url, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    expect(again.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    expect(first.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('answers odd paths with a status and keeps serving', async () => {
    expect(await statusOf('//')).toBe(200);
    expect(await statusOf('//index.html')).toBe(200);
    expect(await statusOf('/%E0%A4%A')).toBe(400);
    expect(await statusOf('/../../etc/passwd')).toBe(404);
    expect(await statusOf('/..%2F..%2Fetc%2Fpasswd')).toBe(403);
    expect(await statusOf('/index.html')).toBe(200);
  });
});
