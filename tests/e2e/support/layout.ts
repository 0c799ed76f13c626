// What can be asserted of a page's layout as a person sees it: no sideways scroll, nothing
// visible past the viewport's right edge or clipped by its own box, styles applied.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';

export const SIZES = [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export const SCHEMES = ['light', 'dark'] as const;

/** Where the e2e run leaves its pictures, for a look (FIXPOINT_SHOTS to put them elsewhere). */
const SHOTS = process.env.FIXPOINT_SHOTS ?? 'node_modules/.cache/fixpoint/screenshots';

/**
 * Pictures of the page at each size, light and dark, as SHOTS/NAME-WxH-SCHEME.png (the phone's
 * whole page when `fullPage`); `before` runs at each, after the resize. The size and scheme are
 * put back after.
 */
export async function shootSizes(
  page: Page,
  name: string,
  opts: { fullPage?: boolean; before?: () => Promise<unknown> } = {},
): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const { width, height } of SIZES)
    for (const scheme of SCHEMES) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await opts.before?.();
      const path = `${SHOTS}/${name}-${width}x${height}-${scheme}.png`;
      await page.screenshot({ path, fullPage: opts.fullPage === true && width < 800 });
    }
  if (size) await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: null });
}

/** How far the page scrolls sideways (0 when it does not). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Visible controls and table cells (within `scope`) that reach past the viewport's right edge,
 * or whose text is cut by their own box without a way to scroll to it: their text, to name them.
 */
export function clipped(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    const root = document.querySelector(sel);
    if (!root) return [`no ${sel}`];
    for (const el of root.querySelectorAll<HTMLElement>('button, a, input, select, textarea, th, td, label, h1, h2')) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
      // Inside a box that scrolls sideways on purpose (an editor, a wide table's own scroller).
      let scroller = el.parentElement;
      let insideScroller = false;
      while (scroller && scroller !== root) {
        const ox = getComputedStyle(scroller).overflowX;
        if ((ox === 'auto' || ox === 'scroll') && scroller.scrollWidth > scroller.clientWidth) insideScroller = true;
        scroller = scroller.parentElement;
      }
      if (insideScroller) continue;
      const name = (el.textContent || el.getAttribute('aria-label') || el.id || el.tagName).trim().slice(0, 40);
      if (r.right > document.documentElement.clientWidth + 1) out.push(`${name} (right edge ${Math.round(r.right)})`);
      else if (['TH', 'TD', 'BUTTON', 'LABEL'].includes(el.tagName) && el.scrollWidth > el.clientWidth + 1)
        out.push(`${name} (text cut: ${el.scrollWidth} > ${el.clientWidth})`);
    }
    return out;
  }, scope);
}

/** Tables (within `scope`) wider than the panel they sit in: their class and the two widths. */
export function tablesWiderThanPanels(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const t of document.querySelectorAll<HTMLElement>(`${sel} table`)) {
      const panel = t.closest<HTMLElement>('.panel') ?? t.parentElement!;
      const tw = t.getBoundingClientRect().width;
      const pw = panel.clientWidth;
      if (tw && tw > pw + 1) out.push(`${t.className || 'table'}: ${Math.round(tw)} px in ${pw} px`);
    }
    return out;
  }, scope);
}
