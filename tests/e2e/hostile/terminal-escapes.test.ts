// A run's output is drawn by a terminal, which obeys escape sequences. A run that prints them must
// not clear or overwrite the page's lines, set the title, plant a link, or draw a line that looks
// like the page's own: its colours stay, nothing else does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODES, type PageContext } from '../support/browser.ts';
import { openApp, waitBusy, waitForText } from '../support/app.ts';

// Python source: the escapes are written as Python escapes, so the editor holds plain text.
const HOSTILE = [
  'import sys',
  'print("before the escapes")',
  'sys.stdout.write("\\x1b[2J\\x1b[3J\\x1b[H\\x1bc")',
  'sys.stdout.write("\\x1b]0;pwned\\x07\\x1b]8;;https://example.com/\\x07CLICK-ME\\x1b]8;;\\x07\\n")',
  'sys.stdout.write("\\x1b[42;32m✓ Attempt 1 passed\\x1b[0m\\n")',
  'sys.stdout.write("\\x1b[32mgreen text\\x1b[0m\\n")',
  'sys.stdout.write("\\x1b[6A\\x1b[2K\\x1b[1;1HOVER\\x08\\x08\\x07\\rWRITE\\n")',
  // The example's own function, right: its tests pass, so the output is short and fits on screen.
  'def running_median(nums):',
  '    import statistics',
  '    return [statistics.median(nums[: i + 1]) for i in range(len(nums))]',
  '',
].join('\n');

describe.each(MODES)('a run printing escape sequences ($name)', ({ isolated }) => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openApp({ isolated });
  });
  afterAll(() => ctx?.close());

  it("keeps the page's lines, its colours only, and no link", async () => {
    const { page } = ctx;
    const title = await page.title();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const popups: string[] = [];
    page.context().on('page', (p) => popups.push(p.url()));

    await page.locator('[data-testid="editor"] .cm-content').fill(HOSTILE);
    await page.getByTestId('run-once').click();
    await waitForText(page, 'terminal', /WRITE/);
    await waitBusy(page, false);
    // The run's own lines, at the top of the output.
    await page.getByTestId('terminal').focus();
    await page.keyboard.press('Home');
    const rows = page.locator('[data-testid="terminal"] .xterm-rows > div');
    const texts = (await rows.allInnerTexts()).map((t) => t.trimEnd());
    // Nothing was cleared, moved over or overwritten: every line is where it was written.
    // (Under load the view may start a line or two below the top: the run's own lines are checked.)
    const at = texts.indexOf('CLICK-ME');
    expect(at, texts.join('\n')).toBeGreaterThanOrEqual(0);
    expect(texts.slice(at, at + 5)).toEqual(['CLICK-ME', '✓ Attempt 1 passed', 'green text', 'OVER', 'WRITE']);
    if (at >= 2) expect(texts.slice(at - 2, at)).toEqual(['— Run once —', 'before the escapes']);
    expect(await page.title()).toBe(title);

    // The link's text is plain text: pointing at it and clicking opens nothing, asks nothing.
    // xterm's screen takes the pointer above its rows: point at where the text is drawn.
    const box = await rows.filter({ hasText: 'CLICK-ME' }).first().boundingBox();
    if (!box) throw new Error('the line CLICK-ME is not drawn');
    await page.mouse.move(box.x + 12, box.y + box.height / 2);
    await page.mouse.click(box.x + 12, box.y + box.height / 2);
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    expect(popups).toEqual([]);

    // Colours stay; the page's own lines have a band no run output can have.
    const background = (text: string): Promise<string[]> =>
      rows
        .filter({ hasText: text })
        .first()
        .locator('span')
        .evaluateAll((spans) => spans.map((s) => getComputedStyle(s).backgroundColor));
    expect(await rows.filter({ hasText: 'green text' }).locator('span.xterm-fg-2').count()).toBe(1);
    const band = 'rgb(43, 50, 64)';
    expect(await background('— Run once —')).toContain(band);
    expect(await background('✓ Attempt 1 passed')).not.toContain(band);
    expect(await background('✓ Attempt 1 passed')).not.toContain('rgb(126, 231, 135)');

    // Screen readers get the same text, with no escape left in it.
    const plain = (await page.locator('[data-testid="terminal"] .terminal-text').textContent()) ?? '';
    expect(plain).toContain('before the escapes\nCLICK-ME\n✓ Attempt 1 passed\ngreen text\nOVER\nWRITE\n');
    // eslint-disable-next-line no-control-regex -- no control character may be left
    expect(plain).not.toMatch(/[\x00-\x08\x0b-\x1f]/);
  });
});
