// End-to-end files can run two at a time (FIXPOINT_E2E_FILES=2, vitest.config.ts). A file whose
// assertions depend on timing (a fixed wait for something NOT to happen, a bound on a wall clock:
// how long the page's main thread is blocked, the time between two moments) calls `runsAlone()`
// at its top: it then runs with no other file beside it. Every file under tests/e2e/hostile/ runs
// alone, called or not. The turns are handed out by a server the e2e run starts once
// (`turnServer`, from global-setup.ts); a file holds its turn through a socket, so a file whose
// worker dies gives its turn back.
import { connect, createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { noteTiming } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The loopback port of the run's turn server; 0 when the run has none (files then run as they come). */
    e2eTurnPort: number;
  }
}

type Kind = 'shared' | 'alone';
interface Waiter {
  kind: Kind;
  socket: Socket;
}

/** Hands out turns: any number of files at once, or one file alone; a file waiting to run alone goes first. */
export async function turnServer(): Promise<{ port: number; close(): Promise<void> }> {
  const holders = new Map<Socket, Kind>();
  const queue: Waiter[] = [];
  const grant = (): void => {
    while (queue.length) {
      const next = queue[0]!;
      const someoneAlone = [...holders.values()].includes('alone');
      if (someoneAlone || (next.kind === 'alone' && holders.size > 0)) return;
      queue.shift();
      holders.set(next.socket, next.kind);
      next.socket.write('go\n');
      if (next.kind === 'alone') return;
    }
  };
  const server = createServer((socket) => {
    socket.setEncoding('utf8');
    socket.once('data', (line: string) => {
      queue.push({ kind: line.trim() === 'alone' ? 'alone' : 'shared', socket });
      grant();
    });
    const leave = (): void => {
      holders.delete(socket);
      const i = queue.findIndex((w) => w.socket === socket);
      if (i >= 0) queue.splice(i, 1);
      grant();
    };
    socket.on('close', leave);
    socket.on('error', leave);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () =>
      new Promise<void>((ok) => {
        for (const s of holders.keys()) s.destroy();
        for (const w of queue) w.socket.destroy();
        server.close(() => ok());
      }),
  };
}

function takeTurn(port: number, kind: Kind): Promise<Socket> {
  return new Promise((ok, fail) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${kind}\n`));
    socket.setEncoding('utf8');
    socket.once('data', () => ok(socket));
    socket.once('error', fail);
  });
}

let alone = false;

/** Call at the top of a test file whose assertions depend on timing: no other file runs beside it. */
export function runsAlone(): void {
  alone = true;
}

// How long a file may wait for its turn: the longest file, on a loaded machine.
const WAIT_MS = 30 * 60_000;

/** For the e2e setup file: each file waits for its turn before its first hook and gives it back after its last. */
export function fileTurn(): void {
  let socket: Socket | undefined;
  beforeAll(async () => {
    const port = inject('e2eTurnPort');
    const hostile = /[/\\]tests[/\\]e2e[/\\]hostile[/\\]/.test(expect.getState().testPath ?? '');
    const kind = alone || hostile ? 'alone' : 'shared';
    const t0 = performance.now();
    if (port) socket = await takeTurn(port, kind);
    // A file's time as the reporter gives it includes this wait.
    noteTiming({ turn: kind, waitMs: performance.now() - t0 });
  }, WAIT_MS);
  afterAll(() => {
    socket?.destroy();
  });
}
