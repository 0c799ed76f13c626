// A share link for any task and its code, and a download of the code, in the built page: the
// link opens the same task and code in another browser profile and runs nothing; a cut link
// says it cannot be read and changes nothing; the download is the editor's code, named after
// the task. The controls fit the toolbar at 1400 and 390 px, and the page stays accessible.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { appReady, editorText, pickExample, text } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { sharedBrowser } from './support/browser.ts';
import { clipped, sidewaysScroll } from './support/layout.ts';

const CODE = 'def running_median(nums):\n    return nums  # shared';

describe('sharing a task and its code', () => {
  const shared = sharedBrowser();
  let link = '';

  it('makes a link that carries the task and the code, and a download of the code', async () => {
    const context = await shared.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.goto(shared.server.url);
    await appReady(page);
    await pickExample(page, 'example-running-median');
    await page.locator('#task-title').fill('Running median, shared');
    await page.locator('[data-testid="editor"] .cm-content').fill(CODE);
    await page.getByTestId('share-task').click();
    await expect.poll(() => text(page, 'share-status')).toMatch(/^Copied\. .*nothing runs until they press Run/);
    link = await page.getByTestId('share-link').inputValue();
    expect(link).toMatch(/#task=1\.[A-Za-z0-9_-]+$/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expectAccessible(page, 'the share link', { include: '.col-centre' });

    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-code').click()]);
    expect(file.suggestedFilename()).toBe('running-median-shared.py');
    expect(await readFile(await file.path(), 'utf8')).toBe(CODE);
    await context.close();
  });

  it('opens the link in a fresh profile with the task and the code, and runs nothing', async () => {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    await page.goto(link);
    await appReady(page);
    await expect.poll(() => page.locator('#task-title').inputValue()).toBe('Running median, shared');
    expect(await editorText(page)).toBe(CODE);
    expect(await text(page, 'notices')).toMatch(/Opened a shared task, "Running median, shared".*Nothing has run/);
    expect(await page.getByTestId('attempt').count()).toBe(0);
    expect(await page.locator('.terminal-text').textContent()).toBe('');
    // The fragment is taken off the address: a reload keeps the person's edits, not the link's copy.
    expect(page.url()).not.toContain('#task=');
    await context.close();
  });

  it('a cut link says it cannot be read, and the page keeps its own task', async () => {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    await page.goto(link.slice(0, link.length - 30));
    await appReady(page);
    await expect.poll(() => text(page, 'notices')).toMatch(/This task link cannot be read .*cut short/);
    expect(await page.locator('#task-title').inputValue()).not.toBe('Running median, shared');
    await context.close();
  });

  it.each([
    [1400, 900],
    [390, 844],
  ])('the controls fit at %i px', async (width, height) => {
    const context = await shared.browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await page.goto(shared.server.url);
    await appReady(page);
    await page.getByTestId('share-task').click();
    await page.getByTestId('share-box').waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    expect(await clipped(page, '.toolbar')).toEqual([]);
    expect(await clipped(page, '.share-box')).toEqual([]);
    await context.close();
  });
});
