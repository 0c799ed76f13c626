// An endpoint that fails in every way a real one does, through the page's own loop (headless
// API): each failure ends the session, or lets it go on, with a message in words; the attempts
// the history keeps are exactly the ones the loop made; and a hanging endpoint never holds the
// session forever. Isolation changes nothing here, so one mode is enough.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoopOutcome, LoopSettings } from '../../../src/loop/types.ts';
import { findExample } from '../../../src/shared/examples.ts';
import type { EndpointConfig } from '../../../src/shared/model.ts';
import { startModelServer, type ModelServer } from '../../servers/model-server.ts';
import { openPage, type PageContext } from '../support/browser.ts';
import { BUGGY, EXAMPLE, FIXED } from '../support/replies.ts';

const task = findExample(EXAMPLE)!;
type Outcome = LoopOutcome & { sessionId: string };

describe('failing endpoints through the loop', () => {
  let ctx: PageContext;
  let server: ModelServer;
  let endpoint: EndpointConfig;
  beforeAll(async () => {
    server = await startModelServer({ format: 'openai' });
    endpoint = { provider: 'openai', preset: 'custom', baseUrl: server.baseUrl, model: 'test-model' };
    ctx = await openPage({ isolated: true, path: '?headless' });
    await ctx.page.evaluate(() => window.fixpoint.start(1));
  });
  beforeEach(() => server.reset());
  afterAll(async () => {
    await ctx?.close();
    await server?.close();
  });

  async function loop(settings: Partial<LoopSettings> = {}, idleMs?: number): Promise<Outcome> {
    const s: LoopSettings = { maxIterations: 3, retryDelayMs: 0, ...settings };
    const outcome = await ctx.page.evaluate(
      ([t, e, st, ms]) => window.fixpoint.loop(t, e, st, 0, ms === null ? {} : { modelIdleTimeoutMs: ms }),
      [task, endpoint, s, idleMs ?? null] as const,
    );
    // What the history keeps is what the loop made, attempt for attempt, and the session's end.
    const stored = await ctx.page.evaluate((id) => window.fixpoint.history(id), outcome.sessionId);
    expect(stored.attempts).toEqual(outcome.attempts);
    expect(stored.session).toMatchObject({
      status: 'done',
      endReason: outcome.endReason,
      endMessage: outcome.endMessage,
    });
    return outcome;
  }
  const verdicts = (o: Outcome): (string | undefined)[] => o.attempts.map((a) => a.result?.status);

  it('the stream drops mid-reply once: retried, and the session goes on to pass', async () => {
    server.reply(BUGGY);
    server.script({ behaviour: 'drop', reply: FIXED });
    server.reply(FIXED);
    const o = await loop();
    expect(o.endReason).toBe('passed');
    expect(verdicts(o)).toEqual(['failed', 'passed']);
    expect(server.chatRequests().map((r) => r.behaviour)).toEqual(['reply', 'drop', 'reply']);
  });

  it('the stream keeps dropping mid-reply: the session ends saying so, attempt 1 kept', async () => {
    server.reply(BUGGY);
    server.script({ behaviour: 'drop', reply: FIXED }, { behaviour: 'drop', reply: FIXED });
    const o = await loop();
    expect(o.endReason).toBe('endpoint-failed');
    expect(o.endMessage).toMatch(
      /^The connection to http:\/\/127\.0\.0\.1:\d+ ended before the reply was complete \(the connection was cut\)\. Try again/,
    );
    expect(verdicts(o)).toEqual(['failed']);
  });

  it('HTTP 500 three times, then a good reply: with three retries the session goes on and passes', async () => {
    server.script('empty', 'empty', 'empty');
    server.reply(FIXED);
    const o = await loop({ modelRetries: 3 });
    expect(o.endReason).toBe('passed');
    expect(verdicts(o)).toEqual(['passed']);
    expect(server.chatRequests()).toHaveLength(4);
  });

  it('HTTP 500 more times than the loop retries: the session ends with the status and what to check', async () => {
    server.reply(BUGGY);
    server.script('empty', 'empty', 'empty');
    const o = await loop();
    expect(o.endReason).toBe('endpoint-failed');
    expect(o.endMessage).toMatch(
      /^The endpoint answered HTTP 500 with an empty body\. The server gave no details\. Check the base URL/,
    );
    expect(verdicts(o)).toEqual(['failed']);
  });

  it('garbage instead of the wire format: the session ends saying the reply could not be read', async () => {
    server.reply(BUGGY);
    server.script('garbage', 'garbage');
    const o = await loop();
    expect(o.endReason).toBe('endpoint-failed');
    expect(o.endMessage).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+ sent a reply that could not be read: .+\. Check that the base URL points at an OpenAI-compatible API/,
    );
    expect(verdicts(o)).toEqual(['failed']);
  });

  it.each(['hang', 'hang-after-headers'] as const)(
    'an endpoint that goes quiet (%s): given up after the idle bound, saying so',
    async (behaviour) => {
      server.reply(BUGGY);
      server.script(behaviour, behaviour);
      const o = await loop({}, 1500);
      expect(o.endReason).toBe('endpoint-failed');
      expect(o.endMessage).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+ sent nothing for 1\.5 s, so the request was given up\. The server may be stuck/,
      );
      expect(verdicts(o)).toEqual(['failed']);
      const quiet = server.chatRequests().slice(1);
      expect(quiet).toHaveLength(2);
      await Promise.all(quiet.map((r) => r.finished));
      expect(quiet.every((r) => r.closedEarly)).toBe(true);
    },
  );
});
