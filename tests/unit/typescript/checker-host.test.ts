// The checker's host over comlink: answers come back, a stuck or crashed worker is replaced and
// the next check works, a closed checker refuses politely. A MessageChannel stands in for the worker.
import { expose } from 'comlink';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createCheckerHost, type CheckerWorker } from '../../../src/sandbox/typescript/checker-host.ts';
import type { CheckerWorkerApi } from '../../../src/sandbox/typescript/worker-api.ts';

interface FakeWorker extends CheckerWorker {
  terminated: boolean;
  crash(): void;
}

const ports: MessagePort[] = [];
afterEach(() => {
  for (const p of ports.splice(0)) p.close();
});

/** A worker whose check answers with the given behaviour for each spawn in turn. */
function spawner(behaviours: ('ok' | 'hang')[]): { spawn: () => FakeWorker; spawned: FakeWorker[] } {
  const spawned: FakeWorker[] = [];
  const spawn = (): FakeWorker => {
    const behaviour = behaviours[spawned.length] ?? 'ok';
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    const api: CheckerWorkerApi = {
      check: (code) =>
        behaviour === 'hang'
          ? new Promise(() => undefined)
          : Promise.resolve({ diagnostics: [], js: `/* worker ${spawned.length} */ ${code}` }),
      warm: () => Promise.resolve(),
    };
    expose(api, port2 as unknown as Parameters<typeof expose>[1]);
    const errorListeners: (() => void)[] = [];
    const worker: FakeWorker = {
      terminated: false,
      postMessage: (msg: unknown) => port1.postMessage(msg),
      addEventListener: (type: string, fn: EventListenerOrEventListenerObject) => {
        if (type === 'error') errorListeners.push(fn as () => void);
        else port1.addEventListener(type, fn);
      },
      removeEventListener: (type: string, fn: EventListenerOrEventListenerObject) =>
        port1.removeEventListener(type, fn),
      start: () => port1.start(),
      terminate() {
        this.terminated = true;
        port1.close();
        port2.close();
      },
      crash: () => errorListeners.forEach((f) => f()),
    };
    spawned.push(worker);
    return worker;
  };
  return { spawn, spawned };
}

describe('TypeScript checker host', () => {
  it('starts one worker on first use and keeps it for later checks', async () => {
    const { spawn, spawned } = spawner(['ok']);
    const checker = createCheckerHost(spawn);
    expect(spawned).toHaveLength(0);
    expect((await checker.check('a', { strict: true })).js).toBe('/* worker 1 */ a');
    expect((await checker.check('b', { strict: true })).js).toBe('/* worker 1 */ b');
    expect(spawned).toHaveLength(1);
    checker.dispose();
    expect(spawned[0]!.terminated).toBe(true);
  });

  it('gives up a check the worker never answers, replaces the worker, and the next check works', async () => {
    const { spawn, spawned } = spawner(['hang', 'ok']);
    const checker = createCheckerHost(spawn, { callTimeoutMs: 200 });
    await expect(checker.check('a', { strict: true })).rejects.toThrow(/did not answer within 0.2 s/);
    expect(spawned[0]!.terminated).toBe(true);
    expect((await checker.check('b', { strict: true })).js).toBe('/* worker 2 */ b');
    checker.dispose();
  });

  it('fails the waiting check when the worker crashes, and starts a new one for the next', async () => {
    const { spawn, spawned } = spawner(['hang', 'ok']);
    const checker = createCheckerHost(spawn);
    const pending = checker.check('a', { strict: true });
    spawned[0]!.crash();
    await expect(pending).rejects.toThrow(/stopped unexpectedly/);
    expect((await checker.check('b', { strict: true })).js).toBe('/* worker 2 */ b');
    checker.dispose();
  });

  it('refuses checks once closed, and fails the ones still waiting', async () => {
    const { spawn } = spawner(['hang']);
    const checker = createCheckerHost(spawn);
    const pending = checker.check('a', { strict: true });
    checker.dispose();
    await expect(pending).rejects.toThrow(/closed/);
    await expect(checker.check('b', { strict: true })).rejects.toThrow(/closed/);
  });
});
