// Agent runs' Python interpreter: the overhead of one action once started (page to observation,
// no model), the interpreter's memory over 200 actions that keep their state, and the time from
// an action's time-out to the next action's observation (interrupted where isolated, restarted
// where not).
import { resolve } from 'node:path';
import { launchChrome } from '../cli/browser.ts';
import { ensureBuilt } from '../cli/page.ts';
import { serveDist } from '../cli/server.ts';

const ROOT = resolve(import.meta.dirname, '..');
const ACTIONS = 200;
const TIMEOUT_MS = 500;

export interface AgentFigures {
  isolated: boolean;
  startMs: number;
  actionMedianMs: number;
  actionWorstMs: number;
  /** The interpreter's wasm memory after the 10th and the 200th of the actions that keep state. */
  heapAfter10: number;
  heapAfter200: number;
  /** What those actions' state holds by then (sys.getsizeof of the kept list and its items). */
  heldBytes: number;
  /** From the action's time limit to the next action's observation, median of 5. */
  timeoutToNextMs: number;
}

const HEAP = 'import pyodide_js\npyodide_js._module.HEAP8.length';

export async function measureAgent(isolated: boolean, log: (s: string) => void): Promise<AgentFigures> {
  await ensureBuilt(log);
  const server = await serveDist({ root: resolve(ROOT, 'dist'), isolated });
  const browser = await launchChrome();
  try {
    const context = await browser.newContext(isolated ? {} : { serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${server.url}?headless`);
    await page.waitForFunction(() => typeof window.fixpoint?.agentOpen === 'function');
    return await page.evaluate(
      async ([n, heapCode, limit, iso]) => {
        const f = window.fixpoint;
        const opts = { timeoutMs: 10_000, outputCap: 10_000 };
        const t0 = performance.now();
        const h = await f.agentOpen('python', [{ name: 'data.csv', size: 8, text: 'x\n1\n2\n3\n' }]);
        await f.agentAct(h, 'kept = []', opts);
        const startMs = performance.now() - t0;
        const times: number[] = [];
        let heapAfter10 = 0;
        for (let i = 0; i < n; i++) {
          const t = performance.now();
          // State kept (one number more each time) and garbage made and dropped.
          await f.agentAct(h, `kept.append(${i})\ntmp = [str(j) for j in range(2000)]\nlen(kept)`, opts);
          times.push(performance.now() - t);
          if (i === 9) heapAfter10 = Number((await f.agentAct(h, heapCode, opts)).value);
        }
        const heapAfter200 = Number((await f.agentAct(h, heapCode, opts)).value);
        const held = Number(
          (await f.agentAct(h, 'import sys\nsys.getsizeof(kept) + sum(sys.getsizeof(k) for k in kept)', opts)).value,
        );
        const gaps: number[] = [];
        for (let i = 0; i < 5; i++) {
          const t = performance.now();
          await f.agentAct(h, 'while True: pass', { timeoutMs: limit, outputCap: 1000 });
          await f.agentAct(h, '1', opts);
          gaps.push(performance.now() - t - limit);
        }
        const sorted = [...times].sort((a, b) => a - b);
        gaps.sort((a, b) => a - b);
        return {
          isolated: iso,
          startMs,
          actionMedianMs: sorted[Math.floor(sorted.length / 2)]!,
          actionWorstMs: sorted[sorted.length - 1]!,
          heapAfter10,
          heapAfter200,
          heldBytes: held,
          timeoutToNextMs: gaps[2]!,
        };
      },
      [ACTIONS, HEAP, TIMEOUT_MS, isolated] as const,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}
