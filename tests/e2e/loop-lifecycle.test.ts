// A session's life through the page when things do not go to plan: stopped mid-stream, an
// endpoint that dies mid-loop, a reload mid-run, a full disk. Each time nothing finished is lost
// and the end is said in words.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../servers/model-server.ts';
import type { PageContext } from './support/browser.ts';
import {
  appReady,
  attempts,
  configure,
  historyRows,
  openApp,
  openHistory,
  pickExample,
  text,
  waitBusy,
  waitForText,
} from './support/app.ts';
import { BUGGY, EXAMPLE, FIXED } from './support/replies.ts';

describe('the loop page when a session does not run to its end', () => {
  let ctx: PageContext;
  let server: ModelServer;
  beforeAll(async () => {
    ctx = await openApp({ isolated: true });
  });
  beforeEach(async () => {
    server = await startModelServer({ format: 'openai' });
    await configure(ctx.page, { preset: 'custom', baseUrl: server.baseUrl, model: 'test-model' });
    await pickExample(ctx.page, EXAMPLE);
  });
  afterEach(() => server?.close());
  afterAll(() => ctx?.close());

  /** Opens the newest session of the history and returns its attempts' verdicts. */
  async function reopenNewest(): Promise<string[]> {
    const { page } = ctx;
    await openHistory(page);
    await page.locator('[data-testid="history-dialog"] .fp-history-open').first().click();
    // Loading is asynchronous; the activity log says when the session is on the page.
    await page.waitForFunction(() =>
      / Opened “/.test(document.querySelector('[data-testid="activity"] li:last-child')?.textContent ?? ''),
    );
    return (await attempts(page)).map((r) => r.verdict);
  }

  it('Stop (Escape) mid-stream aborts the request and ends the session "stopped", keeping attempt 1', async () => {
    const { page } = ctx;
    server.reply(BUGGY);
    server.script({ behaviour: 'slow', slowMs: 40 });
    await page.getByTestId('run-loop').click();
    await waitForText(page, 'reply', /tick 3 /);
    expect((await attempts(page)).map((r) => r.verdict)).toEqual(['failed']);
    await page.keyboard.press('Escape');
    await waitBusy(page, false);

    expect(await text(page, 'session-end')).toMatch(/^stopped by you/);
    const slow = server.chatRequests()[1];
    await slow?.finished;
    expect(slow?.closedEarly).toBe(true);
    expect(await newestInHistory()).toMatchObject({ title: 'Running median', label: 'stopped' });
    expect(await reopenNewest()).toEqual(['failed']);
  });

  it('an endpoint that refuses the key on the second call ends the session with the reason, attempt 1 kept', async () => {
    const { page } = ctx;
    server.reply(BUGGY);
    server.script('auth');
    await page.getByTestId('run-loop').click();
    await waitBusy(page, false);

    const end = await text(page, 'session-end');
    expect(end).toMatch(/^endpoint failed: The endpoint refused the API key \(HTTP 401\)/);
    expect(end).toMatch(/Check that the API key is correct|No API key is set/);
    expect(await text(page, 'verdict')).toMatch(/refused the API key/);
    expect(await reopenNewest()).toEqual(['failed']);
    expect(await newestInHistory()).toMatchObject({ label: 'endpoint failed' });
  });

  it('a stream that keeps dropping is retried, then ends the session with the reason, attempt 1 kept', async () => {
    const { page } = ctx;
    server.reply(BUGGY);
    server.script('drop', 'drop');
    await page.getByTestId('run-loop').click();
    await waitBusy(page, false);

    expect(await text(page, 'session-end')).toMatch(
      /^endpoint failed: The connection to http:\/\/127\.0\.0\.1:\d+ ended before the reply was complete/,
    );
    expect(await text(page, 'activity')).toMatch(/Trying again/);
    expect(server.chatRequests()).toHaveLength(3);
    expect(await reopenNewest()).toEqual(['failed']);
  });

  it('a reload mid-run leaves the session interrupted, and Resume carries it to the end', async () => {
    const { page } = ctx;
    server.reply(BUGGY);
    server.script({ behaviour: 'slow', slowMs: 40 });
    await page.getByTestId('run-loop').click();
    await waitForText(page, 'reply', /tick 3 /);
    await page.reload();
    await appReady(page);

    await waitForText(page, 'session-end', /^interrupted/);
    expect(await text(page, 'notices')).toMatch(/Running median.* was cut off by a reload/);
    expect((await attempts(page)).map((r) => r.verdict)).toEqual(['failed']);
    await server.chatRequests()[1]?.finished;
    expect(server.chatRequests()[1]?.closedEarly).toBe(true);

    // Resume is offered under the attempts and in the history; the history's opens it first.
    expect(await page.getByTestId('resume').isVisible()).toBe(true);
    await openHistory(page);
    expect((await historyRows(page))[0]).toMatchObject({ title: 'Running median', status: 'interrupted' });
    server.reply(FIXED);
    await page.locator('[data-testid="history-dialog"] .fp-history-resume').first().click();
    // The history opens the session before it resumes, so wait for the second attempt too.
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="attempt"]').length === 2 &&
        document.getElementById('app')?.dataset.busy === 'false',
    );
    expect((await attempts(page)).map((r) => r.verdict)).toEqual(['failed', 'passed']);
    expect(await text(page, 'session-end')).toMatch(/^passed/);
    expect(JSON.stringify(server.chatRequests()[2]?.body)).toMatch(/expected/i);
    expect(await newestInHistory()).toMatchObject({ title: 'Running median', status: 'done', label: 'passed' });
  });

  it('a full disk is said in words, and the run goes on with the attempts shown', async () => {
    const { page } = ctx;
    // Chromium does not enforce a shrunk quota on small writes, so the browser's refusal is
    // played at the IndexedDB API: every attempt write fails as on a full disk.
    await page.evaluate(() => {
      const put = IDBObjectStore.prototype.put;
      Object.assign(window, { realPut: put });
      IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        if (this.name === 'attempts') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return put.apply(this, args);
      };
    });
    server.reply(BUGGY, FIXED);
    await page.getByTestId('run-loop').click();
    await waitForText(page, 'notices', /History not saved: The browser has no room left to save history\./);
    await waitBusy(page, false);
    await page.evaluate(
      () => (IDBObjectStore.prototype.put = (window as unknown as { realPut: IDBObjectStore['put'] }).realPut),
    );

    expect((await attempts(page)).map((r) => r.verdict)).toEqual(['failed', 'passed']);
    expect(await text(page, 'session-end')).toMatch(/^passed/);
    expect(await text(page, 'notices')).toMatch(
      /History not saved: .*no room left.* 2 attempts of “Running median” could not be written/,
    );
    expect(await reopenNewest()).toEqual([]);
  });

  /** The newest row of the history dialog, which is closed again. */
  async function newestInHistory(): Promise<{ title: string; status: string; label: string } | undefined> {
    await openHistory(ctx.page);
    const [row] = await historyRows(ctx.page);
    await ctx.page.getByTestId('history-dialog-close').click();
    return row;
  }
});
