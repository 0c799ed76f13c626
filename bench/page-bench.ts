// Runtime figures measured inside the page (no DevTools round trip in the timings).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { RunJob } from '../src/shared/run.ts';
import { openHeadless } from '../cli/page.ts';
import { median, medianStart } from './median.ts';
import { startupParts } from './startup-parts.ts';

const job = (code: string, timeoutSec = 3): RunJob => ({
  language: 'python',
  code,
  tests: { kind: 'none' },
  limits: { timeoutSec, outputCap: 65536 },
});

/** Milliseconds from starting `job` in the page to its result, and the result's status. */
function timeRun(page: Page, j: RunJob): Promise<{ ms: number; status: string }> {
  return page.evaluate(async (jj) => {
    const t = performance.now();
    const r = await window.fixpoint.run(jj, 0);
    return { ms: performance.now() - t, status: r.status };
  }, j);
}

export interface RuntimeFigures {
  isolated: boolean;
  /** From navigation to the first result (the page's clock), in a browser profile that has never seen the page. */
  coldStartMs: number;
  /**
   * The same, in the same profile again: Python boots from the snapshot the first visit cached.
   * The median of RETURN_VISITS visits: one visit is at the mercy of whatever else the machine does.
   */
  returnStartMs: number;
  /**
   * Each returning visit over the anchor's start taken just before it (`beforeVisit`): the
   * machine's speed drifts by a fifth over minutes, and a ratio of two starts taken side by side
   * is not thrown by that. One for each of RETURN_VISITS visits.
   */
  returnRatios: number[];
  /** The cold start over the anchor's start taken just before it. */
  coldRatio: number;
  warmMedianMs: number;
  timeoutVerdictMs: number;
  timeoutStatus: string;
  nextAfterTimeoutMs: number;
  /** The first result after a run that reached JavaScript, which the worker's spare takes. */
  nextAfterBridgeMs: number;
  /** Where each start's time went: [part, milliseconds] in order (bench/startup-parts.ts). */
  coldParts: [string, number][];
  returnParts: [string, number][];
  /** The profile used, which holds the cached snapshot now. */
  profileDir: string;
}

export interface Start {
  /** The page's own clock when the first result is in: milliseconds from navigation. */
  ms: number;
  parts: [string, number][];
  /** Whether Python booted from a snapshot (the app's or the browser's own) rather than from scratch. */
  restored: boolean;
}

export async function firstResult(page: Page): Promise<Start> {
  const { ms, moments } = await page.evaluate(async (j) => {
    await window.fixpoint.run(j, 0);
    const ms = performance.now();
    return { ms, moments: window.fixpoint.startupMoments() };
  }, job('pass'));
  return { ms, parts: startupParts({ ...moments, 'first result': ms }), restored: 'snapshot restored' in moments };
}

async function startToFirstResult(isolated: boolean, profileDir: string, log: (s: string) => void): Promise<Start> {
  const hp = await openHeadless({ sandboxes: 1, isolated, log, profileDir });
  const start = await firstResult(hp.page);
  await hp.close(); // after the page has cached its snapshot for the returning visit
  return start;
}

export const RETURN_VISITS = 5;

/**
 * `beforeVisit` takes the anchor's start (bare Pyodide) and gives its milliseconds; it is called
 * before the cold start and before each returning visit, so each start has its anchor beside it.
 */
export async function measureRuntime(
  isolated: boolean,
  log: (s: string) => void,
  beforeVisit: () => Promise<number>,
): Promise<RuntimeFigures> {
  const profileDir = mkdtempSync(join(tmpdir(), 'fixpoint-bench-profile-'));
  const coldAnchor = await beforeVisit();
  const cold = await startToFirstResult(isolated, profileDir, log);
  const visits: Start[] = [];
  const ratios: number[] = [];
  const record = (s: Start, anchor: number): void => {
    visits.push(s);
    ratios.push(s.ms / anchor);
  };
  for (let i = 1; i < RETURN_VISITS; i++) {
    const anchor = await beforeVisit();
    record(await startToFirstResult(isolated, profileDir, log), anchor);
  }
  // The last visit's page stays open for the warm figures.
  const anchor = await beforeVisit();
  const hp = await openHeadless({ sandboxes: 1, isolated, log, profileDir });
  try {
    record(await firstResult(hp.page), anchor);
    const returning = medianStart(visits);
    // Warm means steady: the warm spare has finished booting and nothing else wants the CPU.
    await hp.page.evaluate(() => window.fixpoint.cached());
    await new Promise((r) => setTimeout(r, 6000));
    const warm: number[] = [];
    for (let i = 0; i < 50; i++) warm.push((await timeRun(hp.page, job('x = sum(range(10))'))).ms);
    const loop = await timeRun(hp.page, job('while True: pass', 1));
    const next = await timeRun(hp.page, job('pass'));
    // A run that reaches JavaScript costs its interpreter: the next one runs in the spare.
    await timeRun(hp.page, job('import js\njs.Object'));
    const afterBridge = await timeRun(hp.page, job('pass'));
    return {
      isolated: hp.isolated,
      coldStartMs: cold.ms,
      returnStartMs: returning.ms,
      returnRatios: ratios,
      coldRatio: cold.ms / coldAnchor,
      coldParts: cold.parts,
      returnParts: returning.parts,
      warmMedianMs: median(warm),
      timeoutVerdictMs: loop.ms,
      timeoutStatus: loop.status,
      nextAfterTimeoutMs: next.ms,
      nextAfterBridgeMs: afterBridge.ms,
      profileDir,
    };
  } finally {
    await hp.close();
  }
}
