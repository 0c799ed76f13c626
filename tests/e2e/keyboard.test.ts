// The page by keyboard and by screen reader, in the built app: focus leaves the code editor with
// Escape then Tab (and that Escape does not stop a running loop), dialogs keep focus inside and
// give it back, the output scrolls by keyboard, the loop's progress is announced in short words,
// and the page works at 360 px wide and at 200% zoom.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, pickExample, runLoop, waitBusy, waitForText } from './support/app.ts';
import { openPage, type PageContext } from './support/browser.ts';
import { pageWithModel } from './support/page-with-model.ts';
import { BUGGY, EXAMPLE } from './support/replies.ts';

const LONG = 90_000;

/** What has focus, named by its data-testid, aria-label or text, and whether it is in an editor. */
function focused(page: Page): Promise<{ name: string; inEditor: boolean; inDialog: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      name: el?.dataset.testid ?? el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
      inEditor: !!el?.closest('.cm-editor'),
      inDialog: (el?.closest('dialog') as HTMLElement | null)?.dataset.testid ?? '',
    };
  });
}

describe('the loop page by keyboard', () => {
  const app = pageWithModel({ configure: false });
  beforeAll(async () => {
    await app.page.locator('[data-testid="editor"] .cm-content').waitFor({ timeout: LONG });
  });

  it('Tab indents in the editor; Escape then Tab moves on, past the splitter, to the reply', async () => {
    const { page } = app;
    await page.locator('[data-testid="editor"] .cm-content').click();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ inEditor: true });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ name: 'splitter-code', inEditor: false });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ name: 'reply', inEditor: false });
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toMatchObject({ inEditor: true });
  });

  it('Escape in an editor leaves a running loop alone; Escape outside stops it', async () => {
    const { page, server } = app;
    await configure(page, { preset: 'custom', baseUrl: server.baseUrl, model: 'test-model' });
    await pickExample(page, EXAMPLE);
    server.reply(BUGGY);
    server.script({ behaviour: 'slow', slowMs: 150 });
    await page.getByTestId('run-loop').click();
    await page.getByTestId('attempt').first().waitFor({ timeout: LONG });
    await waitForText(page, 'reply', /\S/);
    await page.locator('[data-testid="editor"] .cm-content').click();
    await page.keyboard.press('Escape');
    // The reply keeps streaming: the loop was not stopped.
    const before = (await page.getByTestId('reply').textContent()) ?? '';
    await page.waitForFunction(
      (n) => (document.querySelector('[data-testid="reply"]')?.textContent ?? '').length > n,
      before.length,
      { timeout: LONG },
    );
    expect(await page.locator('#app').getAttribute('data-busy')).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await waitBusy(page, false);
    await waitForText(page, 'session-end', /^stopped by you/);
  });

  it('a dialog keeps Tab inside while open and gives focus back on close', async () => {
    const { page } = app;
    await page.getByTestId('open-keys').focus();
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ inDialog: 'keys-dialog' });
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await focused(page)).toMatchObject({ inDialog: 'keys-dialog' });
      await page.keyboard.press('Shift+Tab');
      expect(await focused(page)).toMatchObject({ inDialog: 'keys-dialog' });
    }
    const help = (await page.getByTestId('keys-dialog').textContent()) ?? '';
    expect(help).toContain('Esc, then Tab');
    await page.keyboard.press('Escape');
    expect(await focused(page)).toMatchObject({ name: 'open-keys' });

    await page.getByTestId('open-settings').focus();
    await page.keyboard.press('Enter');
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      expect(await focused(page)).toMatchObject({ inDialog: 'settings-dialog' });
    }
    await page.keyboard.press('Escape');
    expect(await focused(page)).toMatchObject({ name: 'open-settings' });
  });

  it('announces the loop in short words and the output scrolls by keyboard', async () => {
    const { page } = app;
    await configure(page, { preset: 'demo' });
    await pickExample(page, EXAMPLE);
    await runLoop(page);
    const said = await page.getByTestId('announcer').locator('p').allTextContents();
    expect(said).toContain('Attempt 1 failed, 2 of 4 tests');
    expect(said).toContain('Attempt 2 passed, 4 of 4 tests');
    expect(said.at(-1)).toBe('Loop ended: passed');
    expect(await page.getByTestId('announcer').getAttribute('aria-live')).toBe('polite');

    // Output longer than the area, from Run once.
    await page.locator('[data-testid="editor"] .cm-content').fill('for i in range(300):\n    print("line", i)\n');
    await page.getByTestId('run-once').click();
    await waitForText(page, 'terminal', /line 299/);
    await waitBusy(page, false);
    const rows = (): Promise<string> => page.locator('[data-testid="terminal"] .xterm-rows').innerText();
    await page.getByTestId('terminal').focus();
    expect(await focused(page)).toMatchObject({ name: 'terminal' });
    await page.keyboard.press('Home');
    await expect.poll(rows).toContain('— Run once —');
    await page.keyboard.press('End');
    await expect.poll(rows).not.toContain('— Run once —');
    // The same text, whole, for screen readers.
    expect(await page.locator('[data-testid="terminal"] .terminal-text').textContent()).toMatch(
      /— Run once —[^]*line 299/,
    );
  });

  it('honours reduced motion: nothing on the page animates or transitions', async () => {
    const { page } = app;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const moving = await page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .filter((el) => {
          const s = getComputedStyle(el);
          const long = (v: string): boolean => v.split(',').some((d) => parseFloat(d) > 0);
          return (s.animationName !== 'none' && long(s.animationDuration)) || long(s.transitionDuration);
        })
        .map((el) => el.className || el.tagName),
    );
    expect(moving).toEqual([]);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
  });
});

