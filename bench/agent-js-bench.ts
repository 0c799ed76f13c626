// JavaScript agent session figures: the overhead of one action after start (page to observation,
// a trivial action, so what is measured is the session's own cost), the session's heap over 200
// actions that keep state (measured in the worker through the DevTools protocol, after a
// collection), and the time from a time-out to the next action's observation.
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChrome } from '../cli/browser.ts';
import { ensureBuilt } from '../cli/page.ts';
import { serveDist } from '../cli/server.ts';
import { median } from './median.ts';

const ROOT = resolve(import.meta.dirname, '..');
const ACTIONS = 200;
const TIMEOUTS = 5;

export interface AgentJsFigures {
  actionMedianMs: number;
  actionWorstMs: number;
  heapBeforeBytes: number;
  heapAfterBytes: number;
  /** What the 200 actions' own state holds, as the same measure sees it in a fresh session. */
  stateBytes: number;
  timeoutToNextMedianMs: number;
  limitMs: number;
}

const act = (page: Page, n: number, code: string, timeoutMs = 5000) =>
  page.evaluate(
    async ([s, c, t]) => {
      const began = performance.now();
      const o = await window.fixpoint.agentJs.act(s, c, { timeoutMs: t });
      return { ms: performance.now() - began, o };
    },
    [n, code, timeoutMs] as const,
  );

/** The used JS heap of the session's worker, after a collection, read through the DevTools protocol. */
async function workerHeap(browser: Browser, page: Page): Promise<number> {
  let url: string | undefined;
  for (const w of page.workers())
    if (
      await w
        .evaluate(() => typeof (globalThis as { finalAnswer?: unknown }).finalAnswer === 'function')
        .catch(() => false)
    )
      url = w.url();
  if (!url) throw new Error('the agent session worker was not found');
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const target = targetInfos.find((t) => t.type === 'worker' && t.url === url);
    if (!target) throw new Error('the agent session worker has no DevTools target');
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
    let next = 1;
    const call = (method: string): Promise<Record<string, number>> =>
      new Promise((ok) => {
        const id = next++;
        const onMessage = (e: { sessionId: string; message: string }): void => {
          const m = JSON.parse(e.message) as { id?: number; result?: Record<string, number> };
          if (e.sessionId !== sessionId || m.id !== id) return;
          cdp.off('Target.receivedMessageFromTarget', onMessage);
          ok(m.result ?? {});
        };
        cdp.on('Target.receivedMessageFromTarget', onMessage);
        void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
      });
    await call('HeapProfiler.collectGarbage');
    return (await call('Runtime.getHeapUsage')).usedSize!;
  } finally {
    await cdp.detach();
  }
}

export async function measureAgentJs(log: (s: string) => void): Promise<AgentJsFigures> {
  await ensureBuilt(log);
  const server = await serveDist({ root: resolve(ROOT, 'dist'), isolated: true });
  const browser = await launchChrome();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}?headless`);
    await page.waitForFunction(() => typeof window.fixpoint?.agentJs === 'object');
    const n = await page.evaluate(() => window.fixpoint.agentJs.open([]));
    await act(page, n, 'let total = 0\nconst seen = []');
    for (let i = 0; i < 10; i++) await act(page, n, 'total += 1');
    const heapBeforeBytes = await workerHeap(browser, page);
    log(`agent-js: ${ACTIONS} actions…`);
    const times: number[] = [];
    for (let i = 0; i < ACTIONS; i++) {
      // State kept: a counter, a list that grows by one small entry, a declaration made again.
      const { ms, o } = await act(page, n, `const step = ${i}\ntotal += step\nseen.push(step)\ntotal`);
      if (o.error) throw new Error(`action ${i} failed: ${o.error}`);
      times.push(ms);
    }
    const heapAfterBytes = await workerHeap(browser, page);
    // What the state itself weighs: the same list filled in one action of a fresh session.
    const fresh = await page.evaluate(() => window.fixpoint.agentJs.open([]));
    await page.evaluate((s) => window.fixpoint.agentJs.close(s), n);
    await act(page, fresh, 'let total = 0\nconst seen = []');
    const empty = await workerHeap(browser, page);
    await act(page, fresh, `for (let i = 0; i < ${ACTIONS}; i++) { total += i; seen.push(i) }`);
    const stateBytes = (await workerHeap(browser, page)) - empty;
    log('agent-js: time-outs…');
    const limitMs = 500;
    const after: number[] = [];
    for (let i = 0; i < TIMEOUTS; i++) {
      const spun = await act(page, fresh, 'while (true) {}', limitMs);
      if (!spun.o.timedOut) throw new Error('the endless action did not time out');
      const next = await act(page, fresh, '1 + 1');
      if (next.o.value !== '2') throw new Error(`the action after a time-out said ${JSON.stringify(next.o)}`);
      after.push(spun.ms - limitMs + next.ms);
    }
    return {
      actionMedianMs: median(times),
      actionWorstMs: Math.max(...times),
      heapBeforeBytes,
      heapAfterBytes,
      stateBytes,
      timeoutToNextMedianMs: median(after),
      limitMs,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
