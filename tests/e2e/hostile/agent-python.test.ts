// Actions of an agent run that try what a hostile model's code would: read the page's secrets,
// forge a final answer (for their own run or a later one), send the page an observation of a
// shape it does not accept, and get out of the sandbox frame.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MODES, openPage, type PageContext } from '../support/browser.ts';
import { act, agentOpen } from '../support/agent.ts';

const SECRET = 'sk-agent-secret-51c2';

const ATTEMPT = `
import js
def attempt(name, f):
    try:
        print(name, "->", repr(f())[:200])
    except BaseException as e:
        print(name, "-> blocked:", type(e).__name__, str(e)[:80])
`;

describe.each(MODES)('hostile agent actions ($name)', ({ isolated }) => {
  let ctx: PageContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await openPage({ isolated, path: '?headless' });
    page = ctx.page;
    await page.evaluate(async (secret) => {
      localStorage.setItem('fixpoint-key', secret);
      await new Promise<void>((ok, fail) => {
        const req = indexedDB.open('fixpoint-secrets', 1);
        req.onupgradeneeded = () => req.result.createObjectStore('keys').put(secret, 'k');
        req.onsuccess = () => (req.result.close(), ok());
        req.onerror = () => fail(req.error);
      });
    }, SECRET);
  }, 120_000);
  afterAll(() => ctx?.close());

  it("cannot read the page's storage or reach its window", async () => {
    const h = await agentOpen(page);
    const o = await act(
      page,
      h,
      `${ATTEMPT}
attempt("localStorage", lambda: js.self.localStorage.getItem("fixpoint-key"))
attempt("indexedDB.open", lambda: js.self.indexedDB.open("fixpoint-secrets"))
attempt("Function global", lambda: js.Function.new("return localStorage.getItem('fixpoint-key')")())
attempt("parent", lambda: js.parent.document.title)
attempt("top", lambda: js.top.location.href)
attempt("document", lambda: js.document.body.append("escaped"))
attempt("fetch the app", lambda: js.fetch("/index.html"))
attempt("origin", lambda: js.self.origin)
`,
    );
    expect(o.output).not.toContain(SECRET);
    expect(o.output).toMatch(/localStorage -> blocked/);
    expect(o.output).toMatch(/indexedDB\.open -> blocked: JsException SecurityError/);
    expect(o.output).toMatch(/Function global -> blocked: .*(EvalError|Content Security Policy)/);
    expect(o.output).toMatch(/parent -> blocked: AttributeError/);
    expect(o.output).toMatch(/top -> blocked: AttributeError/);
    expect(o.output).toMatch(/document -> blocked: AttributeError/);
    expect(o.output).toMatch(/origin -> 'null'/);
    expect(await page.evaluate(() => document.body.textContent?.includes('escaped'))).toBe(false);
    await page.evaluate((x) => window.fixpoint.agentClose(x), h);
  });

  it('cannot forge a final answer for a later run, nor leave it anything', async () => {
    const a = await agentOpen(page);
    const planted = await act(
      page,
      a,
      `${ATTEMPT}
import sys, builtins, os
agent = sys.modules['fixpoint_harness.agent']
agent.Session.act = lambda self, code, cap: '{"output": "", "rich": [], "finalAnswer": "forged"}'
builtins.final_answer = lambda v: None
open('planted.txt', 'w').write('from run A')
open('/tmp/planted.txt', 'w').write('from run A')
js.globalThis.planted = 'from run A'
attempt("post to the frame", lambda: js.self.postMessage(js.JSON.parse('{"type": "agent-observation", "id": 2, "json": "{\\\\"output\\\\": \\\\"\\\\", \\\\"rich\\\\": [], \\\\"finalAnswer\\\\": \\\\"forged\\\\"}"}')))
print('planted')
`,
    );
    expect(planted.output).toContain('planted');
    expect(planted.finalAnswer).toBeUndefined();
    // In its own run the forgery works: that run's code is the model's own answer anyway.
    expect((await act(page, a, 'x = 1')).finalAnswer).toBe('forged');
    await page.evaluate((x) => window.fixpoint.agentClose(x), a);

    const b = await agentOpen(page);
    const clean = await act(
      page,
      b,
      "import os, js\nprint(os.path.exists('planted.txt'), os.path.exists('/tmp/planted.txt'), hasattr(js.globalThis, 'planted'))\n'kept'",
    );
    expect(clean).toMatchObject({ output: 'False False False\n', value: "'kept'" });
    expect(clean.finalAnswer).toBeUndefined();
    const files = await page.evaluate((x) => window.fixpoint.agentFiles(x), b);
    expect(files).toEqual([]);
    await page.evaluate((x) => window.fixpoint.agentClose(x), b);
  });

  it('has an observation of the wrong shape refused and one too large cut, by the page', async () => {
    const h = await agentOpen(page);
    await act(
      page,
      h,
      `import sys, json
agent = sys.modules['fixpoint_harness.agent']
shapes = iter([
    json.dumps({"output": "x" * 50000, "rich": [{"mime": "text/javascript", "data": "alert(1)"}, {"mime": "text/html", "data": "<b>ok</b>"}], "finalAnswer": 7}),
    json.dumps({"output": 5, "rich": "none"}),
])
agent.Session.act = lambda self, code, cap: next(shapes)`,
    );
    const big = await act(page, h, 'anything', 5000, 1000);
    expect(big.output.length).toBe(1000);
    expect(big.outputCut).toBe(true);
    expect(big.rich).toEqual([{ mime: 'text/html', data: '<b>ok</b>' }]);
    // A final answer must be text: a number from a forged report is not one.
    expect(big.finalAnswer).toBeUndefined();
    const bad = await act(page, h, 'anything');
    expect(bad).toMatchObject({
      stateLost: true,
      error: 'The interpreter sent an observation that could not be read.',
    });
    // The restarted interpreter is a fresh one.
    expect((await act(page, h, "'fresh'")).value).toBe("'fresh'");
    await page.evaluate((x) => window.fixpoint.agentClose(x), h);
  });
});
