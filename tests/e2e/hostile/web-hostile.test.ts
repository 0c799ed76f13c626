// Hostile web pages: every way out to the network, the page's storage and the app around it, and
// wrong pages that try to pass anyway: forged reports, a hijacked port, patched DOM readers,
// patched built-ins, navigation. Nothing leaves, nothing passes, and the next page renders after each.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPage, runIn, type PageContext } from '../support/browser.ts';
import { startRecorder, type Recorder } from '../support/recorder.ts';
import { COUNTER, COUNTER_CHECKS, WRONG_COUNTER, webJob } from '../support/web-jobs.ts';

let ctx: PageContext;
let recorder: Recorder;
beforeAll(async () => {
  recorder = await startRecorder();
  ctx = await openPage({ isolated: true, path: '?headless' });
  await ctx.page.evaluate(() => window.fixpoint.start(1, ['html']));
});
beforeEach(() => {
  recorder.hits.length = 0;
});
afterAll(async () => {
  await ctx?.close();
  await recorder?.close();
});

const run = (...args: Parameters<typeof webJob>) => runIn(ctx.page, webJob(...args));
const rightStillPasses = async (): Promise<void> => expect((await run(COUNTER, COUNTER_CHECKS)).result).toBe('passed');

const ESCAPES: Record<string, (u: string) => string> = {
  fetch: (u) => `<script>fetch('${u}/fetch', { mode: 'no-cors' }).catch(() => {})</script>`,
  XMLHttpRequest: (u) =>
    `<script>try { const x = new XMLHttpRequest(); x.open('GET', '${u}/xhr'); x.send(); } catch {}</script>`,
  'an image': (u) => `<img src="${u}/img.png">`,
  'a CSS background': (u) => `<div style="width:10px;height:10px;background:url(${u}/bg.png)"></div>`,
  'a stylesheet and @import': (u) => `<link rel="stylesheet" href="${u}/a.css"><style>@import url(${u}/b.css);</style>`,
  'a web font': (u) =>
    `<style>@font-face { font-family: x; src: url(${u}/f.woff2); } p { font-family: x }</style><p>x</p>`,
  'a script src': (u) => `<script src="${u}/s.js"></script>`,
  'a frame': (u) => `<iframe src="${u}/frame"></iframe>`,
  'a form submitted': (u) =>
    `<form action="${u}/form" method="post"><input name="a" value="1"></form><script>document.forms[0].submit()</script>`,
  'a WebSocket, EventSource and beacon': (u) =>
    `<script>try { new WebSocket('${u.replace('http', 'ws')}/ws') } catch {} try { new EventSource('${u}/es') } catch {} try { navigator.sendBeacon('${u}/beacon', 'x') } catch {}</script>`,
  'prefetch and preload links': (u) =>
    `<link rel="prefetch" href="${u}/prefetch"><link rel="preload" as="image" href="${u}/preload.png">`,
  'a worker': (u) => `<script>try { new Worker('${u}/w.js') } catch {}</script>`,
  'a popup': (u) => `<script>try { window.open('${u}/popup') } catch {}</script>`,
  'a link it follows': (u) =>
    `<a id="l" href="${u}/link" target="_top">x</a><script>document.getElementById('l').click()</script>`,
};

