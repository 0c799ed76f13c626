// One stored teacher draft, two tabs: the second tab to open teacher mode says the draft is open
// elsewhere and does not save over it, until the teacher takes the draft over there (then the
// first tab stops saving); when the tab that has it closes, the other says so. Also: a kept draft
// opens without the opener's buttons showing first, and teacher mode still opens when IndexedDB
// refuses to work.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { openPage, type PageContext } from './support/browser.ts';
import { LONG, waitForSelectorText } from './support/classroom.ts';

const ELSEWHERE =
  'This draft is open in another tab; edits here are not saved. Take it over to edit it here, as last saved ' +
  'there; that tab then stops saving.';
const TAKEN =
  'This draft was taken over in another tab; edits here are not saved. Take it over to edit it here, as last ' +
  'saved there; that tab then stops saving.';

const FREED =
  'The tab that had this draft has closed; edits here are not saved. Take it over to edit it here, as last saved ' +
  'there.';

const teacherHeading = (page: Page) => page.getByRole('heading', { name: 'Teacher: write and check a pack' });
const title = (page: Page) => page.getByLabel('Pack title');
const draftStatus = (page: Page) => page.locator('.teacher-draft-status');

async function saved(page: Page): Promise<void> {
  await page.waitForSelector('.teacher-draft-status[data-state="saved"]', { state: 'attached', timeout: LONG });
}

/** The title of the pack stored as the draft, read straight from IndexedDB. */
function storedTitle(page: Page): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise<unknown>((ok, fail) => {
        const req = indexedDB.open('fixpoint-teacher');
        req.onerror = () => fail(req.error ?? new Error('open failed'));
        req.onsuccess = () => {
          const get = req.result.transaction('drafts').objectStore('drafts').get('current');
          get.onsuccess = () => (req.result.close(), ok((get.result as { pack?: { title?: unknown } })?.pack?.title));
          get.onerror = () => fail(get.error ?? new Error('read failed'));
        };
      }),
  );
}

describe('the teacher draft in two tabs', () => {
  let ctx: PageContext;
  let second: Page;
  beforeAll(async () => {
    ctx = await openPage({ isolated: false, path: '?teacher' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('tells the second tab the draft is open elsewhere, and that tab does not save over it', async () => {
    const first = ctx.page;
    await first.getByRole('button', { name: 'Write a new pack' }).click();
    await teacherHeading(first).waitFor({ timeout: LONG });
    await title(first).fill('Written in the first tab');
    await saved(first);

    second = await first.context().newPage();
    await second.goto(`${ctx.server.url}?teacher`);
    await teacherHeading(second).waitFor({ timeout: LONG });
    expect(await draftStatus(second).textContent()).toBe(ELSEWHERE);
    expect(await draftStatus(second).getAttribute('data-state')).toBe('elsewhere');
    expect(await title(second).inputValue()).toBe('Written in the first tab');
    // Discarding there would throw away the first tab's work: it is not offered.
    expect(await second.getByRole('button', { name: 'Discard the draft' }).count()).toBe(0);
    await expectAccessible(second, 'teacher view open in another tab');

    await title(second).fill('Typed in the second tab');
    expect(await draftStatus(second).getAttribute('data-state')).toBe('elsewhere');
    // The first tab goes on saving, and what it saves is what stays.
    await title(first).fill('Still the first tab');
    await saved(first);
    await second.reload();
    await teacherHeading(second).waitFor({ timeout: LONG });
    expect(await storedTitle(second)).toBe('Still the first tab');
    expect(await title(second).inputValue()).toBe('Still the first tab');
    expect(await draftStatus(second).textContent()).toBe(ELSEWHERE);
  });

  it('takes the draft over on request: the second tab saves from then on, the first one stops', async () => {
    const first = ctx.page;
    await second.getByRole('button', { name: 'Take the draft over here' }).click();
    await waitForSelectorText(first, '.teacher-draft-status', /taken over/);
    expect(await draftStatus(first).textContent()).toBe(TAKEN);
    await saved(second);
    expect(await draftStatus(second).textContent()).toMatch(/^Draft restored, as saved at /);
    expect(await title(second).inputValue()).toBe('Still the first tab');

    await title(second).fill('Now the second tab');
    await saved(second);
    await title(first).fill('Ignored edit in the first tab');
    expect(await draftStatus(first).getAttribute('data-state')).toBe('elsewhere');
    // Leaving the page would flush a pending save: there is none to flush.
    await first.reload();
    await teacherHeading(first).waitFor({ timeout: LONG });
    expect(await storedTitle(first)).toBe('Now the second tab');
    expect(await title(first).inputValue()).toBe('Now the second tab');
    expect(await draftStatus(first).textContent()).toBe(ELSEWHERE);

    // The tab that has the draft closes: the first one says so, and takes it over on request.
    await second.close();
    await waitForSelectorText(first, '.teacher-draft-status', /has closed/);
    expect(await draftStatus(first).textContent()).toBe(FREED);
    await first.getByRole('button', { name: 'Take the draft over here' }).click();
    await saved(first);
    expect(await title(first).inputValue()).toBe('Now the second tab');
  });

  it('opens a kept draft without showing the opener buttons first', async () => {
    const page = await ctx.page.context().newPage();
    // Records every opener button that ever reaches the page, however briefly.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { openerSeen: string[] }).openerSeen = seen;
      new MutationObserver(() => {
        for (const b of document.querySelectorAll('button')) {
          const text = b.textContent ?? '';
          if (/^(Write a new pack|Open the sample pack)$/.test(text) && !seen.includes(text)) seen.push(text);
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await ctx.page.close();
    await page.goto(`${ctx.server.url}?teacher`);
    await teacherHeading(page).waitFor({ timeout: LONG });
    await saved(page);
    expect(await page.evaluate(() => (window as unknown as { openerSeen: string[] }).openerSeen)).toEqual([]);
    ctx.page = page;
  });

  it('still opens teacher mode when IndexedDB fails, saying the draft is not kept', async () => {
    const { page } = ctx;
    await page.addInitScript(() => {
      IDBFactory.prototype.open = () => {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      };
    });
    await page.reload();
    await page.getByRole('button', { name: 'Write a new pack' }).click();
    await teacherHeading(page).waitFor({ timeout: LONG });
    expect(await draftStatus(page).textContent()).toBe(
      'Drafts are not kept here (This browser does not allow saving history here.): export the pack to keep it.',
    );
  });
});
