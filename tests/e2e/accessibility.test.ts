// axe-core on every view of the built page, in the light and the dark theme: the task page, a
// loop while it runs and once it has finished, the dialogs, the in-page model's panel and the
// classroom. A serious or critical finding fails with the rule, the element and what to fix.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { openPage, type PageContext } from './support/browser.ts';
import { configure, openHistory, pickExample, runLoop, selectAttempt, waitForText } from './support/app.ts';
import { pageWithModel } from './support/page-with-model.ts';
import { BUGGY, EXAMPLE } from './support/replies.ts';

const LONG = 90_000;

describe('the loop page has no serious accessibility findings', () => {
  const app = pageWithModel({ configure: false, tall: true });

  it('on the task page', async () => {
    await app.page.locator('[data-testid="editor"] .cm-content').waitFor({ timeout: LONG });
    await expectAccessible(app.page, 'task page');
  });

  it('in the shortcut help', async () => {
    const { page } = app;
    await page.getByTestId('open-keys').click();
    await expectAccessible(page, 'shortcut help');
    await page.keyboard.press('Escape');
  });

  it('in the settings dialog, and with the in-page model panel shown', async () => {
    const { page } = app;
    await page.getByTestId('open-settings').click();
    await expectAccessible(page, 'settings dialog');
    await page.getByTestId('settings-dialog').locator('select[name="preset"]').selectOption('local');
    await page.getByTestId('local-model').waitFor();
    await expectAccessible(page, 'local-model panel');
    await page.keyboard.press('Escape');
  });

  it('while a loop runs', async () => {
    const { page, server } = app;
    // The second request streams slowly, so the loop is still running while it is checked.
    await configure(page, { preset: 'custom', baseUrl: server.baseUrl, model: 'test-model' });
    await pickExample(page, EXAMPLE);
    server.reply(BUGGY);
    server.script({ behaviour: 'slow', slowMs: 1000 });
    await page.getByTestId('run-loop').click();
    await page.getByTestId('attempt').first().waitFor({ timeout: LONG });
    await page.getByTestId('attempt-pending').waitFor({ timeout: LONG });
    await expectAccessible(page, 'running loop');
    await page.getByTestId('stop').click();
    await waitForText(page, 'session-end', /stopped/);
  });

  it('after a loop with the demo model: timeline, diff, reply, output and feedback', async () => {
    const { page } = app;
    await configure(page, { preset: 'demo' });
    await pickExample(page, EXAMPLE);
    await runLoop(page);
    await waitForText(page, 'session-end', /^passed/);
    await selectAttempt(page, 0);
    await waitForText(page, 'feedback', /expected/i);
    await expectAccessible(page, 'finished loop');
  });

  it('in agent mode, after the demo example: transcript, table, final answer and download', async () => {
    const { page } = app;
    await page.selectOption('#task-kind', 'agent');
    await page.waitForSelector('.agent-run', { state: 'visible' });
    await expectAccessible(page, 'agent mode');
    await page.getByTestId('agent-run').click();
    await page.getByTestId('agent-answer').waitFor({ timeout: LONG });
    await expectAccessible(page, 'finished agent run');
    await page.selectOption('#task-kind', 'code');
  });

  it('in the history dialog', async () => {
    await openHistory(app.page);
    await expectAccessible(app.page, 'history dialog');
    await app.page.keyboard.press('Escape');
  });
});

describe('the classroom has no serious accessibility findings', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated: true, path: '?classroom' });
  });
  afterAll(() => ctx?.close());

  it('when opening a pack, and in the student view after a run', async () => {
    const { page } = ctx;
    await page.getByRole('button', { name: 'Open the sample pack' }).waitFor({ timeout: LONG });
    await expectAccessible(page, 'pack opener');
    await page.getByRole('button', { name: 'Open the sample pack' }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.locator('.classroom-editor .cm-content').waitFor({ timeout: LONG });
    await page.getByRole('button', { name: 'Run tests' }).click();
    await page.waitForFunction(
      () => /passed/.test(document.querySelector('.classroom-summary')?.textContent ?? ''),
      null,
      {
        timeout: LONG,
      },
    );
    await expectAccessible(page, 'classroom student view');
  });
});