describe('no way out', () => {
  it('the recorder hears a request from the app itself (control)', async () => {
    await ctx.page.evaluate((u) => fetch(`${u}/control`, { mode: 'no-cors' }).then(() => undefined), recorder.url);
    expect(recorder.hits).toEqual(['GET /control']);
  });

  it.each(Object.keys(ESCAPES))('%s: no request arrives', async (name) => {
    const r = await run(
      `${ESCAPES[name]!(recorder.url)}<p>x</p>`,
      'await new Promise((r) => setTimeout(r, 200));',
      {},
      2,
    );
    expect(r.status, r.result).not.toBe('crashed');
    await new Promise((ok) => setTimeout(ok, 300));
    expect(recorder.hits).toEqual([]);
    await rightStillPasses();
  });

  it("reaches neither the page's storage nor the app around it", async () => {
    const checks = [
      "assert.throws(() => localStorage.getItem('x'), { name: 'SecurityError' });",
      "assert.throws(() => sessionStorage.getItem('x'), { name: 'SecurityError' });",
      "assert.throws(() => indexedDB.open('fixpoint'), { name: 'SecurityError' });",
      "assert.throws(() => document.cookie, { name: 'SecurityError' });",
      'assert.throws(() => parent.document);',
      'assert.throws(() => top.localStorage);',
      "assert.strictEqual(origin, 'null');",
    ].join('\n');
    expect((await run('<p>x</p>', checks)).result).toBe('passed');
  });
});

const FAKE_REPORT = "{ type: 'report', checks: [], errors: [], console: [] }";

// Each is the wrong counter (the button adds two) plus a way to pass anyway.
const FORGERIES: Record<string, string> = {
  'posts a passing report to its parent': `<script>parent.postMessage(${FAKE_REPORT}, '*')</script>`,
  'posts a hello of its own with a port, then a report on it': `<script>const c = new MessageChannel(); parent.postMessage({ type: 'fixpoint-web-hello' }, '*', [c.port2]); c.port1.postMessage(${FAKE_REPORT});</script>`,
  'listens for ports posted to it and reports on them': `<script>addEventListener('message', (e) => { for (const p of e.ports) p.postMessage(${FAKE_REPORT}); e.stopImmediatePropagation(); }, true)</script>`,
  'replaces MessagePort.prototype.postMessage': `<script>const post = MessagePort.prototype.postMessage; MessagePort.prototype.postMessage = function () { return post.call(this, ${FAKE_REPORT}); };</script>`,
  'defines a global assert and test that never fail': `<script>window.assert = Object.assign(() => {}, { strictEqual() {}, equal() {}, ok() {} }); window.test = () => {};</script>`,
  'patches the textContent getter': `<script>Object.defineProperty(Node.prototype, 'textContent', { get() { return '1'; }, set() {} });</script>`,
  'patches getElementById to return a fake': `<script>Document.prototype.getElementById = () => ({ textContent: '1', click() {} });</script>`,
  'shadows textContent on the element': `<script>Object.defineProperty(document.getElementById('n'), 'textContent', { get() { return '1'; }, configurable: true });</script>`,
  'shadows textContent on the element for good': `<script>Object.defineProperty(document.getElementById('n'), 'textContent', { get() { return '1'; }, configurable: false });</script>`,
  'patches the prototype from the click handler': `<script>document.getElementById('add').addEventListener('click', () => { try { Object.defineProperty(Node.prototype, 'textContent', { get() { return '1'; } }); } catch {} });</script>`,
  'patches Promise.prototype.then and Reflect.apply': `<script>Promise.prototype.then = function (ok) { ok && ok(); }; Reflect.apply = () => undefined; Function.prototype.call = function () {};</script>`,
  'patches Error and its stack hooks': `<script>Error.prepareStackTrace = () => ''; Error.captureStackTrace = () => {}; window.Error = function () {};</script>`,
  'navigates itself away': `<script>setTimeout(() => { location.href = 'about:blank'; }, 0)</script>`,
  // document.open() drops every listener of the window: the start-up script's too.
  'rewrites its own document, dropping the listeners, and posts a report': `<script>addEventListener('load', () => { document.open(); document.write('<p id="n">0</p><button id="add">x</button>'); document.close(); parent.postMessage(${FAKE_REPORT}, '*'); })</script>`,
};

