// The checker's pool over comlink: a check that overruns its limit is timed out and only it; the
// checks beside and behind it are checked; set-up never counts against a limit; a crash costs
// the check under it a retry; workers that cannot start fail the waiting checks instead of looping.
// MessageChannels stand in for the workers; what a fake worker does depends on the code it checks.
import { expose } from 'comlink';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCheckerHost, type CheckerWorker } from '../../../src/sandbox/typescript/checker-host.ts';
import type { CheckerWorkerApi } from '../../../src/sandbox/typescript/worker-api.ts';
import { TypeCheckTimedOut } from '../../../src/shared/typescript-check.ts';

interface FakeWorker extends CheckerWorker {
  terminated: boolean;
}

interface Fakes {
  /** Set-up (warm) takes this long. */
  setupMs?: number;
  /** Set-up crashes the worker. */
  cannotStart?: boolean;
}

const ports: MessagePort[] = [];
afterEach(() => {
  for (const p of ports.splice(0)) p.close();
});

const wait = (ms: number): Promise<void> => new Promise((ok) => setTimeout(ok, ms));

/**
 * Workers that answer `/* worker n *\/ code`, except for the code `hang` (never answers), `crash`
 * (the worker crashes) and `crash-first` (the first worker crashes, later ones answer).
 */
function spawner(fakes: Fakes = {}): { spawn: () => FakeWorker; spawned: FakeWorker[]; served: string[] } {
  const spawned: FakeWorker[] = [];
  /** The order in which workers served checks and completions: `check b`, `completions x`. */
  const served: string[] = [];
  const spawn = (): FakeWorker => {
    const n = spawned.length + 1;
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    const errorListeners: (() => void)[] = [];
    const crash = (): Promise<never> => {
      setTimeout(() => errorListeners.forEach((f) => f()), 5);
      return new Promise(() => undefined);
    };
    const api: CheckerWorkerApi = {
      check: async (code) => {
        if (code === 'slow') await wait(150);
        served.push(`check ${code}`);
        if (code === 'hang') return new Promise(() => undefined);
        if (code === 'crash' || (code === 'crash-first' && n === 1)) return crash();
        return { diagnostics: [], js: `/* worker ${n} */ ${code}` };
      },
      completions: ({ code }) => {
        served.push(`completions ${code}`);
        if (code === 'hang') return new Promise(() => undefined);
        return Promise.resolve({
          from: 0,
          to: 0,
          entries: [{ name: `worker ${n} ${code}`, kind: 'var', sortText: '11' }],
        });
      },
      completionDetails: () => Promise.resolve(undefined),
      quickInfo: ({ code }) => Promise.resolve({ signature: `worker ${n} ${code}`, documentation: '' }),
      signatureHelp: () => Promise.resolve(undefined),
      warm: async () => {
        await wait(fakes.setupMs ?? 0);
        if (fakes.cannotStart) await crash();
      },
    };
    expose(api, port2 as unknown as Parameters<typeof expose>[1]);
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
    };
    spawned.push(worker);
    return worker;
  };
  return { spawn, spawned, served };
}

const strict = { strict: true };

describe('TypeScript checker pool', () => {
  it('starts a worker on first use, a second when a check waits for one, and keeps them', async () => {
    const { spawn, spawned } = spawner();
    const checker = createCheckerHost(spawn);
    expect(spawned).toHaveLength(0);
    expect((await checker.check('a', strict)).js).toBe('/* worker 1 */ a');
    expect((await checker.check('b', strict)).js).toBe('/* worker 1 */ b');
    await wait(50);
    expect(spawned).toHaveLength(1);
    const stalled = checker.check('hang', strict, 200);
    expect((await checker.check('b', strict)).js).toBe('/* worker 2 */ b');
    await expect(stalled).rejects.toBeInstanceOf(TypeCheckTimedOut);
    await wait(50);
    // The stalled worker's replacement started at once.
    expect(spawned).toHaveLength(3);
    const both = await Promise.all([checker.check('b', strict), checker.check('c', strict)]);
    expect(both.map((r) => r.js.slice(0, 12)).sort()).toEqual(['/* worker 2 ', '/* worker 3 ']);
    expect(spawned).toHaveLength(3);
    checker.dispose();
    expect(spawned.every((w) => w.terminated)).toBe(true);
  });

  it('times out a check that overruns its limit, ends only its worker, and checks the one beside it', async () => {
    const { spawn, spawned } = spawner();
    const checker = createCheckerHost(spawn);
    await checker.warm(true);
    const stalled = checker.check('hang', strict, 300);
    const sibling = checker.check('b', strict, 300);
    expect((await sibling).js).toMatch(/ b$/);
    const err: unknown = await stalled.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeCheckTimedOut);
    expect(spawned.filter((w) => w.terminated)).toHaveLength(1);
    expect((await checker.check('c', strict, 300)).js).toMatch(/ c$/);
    checker.dispose();
  });

  it('checks the ones queued behind a stalled check on a new worker, even with a pool of one', async () => {
    const { spawn, spawned } = spawner();
    const checker = createCheckerHost(spawn, { size: 1 });
    const stalled = checker.check('hang', strict, 300);
    const behind = [checker.check('b', strict, 300), checker.check('c', strict, 300)];
    await expect(stalled).rejects.toBeInstanceOf(TypeCheckTimedOut);
    expect((await Promise.all(behind)).map((r) => r.js)).toEqual(['/* worker 2 */ b', '/* worker 2 */ c']);
    expect(spawned[0]!.terminated).toBe(true);
    checker.dispose();
  });

  it('does not count setting a worker up against a check’s limit', async () => {
    const { spawn } = spawner({ setupMs: 300 });
    const checker = createCheckerHost(spawn);
    expect((await checker.check('a', strict, 100)).js).toBe('/* worker 1 */ a');
    checker.dispose();
  });

  it('retries a check whose worker crashed under it once, and fails only a check that crashes every worker', async () => {
    const { spawn } = spawner();
    const checker = createCheckerHost(spawn, { size: 1 });
    expect((await checker.check('crash-first', strict)).js).toBe('/* worker 2 */ crash-first');
    const crashing = checker.check('crash', strict);
    const behind = checker.check('b', strict);
    await expect(crashing).rejects.toThrow(/stopped unexpectedly/);
    expect((await behind).js).toMatch(/ b$/);
    checker.dispose();
  });

  it('fails the waiting checks when workers cannot start, without starting workers forever', async () => {
    const { spawn, spawned } = spawner({ cannotStart: true });
    const checker = createCheckerHost(spawn);
    await expect(checker.check('a', strict)).rejects.toThrow(/could not start/);
    await wait(100);
    expect(spawned.length).toBeLessThanOrEqual(3);
    checker.dispose();
  });

  it('refuses checks once closed, and fails the ones still waiting', async () => {
    const { spawn } = spawner();
    const checker = createCheckerHost(spawn, { size: 1 });
    const running = checker.check('hang', strict);
    const waiting = checker.check('b', strict);
    await wait(50);
    checker.dispose();
    await expect(running).rejects.toThrow(/closed/);
    await expect(waiting).rejects.toThrow(/closed/);
    await expect(checker.check('c', strict)).rejects.toThrow(/closed/);
  });

  it('bounds a check that comes without a limit by the default', async () => {
    const { spawn } = spawner();
    const checker = createCheckerHost(spawn, { checkTimeoutMs: 200 });
    await expect(checker.check('hang', strict)).rejects.toBeInstanceOf(TypeCheckTimedOut);
    checker.dispose();
  });
});

