// Driving the loop page through its stable hooks (data-testid, ids, form field names), so the
// tests read as what a person does: pick an example, set the endpoint, press Run loop.
import type { Page } from 'playwright-core';
import { openPage, type PageContext } from './browser.ts';

const LONG = 90_000;

/** The page, with its history open (and interrupted sessions marked). */
export async function openApp(opts: { isolated: boolean }): Promise<PageContext> {
  const ctx = await openPage(opts);
  await appReady(ctx.page);
  return ctx;
}

export async function appReady(page: Page): Promise<void> {
  await page.waitForSelector('#app[data-history="ready"]', { state: 'attached', timeout: LONG });
}

export async function text(page: Page, testid: string): Promise<string> {
  return (await page.getByTestId(testid).first().textContent()) ?? '';
}

/** Waits until the element's text matches; the error names what the text was instead. */
export async function waitForText(page: Page, testid: string, pattern: RegExp, timeout = LONG): Promise<string> {
  try {
    await page.waitForFunction(
      ([id, source, flags]) =>
        new RegExp(source, flags).test(document.querySelector(`[data-testid="${id}"]`)?.textContent ?? ''),
      [testid, pattern.source, pattern.flags] as const,
      { timeout, polling: 100 },
    );
  } catch (err) {
    throw new Error(
      `[data-testid=${testid}] never matched ${pattern}; it says: ${JSON.stringify(await text(page, testid))}`,
      { cause: err },
    );
  }
  return text(page, testid);
}

export async function waitBusy(page: Page, busy: boolean, timeout = LONG): Promise<void> {
  await page.waitForSelector(`#app[data-busy="${busy}"]`, { state: 'attached', timeout });
}

/** Presses Run loop and waits for the session to end. */
export async function runLoop(page: Page): Promise<void> {
  await page.getByTestId('run-loop').click();
  await waitBusy(page, false);
}

export async function pickExample(page: Page, id: string): Promise<void> {
  await page.selectOption('#task-example', id);
}

export interface Row {
  index: number;
  verdict: string;
  tone: string;
}

export function attempts(page: Page): Promise<Row[]> {
  return page.$$eval('[data-testid="attempt"]', (rows) =>
    rows.map((r) => ({
      index: Number((r as HTMLElement).dataset.index),
      verdict: r.querySelector('[data-testid="attempt-verdict"]')?.textContent ?? '',
      tone: (r as HTMLElement).dataset.tone ?? '',
    })),
  );
}

export async function selectAttempt(page: Page, index: number): Promise<void> {
  await page.locator(`[data-testid="attempt"][data-index="${index}"] .timeline-pick`).click();
}

/** Selects `a`, then compares `b` with it: the diff panel shows a → b. */
export async function compareAttempts(page: Page, a: number, b: number): Promise<void> {
  await selectAttempt(page, a);
  await page.locator(`[data-testid="attempt"][data-index="${b}"] .timeline-compare`).click();
}

export function editorText(page: Page): Promise<string> {
  return page.locator('[data-testid="editor"] .cm-content').innerText();
}

export interface EndpointForm {
  preset: string;
  baseUrl?: string;
  model?: string;
  apiKey?: string;
  keyPlace?: 'session' | 'local';
}

/** Fills the settings form and presses Save; resolves with the form's status line. */
export async function fillSettings(page: Page, form: EndpointForm): Promise<string> {
  await page.getByTestId('open-settings').click();
  const dialog = page.getByTestId('settings-dialog');
  await dialog.locator('select[name="preset"]').selectOption(form.preset);
  if (form.baseUrl !== undefined) await dialog.locator('input[name="baseUrl"]').fill(form.baseUrl);
  if (form.model !== undefined) await dialog.locator('input[name="model"]').fill(form.model);
  if (form.keyPlace !== undefined) await dialog.locator(`input[name="keyPlace"][value="${form.keyPlace}"]`).check();
  if (form.apiKey !== undefined) await dialog.locator('input[name="apiKey"]').fill(form.apiKey);
  await dialog.locator('button[type="submit"]').click();
  // A successful save closes the dialog (and its form); a refused one keeps it open and says why.
  const open = await dialog.evaluate((d) => (d as HTMLDialogElement).open);
  return open ? ((await dialog.locator('.fp-settings-status').textContent()) ?? '') : 'Saved.';
}

/** Sets the endpoint and checks the settings were accepted. */
export async function configure(page: Page, form: EndpointForm): Promise<void> {
  const status = await fillSettings(page, form);
  if (status !== 'Saved.') throw new Error(`the settings were not saved: ${status}`);
}

export async function openHistory(page: Page): Promise<void> {
  await page.getByTestId('open-history').click();
  await page.waitForSelector('[data-testid="history-dialog"] .fp-history-row', { timeout: LONG });
}

/** The history rows: title and status of each stored session, newest first. */
export function historyRows(page: Page): Promise<{ id: string; title: string; status: string; label: string }[]> {
  return page.$$eval('[data-testid="history-dialog"] .fp-history-row', (rows) =>
    rows.map((r) => ({
      id: (r as HTMLElement).dataset.id ?? '',
      title: r.querySelector('.fp-history-title')?.textContent ?? '',
      status: (r as HTMLElement).dataset.status ?? '',
      label: r.querySelector('.fp-history-status')?.textContent ?? '',
    })),
  );
}

/** The stored session rows and attempts, read straight from IndexedDB. */
export function readDatabase(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name).filter((n): n is string => !!n);
    const dump: Record<string, Record<string, unknown[]>> = {};
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => ok(req.result);
        req.onerror = () => fail(req.error);
      });
      const stores: Record<string, unknown[]> = (dump[name] = {});
      for (const store of Array.from(db.objectStoreNames)) {
        stores[store] = await new Promise<unknown[]>((ok, fail) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => ok(req.result);
          req.onerror = () => fail(req.error);
        });
      }
      db.close();
    }
    return JSON.stringify(dump);
  });
}
