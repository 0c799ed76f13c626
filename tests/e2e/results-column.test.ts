// The loop page's right column after a demo run, with two attempts compared, at a desktop and a
// phone size, light and dark: the attempts table and the diff fit their panels (the Compare
// column and the changed part of a line in sight), and the page does not scroll sideways.
import { describe, expect, it } from 'vitest';
import { compareAttempts, runLoop } from './support/app.ts';
import { sharedBrowser } from './support/browser.ts';
import { clipped, SCHEMES, sidewaysScroll, SIZES, tablesWiderThanPanels } from './support/layout.ts';

const shared = sharedBrowser();

describe('the results column', () => {
  for (const size of SIZES)
    for (const scheme of SCHEMES)
      it(`fits at ${size.name} size, ${scheme}`, async () => {
        const context = await shared.browser.newContext({
          viewport: { width: size.width, height: size.height },
          colorScheme: scheme,
        });
        const page = await context.newPage();
        await page.goto(shared.server.url);
        await page.waitForSelector('#app[data-history="ready"]', { state: 'attached', timeout: 90_000 });
        await runLoop(page);
        await compareAttempts(page, 0, 1);
        await page.locator('.diff-table').waitFor();
        expect(await sidewaysScroll(page)).toBe(0);
        expect(await tablesWiderThanPanels(page, '.col-results')).toEqual([]);
        expect(await clipped(page, '.col-results')).toEqual([]);
        // The diff's changed lines wrap inside the panel: their last characters are in sight.
        const added = page.locator('.diff-add .diff-code').last();
        const [right, panelRight] = await added.evaluate((el) => [
          el.getBoundingClientRect().right,
          el.closest('.panel')!.getBoundingClientRect().right,
        ]);
        expect(right).toBeLessThanOrEqual(panelRight);
        await context.close();
      });
});
