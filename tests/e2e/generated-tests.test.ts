// Generated tests in the page, against a local endpoint: the model proposes tests for a task that
// has none (one right, one wrong, and two more); the user drops one and accepts two; codet runs
// with samples that agree, and the wrong test shows as suspect with what they computed, while the
// chosen code fails it as repair would (accepted tests count in every strategy); editing
// it clears the flag; an endpoint failure and a reply without tests say why and lose nothing; the
// accepted tests (marked as generated) and the waiting proposal survive a reload.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedSourceOf, testsForRun } from '../../src/shared/generated-tests.ts';
import { DEFAULT_LIMITS, type Language } from '../../src/shared/run.ts';
import type { Task } from '../../src/shared/task.ts';
import { appReady, openHistory, runLoop, text, waitForText } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { openPage, runIn, type PageContext } from './support/browser.ts';
import { pageWithModel } from './support/page-with-model.ts';

const RIGHT = 'assert add(2, 3) == 5';
const WRONG = 'assert add(2, 2) == 5';
const DROPPED = 'assert add(0, 0) == 1';
const WAITING = 'assert add(-1, 1) == 0';
const PROPOSAL = `Here are tests for add:\n\n\`\`\`python\n${[RIGHT, WRONG, DROPPED, WAITING].join('\n')}\n\`\`\``;
const CODE = '```python\ndef add(a, b):\n    return a + b\n```';
/** The wrong test as the user corrects it. */
const EDITED = 'assert add(2, 2) == 4';

/** The list once two proposals are accepted (the second being `second`) and one is left waiting. */
const acceptedTwo = (second: string, suspect = false) => [
  { source: RIGHT, state: 'accepted', suspect: 'false' },
  { source: second, state: 'accepted', suspect: String(suspect) },
  { source: WAITING, state: 'proposed', suspect: 'false' },
];

const item = (page: Page, source: string) => page.locator('[data-testid="generated-test"]', { hasText: source });

async function listed(page: Page): Promise<{ source: string; state: string; suspect: string }[]> {
  return page.$$eval('[data-testid="generated-test"]', (rows) =>
    rows.map((r) => ({
      source: r.querySelector('pre')?.textContent ?? '',
      state: (r as HTMLElement).dataset.state ?? '',
      suspect: (r as HTMLElement).dataset.suspect ?? '',
    })),
  );
}

