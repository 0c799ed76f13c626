// What a program that stalls TypeScript's compiler costs the checks around it. The stalled check
// is given 1 s and ends timed out; a correct program checked beside it and the next one after it
// go to the other worker. The first time, that worker starts then (one worker serves a page until
// a check has to wait); the second time, both are up. The stalled worker's replacement sets up in
// the background: that is the restart's cost, kept off every check's path.
import type { Page } from 'playwright-core';
import { SETUP_MEASURE } from '../src/sandbox/typescript/checker-host.ts';
import { STALLING_TYPES } from '../tests/e2e/support/stalling-types.ts';

interface Incident {
  /** From submitting the stalling program (1 s limit) to its verdict, and the verdict. */
  verdictMs: number;
  verdict: string;
  /** A correct program submitted at the same moment. */
  besideMs: number;
  /** A correct program submitted as the verdict came. */
  nextMs: number;
}

export interface StallFigures {
  first: Incident;
  second: Incident;
  /** Setting up the replacement of a stalled worker: start, compiler, the lib files of its modes. */
  restart: { ms: number; modes: number };
}

const LIMIT_MS = 1000;

function incident(page: Page, correct: string): Promise<Incident> {
  return page.evaluate(
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    async ([stall, ok, limit]) => {
      const t0 = performance.now();
      const stalled = window.fixpoint.typecheck(ok + stall, { strict: true }, limit).then(
        () => ({ verdict: 'checked', verdictMs: performance.now() - t0 }),
        (err: unknown) => ({ verdict: String(err), verdictMs: performance.now() - t0 }),
      );
      await window.fixpoint.typecheck(ok, { strict: true });
      const besideMs = performance.now() - t0;
      const { verdict, verdictMs } = await stalled;
      const t1 = performance.now();
      await window.fixpoint.typecheck(ok, { strict: true });
      return { verdict, verdictMs, besideMs, nextMs: performance.now() - t1 };
    },
    [STALLING_TYPES, correct, LIMIT_MS] as const,
  );
}

/** Waits until `n` workers have set up since the page opened; the last one's set-up time and modes. */
async function setUps(page: Page, n: number): Promise<{ ms: number; modes: number }> {
  await page.waitForFunction(
    ([name, k]) => performance.getEntriesByName(name).length >= k,
    [SETUP_MEASURE, n] as const,
    {
      timeout: 120_000,
    },
  );
  return page.evaluate((name) => {
    const last = performance.getEntriesByName(name).at(-1) as PerformanceMeasure;
    return { ms: last.duration, modes: last.detail as number };
  }, SETUP_MEASURE);
}

/** Run on a page whose one checker worker has set up both modes. */
export async function measureStall(page: Page, correct: string): Promise<StallFigures> {
  const before = await page.evaluate((name) => performance.getEntriesByName(name).length, SETUP_MEASURE);
  const first = await incident(page, correct);
  // The second worker, and the stalled one's replacement.
  await setUps(page, before + 2);
  const second = await incident(page, correct);
  const restart = await setUps(page, before + 3);
  return { first, second, restart };
}

export function stallRows(f: StallFigures): [string, string, string][] {
  const ms = (x: number): string => `${x.toFixed(1)} ms`;
  const rows = (label: string, i: Incident): [string, string, string][] => [
    [
      `type-check of a stalling program, 1 s limit, to its verdict (${label})`,
      `${ms(i.verdictMs)} (${/took longer/.test(i.verdict) ? 'timed out' : i.verdict})`,
      '<= 1200 ms',
    ],
    ['  a correct program checked beside it', ms(i.besideMs), '-'],
    ['  the next check after its verdict', ms(i.nextMs), '-'],
  ];
  return [
    ...rows('one worker up', f.first),
    ...rows('both workers up', f.second),
    [`type-check worker restart, in the background: start, ${f.restart.modes} modes' lib files`, ms(f.restart.ms), '-'],
  ];
}
