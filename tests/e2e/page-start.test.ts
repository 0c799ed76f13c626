// The page as it starts: the header says whether Python is starting, ready or failed, and the
// panels stay where they are as the start ends and the code editor takes the plain boxes' place,
// so a click on its way does not land on whatever moved into the button's place. A start that
// fails says why and what to do.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appReady, text, waitForText } from './support/app.ts';
import { sharedBrowser } from './support/browser.ts';

/** What the page showed as it changed: the header's Python state, and where the "Propose tests"
 * button (below the task's editors) was with how many code editors had arrived by then. */
interface Seen {
  states: string[];
  places: { editors: number; top: number }[];
}

async function watchStart(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Seen = { states: [], places: [] };
    (window as unknown as { seen: Seen }).seen = seen;
    const record = (): void => {
      const state = document.querySelector('[data-testid="python-state"]')?.textContent;
      if (state && seen.states.at(-1) !== state) seen.states.push(state);
      const button = document.getElementById('propose-tests');
      if (!button) return;
      const place = {
        editors: document.querySelectorAll('.cm-editor').length,
        top: button.getBoundingClientRect().top,
      };
      const last = seen.places.at(-1);
      if (last?.editors !== place.editors || last.top !== place.top) seen.places.push(place);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const seen = (page: Page): Promise<Seen> => page.evaluate(() => (window as unknown as { seen: Seen }).seen);

describe('the page while Python starts', () => {
  const shared = sharedBrowser({ isolated: true });

  it('says Python is starting, then ready, in the header; the task panel does not move', async () => {
    const page = await (await shared.browser.newContext()).newPage();
    await watchStart(page);
    await page.goto(shared.server.url);
    await appReady(page);
    await page.waitForSelector('#app[data-python="ready"]', { state: 'attached', timeout: 90_000 });
    await page.waitForSelector('.task-editor .cm-editor >> nth=1', { timeout: 30_000 });
    const { states, places } = await seen(page);
    expect(states).toEqual(['Python starting…', 'Python ready']);
    // The button was there over the plain boxes, and stayed put as the code editors took their place.
    expect(places[0]).toMatchObject({ editors: 0 });
    expect(places.at(-1)!.editors).toBeGreaterThanOrEqual(2);
    expect(places[0]!.top).toBeGreaterThan(0);
    expect(new Set(places.map((p) => p.top))).toEqual(new Set([places[0]!.top]));
    expect(await text(page, 'notices')).toBe('');
    await page.context().close();
  });

  it('a start that fails says so in the header, and a notice says why and what to do', async () => {
    const context = await shared.browser.newContext();
    await context.route('**/pyodide.asm.wasm', (route) => route.abort('connectionreset'));
    const page = await context.newPage();
    await page.goto(shared.server.url);
    await page.waitForSelector('#app[data-python="failed"]', { state: 'attached', timeout: 90_000 });
    expect(await text(page, 'python-state')).toBe('Python failed to start');
    await waitForText(page, 'notices', /could not load .*pyodide\.asm\.wasm.*Reload the page to try again/);
    await context.close();
  });
});