describe.each([
  { name: '360 px wide', viewport: { width: 360, height: 740 }, deviceScaleFactor: 1 },
  { name: '200% zoom', viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 },
])('the page at $name', ({ viewport, deviceScaleFactor }) => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated: true });
  });
  afterAll(() => ctx?.close());

  it('does not scroll sideways, and the task and its buttons are on screen and reachable by Tab', async () => {
    // Browser zoom is this: fewer CSS pixels across, each drawn larger.
    const zoomed = await ctx.browser.newContext({ viewport, deviceScaleFactor });
    const small = await zoomed.newPage();
    try {
      await small.goto(ctx.server.url);
      await small.waitForSelector('#app[data-history="ready"]', { state: 'attached', timeout: LONG });
      // Attached, not shown: on a narrow screen the code is on its own tab.
      await small.locator('[data-testid="editor"] .cm-content').waitFor({ state: 'attached', timeout: LONG });
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      for (const target of ['#task-example', '[data-testid="run-loop"]', '[data-testid="run-once"]']) {
        const box = await small.locator(target).boundingBox();
        expect(box, target).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      }
      // From the top of the page to Run loop with Tab alone (Escape first when in an editor).
      await small.locator('body').focus();
      let reached = false;
      for (let i = 0; i < 60 && !reached; i++) {
        if ((await focused(small)).inEditor) await small.keyboard.press('Escape');
        await small.keyboard.press('Tab');
        reached = (await focused(small)).name === 'run-loop';
      }
      expect(reached).toBe(true);
    } finally {
      await zoomed.close();
    }
  });
});

describe('the classroom by keyboard', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated: true, path: '?classroom' });
  });
  afterAll(() => ctx?.close());

  it('Escape then Tab leaves the exercise editor for Run tests, and the result is announced', async () => {
    const { page } = ctx;
    await page.getByRole('button', { name: 'Open the sample pack' }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    const editor = page.locator('.classroom-editor .cm-content');
    await editor.waitFor({ timeout: LONG });
    await editor.click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ name: 'Run tests', inEditor: false });
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => /tests passed/.test(document.querySelector('.classroom-summary')?.textContent ?? ''),
      null,
      {
        timeout: LONG,
      },
    );
    expect(await page.locator('.classroom-summary').getAttribute('aria-live')).toBe('polite');
  });
});
