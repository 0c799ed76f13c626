// Runs that try to eat the machine: each is stopped and reported within its limit, the next run
// works, and the page's main thread never has a task longer than 200 ms while it happens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult, RunStatus } from '../../../src/shared/run.ts';
import { MODES, openPage, pyJob, runIn, type PageContext } from '../support/browser.ts';
import { takeLongTasks, watchLongTasks } from '../support/long-tasks.ts';

const LONG_TASK_BOUND_MS = 200;
const CAP = 4096;

interface Abuse {
  code: string;
  timeoutSec: number;
  /** The verdicts a run may end with: what the interpreter can report, or the page's limit. */
  status: RunStatus[];
  check?(r: RunResult): void;
}

const ABUSES: Record<string, Abuse> = {
  'an endless loop in Python': { code: 'while True:\n    pass', timeoutSec: 1.5, status: ['timed out'] },
  'an endless loop that swallows the interrupt': {
    code: 'while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass',
    timeoutSec: 1.5,
    status: ['timed out'],
  },
  'an endless loop inside a JS callback, left running after the run': {
    code: 'import js\nfrom pyodide.ffi import create_proxy\ndef spin():\n    while True:\n        pass\njs.setTimeout(create_proxy(spin), 0)\nprint("scheduled")',
    timeoutSec: 3,
    status: ['passed'],
    check: (r) => expect(r.stdout).toBe('scheduled\n'),
  },
  'time.sleep(10**6)': { code: 'import time\ntime.sleep(10**6)', timeoutSec: 1.5, status: ['timed out'] },
  'a memory bomb (a list of 100 MB buffers)': {
    code: 'x = []\nwhile True:\n    x.append(bytearray(10**8))',
    timeoutSec: 5,
    status: ['timed out', 'error', 'crashed'],
  },
  'a memory bomb (one huge allocation)': {
    code: 'x = bytearray(2**31 - 1)',
    timeoutSec: 5,
    status: ['error', 'crashed'],
    check: (r) => expect(r.exception?.type).toMatch(/MemoryError|OverflowError|Crash/),
  },
  'deep recursion': {
    code: 'def f(n):\n    return f(n + 1)\nf(0)',
    timeoutSec: 3,
    status: ['error'],
    check: (r) => expect(r.exception?.type).toBe('RecursionError'),
  },
  // Python frames live on the heap (3.12+): this grows until the time or memory runs out.
  'deep recursion past a raised recursion limit': {
    code: 'import sys\nsys.setrecursionlimit(10**7)\ndef f(n):\n    return f(n + 1)\nf(0)',
    timeoutSec: 3,
    status: ['timed out', 'error', 'crashed'],
  },
  // Recursion in C (repr of a deeply nested list) uses the real stack, which is small in wasm.
  'deep recursion in C': {
    code: 'import sys\nsys.setrecursionlimit(10**7)\nx = []\nfor _ in range(10**6):\n    x = [x]\nprint(len(repr(x)))',
    timeoutSec: 5,
    status: ['error', 'crashed', 'timed out'],
  },
  '10 million lines of output': {
    code: 'for i in range(10**7):\n    print(i)',
    timeoutSec: 10,
    status: ['passed', 'timed out'],
    check: (r) => {
      expect(r.stdout.startsWith('0\n1\n2\n')).toBe(true);
      expect(r.stdout).toMatch(/output truncated/);
    },
  },
  // Its interpreter is killed, so the mark the run would add at its end never comes.
  'a flood of output that swallows the interrupt': {
    code: 'import itertools\nfor i in itertools.count():\n    try:\n        print(i)\n    except BaseException:\n        pass',
    timeoutSec: 2,
    status: ['timed out'],
    check: (r) => {
      expect(r.stdout.startsWith('0\n1\n2\n')).toBe(true);
      expect(r.stdout).toMatch(/\n… \[output truncated\]$/);
      expect(r.truncated).toBe(true);
    },
  },
  'a single 100 MB line': {
    code: 'print("x" * 10**8)',
    timeoutSec: 10,
    status: ['passed'],
    check: (r) => expect(r.stdout).toMatch(/^x{4000,}\n?… \[output truncated: [\d,]+ more (bytes|characters)\]$/),
  },
  'input() with no input': {
    code: 'print(input())',
    timeoutSec: 3,
    status: ['error'],
    check: (r) => expect(r.exception?.type).toBe('EOFError'),
  },
};

describe.each(MODES)('resource abuse ($name)', ({ isolated }) => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated, path: '?headless' });
    await ctx.page.evaluate(() => window.fixpoint.start(1));
    await watchLongTasks(ctx.page);
  });
  afterAll(() => ctx?.close());

  it('the long-task watch sees a task that blocks the page (control)', async () => {
    await takeLongTasks(ctx.page);
    // In a task of the page's own: the watch does not see the test's evaluations.
    await ctx.page.evaluate(
      () =>
        new Promise<void>((ok) =>
          setTimeout(() => {
            const end = performance.now() + 300;
            while (performance.now() < end);
            ok();
          }),
        ),
    );
    const seen = await takeLongTasks(ctx.page);
    expect(seen.some((t) => t.duration > LONG_TASK_BOUND_MS)).toBe(true);
  });

  it.each(Object.keys(ABUSES))('%s: stopped and reported, the next run works, the page never froze', async (name) => {
    const abuse = ABUSES[name]!;
    await takeLongTasks(ctx.page);
    const r = await runIn(ctx.page, pyJob(abuse.code, { limits: { timeoutSec: abuse.timeoutSec, outputCap: CAP } }));
    expect(abuse.status, `${r.status}: ${r.result}`).toContain(r.status);
    expect(r.stdout.length + r.stderr.length).toBeLessThan(CAP + 400);
    abuse.check?.(r);
    const next = await runIn(ctx.page, pyJob('import sys\nprint(6 * 7, len(sys.modules) > 0)'));
    expect(next.stdout, `${next.status}: ${next.result}`).toBe('42 True\n');
    const long = (await takeLongTasks(ctx.page)).filter((t) => t.duration > LONG_TASK_BOUND_MS);
    expect(long).toEqual([]);
  });
});
