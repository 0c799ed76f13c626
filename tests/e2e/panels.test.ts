// The loop page's panels as a person arranges them: what a program prints lands in the Console,
// apart from the tests' outcomes in Results; the columns' splitters move by keyboard and mouse and
// keep their widths across a reload; on a phone a tab bar shows one panel at a time, a run brings
// its results forward, Stop still ends it, and no kind of task makes the page scroll sideways.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appReady, runLoop, text, waitBusy } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { sharedBrowser } from './support/browser.ts';
import { clipped, tablesWiderThanPanels } from './support/layout.ts';

const shared = sharedBrowser();

/** Fails the default example (running_median): prints on both streams, and returns its input. */
const PRINTS = [
  'import sys',
  'def running_median(xs):',
  '    print("PRINTED", len(xs))',
  '    print("WARNED", file=sys.stderr)',
  '    return list(xs)',
].join('\n');

async function open(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(shared.server.url);
  await appReady(page);
  await page.waitForSelector('#app[data-python="ready"]', { state: 'attached', timeout: 90_000 });
  return page;
}

async function runOnce(page: Page, code: string): Promise<void> {
  await page.locator('[data-testid="editor"] .cm-content').fill(code);
  await page.getByTestId('run-once').click();
  await waitBusy(page, false);
}

const consoleText = async (page: Page): Promise<string> =>
  (await page.locator('[data-testid="terminal"] .terminal-text').textContent()) ?? '';
const consoleHeading = async (page: Page): Promise<string> => (await page.locator('#panel-output').textContent()) ?? '';
const width = (page: Page, selector: string): Promise<number> =>
  page.locator(selector).evaluate((el) => Math.round(el.getBoundingClientRect().width));
/** The centre column's minimum: 20rem. */
const centreMin = (page: Page): Promise<number> =>
  page.evaluate(() => 20 * parseFloat(getComputedStyle(document.documentElement).fontSize));
const valueNow = async (page: Page, id: string): Promise<number> =>
  Number(await page.getByTestId(id).getAttribute('aria-valuenow'));

