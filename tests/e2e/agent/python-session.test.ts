// An agent run's Python interpreter in the built page, in real Chromium and Pyodide, with and
// without cross-origin isolation: state kept across actions, the user's files, rich output, the
// final answer, time limits, the output cap and memory exhaustion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MODES, openPage, type PageContext } from '../support/browser.ts';
import { act, agentOpen } from '../support/agent.ts';

const CSV = 'city,people\nLyon,522000\nNantes,320000\n';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe.each(MODES)('agent Python interpreter ($name)', ({ isolated }) => {
  let ctx: PageContext;
  let page: Page;
  let h: number;
  beforeAll(async () => {
    ctx = await openPage({ isolated, path: '?headless' });
    page = ctx.page;
    h = await agentOpen(page, [
      { name: 'data.csv', size: CSV.length, text: CSV },
      { name: 'conf/settings.json', size: 13, text: '{"unit": "k"}' },
    ]);
  }, 120_000);
  afterAll(() => ctx?.close());

  it('keeps variables, functions and imports from one action to the next', async () => {
    expect(await act(page, h, 'import math\nx = 41\ndef inc(n):\n    return n + 1')).toMatchObject({
      output: '',
      rich: [],
    });
    const o = await act(page, h, 'print(round(math.pi, 2))\ninc(x)');
    expect(o).toMatchObject({ output: '3.14\n', value: '42' });
    expect(o.error).toBeUndefined();
  });

  it("has the user's files in its working directory, and lists what the code wrote", async () => {
    const o = await act(
      page,
      h,
      [
        'import csv, json',
        "rows = list(csv.DictReader(open('data.csv')))",
        "unit = json.load(open('conf/settings.json'))['unit']",
        "with open('out.json', 'w') as f: json.dump({'total': sum(int(r['people']) for r in rows)}, f)",
        'len(rows), unit',
      ].join('\n'),
    );
    expect(o.value).toBe("(2, 'k')");
    const files = await page.evaluate((x) => window.fixpoint.agentFiles(x), h);
    expect(files.map((f) => f.name).sort()).toEqual(['conf/settings.json', 'data.csv', 'out.json']);
    expect(files.find((f) => f.name === 'out.json')).toMatchObject({ text: '{"total": 842000}', size: 17 });
  });

  it('shows display() and a rich last value as Jupyter does', async () => {
    const o = await act(
      page,
      h,
      [
        'import base64',
        'class Table:',
        "    def _repr_html_(self): return '<table><tr><td>1</td></tr></table>'",
        'class Pic:',
        `    def _repr_png_(self): return base64.b64decode('${PNG}')`,
        'class Note:',
        "    def _repr_markdown_(self): return '**bold**'",
        'display(Table(), Note())',
        "display({'a': 1})",
        'Pic()',
      ].join('\n'),
    );
    expect(o.rich).toEqual([
      { mime: 'text/html', data: '<table><tr><td>1</td></tr></table>' },
      { mime: 'text/markdown', data: '**bold**' },
      { mime: 'text/plain', data: "{'a': 1}" },
      { mime: 'image/png', data: PNG },
    ]);
    expect(o.value).toMatch(/^<__main__\.Pic object/);
  });

  it('ends with final_answer, even when the code catches what it raises', async () => {
    const o = await act(page, h, "final_answer(inc(x))\nprint('not reached')");
    expect(o).toMatchObject({ finalAnswer: '42', output: '' });
    expect(o.error).toBeUndefined();
    const caught = await act(
      page,
      h,
      "try:\n    final_answer('Lyon')\nexcept BaseException:\n    pass\nprint('after')",
    );
    expect(caught.finalAnswer).toBe('Lyon');
    // The next action has no answer of its own.
    expect((await act(page, h, '1 + 1')).finalAnswer).toBeUndefined();
  });

  it("trims a traceback to the actions' own lines", async () => {
    await act(page, h, 'def ratio(a, b):\n    return a / b');
    const o = await act(page, h, "print('before')\nratio(1, 0)");
    expect(o.output).toBe('before\n');
    expect(o.error).toContain('File "<action');
    expect(o.error).toContain('return a / b');
    expect(o.error).toMatch(/ZeroDivisionError: division by zero$/);
    expect(o.error).not.toMatch(/fixpoint_harness|\/lib\/python|agent\.py/);
    const syntax = await act(page, h, 'x = (');
    expect(syntax.error).toMatch(/SyntaxError/);
  });

  it('cuts output at the cap and says so', async () => {
    const o = await act(page, h, "for i in range(100000):\n    print('line', i)", 5000, 1000);
    expect(o.output.length).toBeLessThanOrEqual(1000);
    expect(o.output.startsWith('line 0\nline 1\n')).toBe(true);
    expect(o.outputCut).toBe(true);
  });

  it(
    isolated
      ? 'interrupts an action past its time limit and keeps the state'
      : 'restarts the interpreter past the time limit, says the state was lost, and keeps the files',
    async () => {
      await act(page, h, 'kept = 7');
      const o = await act(page, h, "print('started')\nwhile True:\n    pass", 1000);
      expect(o.timedOut).toBe(true);
      expect(o.error).toContain('ran past its time limit of 1 s');
      expect(o.finalAnswer).toBeUndefined();
      const after = await act(page, h, "kept if 'kept' in globals() else 'gone'");
      if (isolated) {
        expect(o.stateLost).toBeUndefined();
        expect(o.output).toBe('started\n');
        expect(after.value).toBe('7');
        // A sleep is woken by the interrupt too.
        const slept = await act(page, h, 'import time\ntime.sleep(30)', 1000);
        expect(slept).toMatchObject({ timedOut: true, error: expect.stringContaining('keeps its state') as string });
        expect(slept.ms).toBeLessThan(5000);
        expect((await act(page, h, 'kept')).value).toBe('7');
      } else {
        expect(o.stateLost).toBe(true);
        expect(after.value).toBe("'gone'");
        expect((await act(page, h, "open('data.csv').readline()")).value).toBe("'city,people\\n'");
      }
    },
    30_000,
  );

  it('restarts the interpreter when an action exhausts its memory, and runs the next action', async () => {
    await act(page, h, 'before = 1');
    const o = await act(
      page,
      h,
      'a = bytearray(2**31 - 1)\nb = bytearray(2**31 - 1)\nc = bytearray(2**31 - 1)',
      20_000,
    );
    expect(o.stateLost).toBe(true);
    expect(o.error).toMatch(/memory/i);
    const next = await act(page, h, "'before' in globals(), open('data.csv').read().count('\\n')");
    expect(next.value).toBe('(False, 3)');
  }, 60_000);

  it('refuses a file name outside the working directory', async () => {
    const err = await page.evaluate(() =>
      window.fixpoint.agentOpen('python', [{ name: '../etc/x', size: 1, text: 'x' }]).then(
        () => 'opened',
        (e: Error) => e.message,
      ),
    );
    expect(err).toContain('must name a file inside the working directory');
  });
});
