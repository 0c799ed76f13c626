// Run code cannot read the page's storage nor reach the network.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODES, openPage, pyJob, runIn, type PageContext } from './support/browser.ts';
import { startRecorder, type Recorder } from './support/recorder.ts';
import { runsAlone } from './support/turns.ts';

// Timed assertions: no other file beside this one.
runsAlone();

const SECRET = 'sk-secret-7f3a9c';

describe.each(MODES)('sandbox isolation ($name)', ({ isolated }) => {
  let ctx: PageContext;
  let recorder: Recorder;
  beforeAll(async () => {
    recorder = await startRecorder();
    ctx = await openPage({ isolated, path: '?headless' });
    await ctx.page.evaluate(async (secret) => {
      localStorage.setItem('fixpoint-key', secret);
      await new Promise<void>((ok, fail) => {
        const req = indexedDB.open('fixpoint-secrets', 1);
        req.onupgradeneeded = () => req.result.createObjectStore('keys').put(secret, 'k');
        req.onsuccess = () => {
          req.result.close();
          ok();
        };
        req.onerror = () => fail(req.error);
      });
      await window.fixpoint.start(1);
    }, SECRET);
  });
  afterAll(async () => {
    await ctx?.close();
    await recorder?.close();
  });

  const STEAL = `
import js
def attempt(name, f):
    try:
        print(name, "->", f())
    except BaseException as e:
        print(name, "-> blocked:", type(e).__name__, str(e)[:80])
attempt("indexedDB.open", lambda: js.self.indexedDB.open("fixpoint-secrets"))
attempt("localStorage", lambda: js.self.localStorage.getItem("fixpoint-key"))
attempt("Function global", lambda: js.Function.new("return typeof localStorage === 'undefined' ? 'none' : localStorage.getItem('fixpoint-key')")())
attempt("origin", lambda: js.self.origin)
`;

  // The second round runs after a time limit, in the interpreter that replaced the first when the
  // worker had to be killed (the warm spare, booted from a snapshot).
  it.each([1, 2])("cannot read the app's IndexedDB or localStorage (round %i)", async (round) => {
    if (round === 2)
      expect(
        (await runIn(ctx.page, pyJob('while True: pass', { limits: { timeoutSec: 0.5, outputCap: 100 } }))).status,
      ).toBe('timed out');
    const r = await runIn(ctx.page, pyJob(STEAL));
    expect(r.stdout).not.toContain(SECRET);
    expect(r.stdout).toMatch(/indexedDB\.open -> blocked: JsException SecurityError/);
    expect(r.stdout).toMatch(/localStorage -> blocked/);
    expect(r.stdout).toMatch(/Function global -> blocked: .*(EvalError|Content Security Policy)/);
    expect(r.stdout).toMatch(/origin -> null/);
  });

  it('cannot reach any host', async () => {
    const url = recorder.url;
    const r = await runIn(
      ctx.page,
      pyJob(`
import js
from pyodide.ffi import to_js
def attempt(name, f):
    try:
        f()
        print(name, "-> sent")
    except BaseException as e:
        print(name, "-> blocked:", type(e).__name__)
attempt("fetch", lambda: js.fetch("${url}/fetch"))
def xhr():
    x = js.XMLHttpRequest.new()
    x.open("GET", "${url}/xhr-sync", False)
    x.send()
attempt("sync XHR", xhr)
def open_url():
    from pyodide.http import open_url
    open_url("${url}/open-url")
attempt("open_url", open_url)
attempt("WebSocket", lambda: js.WebSocket.new("${url.replace('http', 'ws')}/ws"))
attempt("EventSource", lambda: js.EventSource.new("${url}/sse"))
attempt("importScripts", lambda: js.importScripts("${url}/script.js"))
`),
    );
    await new Promise((ok) => setTimeout(ok, 1000));
    expect(recorder.hits).toEqual([]);
    expect(r.stdout).toMatch(/sync XHR -> blocked/);
    expect(r.stdout).toMatch(/importScripts -> blocked/);
    // The recorder itself is reachable: the page's own fetch arrives.
    await ctx.page.evaluate((u) => fetch(`${u}/control`, { mode: 'no-cors' }).then(() => undefined), url);
    expect(recorder.hits).toEqual(['GET /control']);
    recorder.hits.length = 0;
  });
});
