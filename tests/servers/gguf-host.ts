// A classroom-style file host for model files: CORS for the page, HTTP Range for resumed
// downloads, and a switch that cuts the connection part-way, as a dropped network does.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerPreflight, corsHeaders, type CorsOptions } from './cors.ts';

export interface FileHost {
  url(name: string): string;
  /** Every GET, with its Range header, in order. */
  requests: { path: string; range?: string }[];
  /** Bytes after which the next answer drops the connection; undefined sends whole answers. */
  cutAfter: number | undefined;
  close(): Promise<void>;
}

const CORS: CorsOptions = {
  allowedOrigins: '*',
  allowedHeaders: ['range'],
  exposeHeaders: ['content-range', 'content-length', 'accept-ranges'],
};

export async function startFileHost(files: Record<string, Uint8Array>): Promise<FileHost> {
  const host: Omit<FileHost, 'url' | 'close'> = { requests: [], cutAfter: undefined };
  const serve = (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method === 'OPTIONS') {
      answerPreflight(req, res, CORS);
      return;
    }
    const path = new URL(req.url ?? '/', 'http://x').pathname.slice(1);
    const range = req.headers.range;
    host.requests.push(range === undefined ? { path } : { path, range });
    const body = files[path];
    const cors = corsHeaders(req.headers.origin, CORS);
    if (!body) {
      res.writeHead(404, cors).end();
      return;
    }
    const m = range ? /^bytes=(\d+)-$/.exec(range) : null;
    const start = m ? Number(m[1]) : 0;
    if (start >= body.byteLength) {
      res.writeHead(416, { ...cors, 'content-range': `bytes */${body.byteLength}` }).end();
      return;
    }
    const part = body.subarray(start);
    res.writeHead(m ? 206 : 200, {
      ...cors,
      'content-type': 'application/octet-stream',
      'content-length': String(part.byteLength),
      'accept-ranges': 'bytes',
      ...(m ? { 'content-range': `bytes ${start}-${body.byteLength - 1}/${body.byteLength}` } : {}),
    });
    const cut = host.cutAfter;
    if (cut === undefined || cut >= part.byteLength) {
      res.end(part);
      return;
    }
    host.cutAfter = undefined;
    // Drop the connection once the browser has had time to read what was sent, even on a busy machine.
    res.write(part.subarray(0, cut), () => setTimeout(() => res.destroy(), 1500));
  };
  const server = createServer(serve);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;
  const out: FileHost = Object.assign(host, {
    url: (name: string) => `http://127.0.0.1:${port}/${name}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  });
  return out;
}
