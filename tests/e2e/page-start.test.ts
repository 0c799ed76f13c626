// The page as it starts: the header says whether Python is starting, ready or failed, and the
// panels stay where they are as the start ends and the code editor and the diff view arrive,
// so a click on its way does not land on whatever moved into the button's place. A start that
// fails says why and what to do.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appReady, text, waitForText } from './support/app.ts';
import { sharedBrowser } from './support/browser.ts';

/** What the page showed as it changed: the header's Python state, and where the "Propose tests"
 * button (below the task's editors) and the Output panel (below the diff view) were, with how many
 * code editors and diff views had arrived by then. */
interface Seen {
  states: string[];
  places: { editors: number; diffs: number; top: number; output: number }[];
}

async function watchStart(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Seen = { states: [], places: [] };
    (window as unknown as { seen: Seen }).seen = seen;
    const record = (): void => {
      const state = document.querySelector('[data-testid="python-state"]')?.textContent;
      if (state && seen.states.at(-1) !== state) seen.states.push(state);
      const button = document.getElementById('propose-tests');
      const output = document.querySelector('.panel.output');
      if (!button || !output) return;
      const place = {
        editors: document.querySelectorAll('.cm-editor').length,
        diffs: document.querySelectorAll('section.diff').length,
        top: button.getBoundingClientRect().top,
        output: output.getBoundingClientRect().top,
      };
      if (JSON.stringify(seen.places.at(-1)) !== JSON.stringify(place)) seen.places.push(place);
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
    await page.waitForSelector('section.diff', { timeout: 30_000 });
    const { states, places } = await seen(page);
    expect(states).toEqual(['Python starting…', 'Python ready']);
    // The button was there over the plain boxes and the Output panel under the diff view's stand-in,
    // and both stayed put as the code editors and the diff view took their places.
    expect(places[0]).toMatchObject({ editors: 0, diffs: 0 });
    expect(places.at(-1)).toMatchObject({ diffs: 1 });
    expect(places.at(-1)!.editors).toBeGreaterThanOrEqual(2);
    expect(places[0]!.top).toBeGreaterThan(0);
    expect(places[0]!.output).toBeGreaterThan(0);
    expect(new Set(places.map((p) => p.top))).toEqual(new Set([places[0]!.top]));
    expect(new Set(places.map((p) => p.output))).toEqual(new Set([places[0]!.output]));
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
