// Web pages rendered in their own opaque frames in real Chromium: checks drive and read the DOM,
// errors fail the page, console errors are kept, pages that never settle end at their limit and
// the next renders at once, pictures are taken and compared with a reference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, runIn, type PageContext } from './support/browser.ts';
import { COUNTER, COUNTER_CHECKS, WRONG_COUNTER, webJob } from './support/web-jobs.ts';

let ctx: PageContext;
beforeAll(async () => {
  ctx = await openPage({ isolated: true, path: '?headless' });
  await ctx.page.evaluate(() => window.fixpoint.start(1, ['html']));
});
afterAll(() => ctx?.close());

const run = (...args: Parameters<typeof webJob>) => runIn(ctx.page, webJob(...args));

describe('checks', () => {
  it('drive the page through the DOM and read it back', async () => {
    const r = await run(
      COUNTER,
      `${COUNTER_CHECKS}\nassert.strictEqual(getComputedStyle(document.getElementById('n')).color, 'rgb(200, 0, 0)');`,
    );
    expect(r.result).toBe('passed');
    expect(r.status).toBe('passed');
  });

  it("fail with the check's AssertionError, expected and actual", async () => {
    const r = await run(WRONG_COUNTER, COUNTER_CHECKS);
    expect(r.result).toBe("failed: AssertionError: Expected values to be strictly equal:\n\n'2' !== '1'\n");
    expect(r.tests[0]).toMatchObject({ passed: false, expected: "'1'", actual: "'2'" });
    expect(r.exception?.line).toBe(2);
  });

  it('see the task viewport: 800x600 by default, or the one given', async () => {
    const size =
      'assert.deepStrictEqual([innerWidth, innerHeight], [$W, $H]); assert.strictEqual(document.body.getBoundingClientRect().width, $W - 16);';
    expect((await run('<p>x</p>', size.replace(/\$W/g, '800').replace(/\$H/g, '600'))).result).toBe('passed');
    const phone = size.replace(/\$W/g, '390').replace(/\$H/g, '844');
    expect((await run('<p>x</p>', phone, { viewport: { width: 390, height: 844 } })).result).toBe('passed');
  });

  it('may await, set values and dispatch events', async () => {
    const page =
      '<input id="a"><output id="o"></output><script>a.addEventListener("input", () => setTimeout(() => { o.textContent = a.value.toUpperCase(); }, 20));</script>';
    const checks =
      "const a = document.getElementById('a'); a.value = 'hi'; a.dispatchEvent(new Event('input'));\nawait new Promise((r) => setTimeout(r, 60));\nassert.strictEqual(document.getElementById('o').textContent, 'HI');";
    expect((await run(page, checks)).result).toBe('passed');
  });

  it('named with test() are reported each', async () => {
    const r = await run(
      '<h1>Hi</h1>',
      "test('title', () => assert.strictEqual(document.querySelector('h1').textContent, 'Hi'));\ntest('no list', () => assert.ok(document.querySelector('ul')));",
    );
    expect(r.result).toBe(
      "failed: no list: AssertionError: The expression evaluated to a falsy value:\n\n  test('no list', () => assert.ok(document.querySelector('ul')));\n",
    );
    expect(r.tests.map((t) => [t.name, t.passed])).toEqual([
      ['title', true],
      ['no list', false],
    ]);
  });

  it('that do not compile fail the page and say so', async () => {
    const r = await run('<p>x</p>', 'assert.ok(');
    expect(r.result).toMatch(/^failed: the checks do not compile: SyntaxError/);
  });
});

describe('page errors', () => {
  it('an uncaught error while loading fails the page', async () => {
    const r = await run('<script>missing()</script><p>x</p>', 'assert.ok(true)');
    expect(r.result).toBe('failed: ReferenceError: missing is not defined');
    expect(r.web?.errors).toEqual(['ReferenceError: missing is not defined']);
  });

  it('an unhandled rejection fails the page', async () => {
    const r = await run(
      "<script>Promise.reject(new TypeError('no'))</script>",
      'await new Promise((r) => setTimeout(r, 20));',
    );
    expect(r.result).toBe('failed: Unhandled rejection: TypeError: no');
  });

  it('an error thrown by a handler the checks set off fails the page', async () => {
    const r = await run('<button onclick="boom()">b</button>', "document.querySelector('button').click();");
    expect(r.result).toBe('failed: ReferenceError: boom is not defined');
  });

  it('console errors and refused requests are kept; they do not fail the page', async () => {
    const r = await run(
      "<script>console.error('careful', 42); fetch('http://127.0.0.1:9/x').catch(() => {});</script>",
      'await new Promise((r) => setTimeout(r, 50));',
    );
    expect(r.result).toBe('passed');
    expect(r.web?.console).toContain('Error: careful 42');
    expect(r.web?.console.some((c) => c.startsWith('Refused (no network in a page): http://127.0.0.1:9/x'))).toBe(true);
  });
});

