// Run code that reads everything it can, through the full loop: with a key configured and a
// session already in the history, no request the model endpoint receives may carry the key (but
// for the auth header it is meant to carry) or anything of the earlier session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopOutcome } from '../../../src/loop/types.ts';
import type { EndpointConfig } from '../../../src/shared/model.ts';
import type { Task } from '../../../src/shared/task.ts';
import { startModelServer, type ModelServer } from '../../servers/model-server.ts';
import { readDatabase } from '../support/app.ts';
import { MODES, openPage, pyJob, runIn, type PageContext } from '../support/browser.ts';
import { LOOT, REPORT, THIEF_REPLIES } from './thief.ts';

const KEY = 'sk-hostile-e2e-5b1d0c7e9a3f4411';
const SESSION_SECRET = 'session-secret-31c9';
const COOKIE_SECRET = 'cookie-secret-8d02';
// What the earlier session holds: its task, the model's code, and what that code printed.
const HISTORY = ['zebra-ledger-4471', 'walrus-checksum-9920', 'printed-by-history-6613'];

const limits = { timeoutSec: 5, outputCap: 64 * 1024 };
const EARLIER: Task = {
  kind: 'function',
  id: 'earlier',
  title: `Ledger ${HISTORY[0]}`,
  prompt: `Write total(xs), the ${HISTORY[0]} sum.`,
  language: 'python',
  entryPoint: 'total',
  tests: { kind: 'user', source: 'assert total([1, 2]) == 3' },
  limits,
};
const EARLIER_REPLY = `\`\`\`python\ndef total(xs):\n    # ${HISTORY[1]}\n    print("${HISTORY[2]}")\n    return sum(xs)\n\`\`\``;
const THEFT: Task = {
  kind: 'function',
  id: 'theft',
  title: 'Inventory',
  prompt: 'Write stolen_everything().',
  language: 'python',
  entryPoint: 'stolen_everything',
  tests: { kind: 'user', source: 'assert stolen_everything()' },
  limits,
};

type Outcome = LoopOutcome & { sessionId: string };

