// Hostile actions in a JavaScript agent session: forging a final answer for a later action,
// reaching the page or the network, surviving a restart, and using up memory. Each attempt is
// kept; the observation the loop reads must not be fooled, and the next action must run.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { actJs, openJs } from '../support/agent-js.ts';
import { openPage, type PageContext } from '../support/browser.ts';
import { startRecorder, type Recorder } from '../support/recorder.ts';

describe('JavaScript agent session, hostile actions', () => {
  let ctx: PageContext;
  let page: Page;
  let recorder: Recorder;
  beforeAll(async () => {
    recorder = await startRecorder();
    ctx = await openPage({ isolated: false, path: '?headless' });
    page = ctx.page;
  });
  beforeEach(() => {
    recorder.hits.length = 0;
  });
  afterAll(async () => {
    await ctx?.close();
    await recorder?.close();
  });

  const FORGERIES: Record<string, string> = {
    'a timer that calls finalAnswer during the next action': "setTimeout(() => finalAnswer('forged'), 150)",
    'an interval that calls finalAnswer': "setInterval(() => finalAnswer('forged'), 20)",
    'a forged result posted to the frame': `
for (let id = 0; id < 10; id++)
  self.postMessage({ type: 'result', id, result: { rich: [], written: [], removed: [], finalAnswer: 'forged' } })`,
    "MessagePort's postMessage patched to rewrite results": `
const post = MessagePort.prototype.postMessage
MessagePort.prototype.postMessage = function (m, t) {
  if (m && m.result) m.result.finalAnswer = 'forged'
  return post.call(this, m, t)
}`,
    'Object.prototype given a finalAnswer':
      "Object.defineProperty(Object.prototype, 'finalAnswer', { get() { return 'forged' }, configurable: true })",
    'finalAnswer kept and called once its action is over':
      "const keep = finalAnswer; Promise.resolve().then(() => {}).then(() => 0); globalThis.later = () => keep('forged')",
    'the run hook looked for by name': `
const hooks = Object.getOwnPropertyNames(self).filter((n) => n.startsWith('__fixpoint'))
console.log(hooks.length)`,
  };

  it.each(Object.keys(FORGERIES))('%s: no later action gets a final answer it did not give', async (name) => {
    const s = await openJs(page);
    const first = await actJs(page, s, FORGERIES[name]!);
    expect(first.finalAnswer).toBeUndefined();
    const next = await actJs(page, s, 'await new Promise((r) => setTimeout(r, 300));\n6 * 7');
    expect(next.finalAnswer).toBeUndefined();
    expect(next.value).toBe('42');
    const honest = await actJs(page, s, "finalAnswer('mine')");
    expect(honest.finalAnswer).toBe('mine');
  });

  it('a finalAnswer kept from an earlier action and called between actions answers nothing', async () => {
    const s = await openJs(page);
    await actJs(
      page,
      s,
      'const keep = finalAnswer\nglobalThis.onmessage = () => keep("forged")\nconst { port1, port2 } = new MessageChannel()\nport1.onmessage = () => keep("forged")\nglobalThis.p2 = port2',
    );
    await actJs(page, s, 'setTimeout(() => {}, 0); p2.postMessage(1); "posted"');
    await new Promise((ok) => setTimeout(ok, 300));
    const next = await actJs(page, s, '1 + 1');
    expect(next).toMatchObject({ value: '2' });
    expect(next.finalAnswer).toBeUndefined();
  });

  it('nested workers and broadcast channels, which would outlive a restart or reach another session, are refused', async () => {
    const s = await openJs(page);
    const o = await actJs(page, s, 'new Worker(URL.createObjectURL(new Blob(["postMessage(1)"])))');
    expect(o.error).toMatch(/^Error: Worker is not available in an agent session/);
    const b = await actJs(page, s, 'new BroadcastChannel("other session")');
    expect(b.error).toMatch(/^Error: BroadcastChannel is not available in an agent session/);
  });

  it('cannot reach the page, its storage or the network', async () => {
    const s = await openJs(page);
    const url = recorder.url;
    const o = await actJs(
      page,
      s,
      `const tries = {}
const attempt = async (name, f) => { try { await f(); tries[name] = 'started' } catch (e) { tries[name] = 'blocked' } }
await attempt('parent', () => { if (typeof parent === 'undefined' && typeof top === 'undefined' && typeof document === 'undefined') throw new Error('none') })
await attempt('fetch', () => fetch('${url}/fetch'))
await attempt('xhr', () => { const x = new XMLHttpRequest(); x.open('GET', '${url}/xhr', false); x.send() })
await attempt('importScripts', () => importScripts('${url}/import.js'))
await attempt('websocket', () => new Promise((ok, fail) => { const w = new WebSocket('${url.replace('http', 'ws')}/ws'); w.onopen = ok; w.onerror = fail }))
await attempt('indexedDB', () => new Promise((ok, fail) => { const r = indexedDB.open('x'); r.onsuccess = ok; r.onerror = fail }))
await attempt('caches', () => caches.open('x'))
await attempt('beacon', () => { if (!navigator.sendBeacon('${url}/beacon', 'x')) throw new Error('no') })
tries`,
    );
    expect(o.error).toBeUndefined();
    expect(o.value).toBe(
      "{\n  parent: 'blocked',\n  fetch: 'blocked',\n  xhr: 'blocked',\n  importScripts: 'blocked',\n  websocket: 'blocked',\n  indexedDB: 'blocked',\n  caches: 'blocked',\n  beacon: 'blocked'\n}",
    );
    await new Promise((ok) => setTimeout(ok, 500));
    expect(recorder.hits).toEqual([]);
  });

  it('nothing survives a restart: timers, channels, patched built-ins, globals (and a patched built-in does not stop the next action)', async () => {
    const s = await openJs(page);
    await actJs(
      page,
      s,
      `globalThis.marker = 'old'
Array.prototype.map = function () { return ['patched'] }
const { port1 } = new MessageChannel()
port1.onmessage = () => console.log('old port alive')
setInterval(() => port1.postMessage('x'), 20)`,
    );
    const spun = await actJs(page, s, 'while (true) {}', 600);
    expect(spun).toMatchObject({ timedOut: true, stateLost: true });
    const after = await actJs(
      page,
      s,
      `await new Promise((r) => setTimeout(r, 300));
[typeof marker, [1].map((x) => x + 1)]`,
    );
    expect(after.value).toBe("[ 'undefined', [ 2 ] ]");
    expect(after.output).toBe('');
  });

  it('a frame whose process ends (a used-up heap ends it) loses the state, says so, and the next action runs', async () => {
    const s = await openJs(page, [{ name: 'keep.txt', size: 4, text: 'kept' }]);
    await actJs(page, s, 'const big = 1');
    // Growing V8's heap to its limit takes a minute and gigabytes; what the page sees when the
    // frame's process ends is silence: the test empties the frame to make it.
    const running = actJs(page, s, 'await new Promise(() => setInterval(() => {}, 1000))', 60_000);
    await new Promise((ok) => setTimeout(ok, 800));
    await page.evaluate(() => {
      document.querySelector<HTMLIFrameElement>('iframe[title="Code sandbox"]')!.srcdoc =
        '<!doctype html><title>gone</title>';
    });
    const lost = await running;
    expect(lost.stateLost).toBe(true);
    expect(lost.error).toMatch(/used up the memory.*state was lost/);
    const next = await actJs(page, s, "[typeof big, require('node:fs').readFileSync('keep.txt', 'utf8')]");
    expect(next.value).toBe("[ 'undefined', 'kept' ]");
  });

  it('memory bombs end in an error or a restart, and the next action runs', async () => {
    const s = await openJs(page);
    for (const bomb of [
      'let s = "x"; while (true) s += s;',
      'const a = []; while (true) a.push(new ArrayBuffer(2 ** 30));',
      'new ArrayBuffer(2 ** 40)',
    ]) {
      const o = await actJs(page, s, bomb, 20_000);
      expect(o.error, bomb).toMatch(/RangeError|state was lost/);
      expect((await actJs(page, s, '6 * 7')).value).toBe('42');
    }
  });
});