describe('generated tests in the page', () => {
  const app = pageWithModel();
  beforeAll(async () => {
    const { page } = app;
    await page.selectOption('#task-example', '');
    await page.locator('#task-title').fill('Add two numbers');
    await page.locator('#task-prompt').fill('Write a Python function `add(a, b)` that returns the sum of a and b.');
  });

  it('proposes tests for a task without any; none counts until accepted; a dropped one is gone', async () => {
    const { page, server } = app;
    expect(await text(page, 'proposal-status')).toMatch(/This task has no tests yet: Propose tests asks the model/);
    server.reply(PROPOSAL);
    await page.getByTestId('propose-tests').click();
    await waitForText(page, 'proposal-status', /The model proposed 4 tests: accept, edit or drop each/);
    const request = JSON.stringify(server.chatRequests().at(-1)!.body);
    expect(request).toContain('returns the sum of a and b');
    expect(request).toContain('Do not write the solution.');
    await expect
      .poll(async () => (await listed(page)).map((r) => r.state))
      .toEqual(['proposed', 'proposed', 'proposed', 'proposed']);
    await expectAccessible(page, 'the proposed tests', { include: '.gen-tests' });

    await item(page, DROPPED).locator('button[data-action="drop"]').click();
    await item(page, RIGHT).locator('button[data-action="accept"]').click();
    await item(page, WRONG).locator('button[data-action="accept"]').click();
    await expect.poll(() => listed(page)).toEqual(acceptedTwo(WRONG));
  });

  it('an endpoint failure says why, and a reply without tests says so; the list stays as it was', async () => {
    const { page, server } = app;
    const before = await listed(page);
    server.script('auth');
    await page.getByTestId('propose-tests').click();
    await waitForText(page, 'proposal-status', /Could not propose tests: .*refused the API key/);
    await expect.poll(() => listed(page)).toEqual(before);

    server.reply('I would rather not write tests today.');
    await page.getByTestId('propose-tests').click();
    await waitForText(page, 'proposal-status', /The model's reply had no tests to propose/);
    await expect.poll(() => listed(page)).toEqual(before);
  });

  it('codet with samples that agree flags the wrong generated test as suspect, with what they computed', async () => {
    const { page, server } = app;
    await page.selectOption('#strategy-name', 'codet');
    await page.locator('#strategy-samples').fill('3');
    await page.locator('#strategy-samples').dispatchEvent('change');
    const before = server.chatRequests().length;
    server.reply(CODE, CODE, CODE, CODE, CODE, CODE);
    await runLoop(page);
    // The chosen code is judged as repair judges it, on the accepted tests too: the wrong one
    // fails, so the loop repairs, and ends saying the failing test is a generated one.
    await waitForText(page, 'session-end', /One of the tests still failing is a generated one/);
    expect(await text(page, 'session-end')).not.toMatch(/^passed/);
    const asked = server.chatRequests().slice(before);
    expect(asked.length).toBeGreaterThan(3);
    // The accepted tests reach the model as generated ones; the waiting proposal does not.
    const body = JSON.stringify(asked[0]!.body);
    expect(body).toContain('proposed by a model and accepted by the user');
    expect(body).toContain(WRONG);
    expect(body).not.toContain(WAITING);

    await expect.poll(() => listed(page)).toEqual(acceptedTwo(WRONG, true));
    const note = item(page, WRONG).getByTestId('suspect-note');
    expect(await note.textContent()).toMatch(/May be wrong/);
    expect(await note.getByTestId('suspect-outputs').innerText()).toBe('4');
    await expectAccessible(page, 'a suspect generated test', { include: '.gen-tests' });
  });

  it('editing the suspect test keeps it accepted, with the new text and no flag', async () => {
    const { page } = app;
    await item(page, WRONG).locator('button[data-action="edit"]').click();
    const area = page.locator('[data-testid="generated-test"] textarea');
    expect(await area.evaluate((el) => el === document.activeElement)).toBe(true);
    await area.fill(EDITED);
    await page.locator('[data-testid="generated-test"] button[data-action="save"]').click();
    await expect.poll(() => listed(page)).toEqual(acceptedTwo(EDITED));
  });

  it('keeps the accepted tests, marked as generated, and the waiting proposal after a reload', async () => {
    const { page } = app;
    await page.reload();
    await appReady(page);
    await page.waitForSelector('[data-testid="generated-test"]');
    expect(await page.locator('#task-title').inputValue()).toBe('Add two numbers');
    await expect.poll(() => listed(page)).toEqual(acceptedTwo(EDITED));
    expect(await item(page, RIGHT).textContent()).toContain('generated');
  });

  it('the session in the history keeps its generated tests, and opening it shows the suspect flag again', async () => {
    const { page } = app;
    await openHistory(page);
    await page.locator('[data-testid="history-dialog"] .fp-history-open').first().click();
    await waitForText(page, 'session-end', /generated one/);
    await expect
      .poll(() => listed(page))
      .toEqual([
        { source: RIGHT, state: 'accepted', suspect: 'false' },
        { source: WRONG, state: 'accepted', suspect: 'true' },
      ]);
    expect(await item(page, WRONG).getByTestId('suspect-outputs').innerText()).toBe('4');
  });
});

describe('generated tests in the sandbox', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated: true, path: '?headless' });
    await ctx.page.evaluate(() => window.fixpoint.start(1));
  });
  afterAll(() => ctx?.close());

  const task = (language: Language, given: string, generated: string[]): Task => ({
    kind: 'function',
    id: `t-${language}`,
    title: 'add',
    prompt: '',
    language,
    entryPoint: 'add',
    tests: { kind: 'user', source: given },
    generatedTests: generated,
    limits: DEFAULT_LIMITS,
  });

  it.each([
    {
      language: 'python' as const,
      code: 'def add(a, b):\n    return a + b\n',
      given: 'assert add(1, 2) == 3\n',
      generated: ['assert add(2, 3) == 5', 'assert add(2, 2) == 5'],
    },
    {
      language: 'javascript' as const,
      code: 'function add(a, b) {\n  return a + b;\n}\n',
      given: "const assert = require('node:assert');\nassert.strictEqual(add(1, 2), 3);\n",
      generated: ['assert.strictEqual(add(2, 3), 5);', 'assert.strictEqual(add(2, 2), 5);'],
    },
    {
      language: 'typescript' as const,
      code: 'function add(a: number, b: number): number {\n  return a + b;\n}\n',
      given: "const assert = require('node:assert');\nassert.strictEqual(add(1, 2), 3);\n",
      generated: ['assert.strictEqual(add(2, 3), 5);', 'assert.strictEqual(add(2, 2), 5);'],
    },
  ])('$language: each generated test is a result of its own, told apart from the given ones', async (c) => {
    const t = task(c.language, c.given, c.generated);
    const r = await runIn(ctx.page, { language: c.language, code: c.code, tests: testsForRun(t), limits: t.limits });
    expect(r.status).toBe('failed');
    const generated = r.tests.map((x) => [x.passed, generatedSourceOf(x, t.generatedTests)]);
    expect(generated).toContainEqual([true, c.generated[0]]);
    expect(generated).toContainEqual([false, c.generated[1]]);
    // The given assert is reported on its own, in every language.
    expect(generated).toContainEqual([true, undefined]);
    expect(r.tests.filter((x) => !x.passed)).toHaveLength(1);
  });
});