describe('wrong pages that try to pass', () => {
  it.each(Object.keys(FORGERIES))('a wrong page that %s does not pass', async (name) => {
    const page = WRONG_COUNTER.replace('</body>', `${FORGERIES[name]!}</body>`);
    const r = await run(page, COUNTER_CHECKS, {}, 2);
    expect(r.status, `${name}: ${r.result}`).not.toBe('passed');
    await rightStillPasses();
  });

  it("a page that fakes its own size is still measured at the task's size", async () => {
    const fake = `<script>
      for (const k of ['innerWidth', 'innerHeight']) Object.defineProperty(window, k, { get: () => 1, configurable: true });
    </script>`;
    const checks =
      "const box = document.querySelector('header').getBoundingClientRect();\n" +
      'assert.strictEqual(box.width, 400);\nassert.strictEqual(box.height, 60);';
    const r = await run(`<style>body { margin: 0 } header { height: 60px }</style>${fake}<header>x</header>`, checks, {
      viewport: { width: 400, height: 300 },
    });
    expect(r.result).toBe('passed');
  });

  it('a page cannot read the checks: they are not in its document or reachable by caller', async () => {
    const spy = `<script>
      const seen = [document.documentElement.outerHTML];
      Node.prototype.appendChild = function f(c) { try { seen.push(String(f.caller)); } catch (e) { seen.push(e.name); } return c; };
      addEventListener('load', () => { console.error(seen.join(' | ')); });
    </script>`;
    const r = await run(`${spy}<p>x</p>`, "// SECRET-CHECK\nassert.ok(document.querySelector('p'));");
    expect(r.result).toBe('passed');
    expect(r.web?.console.join('\n')).not.toContain('SECRET-CHECK');
  });
});

// The picture decides a verdict against a mock-up, and is what the model is shown. A page that
// looks wrong tries to hand in the right picture by patching what draws it.
describe('wrong pages that forge their picture', () => {
  const RED = '<!doctype html><body style="margin:0;background:rgb(200,0,0)"><p>red</p></body>';
  const BLUE = RED.replace('rgb(200,0,0)', 'rgb(0,0,200)').replace('red', 'blue');
  const VIEW = { width: 200, height: 120 };
  let reference = '';
  beforeAll(async () => {
    const r = await run(RED, 'assert.ok(true);', { picture: true, viewport: VIEW });
    reference = r.web!.picture!;
  });

  const FORGERS: Record<string, (ref: string) => string> = {
    'returns the mock-up from toDataURL': (ref) =>
      `<script>HTMLCanvasElement.prototype.toDataURL = () => '${ref}';</script>`,
    'hands the mock-up out of toBlob': (ref) =>
      `<script>HTMLCanvasElement.prototype.toBlob = function (cb) { fetch('${ref}').then((r) => r.blob()).then(cb, () => cb(null)); };</script>`,
    'draws the mock-up over every canvas': (ref) =>
      `<script>const img = new Image(); img.src = '${ref}'; const draw = CanvasRenderingContext2D.prototype.drawImage; CanvasRenderingContext2D.prototype.drawImage = function (...a) { return draw.call(this, img, 0, 0); };</script>`,
    'repaints itself as the mock-up once the checks have run': () =>
      `<script>const s = getComputedStyle; window.getComputedStyle = (...a) => { document.body.style.background = 'rgb(200,0,0)'; return s(...a); };</script>`,
  };

  it('the mock-up matches itself (control)', async () => {
    const r = await run(RED, 'assert.ok(true);', { reference, threshold: 0.01, viewport: VIEW });
    expect(r.result).toBe('passed');
  });

  it.each(Object.keys(FORGERS))('a wrong page that %s does not pass', async (name) => {
    const page = BLUE.replace('</body>', `${FORGERS[name]!(reference)}</body>`);
    const r = await run(page, 'getComputedStyle(document.body); assert.ok(true);', {
      reference,
      threshold: 0.01,
      viewport: VIEW,
    });
    expect(r.status, `${name}: ${r.result}`).not.toBe('passed');
    // It fails on its picture, the real one: not on an error of its own making.
    expect(r.result).toMatch(/^failed: the picture differs from the reference in \d/);
    expect(r.web?.picture).not.toBe(reference);
    await rightStillPasses();
  });
});
