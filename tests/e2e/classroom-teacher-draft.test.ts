// The pack a teacher is writing survives a reload: every exercise with its tests and hints, and
// a list still being typed exactly as typed. Discarding empties teacher mode; a stored draft
// that does not read back is said to be unrestorable, and the page starts empty.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { openPage, type PageContext } from './support/browser.ts';
import { LONG, waitForSelectorText } from './support/classroom.ts';

const TESTS = [
  { name: 'halves', code: 'assert simplify(2, 4) == (1, 2)', points: 2 },
  { name: 'already simple', code: 'assert simplify(1, 3) == (1, 3)', points: 1 },
];
const HINTS = [{ afterFailures: 1, text: 'Divide both by their greatest common divisor.' }];
const TYPING = '[\n  {"name": "zero",\n   "code": "assert simplify(0, 5) == (0, 1)"\n   "points": 1}\n]';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const testsBox = (page: Page) => field(page, 'Tests (JSON list of {name, code, points})');
const hiddenBox = (page: Page) => field(page, 'Hidden tests (JSON list of {name, code, points})');
const hintsBox = (page: Page) => field(page, 'Hints (JSON list of {afterFailures, text})');
const teacherHeading = (page: Page) => page.getByRole('heading', { name: 'Teacher: write and check a pack' });

async function saved(page: Page): Promise<void> {
  await page.waitForSelector('.teacher-draft-status[data-state="saved"]', { state: 'attached', timeout: LONG });
}

/** Writes `value` as the stored draft, straight into IndexedDB, as a damaged profile might hold. */
function storeRaw(page: Page, value: unknown): Promise<void> {
  return page.evaluate(
    (v) =>
      new Promise<void>((ok, fail) => {
        const req = indexedDB.open('fixpoint-teacher');
        req.onerror = () => fail(req.error ?? new Error('open failed'));
        req.onsuccess = () => {
          const tx = req.result.transaction('drafts', 'readwrite');
          tx.objectStore('drafts').put(v, 'current');
          tx.oncomplete = () => (req.result.close(), ok());
          tx.onerror = () => fail(tx.error ?? new Error('write failed'));
        };
      }),
    value,
  );
}