describe.each(MODES)('data theft through the loop ($name)', ({ isolated }) => {
  let ctx: PageContext;
  let server: ModelServer;
  let endpoint: EndpointConfig;
  let earlier: Outcome;
  let theft: Outcome;
  const loop = (task: Task, maxIterations: number): Promise<Outcome> =>
    ctx.page.evaluate(([t, e, m]) => window.fixpoint.loop(t, e, { maxIterations: m, retryDelayMs: 0 }), [
      task,
      endpoint,
      maxIterations,
    ] as const);

  beforeAll(async () => {
    server = await startModelServer({ format: 'openai', apiKey: KEY });
    endpoint = { provider: 'openai', preset: 'custom', baseUrl: server.baseUrl, model: 'test-model', apiKey: KEY };
    ctx = await openPage({ isolated, path: '?headless' });
    // The key kept where the settings keep it ("this browser"), plus other things worth stealing.
    await ctx.page.evaluate(
      ([key, origin, s, c]) => {
        localStorage.setItem('fixpoint.apiKeys', JSON.stringify({ [origin]: key }));
        sessionStorage.setItem('fixpoint-secret', s);
        document.cookie = `fixpoint-secret=${c}; path=/`;
      },
      [KEY, new URL(server.url).origin, SESSION_SECRET, COOKIE_SECRET] as const,
    );
    await ctx.page.evaluate(() => window.fixpoint.start(1));
    server.reply(EARLIER_REPLY);
    earlier = await loop(EARLIER, 1);
    // The reads the first program starts answer later; the model "thinks" a while before each
    // reply that prints what they found, so that they have answered however busy the machine is.
    server.script(...THIEF_REPLIES.map((reply, i) => ({ reply, delayMs: i === 1 || i === 2 ? 2000 : 0 })));
    theft = await loop(THEFT, 4);
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.close();
  });

  it('the earlier session is in the history, and the thief ran four times, its output fed back', async () => {
    expect(earlier.passed).toBe(true);
    const stored = await ctx.page.evaluate((id) => window.fixpoint.history(id), earlier.sessionId);
    expect(JSON.stringify(stored)).toContain(HISTORY[2]);
    expect(theft.endReason).toBe('iteration-cap');
    expect(theft.attempts.map((a) => a.result?.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
    const chats = server.chatRequests().slice(1);
    expect(chats).toHaveLength(4);
    // The loop did carry what the code printed to the model: the attack had its channel.
    expect(JSON.stringify(chats[1]!.body)).toContain(REPORT);
    expect(JSON.stringify(chats[2]!.body)).toContain(LOOT);
    expect(JSON.stringify(chats[3]!.body)).toContain(`${LOOT}\\nno loot`);
  });

  it('what the thief found: every store blocked, nothing but its own opaque origin', () => {
    const [first, second, third] = theft.attempts.map((a) => a.result?.stdout ?? '');
    for (const name of [
      'localStorage',
      'sessionStorage',
      'document.cookie',
      'indexedDB.open(fixpoint)',
      'Function global',
      'constructor of a JS object',
    ]) {
      expect(first, name).toMatch(new RegExp(`^${name.replace(/[().]/g, '\\$&')} -> blocked`, 'm'));
    }
    expect(first).toMatch(/^key-like strings in memory -> \[\]$/m);
    // What the first run left in its worker's globals is gone: the next runs had a fresh worker.
    for (const loot of [second, third]) expect(loot).toBe(`${LOOT}\nno loot\n`);
  });

  it('no request to the endpoint carries the key outside its auth header, nor any other secret', () => {
    expect(server.requests.length).toBeGreaterThan(4);
    for (const r of server.requests) {
      const { authorization, ...rest } = r.headers;
      expect(JSON.stringify(rest), `${r.method} ${r.path}`).not.toContain(KEY);
      if (r.method === 'POST') expect(authorization).toBe(`Bearer ${KEY}`);
      const body = JSON.stringify(r.body ?? '');
      for (const secret of [KEY, SESSION_SECRET, COOKIE_SECRET])
        expect(body, `${r.method} ${r.path}`).not.toContain(secret);
    }
  });

  it("no request of the thief's session carries anything of the earlier session", () => {
    for (const r of server.chatRequests().slice(1)) {
      const body = JSON.stringify(r.body);
      for (const mark of [...HISTORY, earlier.sessionId]) expect(body).not.toContain(mark);
    }
  });

  it('the key is nowhere in the stored history', async () => {
    const dump = await readDatabase(ctx.page);
    expect(dump).toContain(HISTORY[2]);
    expect(dump).toContain(REPORT);
    expect(dump).not.toContain(KEY);
  });

  it("run code cannot post to the history's channel that the page's tabs listen to", async () => {
    await ctx.page.evaluate(() => {
      const heard: unknown[] = ((window as unknown as { heard: unknown[] }).heard = []);
      new BroadcastChannel('fixpoint:history').onmessage = (e) => heard.push(e.data);
    });
    const r = await runIn(
      ctx.page,
      pyJob(`
import js
from pyodide.ffi import to_js
c = js.BroadcastChannel.new("fixpoint:history")
c.postMessage(to_js({"kind": "deleted", "ids": ["${earlier.sessionId}"]}, dict_converter=js.Object.fromEntries))
print("posted")
`),
    );
    expect(r.stdout).toBe('posted\n');
    // The control: a post from the page's own origin arrives.
    await ctx.page.evaluate(() => new BroadcastChannel('fixpoint:history').postMessage({ kind: 'control', ids: [] }));
    await ctx.page.waitForFunction(() => (window as unknown as { heard: unknown[] }).heard.length > 0);
    expect(await ctx.page.evaluate(() => (window as unknown as { heard: unknown[] }).heard)).toEqual([
      { kind: 'control', ids: [] },
    ]);
  });
});
