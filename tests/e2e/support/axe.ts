// axe-core in the built page: one call per view checks it in the light and the dark theme and
// fails with what to fix (rule, element, why), so a regression names its own cause.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, RunOptions } from 'axe-core';

const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const SERIOUS = new Set(['serious', 'critical']);

const OPTIONS: RunOptions = {
  // The sandbox iframe is an opaque origin that runs candidates; it shows nothing to people.
  iframes: false,
  resultTypes: ['violations'],
  // Off by default as "experimental"; WCAG 2.5.3 (a button's name contains its visible text).
  rules: { 'label-content-name-mismatch': { enabled: true } },
};

export interface AxeScope {
  /** CSS selector of the part to check; default the whole document. */
  include?: string;
  /** Parts to leave out, each with the reason in the caller. */
  exclude?: string[];
}

/** The serious and critical findings on the page as it is now, one readable line each. */
async function seriousFindings(page: Page, scope: AxeScope = {}): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ content: source });
  const results = await page.evaluate(
    async ([options, include, exclude]) => {
      const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } }).axe;
      const context = { include: include ? [include] : [document], exclude: exclude.map((s) => [s]) };
      return axe.run(include || exclude.length ? context : document, options);
    },
    [OPTIONS, scope.include ?? '', scope.exclude ?? []] as const,
  );
  return results.violations
    .filter((v) => SERIOUS.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map((n) => {
        const why = (n.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
        return `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${v.help}. ${why}`;
      }),
    );
}

/**
 * Checks the view in both colour schemes and throws one error listing every finding. Leaves the
 * page in the colour scheme it started with (dark, the page's default).
 */
export async function expectAccessible(page: Page, view: string, scope: AxeScope = {}): Promise<void> {
  const lines: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const f of await seriousFindings(page, scope)) lines.push(`[${colorScheme}] ${f}`);
  }
  if (lines.length) throw new Error(`${view}: ${lines.length} serious accessibility findings\n- ${lines.join('\n- ')}`);
}
