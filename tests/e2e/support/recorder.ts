// A local server that records every request that reaches it, to prove that run code reaches
// none: each test also sends a control request from the page, so a silent recorder means blocked,
// not broken.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';

export interface Recorder {
  /** http://127.0.0.1:port */
  url: string;
  /** "METHOD /path", including WebSocket upgrades ("UPGRADE /path"). */
  hits: string[];
  close(): Promise<void>;
}

export async function startRecorder(): Promise<Recorder> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    const type = req.url?.endsWith('.js') ? 'text/javascript' : req.url?.endsWith('.png') ? 'image/png' : 'text/plain';
    res
      .writeHead(200, {
        'Content-Type': type,
        'Access-Control-Allow-Origin': '*',
        'Cross-Origin-Resource-Policy': 'cross-origin',
      })
      .end('ok');
  });
  server.on('upgrade', (req, socket: Socket) => {
    hits.push(`UPGRADE ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
