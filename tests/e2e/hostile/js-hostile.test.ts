// Hostile JavaScript in the sandbox: every way out to the network (now and from callbacks after
// the run), the page's storage, forged verdicts, early exit, output floods and memory bombs.
// Nothing leaves, nothing leaks, none passes, and the next run works after each.
import { jsJob } from '../../support/jobs.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunJob } from '../../../src/shared/run.ts';
import { MODES, openPage, runIn, type PageContext } from '../support/browser.ts';
import { startRecorder, type Recorder } from '../support/recorder.ts';

const job = (code: string, tests?: string, timeoutSec = 3): RunJob =>
  jsJob(code, tests, { limits: { timeoutSec, outputCap: 4096 } });

const attempt = (label: string, body: string): string =>
  `try { ${body}; console.log(${JSON.stringify(`${label}: started`)}); } catch (e) { console.log(${JSON.stringify(`${label}: blocked`)}, e && e.name); }`;

const NESTED = (url: string): string =>
  `fetch("${url}/nested-fetch").catch(() => {}); try { importScripts("${url}/nested-import.js"); } catch (e) {}`;

const ESCAPES: Record<string, (url: string) => string> = {
  fetch: (u) => attempt('fetch', `fetch("${u}/fetch", { mode: "no-cors", keepalive: true }).catch(() => {})`),
  'synchronous XHR': (u) =>
    attempt('xhr', `const x = new XMLHttpRequest(); x.open("GET", "${u}/xhr-sync", false); x.send()`),
  'asynchronous XHR': (u) =>
    attempt('xhr', `const x = new XMLHttpRequest(); x.open("GET", "${u}/xhr-async"); x.send()`),
  sendBeacon: (u) => attempt('beacon', `navigator.sendBeacon("${u}/beacon", "x")`),
  WebSocket: (u) => attempt('ws', `new WebSocket("${u.replace('http', 'ws')}/ws")`),
  EventSource: (u) => attempt('es', `new EventSource("${u}/events")`),
  importScripts: (u) => attempt('import', `importScripts("${u}/import.js")`),
  'dynamic import()': (u) => attempt('dynamic', `import("${u}/module.js").catch(() => {})`),
  'an image through createImageBitmap and OffscreenCanvas': (u) =>
    attempt(
      'image',
      `fetch("${u}/image.png").then((r) => r.blob()).then(createImageBitmap).catch(() => {}); new OffscreenCanvas(1, 1)`,
    ),
  'a nested blob worker': (u) =>
    attempt(
      'nested',
      `new Worker(URL.createObjectURL(new Blob([${JSON.stringify(NESTED(u))}], { type: "text/javascript" })))`,
    ),
  'a nested data: worker': (u) =>
    attempt('data', `new Worker("data:text/javascript," + encodeURIComponent(${JSON.stringify(NESTED(u))}))`),
  'a timer that fires after the run': (u) =>
    attempt(
      'later',
      `setTimeout(() => fetch("${u}/later").catch(() => {}), 200).unref(); setTimeout(() => fetch("${u}/during").catch(() => {}), 50)`,
    ),
};

const STORAGE = [
  attempt('indexedDB', 'indexedDB.open("fixpoint")'),
  attempt('caches', 'caches.keys().catch((e) => console.log("caches: rejected", e.name))'),
  attempt('localStorage', 'localStorage.getItem("x")'),
].join('\n');

const TESTS = "const assert = require('node:assert');\ntest('adds', () => assert.strictEqual(add(2, 3), 5));";
const WRONG = 'function add(a, b) { return a - b; }\n';

// Candidates for add(a, b) that are wrong and try to pass anyway.
const FORGERIES: Record<string, string> = {
  'posts a passing result on the worker': `${WRONG}self.postMessage({ type: 'result', id: 1, result: { status: 'passed', result: 'passed', tests: [] } });`,
  'replaces MessagePort.prototype.postMessage': `${WRONG}MessagePort.prototype.postMessage = function () {};`,
  'replaces JSON': `${WRONG}JSON.stringify = () => '{"status":"passed","result":"passed","tests":[]}'; JSON.parse = () => ({ status: 'passed' });`,
  'patches assert': `${WRONG}const a = require('assert'); try { a.strictEqual = () => {}; } catch {} try { Object.defineProperty(a, 'strictEqual', { value: () => {} }); } catch {}`,
  'shadows test with a const': `${WRONG}const test = () => {}; const it = test;`,
  'shadows require': `${WRONG}var require = () => ({ strictEqual() {} });`,
  'defines a global test function': `${WRONG}function test() {}`,
  'patches Object.is and Array iteration': `${WRONG}Object.is = () => true; Array.prototype[Symbol.iterator] = function* () {};`,
  'patches Promise.prototype.then': `${WRONG}Promise.prototype.then = function (ok) { ok && ok(); };`,
  'exits before the tests': `${WRONG}process.exit(0);`,
  'closes its worker': `${WRONG}close();`,
  'prints "passed"': `${WRONG}console.log('passed');`,
};

