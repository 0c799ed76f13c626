// Fixtures and fakes for the store tests: sessions and attempts, a Web Locks stand-in shared by
// several simulated tabs, and a fresh in-memory IndexedDB per test.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openStore, type HistoryStore, type StoreOptions } from '../../../src/store/history-store.ts';
import type { LockManagerLike } from '../../../src/store/locks.ts';
import type { RunResult } from '../../../src/shared/run.ts';
import type { Attempt, Session } from '../../../src/shared/session.ts';

/** Web Locks as the browser has them for one site: shared by all its tabs. */
export class FakeLocks implements LockManagerLike {
  readonly held = new Set<string>();

  async request(
    name: string,
    options: { ifAvailable?: boolean },
    callback: (lock: unknown) => unknown,
  ): Promise<unknown> {
    if (!options.ifAvailable) throw new Error('the store is expected to ask with ifAvailable');
    if (this.held.has(name)) return callback(null);
    this.held.add(name);
    try {
      return await callback({ name, mode: 'exclusive' });
    } finally {
      this.held.delete(name);
    }
  }
}

let counter = 0;

/** A fresh database (its own factory and name) for one test; several tabs may share it. */
export function freshSite(): { factory: IDBFactory; name: string; locks: FakeLocks } {
  counter += 1;
  return { factory: new IDBFactory(), name: `fixpoint-test-${process.pid}-${counter}`, locks: new FakeLocks() };
}

const opened: HistoryStore[] = [];

export async function openTab(
  site: { factory: IDBFactory; name: string; locks: FakeLocks },
  options: StoreOptions = {},
): Promise<HistoryStore> {
  const store = await openStore(site.factory, { name: site.name, locks: site.locks, storage: null, ...options });
  opened.push(store);
  return store;
}

/** Closes every store the test opened (their BroadcastChannels would keep the worker alive). */
export function closeAll(): void {
  for (const store of opened.splice(0)) store.close();
}

export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    id: 's1',
    title: 'Sum of two numbers',
    task: {
      kind: 'function',
      id: 'HumanEval/0',
      title: 'has_close_elements',
      prompt: 'def add(a, b):\n    """Return a + b."""\n',
      language: 'python',
      entryPoint: 'add',
      tests: { kind: 'humaneval', test: 'def check(f):\n    assert f(1, 2) == 3\n', entryPoint: 'add' },
      limits: { timeoutSec: 3, outputCap: 65536 },
    },
    settings: { provider: 'openai', baseUrl: 'http://127.0.0.1:8000/v1', model: 'm', maxIterations: 5 },
    createdAt: 1000,
    updatedAt: 1000,
    status: 'running',
    ...overrides,
  };
}

export function makeResult(overrides: Partial<RunResult> = {}): RunResult {
  return {
    status: 'failed',
    result: 'failed: AssertionError',
    tests: [
      {
        name: 'test_1',
        passed: false,
        source: 'assert f(1, 2) == 3',
        expected: '3',
        actual: '-1',
        message: 'AssertionError',
      },
    ],
    exception: { type: 'AssertionError', message: '', traceback: 'File "<candidate>", line 2\n', line: 2 },
    stdout: 'hello\n',
    stderr: '',
    truncated: false,
    durationMs: 12.5,
    ...overrides,
  };
}

export function makeAttempt(sessionId: string, index: number, overrides: Partial<Attempt> = {}): Attempt {
  return {
    sessionId,
    index,
    messages: [{ role: 'user', content: 'Write add(a, b).' }],
    reply: '```python\ndef add(a, b):\n    return a - b\n```',
    candidate: 'def add(a, b):\n    """Return a + b."""\n    return a - b\n',
    source: 'model',
    result: makeResult(),
    feedback: 'test_1 failed: expected 3, got -1',
    usage: { inputTokens: 10, outputTokens: 20 },
    modelMs: 100,
    runMs: 12,
    createdAt: 2000 + index,
    ...overrides,
  };
}
