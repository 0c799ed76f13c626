// A contest-program exercise in the student view, opened from a student's share link: each
// visible test runs the program on its input and compares the output, hidden tests as counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, type PageContext } from './support/browser.ts';
import { bundledPack, openStudentLink, waitForSelectorText } from './support/classroom.ts';

const pack = bundledPack('intro-programs.json');

describe('a contest-program exercise in the student view', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated: true, path: '?classroom' });
    await openStudentLink(ctx.page, ctx.server.url, pack, 'Sum of each line');
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