// Where a request from escape NAME would land: a path of its own, so a late hit names its escape.
const under = (recorder: Recorder, name: string): string => `${recorder.url}/${name.replace(/\W+/g, '-')}`;

describe.each(MODES)('hostile JavaScript ($name)', ({ isolated }) => {
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

  // The hits are kept from here to the last escape's check: a request one escape sent late fails
  // the test it lands in, naming its escape in its path.
  it.each(Object.keys(ESCAPES))('%s: no request arrives', async (name) => {
    const r = await runIn(ctx.page, job(`${ESCAPES[name]!(under(recorder, name))}\nsetTimeout(() => {}, 300);`));
    expect(r.stdout, r.result).toMatch(/: (started|blocked)/);
    expect((await runIn(ctx.page, job('console.log(6 * 7)'))).stdout).toBe('42\n');
    expect(recorder.hits).toEqual([]);
  });

  // Every run ends its worker, timers and nested workers with it: what could still arrive is a
  // request already under way. It gets a second, once for all the escapes above.
  it('and no request from any escape arrives later', async () => {
    await new Promise((ok) => setTimeout(ok, 1000));
    expect(recorder.hits).toEqual([]);
  });

  it("cannot read the page's storage", async () => {
    const r = await runIn(ctx.page, job(STORAGE));
    expect(r.stdout).toMatch(/indexedDB: blocked SecurityError/);
    expect(r.stdout).toMatch(/localStorage: blocked ReferenceError/);
    expect(r.stdout).not.toMatch(/caches: started\n(?!caches: rejected)/);
  });

  it.each(Object.keys(FORGERIES))('a wrong candidate that %s does not pass', async (name) => {
    const r = await runIn(ctx.page, job(FORGERIES[name]!, TESTS));
    expect(r.status, `${name}: ${r.result}`).not.toBe('passed');
    const right = await runIn(ctx.page, job('function add(a, b) { return a + b; }', TESTS));
    expect(right.status, right.result).toBe('passed');
  });

  it('an output flood is capped and the run ends at its limit', async () => {
    const r = await runIn(ctx.page, job('while (true) console.log("x".repeat(1000));', undefined, 1));
    expect(r.status).toBe('timed out');
    expect(r.stdout.length).toBeLessThan(4096 + 400);
    expect(r.truncated).toBe(true);
  });

  // Before the memory bombs: where the frame shares the page's process, what they leave behind
  // can end the whole tab later on.
  it('a run whose sandbox frame goes silent (its process ended, as a used-up JavaScript heap ends it) is reported as out of memory, and the next run works', async () => {
    // Growing the heap to V8's limit takes about a minute and gigabytes here, and where the frame
    // shares the page's process it ends the whole tab, which no page code survives. What the page
    // sees when the frame's own process ends is silence: the test empties the frame to make it.
    const running = runIn(ctx.page, job('console.log("up"); setInterval(() => {}, 1000);', undefined, 60));
    await new Promise((ok) => setTimeout(ok, 1000));
    await ctx.page.evaluate(() => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Code sandbox"]')!;
      frame.srcdoc = '<!doctype html><title>gone</title>';
    });
    const r = await running;
    expect(r.status).toBe('crashed');
    expect(r.result).toMatch(/^failed: out of memory/);
    expect((await runIn(ctx.page, job('console.log(6 * 7)'))).stdout).toBe('42\n');
  });

  it('memory bombs fail and the next run works', async () => {
    for (const bomb of [
      'const a = []; while (true) a.push(new Array(1e6).fill(1.5));',
      'let s = "x"; while (true) s += s;',
      'new ArrayBuffer(2 ** 40);',
    ]) {
      const r = await runIn(ctx.page, job(bomb, undefined, 2));
      expect(r.status, bomb).not.toBe('passed');
      expect((await runIn(ctx.page, job('console.log(6 * 7)'))).stdout).toBe('42\n');
    }
  });

  it('a run refused the memory it asks for is reported as out of memory, and the next run works', async () => {
    for (const bomb of [
      'let s = "x"; while (true) s += s;',
      'const a = []; while (true) a.push(new ArrayBuffer(2 ** 30));',
    ]) {
      const r = await runIn(ctx.page, job(bomb, undefined, 30));
      expect(r.status, bomb).toBe('error');
      expect(r.result, bomb).toMatch(/^failed: RangeError: .* \(out of memory\)$/);
      expect((await runIn(ctx.page, job('console.log(6 * 7)'))).stdout).toBe('42\n');
    }
  });
});
