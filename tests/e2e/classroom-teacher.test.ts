// Teacher mode in the built page: edit the bundled pack, check it in the page's sandbox (a broken
// solution is named with its exercise and test), try an exercise with the model, draft hints,
// export a file that reads back as the same pack, and make a student link without solutions.
import { expectAccessible } from './support/axe.ts';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePackLink } from '../../src/classroom/link.ts';
import { parsePack } from '../../src/classroom/validate.ts';
import { startModelServer, type ModelServer } from '../servers/model-server.ts';
import { openPage, type PageContext } from './support/browser.ts';
import { LONG, useEndpoint, waitForSelectorText } from './support/classroom.ts';

const pack = parsePack(readFileSync(resolve(import.meta.dirname, '../../data/packs/intro-python.json'), 'utf8'), 'x');
const CHECK_BOUND = 280_000;
const BROKEN = 'def count_vowels(text):\n    return 3\n';

describe('classroom teacher mode', () => {
  let ctx: PageContext;
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer({ format: 'openai' });
    ctx = await openPage({ isolated: true, path: '?teacher' });
    await useEndpoint(ctx.page, server.baseUrl);
    await ctx.page.reload();
    const { page } = ctx;
    await page.getByRole('button', { name: 'Open the sample pack' }).click();
    await page.getByRole('button', { name: 'Edit as teacher' }).click();
    await page.getByRole('heading', { name: 'Teacher: write and check a pack' }).waitFor({ timeout: LONG });
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.close();
  });

  const findings = () => ctx.page.locator('.teacher-findings li').allTextContents();
  const check = async (): Promise<string[]> => {
    await ctx.page.getByRole('button', { name: 'Check the pack' }).click();
    // Every solution and starter runs in an interpreter of its own: ten of them on a busy machine.
    await waitForSelectorText(ctx.page, '.teacher-status', /^Check done/, CHECK_BOUND);
    return findings();
  };

  it('finds a broken solution, naming the exercise and the test', async () => {
    const { page } = ctx;
    expect(await page.getByLabel('Solution').inputValue()).toBe(pack.exercises[0]!.solution);
    await page.getByLabel('Solution').fill(BROKEN);
    await page.getByLabel('Pack title').fill('Edited pack');
    const found = await check();
    expect(await page.locator('.teacher-status').textContent()).toBe('Check done: 3 problems.');
    const named = (prefix: string): boolean => found.some((f) => f.startsWith(prefix));
    expect(named('Problem: exercise "count-vowels": the solution fails test "capitals":'), found.join('\n')).toBe(true);
    expect(
      found.some((f) =>
        f.startsWith('Problem: exercise "count-vowels": the solution fails test "empty text" (hidden)'),
      ),
    ).toBe(true);
    expect(found).toContain('OK: exercise "fizzbuzz": the solution passes all 3 tests');
    expect(found.filter((f) => f.startsWith('OK:'))).toHaveLength(4);
    await expectAccessible(page, 'teacher view after a check');
  }, 300_000);

  it('names a malformed field with the file and the exercise', async () => {
    const { page } = ctx;
    const tests = page.getByLabel('Tests (JSON list of {name, code, points})', { exact: true });
    const before = await tests.inputValue();
    await tests.fill('[{');
    expect(await tests.getAttribute('aria-invalid')).toBe('true');
    expect(await check()).toEqual([
      'Problem: intro-python.json: exercise "count-vowels": field "tests" must be a list',
    ]);
    await tests.fill(before);
  });

  it('exports a file that reads back as the edited pack', async () => {
    const { page } = ctx;
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: LONG }),
      page.getByRole('button', { name: 'Export the pack' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('intro-python.json');
    const back = parsePack(readFileSync(await download.path(), 'utf8'), 'exported.json');
    expect(back.title).toBe('Edited pack');
    expect(back.exercises[0]!.solution).toBe(BROKEN);
    expect(back.exercises.slice(1)).toEqual(pack.exercises.slice(1));
    expect({ ...back.exercises[0], solution: undefined }).toEqual({ ...pack.exercises[0], solution: undefined });
  });

  it('makes a student link that leaves the solutions out', async () => {
    const { page } = ctx;
    await page.getByRole('button', { name: 'Make a student link' }).click();
    await waitForSelectorText(page, '.teacher-status', /link .*made\./);
    const url = await page.getByLabel('Share link').inputValue();
    expect(url.startsWith(`${ctx.server.url}`)).toBe(true);
    const target = await decodePackLink(new URL(url).hash);
    if (target.kind !== 'pack') throw new Error('no pack in the link');
    expect(target.pack.title).toBe('Edited pack');
    expect(target.pack.exercises.every((e) => e.solution === undefined)).toBe(true);
  });

  it('tries an exercise with the model and drafts hints', async () => {
    const { page } = ctx;
    await page.getByRole('button', { name: 'FizzBuzz as a list' }).click();
    server.reply(`\`\`\`python\n${pack.exercises[1]!.solution}\`\`\``);
    await page.getByRole('button', { name: 'Try this exercise with the model' }).click();
    expect(await waitForSelectorText(page, '.teacher-status', /the model/)).toMatch(
      /"fizzbuzz".*\bpassed after 1 attempt\b/,
    );
    server.reply('Loop from 1 to n.\nCheck 15 first.\nUse the remainder operator.');
    await page.getByRole('button', { name: 'Draft hints with the model' }).click();
    await waitForSelectorText(page, '.teacher-status', /drafted/);
    const hints = JSON.parse(await page.getByLabel('Hints (JSON list of {afterFailures, text})').inputValue()) as {
      text: string;
    }[];
    expect(hints.slice(-3).map((h) => h.text)).toEqual([
      'Loop from 1 to n.',
      'Check 15 first.',
      'Use the remainder operator.',
    ]);
    const body = JSON.stringify(server.chatRequests().at(-1)?.body);
    for (const t of pack.exercises[1]!.hiddenTests) expect(body).not.toContain(t.code.slice(0, 30));
  });

  const dir = mkdtempSync(join(tmpdir(), 'fixpoint-grade-'));
  const results = (student: string, exercises: { id: string; code: string }[], name = student): string => {
    const file = join(dir, `${name}.json`);
    const rows = exercises.map((e) => ({ ...e, runs: 1, failures: 1, visible: {}, hidden: {}, aiRequests: 0 }));
    const body = { format: 'fixpoint-results/1', student, pack: { id: pack.id, version: pack.version, hash: 'x' } };
    writeFileSync(file, JSON.stringify({ ...body, exportedAt: '2026-01-01T00:00:00Z', exercises: rows }));
    return file;
  };

  it('grades two dropped results files with the same rows and CSV as the command line', async () => {
    const { page } = ctx;
    const files = [
      results('Ada', [
        { id: 'count-vowels', code: pack.exercises[0]!.solution! },
        { id: 'fizzbuzz', code: 'def fizzbuzz(n):\n    return []\n' },
      ]),
      results('Bob', [{ id: 'count-vowels', code: 'def count_vowels(text):\n    return 0\n' }]),
    ];
    await page.getByLabel('Results files to grade (or drop them here)').setInputFiles(files);
    expect(await waitForSelectorText(page, '.grade-status', /^(Graded|Not graded)/)).toMatch(
      /^Graded 3 submissions\b.*\b2 students\b/,
    );
    const cells = await page.locator('.grade-table tr').allTextContents();
    expect(cells).toHaveLength(4);
    expect(cells[1]).toContain('Adacount-vowelspass5 / 5');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: LONG }),
      page.getByRole('button', { name: 'Download grades (CSV)' }).click(),
    ]);
    expect(readFileSync(await download.path(), 'utf8')).toBe(
      'student,count-vowels,fizzbuzz,palindrome,running-total,second-largest,total,flags\r\nAda,5,1,0,0,0,6,\r\nBob,3,0,0,0,0,3,\r\n',
    );
    expect(await page.locator('.grade-warnings li').count()).toBe(0);
  });

  it("says which files carry rows in one student's name", async () => {
    const { page } = ctx;
    const files = [
      results('Ada', [{ id: 'count-vowels', code: pack.exercises[0]!.solution! }]),
      results('Ada', [{ id: 'count-vowels', code: 'def count_vowels(text):\n    return 0\n' }], 'Eve'),
    ];
    await page.getByLabel('Results files to grade (or drop them here)').setInputFiles(files);
    // The status still says how the last grading went until this one ends.
    expect(await waitForSelectorText(page, '.grade-status', /^(Graded 2 |Not graded)/)).toMatch(
      /^Graded 2 submissions\b.*\b1 student\b/,
    );
    const warnings = await page.locator('.grade-warnings li').allTextContents();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('"Ada"');
    expect(warnings[0]).toContain('Ada.json, Eve.json');
  });
});
