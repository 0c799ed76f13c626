// Serves the built page on loopback, with or without cross-origin isolation headers.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders, type Server } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.zip': 'application/zip',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/** A file the build named after its content (`assets/name-hash.ext`): it never changes. */
const HASHED = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9.]+$/;

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export async function serveDist(
  opts: {
    root?: string;
    isolated?: boolean;
    port?: number;
    onRequest?: (path: string) => void;
    /** Sent with every file too, as some host does (Vary, say). */
    headers?: OutgoingHttpHeaders;
  } = {},
): Promise<StaticServer> {
  const root = resolve(opts.root ?? 'dist');
  if (!existsSync(join(root, 'index.html'))) throw new Error(`no built page in ${root}: run "npm run build" first`);
  const server: Server = createServer((req, res) => {
    let path: string;
    try {
      // The request's path as sent: "//x" is a path here, not an address of another host.
      path = decodeURIComponent(new URL(`http://x${req.url ?? '/'}`).pathname);
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end('bad request path');
      return;
    }
    opts.onRequest?.(path);
    let file = normalize(join(root, path));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    // Kept by the browser, and asked again each time: an unchanged file is answered without its
    // bytes, as a static host does (a returning visit reads 20 MB of Python from the HTTP cache).
    // The build's own files carry their content's hash in their names: those are kept without
    // asking, so a returning visit waits on no round trip for its code.
    const stat = statSync(file);
    const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
    const headers: OutgoingHttpHeaders = {
      ...opts.headers,
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': HASHED.test(path) ? 'max-age=31536000, immutable' : 'no-cache',
      ETag: etag,
    };
    if (opts.isolated !== false) {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
    }
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
  });
  // A fixed port keeps the page's origin, and so its caches, the same from one command to the
  // next; when another command holds it, any free port does.
  await new Promise<void>((ok, fail) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE' && opts.port) server.listen(0, '127.0.0.1', ok);
      else fail(err);
    });
    server.listen(opts.port ?? 0, '127.0.0.1', ok);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
