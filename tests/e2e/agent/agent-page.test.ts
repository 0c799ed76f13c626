// The page's "Agent" mode as a person uses it, in real Chromium and Pyodide: the demo model's
// bundled example end to end; a run against a local OpenAI-wire server with files dropped and
// picked; rich HTML and SVG that try to run script and do not; Stop in the middle of an action;
// reopening from History; a full disk said in words.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../servers/model-server.ts';
import { configure, openApp, openHistory, waitBusy, waitForText } from '../support/app.ts';
import type { PageContext } from '../support/browser.ts';
import { agentShots, chatBodies, dropFiles, firstUser, lastUser, py, steps } from './agent-page-support.ts';
import { runsAlone } from '../support/turns.ts';

// Timed assertions: no other file beside this one.
runsAlone();

describe('Agent mode', () => {
  let ctx: PageContext;
  let page: Page;
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer({ format: 'openai' });
    ctx = await openApp({ isolated: true });
    page = ctx.page;
    await page.setViewportSize({ width: 1400, height: 900 });
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.close();
  });

  it('the demo model works through the bundled example: actions, a table, a file to download, the final answer', async () => {
    await page.selectOption('#task-kind', 'agent');
    await page.waitForSelector('.agent-run', { state: 'visible' });
    // What does not apply to an agent run is not on the page.
    for (const id of ['run-loop', 'continue', 'run-once']) expect(await page.getByTestId(id).isVisible()).toBe(false);
    expect(await page.locator('#task-prompt').isVisible()).toBe(false);
    expect(await page.getByTestId('agent-notice').textContent()).toMatch(/demo model is scripted, not a real model/);
    expect(await page.getByTestId('agent-files').textContent()).toMatch(/sales\.csv\s*556 bytes/);

    await page.getByTestId('agent-run').click();
    await waitBusy(page, false);
    expect(await page.getByTestId('agent-status').textContent()).toBe('Finished: the code gave a final answer.');
    const cells = await steps(page);
    expect(cells.map((c) => c.title)).toEqual([
      expect.stringMatching(/^Action 1 · /),
      expect.stringMatching(/^Action 2 · /),
      expect.stringMatching(/^Action 3 · /),
    ]);
    expect(cells[0]!.output).toBe('16 rows; columns: date, region, product, units, unit_price\n');
    // The table the code displayed, as a table, in the order it ranked the regions.
    const table = await page.$$eval('[data-testid="agent-rich"] table tr', (rows) =>
      rows.map((r) => [...r.children].map((c) => c.textContent)),
    );
    expect(table).toEqual([
      ['Region', 'Revenue'],
      ['North', '1300.40'],
      ['East', '1120.80'],
      ['West', '1116.70'],
      ['South', '1040.20'],
    ]);
    expect(cells[1]!.value).toBe("Out: ('North', 1300.4)");
    expect(await page.getByTestId('agent-answer').textContent()).toBe('North: 1300.40');
    expect(await page.locator('#agent-final-title').textContent()).toBe('Final answer');
    // The file the code wrote, downloadable, with what the code wrote in it.
    const link = page.getByTestId('agent-download');
    expect(await link.textContent()).toBe('revenue.csv');
    const download = await Promise.all([page.waitForEvent('download'), link.click()]).then(([d]) => d);
    expect(download.suggestedFilename()).toBe('revenue.csv');
    const written = await page.evaluate(
      async (href) => (await fetch(href ?? '')).text(),
      await link.getAttribute('href'),
    );
    expect(written).toBe('region,revenue\nNorth,1300.40\nEast,1120.80\nWest,1116.70\nSouth,1040.20\n');
    await agentShots(page, 'finished');
  });

  it('reopened from History, the session shows its transcript, answer and files', async () => {
    await page.reload();
    await page.waitForSelector('#app[data-history="ready"]', { state: 'attached' });
    await openHistory(page);
    const row = page.locator('[data-testid="history-dialog"] .fp-history-row').first();
    expect(await row.locator('.fp-history-title').textContent()).toMatch(/^Which region had the highest revenue/);
    expect(await row.locator('.fp-history-status').textContent()).toBe('answered');
    await row.locator('.fp-history-open').click();
    await page.waitForSelector('.agent-run', { state: 'visible' });
    expect(await page.locator('#task-kind').inputValue()).toBe('agent');
    expect((await steps(page)).length).toBe(3);
    expect(await page.locator('[data-testid="agent-rich"] table').count()).toBe(1);
    expect(await page.getByTestId('agent-answer').textContent()).toBe('North: 1300.40');
    expect(await page.getByTestId('agent-files').textContent()).toMatch(/sales\.csv\s*556 bytes/);
    const href = await page.getByTestId('agent-download').getAttribute('href');
    expect(await page.evaluate(async (h) => (await fetch(h ?? '')).text(), href)).toMatch(
      /^region,revenue\nNorth,1300.40\n/,
    );
  });

  it('the demo plays the same example in JavaScript when that language is picked', async () => {
    await page.selectOption('#agent-example', 'agent-sales-regions');
    await page.selectOption('#agent-language', 'javascript');
    await page.getByTestId('agent-run').click();
    await waitBusy(page, false);
    expect(await page.getByTestId('agent-status').textContent()).toBe('Finished: the code gave a final answer.');
    const cells = await steps(page);
    expect(cells).toHaveLength(3);
    expect(cells[0]!.output).toBe('16 rows; columns: date, region, product, units, unit_price\n');
    expect(await page.locator('[data-testid="agent-rich"] table tr').count()).toBe(5);
    expect(await page.getByTestId('agent-answer').textContent()).toBe('North: 1300.40');
    const href = await page.getByTestId('agent-download').getAttribute('href');
    expect(await page.evaluate(async (h) => (await fetch(h ?? '')).text(), href)).toBe(
      'region,revenue\nNorth,1300.40\nEast,1120.80\nWest,1116.70\nSouth,1040.20\n',
    );
    await page.selectOption('#agent-language', 'python');
  });

  it('with a real endpoint: dropped and picked files reach the model and the code; one removed does not', async () => {
    await configure(page, { preset: 'custom', baseUrl: server.baseUrl, model: 'test-model' });
    server.reset();
    server.reply(
      py(
        'Reading both files.',
        "print(open('notes.txt').read())\nimport json\njson.load(open('points.json'))['total']",
      ),
      py('Done.', "final_answer(open('notes.txt').read().split()[0])"),
    );
    await page.fill('#agent-goal', 'Read notes.txt and points.json, and answer with the first word of the notes.');
    expect(await page.locator('#agent-example').inputValue()).toBe('');
    await page.locator('[data-testid="agent-files"] button', { hasText: 'Remove' }).first().click();
    await dropFiles(page, [
      { name: 'notes.txt', text: 'Bonjour from the dropped file\n' },
      { name: 'stale.txt', text: 'to be removed' },
    ]);
    await page.locator('#agent-file-input').setInputFiles({
      name: 'points.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"total": 42}'),
    });
    // Removed with the keyboard: focus its button and press Enter.
    await page.getByRole('button', { name: 'Remove stale.txt' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.$$eval('[data-testid="agent-files"] li', (l) => l.map((x) => x.textContent))).toEqual([
      'notes.txt30 bytesRemove',
      'points.json13 bytesRemove',
    ]);
    await page.getByTestId('agent-run').click();
    await waitBusy(page, false);
    expect(await page.getByTestId('agent-notice').isVisible()).toBe(false);
    expect(await page.getByTestId('agent-answer').textContent()).toBe('Bonjour');
    const [cell] = await steps(page);
    expect(cell!.output).toBe('Bonjour from the dropped file\n\n');
    expect(cell!.value).toBe('Out: 42');
    const bodies = chatBodies(server);
    expect(bodies).toHaveLength(2);
    const first = firstUser(bodies[0]!);
    expect(first).toMatch(/notes\.txt \(30 bytes\)/);
    expect(first).toMatch(/points\.json \(13 bytes\)/);
    expect(first).not.toMatch(/stale\.txt|sales\.csv/);
    expect(lastUser(bodies[1]!)).toMatch(/Bonjour from the dropped file/);
  });

  it('HTML and SVG from the code are shown sanitised: no script, no event handler, no outside address runs', async () => {
    // Set up here too, so this test can run on its own (-t) against a page broken on purpose.
    if ((await page.locator('#task-kind').inputValue()) !== 'agent') await page.selectOption('#task-kind', 'agent');
    await configure(page, { preset: 'custom', baseUrl: server.baseUrl, model: 'test-model' });
    server.reset();
    const html =
      '<b id="kept">bold kept</b><img src=x onerror="window.pwned=1"><script>window.pwned=2</script>' +
      '<a href="javascript:window.pwned=3" id="link">link</a><img src="https://example.invalid/leak.png" id="remote">' +
      '<style>body{display:none}</style>';
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" onload="window.pwned=4"><script>window.pwned=5</script><circle r="5" cx="10" cy="10"/></svg>';
    server.reply(
      py(
        'Showing markup.',
        [
          'class H:',
          `    def _repr_html_(self): return ${JSON.stringify(html)}`,
          'class S:',
          `    def _repr_svg_(self): return ${JSON.stringify(svg)}`,
          'display(H())',
          'display(S())',
        ].join('\n'),
      ),
      'Nothing ran, so here is my answer without code.',
    );
    await page.fill('#agent-goal', 'Show some markup.');
    await page.getByTestId('agent-run').click();
    await waitBusy(page, false);
    const seen = await page.evaluate(() => {
      const rich = [...document.querySelectorAll('[data-testid="agent-rich"]')];
      return {
        pwned: (window as unknown as { pwned?: number }).pwned,
        mimes: rich.map((r) => (r as HTMLElement).dataset.mime),
        kept: document.getElementById('kept')?.textContent,
        scripts: rich.flatMap((r) => [...r.querySelectorAll('script, style')]).length,
        handlers: rich
          .flatMap((r) => [...r.querySelectorAll('*')])
          .filter((e) => e.getAttributeNames().some((n) => n.startsWith('on'))).length,
        link: document.getElementById('link')?.getAttribute('href') ?? null,
        remote: document.getElementById('remote')?.getAttribute('src') ?? null,
        circles: rich.flatMap((r) => [...r.querySelectorAll('svg circle')]).length,
        bodyShown: getComputedStyle(document.body).display !== 'none',
      };
    });
    await page
      .locator('#link')
      .click({ noWaitAfter: true })
      .catch(() => undefined);
    expect(seen).toEqual({
      pwned: undefined,
      mimes: ['text/html', 'image/svg+xml'],
      kept: 'bold kept',
      scripts: 0,
      handlers: 0,
      link: null,
      remote: null,
      circles: 1,
      bodyShown: true,
    });
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.getByTestId('agent-answer').textContent()).toBe(
      'Nothing ran, so here is my answer without code.',
    );
    expect(await page.getByTestId('agent-status').textContent()).toBe('Finished: the model answered.');
  });

  it('Stop ends a run in the middle of a long action at once, and says so', async () => {
    server.reset();
    server.reply(
      py('Counting for a long time.', 'import time\nprint("started", flush=True)\nwhile True:\n    time.sleep(0.01)'),
    );
    await page.fill('#agent-goal', 'Wait for a very long time.');
    await page.fill('.agent-caps input >> nth=1', '120');
    await page.getByTestId('agent-run').click();
    await page.waitForSelector('[data-testid="agent-running"]');
    await agentShots(page, 'running');
    const asked = Date.now();
    await page.getByTestId('agent-stop').click();
    await waitBusy(page, false, 10_000);
    // Well inside the action's 120 s limit: the stop, not the limit, ended it.
    expect(Date.now() - asked).toBeLessThan(10_000);
    expect(await page.getByTestId('agent-status').textContent()).toBe('Stopped.');
    expect(await page.getByTestId('agent-note').textContent()).toBe('Stopped by you.');
    expect(await page.getByTestId('agent-final').count()).toBe(0);
    // The page is usable again at once: another run goes through.
    server.reply(py('Quick.', 'final_answer(6 * 7)'));
    await page.fill('#agent-goal', 'Multiply six by seven.');
    await page.getByTestId('agent-run').click();
    await waitBusy(page, false);
    expect(await page.getByTestId('agent-answer').textContent()).toBe('42');
  });

  it('a full disk is said plainly, and the run goes on unsaved', async () => {
    server.reset();
    await page.evaluate(() => {
      const put = IDBObjectStore.prototype.put;
      Object.assign(window, { realPut: put });
      IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        if (this.name === 'files') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return put.apply(this, args);
      };
    });
    server.reply(py('Size.', "final_answer(len(open('big.txt').read()))"));
    await page.fill('#agent-goal', 'How long is big.txt?');
    await dropFiles(page, [{ name: 'big.txt', text: 'x'.repeat(300_000) }]);
    await page.getByTestId('agent-run').click();
    await waitBusy(page, false);
    await page.evaluate(
      () => (IDBObjectStore.prototype.put = (window as unknown as { realPut: IDBObjectStore['put'] }).realPut),
    );
    expect(await page.getByTestId('agent-notice').textContent()).toMatch(
      /^The browser has no room left to save history\..* The files \(\d+\.\d KiB\) could not be kept with it\. This run is not being saved in the history\.$/,
    );
    expect(await page.getByTestId('agent-answer').textContent()).toBe('300000');
    await openHistory(page);
    const titles = await page.$$eval('[data-testid="history-dialog"] .fp-history-title', (t) =>
      t.map((x) => x.textContent),
    );
    expect(titles).not.toContain('How long is big.txt?');
    await waitForText(page, 'history-dialog', /Multiply six by seven/);
  });
});
