// Run code cannot reach any host, by any of the ways a worker has to send a request, now or
// from a callback after the run. A recorder counts every hit; a control request from the page
// proves it is listening. Extends sandbox-isolation.test.ts (fetch, sync XHR, open_url,
// WebSocket, EventSource, importScripts from the run itself).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODES, openPage, pyJob, runIn, type PageContext } from '../support/browser.ts';
import { startRecorder, type Recorder } from '../support/recorder.ts';

// What a nested worker tries once it runs: every request it can make.
const NESTED = (url: string): string => `
fetch("${url}/nested-fetch").catch(() => {});
try { const x = new XMLHttpRequest(); x.open("GET", "${url}/nested-xhr"); x.send(); } catch (e) {}
try { importScripts("${url}/nested-import.js"); } catch (e) {}
try { new WebSocket("${url.replace('http', 'ws')}/nested-ws"); } catch (e) {}
`;

/** Each escape, given the recorder's URL: Python that tries one way out, and reports how it went. */
const ESCAPES: Record<string, (url: string) => string> = {
  'a nested worker from a blob URL that fetches': (url) => `
blob = js.Blob.new([${JSON.stringify(NESTED(url))}], plain({"type": "text/javascript"}))
attempt(lambda: js.Worker.new(js.URL.createObjectURL(blob)))`,
  'a nested worker from a data: URL': (url) => `
attempt(lambda: js.Worker.new("data:text/javascript," + js.encodeURIComponent(${JSON.stringify(NESTED(url))})))`,
  'pyodide.http.pyfetch': (url) => `
from pyodide.http import pyfetch
import asyncio
attempt(lambda: asyncio.ensure_future(pyfetch("${url}/pyfetch")))`,
  'asynchronous XMLHttpRequest': (url) => `
def xhr():
    x = js.XMLHttpRequest.new()
    x.open("GET", "${url}/xhr-async", True)
    x.send()
attempt(xhr)`,
  'fetch in no-cors mode with keepalive': (url) => `
attempt(lambda: js.fetch("${url}/fetch-no-cors", plain({"mode": "no-cors", "keepalive": True})))`,
  'navigator.sendBeacon': (url) => `attempt(lambda: js.navigator.sendBeacon("${url}/beacon", "x"))`,
  'an image load': (url) => `
attempt(lambda: js.Image.new())
attempt(lambda: js.fetch("${url}/image.png").then(create_proxy(lambda r: js.createImageBitmap(r.blob()))))`,
  WebSocket: (url) => `attempt(lambda: js.WebSocket.new("${url.replace('http', 'ws')}/ws"))`,
  "pyodide's loadPackage from a URL": (url) => `
import pyodide_js
attempt(lambda: pyodide_js.loadPackage("${url}/package-1.0-py3-none-any.whl"))`,
  'a request from a JS callback after the run': (url) => `
def later():
    js.fetch("${url}/later-fetch")
    x = js.XMLHttpRequest.new()
    x.open("GET", "${url}/later-xhr", False)
    x.send()
attempt(lambda: js.setTimeout(create_proxy(later), 100))`,
};

const PRELUDE = `
import js
from pyodide.ffi import create_proxy, to_js
def plain(d):
    return to_js(d, dict_converter=js.Object.fromEntries)
def attempt(f):
    try:
        f()
        print("started")
    except BaseException as e:
        print("blocked:", type(e).__name__)
`;

describe.each(MODES)('network escape ($name)', ({ isolated }) => {
  let ctx: PageContext;
  let recorder: Recorder;
  beforeAll(async () => {
    recorder = await startRecorder();
    ctx = await openPage({ isolated, path: '?headless' });
    await ctx.page.evaluate(() => window.fixpoint.start(1));
  });
  afterAll(async () => {
    await ctx?.close();
    await recorder?.close();
  });

  it('the recorder hears a request from the page itself (control)', async () => {
    await ctx.page.evaluate((u) => fetch(`${u}/control`, { mode: 'no-cors' }).then(() => undefined), recorder.url);
    expect(recorder.hits).toEqual(['GET /control']);
    recorder.hits.length = 0;
  });

  // The hits are kept from here to the last check: a request one escape started asynchronously
  // fails the test it lands in, naming its escape in its path.
  it.each(Object.keys(ESCAPES))('%s: no request arrives', async (name) => {
    const url = `${recorder.url}/${name.replace(/\W+/g, '-')}`;
    // The interpreter an escape left behind is replaced by a fresh one, which may still be
    // warming up when the next escape starts: the limit is not what this test is about.
    const limits = { timeoutSec: 10, outputCap: 64 * 1024 };
    const r = await runIn(ctx.page, pyJob(PRELUDE + ESCAPES[name]!(url), { limits }));
    expect(r.stdout, `${r.result}: ${r.stderr}`).toMatch(/^(started|blocked: \w+)\n/);
    expect((await runIn(ctx.page, pyJob('print(6 * 7)'))).stdout).toBe('42\n');
    expect(recorder.hits).toEqual([]);
  });

  // Whatever the escapes started asynchronously (the interpreter lives on between runs, and so do
  // its callbacks) gets time to arrive, once for them all.
  it('and no request from any escape arrives later', async () => {
    await new Promise((ok) => setTimeout(ok, 1500));
    expect((await runIn(ctx.page, pyJob('print(6 * 7)'))).stdout).toBe('42\n');
    expect(recorder.hits).toEqual([]);
  });
});
