// A contest-program exercise in the student view, opened from a student's share link: each
// visible test runs the program on its input and compares the output, hidden tests as counts.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePackLink } from '../../src/classroom/link.ts';
import { parsePack } from '../../src/classroom/validate.ts';
import { openPage, type PageContext } from './support/browser.ts';
import { LONG, waitForSelectorText } from './support/classroom.ts';

const pack = parsePack(readFileSync(resolve(import.meta.dirname, '../../data/packs/intro-programs.json'), 'utf8'), 'x');

describe('a contest-program exercise in the student view', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated: true, path: '?classroom' });
    const link = await encodePackLink(pack, { solutions: false });
    if (!link.ok) throw new Error(link.message);
    await ctx.page.goto(`${ctx.server.url}${link.fragment}`);
    await ctx.page.getByRole('button', { name: 'Start' }).click({ timeout: LONG });
    await ctx.page.locator('#exercise-title', { hasText: 'Sum of each line' }).waitFor({ timeout: LONG });
  });
  afterAll(() => ctx?.close());

  async function run(code: string): Promise<string> {
    const { page } = ctx;
    await page.evaluate(() => (document.querySelector('.classroom-summary')!.textContent = ''));
    await page.locator('.classroom-editor .cm-content').fill(code);
    await page.getByRole('button', { name: 'Run tests' }).click();
    return waitForSelectorText(page, '.classroom-summary', /passed/);
  }

  it('a program that prints the wrong sums fails each test on its output', async () => {
    const summary = await run('n = int(input())\nfor _ in range(n):\n    print(0)\n');
    expect(summary).toBe('0 of 2 visible tests passed, 0 of 1 more checks passed.');
    const rows = await ctx.page.locator('.classroom-results li').allTextContents();
    expect(rows[0]).toContain('Wrong Answer');
  });

  it('a program that only prints the first example fails the other tests', async () => {
    const summary = await run('print(6)\nprint(6)\n');
    expect(summary).toBe('1 of 2 visible tests passed, 0 of 1 more checks passed.');
  });

  it('the right program passes every test, hidden ones included', async () => {
    const summary = await run(pack.exercises[0]!.solution ?? '');
    expect(summary).toMatch(/^All passed/);
  });
});
