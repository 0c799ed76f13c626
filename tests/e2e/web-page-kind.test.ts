// The page's "Web page" kind: pick a bundled page, run the loop with the demo model (a first page
// that fails a check, then the repair), see each attempt's picture, console and live page; with a
// real endpoint the picture goes with the feedback unless the setting turns it off.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempts, openApp, pickExample, runLoop, selectAttempt, text } from './support/app.ts';
import type { PageContext } from './support/browser.ts';
import { pageWithModel } from './support/page-with-model.ts';

const pictureSrc = (page: Page): Promise<string | null> => page.getByTestId('web-picture').getAttribute('src');

describe('the Web page kind with the demo model', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openApp({ isolated: false });
  });
  afterAll(() => ctx?.close());

  it('is a kind of its own: HTML code, checks run in the page, a Page panel only for it', async () => {
    const { page } = ctx;
    await expect(page.locator('.page-panel').isVisible()).resolves.toBe(false);
    await pickExample(page, 'example-web-counter');
    expect(await page.locator('#task-kind').inputValue()).toBe('web');
    await expect(
      page.locator('.task-panel').getByText('Checks (JavaScript run in the page once it has loaded)').isVisible(),
    ).resolves.toBe(true);
    expect(await page.locator('#task-language').isVisible()).toBe(false);
    await expect(page.locator('.page-panel').isVisible()).resolves.toBe(true);
    expect(await text(page, 'web-page-view')).toContain('the rendered page appears here');
  });

  it('fails on the checks, repairs, and shows each attempt as it rendered', async () => {
    const { page } = ctx;
    await page.getByTestId('run-loop').click();
    await runLoop(page);
    expect(await attempts(page)).toEqual([
      { index: 0, verdict: 'failed', tone: 'failed' },
      { index: 1, verdict: 'passed', tone: 'passed' },
    ]);
    // Both attempts have their picture in the attempts table, and the selected one in the panel.
    await expect(page.getByTestId('timeline-picture').count()).resolves.toBe(2);
    const second = await pictureSrc(page);
    expect(second).toMatch(/^data:image\/png;base64,/);
    expect(await page.getByTestId('web-picture').getAttribute('alt')).toBe('Attempt 2: the page as it rendered');
    const size = await page
      .getByTestId('web-picture')
      .evaluate((img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight]);
    expect(size).toEqual([480, 320]);
    await selectAttempt(page, 0);
    expect(await text(page, 'feedback')).toMatch(/expected: '0'(?:\s|\\n)+actual: +'2'/);
    expect(await pictureSrc(page)).not.toBe(second);
  });

  it('shows the live page on demand, in a sandboxed frame that works and reaches nothing', async () => {
    const { page } = ctx;
    await selectAttempt(page, 1);
    await page.getByRole('button', { name: 'Show the live page' }).click();
    const frame = page.frameLocator('.web-live-frame');
    // The frame is scaled to the panel; a click is dispatched on the element itself.
    await frame.locator('#add').dispatchEvent('click');
    await frame.locator('#add').dispatchEvent('click');
    await expect(frame.locator('#count').textContent()).resolves.toBe('2');
    expect(await page.locator('.web-live-frame').getAttribute('sandbox')).toBe('allow-scripts');
    // An opaque origin: the app's storage is out of reach.
    const reach = await page
      .frames()
      .find((f) => f.url() === 'about:srcdoc' && f.parentFrame() === page.mainFrame())!
      .evaluate(() => {
        try {
          return String(localStorage.length);
        } catch (e) {
          return (e as Error).name;
        }
      });
    expect(reach).toBe('SecurityError');
    await page.getByRole('button', { name: 'Hide the live page' }).click();
    await expect(page.locator('.web-live-frame').count()).resolves.toBe(0);
  });

  it('closes a live page that stops answering and says why', async () => {
    const { page } = ctx;
    // A page edited by hand whose script loops a moment after it loads: its checks fail at once
    // (no #add), and the live page then stops answering its ping.
    const looping = '<p id="count">0</p><script>setTimeout(() => { for (;;) {} }, 1500);</script>';
    await page.locator('[data-testid="editor"] .cm-content').fill(looping);
    await page.getByTestId('run-once').click();
    await expect
      .poll(() => page.getByTestId('web-picture').getAttribute('alt'), { timeout: 30_000 })
      .toBe('Run once: the page as it rendered');
    await page.getByRole('button', { name: 'Show the live page' }).click();
    await page.locator('.web-live-frame').waitFor();
    await page.locator('.web-live-frame').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await text(page, 'web-page-view')).toContain('The live page stopped answering');
    // The next page still renders and is judged (the sandbox recovers from the stuck process).
    await selectAttempt(page, 1);
    await page.getByTestId('run-once').click();
    await expect.poll(() => text(page, 'verdict'), { timeout: 30_000 }).toMatch(/Run once: passed/);
  });
});

describe('the Web page kind with an endpoint', () => {
  const ctx = pageWithModel();
  const fenced = (html: string): string => `\`\`\`html\n${html}\n\`\`\``;
  const counter = (reset: string): string =>
    `<p id="count">0</p><button id="add">+</button><button id="reset">0</button><style>#count{font-size:60px;text-align:center}</style><script>let n=0;add.onclick=()=>{n++;count.textContent=n};reset.onclick=()=>{${reset}count.textContent=n};</script>`;

  it('sends the picture of the page with the feedback, and none once the setting is off', async () => {
    const { page, server } = ctx;
    await pickExample(page, 'example-web-counter');
    server.reply(fenced(counter('')), fenced(counter('n=0;')));
    await page.getByTestId('run-loop').click();
    await runLoop(page);
    const second = server.chatRequests()[1]!.body as { messages: { content: unknown }[] };
    const parts = second.messages.at(-1)!.content as { type: string; image_url?: { url: string } }[];
    expect(parts.map((p) => p.type)).toEqual(['text', 'image_url']);
    expect(parts[1]!.image_url!.url).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);

    await page.locator('#web-send-pictures').uncheck();
    server.reset();
    server.reply(fenced(counter('')), fenced(counter('n=0;')));
    await page.getByTestId('run-loop').click();
    await runLoop(page);
    const again = JSON.stringify(server.chatRequests()[1]!.body);
    expect(again).not.toContain('image_url');
    expect(again).toMatch(/expected: '0'(?:\s|\\n)+actual: +'2'/);
  });
});
