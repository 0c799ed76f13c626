// A fresh page with the offline demo model, no key and no network: pick an example, press Run
// loop, watch the first attempt fail and the repair pass; after a reload it is all in the history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODES, type PageContext } from './support/browser.ts';
import {
  appReady,
  attempts,
  compareAttempts,
  editorText,
  historyRows,
  openApp,
  openHistory,
  pickExample,
  runLoop,
  selectAttempt,
  text,
  waitForText,
} from './support/app.ts';

describe.each(MODES)('the loop page with the demo model ($name)', ({ isolated }) => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openApp({ isolated });
  });
  afterAll(() => ctx?.close());

  it('fails, shows the feedback, repairs and passes; the diff shows the fix', async () => {
    const { page } = ctx;
    expect(await text(page, 'endpoint')).toMatch(/Demo model/);
    await pickExample(page, 'example-running-median');
    await page.getByTestId('run-loop').click();
    // The reply streams in before the attempt finishes.
    await waitForText(page, 'reply', /def running_median/);
    await runLoop(page);
    expect(await page.locator('#app').getAttribute('data-isolated')).toBe(String(isolated));

    expect(await attempts(page)).toEqual([
      { index: 0, verdict: 'failed', tone: 'failed' },
      { index: 1, verdict: 'passed', tone: 'passed' },
    ]);
    expect(await text(page, 'session-end')).toMatch(/^passed/);
    expect(await text(page, 'verdict')).toMatch(/attempt 2 passes all 4 tests/);
    expect(await text(page, 'usage')).toMatch(/Tokens this session: ≈\d+ in \/ ≈\d+ out \(estimated\)/);
    // The diff of the latest change shows by itself: integer division became true division.
    expect(await text(page, 'diff-summary')).toBe('Attempt 1 → Attempt 2: +1 −1');
    expect(await page.locator('[data-testid="diff"] .diff-del .diff-code').innerText()).toContain('// 2)');
    expect(await page.locator('[data-testid="diff"] .diff-add .diff-code').innerText()).toContain(') / 2)');
    // The run output is coloured: passing tests in green.
    expect(await page.locator('[data-testid="terminal"] .xterm-rows span.xterm-fg-2').count()).toBeGreaterThan(0);

    await selectAttempt(page, 0);
    const feedback = await text(page, 'feedback');
    expect(feedback).toMatch(/running_median\(\[2, 1, 5, 7, 2, 0, 5\]\)/);
    expect(feedback).toMatch(/expected/i);
    expect(await editorText(page)).toContain('// 2)');
    await waitForText(page, 'terminal', /failed — 2\/4 tests/);
  });

  it('keeps the session after a reload: both attempts, the feedback and the diff', async () => {
    const { page } = ctx;
    await page.reload();
    await appReady(page);
    await openHistory(page);
    const rows = await historyRows(page);
    expect(rows[0]).toMatchObject({ title: 'Running median', status: 'done', label: 'passed' });
    await page.locator('[data-testid="history-dialog"] .fp-history-open').first().click();

    await waitForText(page, 'session-end', /^passed/);
    expect(await attempts(page)).toEqual([
      { index: 0, verdict: 'failed', tone: 'failed' },
      { index: 1, verdict: 'passed', tone: 'passed' },
    ]);
    await selectAttempt(page, 0);
    expect(await text(page, 'feedback')).toMatch(/expected/i);
    await compareAttempts(page, 0, 1);
    expect(await text(page, 'diff-summary')).toBe('Attempt 1 → Attempt 2: +1 −1');
  });
});
