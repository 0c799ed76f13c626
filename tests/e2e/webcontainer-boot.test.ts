// The real @webcontainer/api package in real Chromium, where StackBlitz cannot be reached: the boot
// attempt ends within its bound in a plain message, and the page stays usable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, type PageContext } from './support/browser.ts';
import { appReady, waitBusy, waitForText } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { runsAlone } from './support/turns.ts';

// Timed assertions: no other file beside this one.
runsAlone();

describe('Node.js projects when StackBlitz cannot be reached', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated: true });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('the boot attempt ends in a message saying why, and that JS and TS still run offline', async () => {
    const r = await ctx.page.evaluate(() => window.fixpoint.bootWebContainer(3000));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(['unreachable', 'failed']).toContain(r.reason);
    expect(r.message).toMatch(/StackBlitz|WebContainer/);
    expect(r.message).toMatch(/JavaScript and TypeScript still run in the offline runner\.$/);
  });

  it('the page stays usable: the task panel answers and TypeScript still checks', async () => {
    const { page } = ctx;
    await page.selectOption('#task-example', 'example-roman-numerals');
    expect(await page.inputValue('#task-title')).toBe('Roman numerals');
    const checked = await page.evaluate(() => window.fixpoint.typecheck('let n: number = "x";\n', { strict: true }));
    expect(checked.diagnostics.map((d) => d.code)).toEqual([2322]);
  });

  it('a Node.js project task, edited and run from the task panel, ends in the plain message within the bound', async () => {
    const { page } = ctx;
    await appReady(page);
    await page.selectOption('#task-kind', 'node-project');
    expect(await page.inputValue('#task-command')).toBe('npm test');
    const files = await page.$$eval('#project-files option', (os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(files).toEqual(['package.json', 'sum.js', 'sum.test.js']);
    await page.selectOption('#project-files', 'sum.js');
    await page.fill('#project-file-text', 'export const sum = (a, b) => a + b;\n');
    await page.fill('#project-new-path', 'lib/util.js');
    await page.click('#project-add-file');
    expect(await page.inputValue('#project-files')).toBe('lib/util.js');
    await page.getByTestId('run-once').click();
    // The page's bound is 20 s; the message comes within it and a little over for the run's set-up.
    const verdict = await waitForText(page, 'verdict', /cannot run here/, 40_000);
    expect(verdict).toMatch(/StackBlitz|WebContainer/);
    expect(verdict).toMatch(/JavaScript and TypeScript still run in the offline runner\.$/);
    await waitBusy(page, false);
    // Said once, on the verdict line: the terminal does not repeat it.
    const terminal = await page.locator('[data-testid="terminal"] .xterm-rows').innerText();
    expect(terminal).not.toMatch(/StackBlitz|\[error/);
    // The edits are still there, and the page goes on working: back to a code task run offline.
    await page.selectOption('#project-files', 'sum.js');
    expect(await page.inputValue('#project-file-text')).toBe('export const sum = (a, b) => a + b;\n');
    await page.selectOption('#task-kind', 'code');
    await page.selectOption('#task-example', 'example-roman-numerals');
    expect(await page.isVisible('#task-project')).toBe(false);
    expect(await page.inputValue('#task-title')).toBe('Roman numerals');
  });
});

describe('a Node.js project stopped while the WebContainer boots', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated: true });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('shows only Run once and Stop, and Stop or Escape ends the boot wait at once', async () => {
    const { page } = ctx;
    await appReady(page);
    await page.selectOption('#task-kind', 'node-project');
    expect(await page.getByTestId('run-loop').isVisible()).toBe(false);
    expect(await page.getByTestId('continue').isVisible()).toBe(false);
    expect(await page.isVisible('#task-prompt')).toBe(false);
    expect(await page.getByTestId('editor').isVisible()).toBe(false);
    await expectAccessible(page, 'the page with a Node.js project task');

    for (const stop of [() => page.getByTestId('stop').click(), () => page.keyboard.press('Escape')]) {
      await page.getByTestId('run-once').click();
      await waitForText(page, 'verdict', /Starting a WebContainer/, 5000);
      await page.waitForTimeout(500);
      const stoppedAt = Date.now();
      await stop();
      await waitForText(page, 'verdict', /stopped/, 2000);
      await waitBusy(page, false, 2000);
      expect(Date.now() - stoppedAt).toBeLessThan(2000);
    }
    // Back to a code task, the loop's controls are back.
    await page.selectOption('#task-kind', 'code');
    expect(await page.getByTestId('run-loop').isVisible()).toBe(true);
  });
});

describe('Node.js projects on a page that is not cross-origin isolated', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('says so without trying StackBlitz', async () => {
    const r = await ctx.page.evaluate(() => window.fixpoint.bootWebContainer(3000));
    expect(r).toMatchObject({ ok: false, reason: 'not-isolated' });
  });

  it('a Node.js project run from the task panel says the page is not cross-origin isolated', async () => {
    const { page } = ctx;
    await appReady(page);
    await page.selectOption('#task-kind', 'node-project');
    await page.getByTestId('run-once').click();
    const verdict = await waitForText(page, 'verdict', /cannot run here/, 10_000);
    expect(verdict).toMatch(/cross-origin isolated/);
    expect(verdict).toMatch(/JavaScript and TypeScript still run in the offline runner\.$/);
  });
});