describe('pages that never settle', () => {
  const fine = () => run('<p>ok</p>', 'assert.ok(true)');

  it('a loop while loading ends at the limit, and the next page renders at once', async () => {
    const r = await run('<script>while (true) {}</script>', 'assert.ok(true)', {}, 1);
    expect(r.result).toBe('timed out');
    expect(r.durationMs).toBeLessThan(1500);
    const started = Date.now();
    expect((await fine()).result).toBe('passed');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a loop set off by the checks ends at the limit too', async () => {
    const r = await run('<button onclick="for (;;) {}">b</button>', "document.querySelector('button').click();", {}, 1);
    expect(r.result).toBe('timed out');
    expect((await fine()).result).toBe('passed');
  });

  it('a timer storm does not keep the checks from running', async () => {
    const storm =
      '<script>for (let i = 0; i < 50; i++) setInterval(() => { const t = Date.now(); while (Date.now() - t < 2) {} }, 0);</script><p>x</p>';
    expect((await run(storm, "assert.strictEqual(document.querySelector('p').textContent, 'x')")).result).toBe(
      'passed',
    );
  });

  it('checks that never finish time out, and the next page is not held up', async () => {
    expect((await run('<p>x</p>', 'await new Promise(() => {});', {}, 1)).result).toBe('timed out');
    expect((await fine()).result).toBe('passed');
  });

  it('the other runtimes still run after a stuck page', async () => {
    expect((await run('<script>while (true) {}</script>', '', {}, 1)).result).toBe('timed out');
    const js = await runIn(ctx.page, {
      language: 'javascript',
      code: 'console.log(6 * 7)',
      tests: { kind: 'none' },
      limits: { timeoutSec: 5, outputCap: 1000 },
    });
    expect(js.stdout).toBe('42\n');
  });
});

describe('pictures', () => {
  const RED =
    '<body style="margin:0;background:rgb(255,0,0)"><div style="width:200px;height:100px;background:rgb(0,0,255)"></div></body>';

  it('a picture of the page at its viewport, as a PNG', async () => {
    const r = await run(RED, 'assert.ok(true)', { picture: true, viewport: { width: 320, height: 200 } });
    expect(r.result).toBe('passed');
    const png = r.web?.picture ?? '';
    expect(png).toMatch(/^data:image\/png;base64,/);
    const pixel = await ctx.page.evaluate(async (url) => {
      const bitmap = await createImageBitmap(await (await fetch(url)).blob());
      const c = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
      c.drawImage(bitmap, 0, 0);
      return [
        bitmap.width,
        bitmap.height,
        [...c.getImageData(10, 10, 1, 1).data],
        [...c.getImageData(300, 150, 1, 1).data],
      ];
    }, png);
    expect(pixel).toEqual([320, 200, [0, 0, 255, 255], [255, 0, 0, 255]]);
  });

  it('a reference it matches passes; one it does not fails, naming where', async () => {
    const viewport = { width: 320, height: 200 };
    const reference = (await run(RED, '', { picture: true, viewport })).web!.picture!;
    expect((await run(RED, '', { reference, viewport })).result).toBe('passed');
    const moved = RED.replace('width:200px;height:100px', 'width:100px;height:100px;margin-left:200px');
    const r = await run(moved, '', { reference, viewport, threshold: 0.05 });
    expect(r.result).toMatch(
      /^failed: the picture differs from the reference in \d+\.\d% of its pixels \(at most 5\.0% may\)$/,
    );
    const regions = r.web?.match?.regions ?? [];
    expect(regions.length).toBeGreaterThan(0);
    // The blue box left x 100..200 and appeared at 200..300, rows 0..100.
    const box = regions[0]!;
    expect(box.x).toBeLessThanOrEqual(100);
    expect(box.x + box.width).toBeGreaterThanOrEqual(300);
    expect(box.y + box.height).toBeLessThanOrEqual(112);
  });
});
