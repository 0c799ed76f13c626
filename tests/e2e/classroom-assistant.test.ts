// The assistant in student mode, against a local OpenAI-compatible server: what it is sent (the
// statement, the code, the visible failures, the solution, never a hidden test), code taken out
// of its replies, the per-exercise cap refused without a model call, kept across a reload and
// counted in the results file; `off` shows no assistant.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePack } from '../../src/classroom/validate.ts';
import { startModelServer, type ModelServer } from '../servers/model-server.ts';
import { openPage, type PageContext } from './support/browser.ts';
import { LONG, startSample, useEndpoint, waitForSelectorText } from './support/classroom.ts';

const pack = parsePack(readFileSync(resolve(import.meta.dirname, '../../data/packs/intro-python.json'), 'utf8'), 'x');
const vowels = pack.exercises[0]!;
const WRONG = 'def count_vowels(text):\n    return 0\n';
const CODE_REPLY =
  'Count as you walk the text.\n\n```python\ndef count_vowels(text):\n    return 42\n```\n\nThen compare with the tests.';

describe('classroom assistant', () => {
  let ctx: PageContext;
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer({ format: 'openai' });
    ctx = await openPage({ isolated: true, path: '?classroom' });
    await useEndpoint(ctx.page, server.baseUrl);
    await ctx.page.reload();
    await startSample(ctx.page, pack.title, vowels.title);
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.close();
  });

  const counter = () => ctx.page.locator('.classroom-ai-counter').textContent();
  const ask = () => ctx.page.getByRole('button', { name: 'Ask for a hint' }).click();

  it('sends the statement, code, visible failures and solution, never a hidden test; code is removed from the reply', async () => {
    const { page } = ctx;
    expect(await counter()).toBe('3 of 3 assistant requests left.');
    await page.locator('.classroom-editor .cm-content').fill(WRONG);
    await page.getByRole('button', { name: 'Run tests' }).click();
    await waitForSelectorText(page, '.classroom-summary', /visible tests passed/);
    server.reply(CODE_REPLY);
    await page.getByLabel('Your question (optional)').fill('Where do I start?');
    await ask();
    await waitForSelectorText(page, '.classroom-ai-counter', /^2 of 3/);

    const reply = (await page.locator('.classroom-ai-reply').first().textContent()) ?? '';
    expect(reply).toContain('Count as you walk the text.');
    expect(reply).toContain('[code removed');
    expect(reply).not.toContain('return 42');

    const body = JSON.stringify(server.chatRequests()[0]?.body);
    expect(body).toContain('count_vowels');
    expect(body).toContain('return 0');
    expect(body).toContain('expected 3, got 0');
    expect(body).toContain('Where do I start?');
    expect(body).toContain("ch in 'aeiou'");
  });

  it('refuses the request past the cap without calling the model', async () => {
    const { page } = ctx;
    server.reply('Look at each character.', 'Lower-case first.');
    await ask();
    await waitForSelectorText(page, '.classroom-ai-counter', /^1 of 3/);
    await ask();
    await waitForSelectorText(page, '.classroom-ai-counter', /^0 of 3/);
    expect(server.chatRequests()).toHaveLength(3);
    await ask();
    expect(await waitForSelectorText(page, '.classroom-ai-status', /used all 3/)).toBe(
      'You have used all 3 assistant requests for this exercise.',
    );
    expect(server.chatRequests()).toHaveLength(3);
    for (const r of server.chatRequests()) {
      const body = JSON.stringify(r.body);
      for (const t of vowels.hiddenTests) expect(body).not.toContain(JSON.stringify(t.code).slice(1, -1));
    }
  });

  it('keeps the exchanges across a reload and counts them in the results file', async () => {
    const { page } = ctx;
    await page.reload();
    await startSample(page, pack.title, vowels.title);
    expect(await page.locator('.classroom-ai-reply').count()).toBe(3);
    expect(await counter()).toBe('0 of 3 assistant requests left.');
    await page.getByLabel('Your name').fill('Ada');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: LONG }),
      page.getByRole('button', { name: 'Export results' }).click(),
    ]);
    const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      exercises: { id: string; aiRequests: number }[];
    };
    expect(file.exercises.find((e) => e.id === vowels.id)?.aiRequests).toBe(3);
  });

  it('shows no assistant on an exercise whose mode is off', async () => {
    const { page } = ctx;
    const off = pack.exercises.find((e) => e.assistant.mode === 'off')!;
    await page.getByRole('button', { name: off.title }).click();
    await page.locator('#exercise-title', { hasText: off.title }).waitFor({ timeout: LONG });
    expect(await page.locator('.classroom-assistant button').count()).toBe(0);
    expect(await page.locator('.classroom-ai-counter').count()).toBe(0);
  });
});