describe('the teacher draft', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated: false, path: '?teacher' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('comes back after a reload with every exercise, its tests and hints, and a list half typed', async () => {
    const { page } = ctx;
    await page.getByRole('button', { name: 'Write a new pack' }).click();
    await teacherHeading(page).waitFor({ timeout: LONG });
    await saved(page);
    await page.getByLabel('Pack title').fill('Fractions');
    await page.getByLabel('Title', { exact: true }).fill('Simplify a fraction');
    await testsBox(page).fill(JSON.stringify(TESTS, null, 2));
    await hintsBox(page).fill(JSON.stringify(HINTS));
    await page.getByRole('button', { name: 'Add an exercise' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Compare fractions');
    await hiddenBox(page).fill(TYPING);
    // The mistake is named where it is, and nothing typed is lost.
    expect(await page.locator('#ex-hiddenTests-problem').textContent()).toMatch(
      /^Not valid JSON yet, line 4, column 4: Expected ',' or '}' after property value\. What you typed is kept\.$/,
    );
    expect(await hiddenBox(page).inputValue()).toBe(TYPING);
    await saved(page);

    await page.reload();
    await teacherHeading(page).waitFor({ timeout: LONG });
    expect(await page.locator('.teacher-draft-status').textContent()).toMatch(/^Draft restored, as saved at /);
    expect(await page.getByLabel('Pack title').inputValue()).toBe('Fractions');
    expect(await page.getByRole('navigation', { name: 'Exercises' }).getByRole('button').allTextContents()).toEqual([
      'Simplify a fraction',
      'Compare fractions',
      'Add an exercise',
    ]);
    expect(JSON.parse(await testsBox(page).inputValue())).toEqual(TESTS);
    expect(JSON.parse(await hintsBox(page).inputValue())).toEqual(HINTS);
    expect(JSON.parse(await hiddenBox(page).inputValue())).toEqual([
      { name: 'negative numbers', code: 'assert add(-1, -1) == -2', points: 1 },
    ]);
    await page.getByRole('button', { name: 'Compare fractions' }).click();
    expect(await hiddenBox(page).inputValue()).toBe(TYPING);
    expect(await hiddenBox(page).getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#ex-hiddenTests-problem').textContent()).toMatch(
      /^Not valid JSON yet, line 4, column 4/,
    );
    await expectAccessible(page, 'teacher view with a restored draft');
  });

  it('is discarded only once confirmed, and then teacher mode starts empty', async () => {
    const { page } = ctx;
    page.once('dialog', (d) => void d.dismiss());
    await page.getByRole('button', { name: 'Discard the draft' }).click();
    expect(await page.getByLabel('Pack title').inputValue()).toBe('Fractions');

    let asked = '';
    page.once('dialog', (d) => ((asked = d.message()), void d.accept()));
    await page.getByRole('button', { name: 'Discard the draft' }).click();
    await waitForSelectorText(page, '.classroom-open-status', /^Draft discarded\.$/);
    expect(asked).toBe('Discard the draft of "Fractions"? What is not exported is lost.');
    expect(await teacherHeading(page).count()).toBe(0);

    await page.reload();
    await page.getByRole('button', { name: 'Write a new pack' }).waitFor({ timeout: LONG });
    expect(await page.locator('.classroom-open-status').textContent()).toBe('');
    expect(await teacherHeading(page).count()).toBe(0);
  });

  it('says a damaged draft could not be restored, removes it and starts empty', async () => {
    const { page } = ctx;
    await storeRaw(page, {
      format: 'fixpoint-teacher-draft/1',
      fileName: 'fractions.json',
      savedAt: 1,
      pack: { title: 'Fractions', exercises: [{ title: 'Simplify', tests: 42 }] },
    });
    await page.reload();
    expect(await waitForSelectorText(page, '.classroom-open-status', /could not be restored/)).toBe(
      'The saved draft could not be restored (exercise 1: field "tests" is neither a list nor text), so it was ' +
        'removed. Start from a pack below.',
    );
    expect(await teacherHeading(page).count()).toBe(0);

    await storeRaw(page, 'garbage');
    await page.reload();
    expect(await waitForSelectorText(page, '.classroom-open-status', /could not be restored/)).toBe(
      'The saved draft could not be restored (it is not a saved draft), so it was removed. Start from a pack below.',
    );
    // Removed, not kept out of sight: the next visit is a plain start.
    await page.reload();
    await page.getByRole('button', { name: 'Write a new pack' }).waitFor({ timeout: LONG });
    expect(await page.locator('.classroom-open-status').textContent()).toBe('');
    await page.getByRole('button', { name: 'Write a new pack' }).click();
    await teacherHeading(page).waitFor({ timeout: LONG });
    expect(await page.getByLabel('Pack title').inputValue()).toBe('My pack');
    await saved(page);
  });

  it('is replaced by another pack only once the teacher agrees', async () => {
    const { page } = ctx;
    // The new pack of the test before is the draft now.
    await page.goto(`${ctx.server.url}?teacher`);
    await teacherHeading(page).waitFor({ timeout: LONG });
    await page.getByLabel('Pack title').fill('Kept pack');
    await saved(page);
    await page.goto(`${ctx.server.url}?classroom`);
    await page.getByRole('button', { name: 'Open the sample pack' }).click();
    // Asked once the stored draft is found; the click waits until the question is answered.
    const dialog = page.waitForEvent('dialog', { timeout: LONG }).then(async (d) => {
      const message = d.message();
      await d.dismiss();
      return message;
    });
    await page.getByRole('button', { name: 'Edit as teacher' }).click();
    const asked = await dialog;
    expect(asked).toBe(
      'This browser keeps a draft of "Kept pack". Replace it with "Introduction to Python: five small functions"? ' +
        'What is not exported is lost.',
    );
    expect(await teacherHeading(page).count()).toBe(0);

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Edit as teacher' }).click();
    await teacherHeading(page).waitFor({ timeout: LONG });
    await saved(page);
    await page.goto(`${ctx.server.url}?teacher`);
    await teacherHeading(page).waitFor({ timeout: LONG });
    expect(await page.getByLabel('Pack title').inputValue()).toBe('Introduction to Python: five small functions');
  });
});