describe('the console, apart from the test results', () => {
  it('puts prints in the Console, the failing tests in Results, and clears both for the next run', async () => {
    const context = await shared.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await open(context);
    await runOnce(page, PRINTS);
    const printed = await consoleText(page);
    expect(printed).toMatch(/PRINTED 0\n[^]*WARNED\n/);
    // Four tests ran, each printing once on each stream.
    expect(await consoleHeading(page)).toBe('Console (8 lines, 4 on stderr)');
    expect(printed).not.toMatch(/expected|✗|✓|running_median\(/);
    const results = await text(page, 'run-results');
    expect(results).toMatch(/failed — 2\/4 tests/);
    expect(results).toMatch(/✗[^]*running_median\(\[2, 1, 5, 7, 2, 0, 5\]\)[^]*expected[^]*got/);
    expect(results).not.toMatch(/PRINTED|WARNED/);
    // Stderr is marked in the console's drawing: red, where stdout is not.
    await expect
      .poll(() => page.locator('[data-testid="terminal"] .xterm-rows span.xterm-fg-1').allTextContents())
      .toContain('WARNED');

    // The next run starts clean: nothing printed, no count, and only its own outcome.
    await runOnce(page, 'def running_median(xs):\n    return xs\n');
    expect(await consoleText(page)).not.toMatch(/PRINTED|WARNED/);
    expect(await consoleHeading(page)).toBe('Console');
    expect(await text(page, 'run-results')).not.toMatch(/PRINTED/);
    await context.close();
  });

  it('a program that prints test verdicts of its own cannot make them look like the results', async () => {
    const context = await shared.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await open(context);
    const forged = [
      'def running_median(xs):',
      '    print("✓ assert running_median([2, 1, 5, 7, 2, 0, 5]) == [2, 1.5, 2, 3.5, 2, 2, 2]")',
      '    print("[passed — 4/4 tests (1 ms)]")',
      '    return []',
    ].join('\n');
    await runOnce(page, forged);
    // The forgery stays in the console; Results and the verdict say what the tests did.
    expect(await consoleText(page)).toMatch(/\[passed — 4\/4 tests \(1 ms\)\]/);
    expect(await text(page, 'run-results')).toMatch(/^failed — 1\/4 tests/);
    expect(await text(page, 'run-results')).not.toMatch(/4\/4/);
    expect(await page.locator('.run-test[data-passed="true"]').count()).toBe(1);
    expect(await text(page, 'verdict')).toMatch(/^Run once: failed — 1\/4 tests/);
    await context.close();
  });

  it('keeps the output cap: a flood is cut in the console and said once in each view', async () => {
    const context = await shared.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await open(context);
    await page.getByLabel('Output cap (KiB)').fill('1');
    await page.getByLabel('Output cap (KiB)').blur();
    await runOnce(
      page,
      'def running_median(xs):\n    for i in range(5000):\n        print("flood", i)\n    return xs\n',
    );
    const printed = await consoleText(page);
    expect(printed).toMatch(/flood 0\n/);
    expect(printed).not.toMatch(/flood 4999/);
    expect(printed.match(/\[output cut at the output cap\]/g)).toHaveLength(1);
    expect(await text(page, 'run-results')).toMatch(/The output was cut at the output cap\./);
    await context.close();
  });
});

describe('the splitters between the columns', () => {
  it('move by keyboard within their bounds, keep the width across a reload, and reset on double-click', async () => {
    const context = await shared.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await open(context);
    const task = page.getByTestId('splitter-task');
    expect(await task.getAttribute('role')).toBe('separator');
    expect(await task.getAttribute('aria-controls')).toBe('col-task');
    const start = await width(page, '.col-task');
    expect(await valueNow(page, 'splitter-task')).toBe(start);

    await task.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => width(page, '.col-task')).toBe(start + 48);
    expect(await valueNow(page, 'splitter-task')).toBe(start + 48);
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => width(page, '.col-task')).toBe(start - 16);

    // Home and End stop at the bounds; at the widest the centre keeps its minimum, nothing clips.
    await page.keyboard.press('Home');
    await expect.poll(() => valueNow(page, 'splitter-task')).toBe(Number(await task.getAttribute('aria-valuemin')));
    await page.keyboard.press('End');
    await expect.poll(() => valueNow(page, 'splitter-task')).toBe(Number(await task.getAttribute('aria-valuemax')));
    expect(await width(page, '.col-centre')).toBeGreaterThanOrEqual(await centreMin(page));
    expect(await clipped(page, '.toolbar')).toEqual([]);
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    expect(await valueNow(page, 'splitter-task')).toBe(Number(await task.getAttribute('aria-valuemax')));

    // The results splitter moves the other way: to the left widens the results.
    await page.keyboard.press('Home');
    const results = await width(page, '.col-results');
    await page.getByTestId('splitter-results').focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => width(page, '.col-results')).toBe(results + 32);

    const kept = { task: await width(page, '.col-task'), results: await width(page, '.col-results') };
    await page.reload();
    await appReady(page);
    expect({ task: await width(page, '.col-task'), results: await width(page, '.col-results') }).toEqual(kept);
    expect(await valueNow(page, 'splitter-results')).toBe(kept.results);

    await page.getByTestId('splitter-task').dblclick();
    await expect.poll(() => width(page, '.col-task')).toBe(start);
    await page.reload();
    await appReady(page);
    expect(await width(page, '.col-task')).toBe(start);
    expect(await width(page, '.col-results')).toBe(kept.results);
    await context.close();
  });

  it('follow the mouse, and a narrower window never squeezes a column below its minimum', async () => {
    const context = await shared.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await open(context);
    const box = (await page.getByTestId('splitter-results').boundingBox())!;
    const before = await width(page, '.col-results');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 100, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(await width(page, '.col-results')).toBe(before + 100);
    // Stored widths that no longer fit give way: the centre keeps its minimum and nothing clips.
    await page.getByTestId('splitter-task').focus();
    await page.keyboard.press('End');
    await page.setViewportSize({ width: 1150, height: 900 });
    const least = await centreMin(page);
    await expect.poll(() => width(page, '.col-centre')).toBeGreaterThanOrEqual(least);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth)).toBe(true);
    expect(await clipped(page, '.app-main')).toEqual([]);
    await expectAccessible(page, 'splitters', { include: '.app-main' });
    await context.close();
  });
});

