// JavaScript figures: cold start to a first result in a new page, a warm trivial run, limit to
// verdict, and MultiPL-E grading of a mixed set (right, wrong, throwing, looping, exiting) by
// `eval` against native node started once per program, as MultiPL-E's harness does.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChrome } from '../cli/browser.ts';
import { ensureBuilt } from '../cli/page.ts';
import { serveDist } from '../cli/server.ts';
import { parseSamples, type Problem } from '../src/shared/problems.ts';
import { parseProblems, problemJob } from '../src/kinds/rows.ts';
import type { RunJob } from '../src/shared/run.ts';
import { readText } from '../cli/files.ts';
import { JS_SAMPLES, MULTIPL_E_JS, nodeVerdicts, verdictOf } from '../tests/e2e/support/node-native.ts';
import { median } from './median.ts';

const ROOT = resolve(import.meta.dirname, '..');
const job = (code: string, timeoutSec = 3): RunJob => ({
  language: 'javascript',
  code,
  tests: { kind: 'none' },
  limits: { timeoutSec, outputCap: 65536 },
});

function timeRun(page: Page, j: RunJob): Promise<{ ms: number; status: string; sinceNavigation: number }> {
  return page.evaluate(async (jj) => {
    const t = performance.now();
    const r = await window.fixpoint.run(jj, 0);
    return { ms: performance.now() - t, status: r.status, sinceNavigation: performance.now() };
  }, j);
}

export interface JsFigures {
  coldStartMs: number;
  warmMedianMs: number;
  timeoutVerdictMs: number;
  nextAfterTimeoutMs: number;
  samples: number;
  evalSeconds: number;
  nodeSeconds?: number;
  agree?: number;
  /** Where eval's time went (cli/timings.ts). */
  timings: { totalMs: number; nodeStartMs: number; phasesMs: Record<string, number>; pageOverheadPerJobMs: number };
}

export async function measureJs(log: (s: string) => void): Promise<JsFigures> {
  await ensureBuilt(log);
  const server = await serveDist({ root: resolve(ROOT, 'dist'), isolated: true });
  const browser = await launchChrome();
  let figures: Omit<JsFigures, 'samples' | 'evalSeconds' | 'timings'>;
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}?headless`);
    // From the page's navigation to the first JavaScript result: it does not wait for Python.
    const coldStartMs = (await timeRun(page, job('console.log(1)'))).sinceNavigation;
    await page.evaluate(() => window.fixpoint.start(1));
    await page.evaluate(() => window.fixpoint.cached());
    await new Promise((r) => setTimeout(r, 3000));
    const warm: number[] = [];
    for (let i = 0; i < 50; i++) warm.push((await timeRun(page, job('const x = 1 + 1;'))).ms);
    const limit = await timeRun(page, job('while (true) {}', 1));
    const next = await timeRun(page, job('const y = 2;'));
    figures = { coldStartMs, warmMedianMs: median(warm), timeoutVerdictMs: limit.ms, nextAfterTimeoutMs: next.ms };
  } finally {
    await browser.close();
    await server.close();
  }
  const samplesText = readFileSync(JS_SAMPLES, 'utf8');
  const count = samplesText.trim().split('\n').length;
  log(`eval on ${count} MultiPL-E JavaScript samples…`);
  const timingsFile = join(mkdtempSync(join(tmpdir(), 'fixpoint-js-bench-')), 'timings.json');
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', resolve(ROOT, 'cli/main.ts'), 'eval', '--problems', MULTIPL_E_JS, '--samples', JS_SAMPLES],
    { encoding: 'utf8', cwd: ROOT, env: { ...process.env, FIXPOINT_TIMINGS: timingsFile } },
  );
  const evalSeconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`eval failed: ${r.stderr}`);
  const ours = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { result?: string; summary?: boolean })
    .filter((row) => !row.summary)
    .map((row) => verdictOf(row.result ?? ''));
  const problems = new Map<string, Problem>(
    parseProblems(readText(MULTIPL_E_JS), MULTIPL_E_JS).map((p) => [p.taskId, p]),
  );
  const programs = parseSamples(samplesText, JS_SAMPLES, problems).map((s) => {
    const j = problemJob(problems.get(s.taskId)!, s.completion, 3);
    return `${j.code}\n${j.tests.kind === 'user' ? j.tests.source : ''}`;
  });
  log('native node, a process per program…');
  const t1 = performance.now();
  const native = nodeVerdicts(programs, 3);
  const nodeSeconds = native ? (performance.now() - t1) / 1000 : undefined;
  const agree = native ? native.filter((v, i) => v === ours[i]).length : undefined;
  const timings = JSON.parse(readFileSync(timingsFile, 'utf8')) as JsFigures['timings'];
  return { ...figures, samples: count, evalSeconds, nodeSeconds, agree, timings };
}