describe("the editor's requests", () => {
  const req = (code: string) => ({ code, position: 0, language: 'typescript' as const });
  const named = (r: { entries: { name: string }[] } | undefined) => r?.entries[0]?.name;

  it('answers only the latest completion typed while the worker was busy, without a second worker', async () => {
    const { spawn, spawned, served } = spawner();
    const checker = createCheckerHost(spawn);
    await checker.warm(true);
    const busy = checker.check('slow', strict);
    await wait(20);
    const typed = ['x', 'xs', 'xs.'].map((code) => checker.intel.completions(req(code)));
    const answers = await Promise.all(typed);
    expect(answers.map(named)).toEqual([undefined, undefined, 'worker 1 xs.']);
    await busy;
    expect(served).toEqual(['check slow', 'completions xs.']);
    expect(spawned).toHaveLength(1);
    // Each kind has its own latest: a hover waiting beside a completion is kept.
    const [c, h] = await Promise.all([checker.intel.completions(req('a')), checker.intel.quickInfo(req('b'))]);
    expect([named(c), h?.signature]).toEqual(['worker 1 a', 'worker 1 b']);
    checker.dispose();
  });

  it('serves an editor request before the checks waiting', async () => {
    const { spawn, served } = spawner();
    const checker = createCheckerHost(spawn, { size: 1 });
    await checker.warm(true);
    const checks = [checker.check('slow', strict), checker.check('b', strict), checker.check('c', strict)];
    await wait(20);
    const completion = checker.intel.completions(req('x'));
    await Promise.all([...checks, completion]);
    expect(served).toEqual(['check slow', 'completions x', 'check b', 'check c']);
    checker.dispose();
  });

  it('drops a request whose signal aborts before it is served, and never sends it', async () => {
    const { spawn, served } = spawner();
    const checker = createCheckerHost(spawn, { size: 1 });
    await checker.warm(true);
    const busy = checker.check('slow', strict);
    await wait(20);
    const abort = new AbortController();
    const dropped = checker.intel.completions(req('stale'), abort.signal);
    abort.abort();
    expect(await dropped).toBeUndefined();
    await busy;
    expect(named(await checker.intel.completions(req('fresh')))).toBe('worker 1 fresh');
    expect(served).toEqual(['check slow', 'completions fresh']);
    checker.dispose();
  });

  it('warms one worker, and requests made while it sets up start no other', async () => {
    const { spawn, spawned } = spawner({ setupMs: 100 });
    const checker = createCheckerHost(spawn);
    checker.intel.warm();
    checker.intel.warm();
    const answers = await Promise.all([checker.intel.completions(req('a')), checker.intel.quickInfo(req('b'))]);
    expect(answers.map((a) => (a && 'entries' in a ? named(a) : a?.signature))).toEqual(['worker 1 a', 'worker 1 b']);
    expect(spawned).toHaveLength(1);
    checker.dispose();
  });

  it('ends a worker stuck on a request and answers the next one on a new worker', async () => {
    const { spawn, spawned } = spawner();
    vi.useFakeTimers({ toFake: ['setTimeout'], shouldAdvanceTime: true });
    try {
      const checker = createCheckerHost(spawn, { size: 1 });
      const stuck = checker.intel.completions(req('hang')).catch((e: unknown) => e);
      await wait(50);
      await vi.advanceTimersByTimeAsync(11_000);
      expect(String(await stuck)).toMatch(/did not answer within 10 s/);
      expect(spawned[0]!.terminated).toBe(true);
      expect(named(await checker.intel.completions(req('next')))).toBe('worker 2 next');
      checker.dispose();
    } finally {
      vi.useRealTimers();
    }
  });
});