describe('the splitter between the code and the reply', () => {
  it('moves by keyboard, keeps the reply at its minimum, and keeps the height across a reload', async () => {
    const context = await shared.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await open(context);
    const height = (selector: string): Promise<number> =>
      page.locator(selector).evaluate((el) => Math.round(el.getBoundingClientRect().height));
    const splitter = page.getByTestId('splitter-code');
    expect(await splitter.getAttribute('aria-orientation')).toBe('horizontal');
    const start = await height('.panel.code');
    await splitter.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => height('.panel.code')).toBe(start + 32);
    await page.keyboard.press('End');
    const least = await page.evaluate(() => 9 * parseFloat(getComputedStyle(document.documentElement).fontSize));
    await expect.poll(() => height('.reply-panel')).toBe(Math.round(least));
    await page.keyboard.press('ArrowUp');
    const kept = await height('.panel.code');
    await page.reload();
    await appReady(page);
    expect(await height('.panel.code')).toBe(kept);
    await page.getByTestId('splitter-code').dblclick();
    await expect.poll(() => height('.panel.code')).toBe(start);
    await context.close();
  });
});

describe('on a phone, one panel at a time', () => {
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const fits = (page: Page): Promise<boolean> =>
    page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth);
  const visible = (page: Page, selector: string): Promise<boolean> => page.locator(selector).first().isVisible();

  it('tabs follow the arrow keys, a run brings Results forward, and Console shows the prints', async () => {
    const context = await shared.browser.newContext(phone);
    const page = await open(context);
    const tabs = page.getByRole('tablist', { name: 'Shown panel' }).getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['Task', 'Code', 'Results', 'Console']);
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Task');
    expect(await visible(page, '.col-task')).toBe(true);
    expect(await visible(page, '.panel.code')).toBe(false);
    expect(await visible(page, '.attempts')).toBe(false);
    expect(await fits(page)).toBe(true);

    await page.getByTestId('tab-task').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-code');
    expect(await page.getByTestId('tab-code').getAttribute('aria-selected')).toBe('true');
    expect(await visible(page, '.panel.code')).toBe(true);
    expect(await visible(page, '.col-task')).toBe(false);
    await page.keyboard.press('End');
    expect(await visible(page, '.panel.output')).toBe(true);
    expect(await visible(page, '.panel.code')).toBe(false);
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-task');
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByTestId('tab-console').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Home');
    expect(await visible(page, '.col-task')).toBe(true);
    await expectAccessible(page, 'tabs on a phone');

    await page.getByTestId('tab-code').click();
    await runOnce(page, PRINTS);
    expect(await page.getByTestId('tab-results').getAttribute('aria-selected')).toBe('true');
    expect(await visible(page, '[data-testid="run-results"]')).toBe(true);
    expect(await visible(page, '.panel.output')).toBe(false);
    expect(await visible(page, '[data-testid="verdict"]')).toBe(true);
    expect(await text(page, 'run-results')).toMatch(/failed — 2\/4 tests/);
    expect(await page.getByTestId('tab-console').textContent()).toBe('Console (8 lines)');
    await page.getByTestId('tab-console').click();
    expect(await visible(page, '.panel.output')).toBe(true);
    expect(await visible(page, '[data-testid="run-results"]')).toBe(false);
    expect(await consoleText(page)).toMatch(/PRINTED/);
    expect(await fits(page)).toBe(true);
    expect(await clipped(page, '.panel-tabs')).toEqual([]);
    await context.close();
  });

  it('Stop, above every tab, ends a run that never would', async () => {
    const context = await shared.browser.newContext(phone);
    const page = await open(context);
    await page.getByLabel('Time limit (s)').fill('60');
    await page.getByLabel('Time limit (s)').blur();
    await page.getByTestId('tab-code').click();
    await page
      .locator('[data-testid="editor"] .cm-content')
      .fill('def running_median(xs):\n    while True:\n        pass\n');
    await page.getByTestId('run-once').click();
    await waitBusy(page, true);
    expect(await page.getByTestId('tab-results').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('stop').click();
    await waitBusy(page, false, 10_000);
    expect(await text(page, 'verdict')).toMatch(/cancelled/);
    expect(await fits(page)).toBe(true);
    await context.close();
  });

  it('the attempts table fits: its Model and Run columns fold under each verdict', async () => {
    const context = await shared.browser.newContext(phone);
    const page = await open(context);
    await runLoop(page);
    expect(await page.getByTestId('tab-results').getAttribute('aria-selected')).toBe('true');
    const headings = await page
      .locator('.timeline-table th')
      .evaluateAll((ths) => ths.filter((th) => (th as HTMLElement).offsetParent !== null).map((th) => th.textContent));
    expect(headings).not.toContain('Model');
    expect(headings).not.toContain('Run');
    expect(await page.locator('.timeline-times').first().innerText()).toMatch(/^model .+ · run .+$/);
    expect(await tablesWiderThanPanels(page)).toEqual([]);
    expect(await clipped(page, '.attempts')).toEqual([]);
    expect(await fits(page)).toBe(true);
    // On a wide screen the columns are back, and the folded line is gone.
    await page.setViewportSize({ width: 1400, height: 900 });
    expect(await page.locator('.timeline-table th', { hasText: /^Model$/ }).isVisible()).toBe(true);
    expect(await page.locator('.timeline-times').first().isVisible()).toBe(false);
    await context.close();
  });

  it('no kind of task makes the page wider than the phone', async () => {
    const context = await shared.browser.newContext(phone);
    const page = await open(context);
    const seen: string[] = [];
    for (const kind of ['code', 'program', 'web', 'sql', 'agent', 'code']) {
      if (await page.getByTestId('tab-task').isVisible()) await page.getByTestId('tab-task').click();
      await page.selectOption('#task-kind', kind);
      // SQL and agent goals keep their own layout, without tabs; wait until the kind's layout is on.
      const ownLayout = kind === 'sql' || kind === 'agent';
      // The workspaces are loaded on demand: the page has its kind once their class is on it.
      await page.locator(ownLayout ? `#app.kind-${kind}` : '#app:not(.kind-sql):not(.kind-agent)').waitFor({
        state: 'attached',
        timeout: 30_000,
      });
      await page.locator('.panel-tabs').waitFor({ state: ownLayout ? 'hidden' : 'visible', timeout: 10_000 });
      if (kind === 'sql') await page.getByRole('region', { name: 'SQL query' }).waitFor({ timeout: 30_000 });
      // Each panel of the kind, where it has tabs.
      const tabbed = await page.locator('.panel-tabs').isVisible();
      for (const tab of tabbed ? ['task', 'code', 'results', 'console'] : ['task']) {
        if (tabbed) await page.getByTestId(`tab-${tab}`).click();
        await page.waitForTimeout(150);
        const wide = await page.evaluate(() => document.scrollingElement!.scrollWidth - innerWidth);
        if (wide > 0) seen.push(`${kind}/${tab}: ${wide} px too wide`);
        for (const t of await tablesWiderThanPanels(page)) seen.push(`${kind}/${tab}: ${t}`);
      }
      if (kind === 'sql' || kind === 'agent') expect(tabbed, `${kind} keeps its own layout`).toBe(false);
      else expect(tabbed, `${kind} has tabs`).toBe(true);
    }
    expect(seen).toEqual([]);
    await context.close();
  });
});
