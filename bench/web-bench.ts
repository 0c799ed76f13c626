// Web page figures: render plus checks of a small page once the sandbox has started, the picture,
// and a page that loops to its limit and the next page after it (see docs/web-pages.md).
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChrome } from '../cli/browser.ts';
import { ensureBuilt } from '../cli/page.ts';
import { serveDist } from '../cli/server.ts';
import type { RunJob } from '../src/shared/run.ts';
import { COUNTER, COUNTER_CHECKS } from '../tests/e2e/support/web-jobs.ts';
import { webJob } from '../tests/e2e/support/web-jobs.ts';
import { median } from './median.ts';

const ROOT = resolve(import.meta.dirname, '..');
const ROUNDS = 21;

function timeRun(page: Page, j: RunJob): Promise<{ ms: number; result: string }> {
  return page.evaluate(async (jj) => {
    const t = performance.now();
    const r = await window.fixpoint.run(jj, 0);
    return { ms: performance.now() - t, result: r.result };
  }, j);
}

export interface WebFigures {
  renderMedianMs: number;
  pictureMedianMs: number;
  loopVerdictMs: number;
  nextAfterLoopMs: number;
}

export async function measureWeb(log: (s: string) => void): Promise<WebFigures> {
  await ensureBuilt(log);
  const server = await serveDist({ root: resolve(ROOT, 'dist'), isolated: true });
  const browser = await launchChrome();
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}?headless`);
    await page.evaluate(() => window.fixpoint.start(1, ['html']));
    const times = async (j: RunJob): Promise<number[]> => {
      const out: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const r = await timeRun(page, j);
        if (r.result !== 'passed') throw new Error(`the bench page did not pass: ${r.result}`);
        out.push(r.ms);
      }
      return out;
    };
    log('web pages: render and checks…');
    const render = await times(webJob(COUNTER, COUNTER_CHECKS));
    log('web pages: pictures…');
    const withPicture = await times(webJob(COUNTER, COUNTER_CHECKS, { picture: true }));
    log('web pages: a looping page, 1 s limit…');
    const loop = await timeRun(page, webJob('<script>while (true) {}</script>', '', {}, 1));
    const next = await timeRun(page, webJob(COUNTER, COUNTER_CHECKS));
    return {
      renderMedianMs: median(render),
      pictureMedianMs: median(withPicture) - median(render),
      loopVerdictMs: loop.ms,
      nextAfterLoopMs: next.ms,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
