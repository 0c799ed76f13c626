// The interpreter snapshot built with the app: a first visit boots Python from it and keeps its
// unpacked copy, from which later visits boot; a fresh interpreter's state is still fresh (time
// zone, random seed); without it, or with a broken one, Python boots from scratch and the page
// keeps a snapshot of its own for the next visit.
import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { BrowserContext, BrowserContextOptions } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pyJob, sharedBrowser } from './support/browser.ts';

const shared = sharedBrowser({ isolated: true });

type Built = 'served' | 'missing' | 'garbage' | 'unpacked';

/** A new profile (context) whose requests for the built snapshot get `built`. */
async function newProfile(built: Built, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  // The page's own fetches are what is routed; the service worker would fetch past the route.
  const context = await shared.browser.newContext({ serviceWorkers: 'block', ...options });
  if (built === 'missing')
    await context.route('**/python-snapshot.gz', (r) => r.fulfill({ status: 404, body: 'not found' }));
  // A server that unpacks .gz files in transit (serves them as Content-Encoding: gzip).
  if (built === 'unpacked') {
    const raw = gunzipSync(readFileSync('dist/pyodide/python-snapshot.gz'));
    await context.route('**/python-snapshot.gz', (r) => r.fulfill({ status: 200, body: raw }));
  }
  if (built === 'garbage')
    await context.route('**/python-snapshot.gz', (r) =>
      r.fulfill({ status: 200, body: gzipSync(Buffer.from('not a snapshot'.repeat(1000))) }),
    );
  return context;
}

interface Visit {
  stdout: string;
  /** How Python started: from a snapshot or from scratch. */
  restored: boolean;
  /** Snapshots this page keeps in Cache Storage once it is done caching. */
  kept: number;
  /** The bytes they take. */
  keptBytes: number;
}

const PROBE =
  'import json, random, time\nprint(json.dumps([time.tzname, time.timezone, time.altzone, time.daylight, random.random()]))';

async function visit(context: BrowserContext, code = PROBE): Promise<Visit> {
  const page = await context.newPage();
  try {
    await page.goto(`${shared.server.url}?headless`);
    return await page.evaluate(async (job) => {
      const r = await window.fixpoint.run(job, 0);
      await window.fixpoint.cached();
      const cache = await caches.open('fixpoint-python-snapshot');
      const keys = await cache.keys();
      let keptBytes = 0;
      for (const k of keys) keptBytes += (await (await cache.match(k))!.blob()).size;
      return {
        stdout: r.stdout,
        restored: 'snapshot restored' in window.fixpoint.startupMoments(),
        kept: keys.length,
        keptBytes,
      };
    }, pyJob(code));
  } finally {
    await page.close();
  }
}

const probe = (v: Visit): [string[], number, number, number, number] => JSON.parse(v.stdout) as never;
const outcome = ({ stdout, restored, kept }: Visit) => ({ stdout, restored, kept });
/** The snapshot's full size: what a copy kept whole would take. */
const fullSize = (): number => gunzipSync(readFileSync('dist/pyodide/python-snapshot.gz')).length;

describe('the snapshot built with the app', () => {
  it('boots a first visit from it and keeps its unpacked copy, from which the next visit boots', async () => {
    const context = await newProfile('served');
    const v = await visit(context, 'print(sum(range(10)))');
    expect(outcome(v)).toEqual({ stdout: '45\n', restored: true, kept: 1 });
    // The next visit needs nothing from the server's snapshot: here it is gone.
    await context.route('**/python-snapshot.gz', (r) => r.fulfill({ status: 404, body: 'not found' }));
    const again = await visit(context, 'print(sum(range(5)))');
    expect(outcome(again)).toEqual({ stdout: '10\n', restored: true, kept: 1 });
    // The copy leaves out the memory's pages of zeros.
    expect(again.keptBytes).toBeGreaterThan(0);
    expect(again.keptBytes).toBeLessThan(fullSize() * 0.8);
    await context.close();
  });

  it('starts Python from scratch when the kept copy is damaged, and keeps a sound one again', async () => {
    const context = await newProfile('served');
    await visit(context, 'print(1)');
    const page = await context.newPage();
    await page.goto(`${shared.server.url}?headless`);
    await page.evaluate(async () => {
      const cache = await caches.open('fixpoint-python-snapshot');
      const [key] = await cache.keys();
      const bytes = await (await cache.match(key!))!.arrayBuffer();
      await cache.put(key!, new Response(bytes.slice(0, bytes.byteLength / 2)));
    });
    await page.close();
    await context.route('**/python-snapshot.gz', (r) => r.fulfill({ status: 404, body: 'not found' }));
    const v = await visit(context, 'print(3 * 3)');
    expect(outcome(v)).toEqual({ stdout: '9\n', restored: false, kept: 1 });
    const again = await visit(context, 'print(4 * 4)');
    expect(outcome(again)).toEqual({ stdout: '16\n', restored: true, kept: 1 });
    await context.close();
  });

  it('boots from it when a server unpacked it in transit, and keeps its copy all the same', async () => {
    const context = await newProfile('unpacked');
    const v = await visit(context, 'print(2 ** 10)');
    expect(outcome(v)).toEqual({ stdout: '1024\n', restored: true, kept: 1 });
    await context.route('**/python-snapshot.gz', (r) => r.fulfill({ status: 404, body: 'not found' }));
    const again = await visit(context, 'print(2 ** 5)');
    expect(outcome(again)).toEqual({ stdout: '32\n', restored: true, kept: 1 });
    await context.close();
  });

  it("replaces the snapshots an older build's page kept in the browser", async () => {
    const context = await newProfile('served');
    const page = await context.newPage();
    await page.goto(`${shared.server.url}?headless`);
    await page.evaluate(async () => {
      const cache = await caches.open('fixpoint-python-snapshot');
      await cache.put(new URL('snapshot-older-build.bin', document.baseURI).href, new Response('30 MB, once'));
    });
    await page.close();
    const v = await visit(context, 'print(1)');
    expect(outcome(v)).toEqual({ stdout: '1\n', restored: true, kept: 1 });
    await context.close();
  });

  it('gives each interpreter the time zone it runs in and its own random seed, as booting from scratch does', async () => {
    const zones = { timezoneId: 'Europe/Berlin' };
    const [a, b, scratch] = await Promise.all([
      newProfile('served', zones).then(async (c) => [await visit(c), c] as const),
      newProfile('served', zones).then(async (c) => [await visit(c), c] as const),
      newProfile('missing', zones).then(async (c) => [await visit(c), c] as const),
    ]);
    expect([a[0].restored, scratch[0].restored]).toEqual([true, false]);
    const [zone, offset, alt, daylight, first] = probe(a[0]);
    expect([zone, offset, alt, daylight]).toEqual([['UTC+0100', 'UTC+0200'], -3600, -7200, 1]);
    expect(probe(scratch[0]).slice(0, 4)).toEqual([zone, offset, alt, daylight]);
    // Two interpreters restored from one snapshot do not draw the same numbers.
    expect(probe(b[0])[4]).not.toBe(first);
    for (const [, c] of [a, b, scratch]) await c.close();
  });

  it('without one, boots from scratch and keeps a snapshot for the next visit', async () => {
    const context = await newProfile('missing');
    const first = await visit(context, 'print(6 * 7)');
    expect(outcome(first)).toEqual({ stdout: '42\n', restored: false, kept: 1 });
    const second = await visit(context, 'print(6 * 7)');
    expect(outcome(second)).toEqual({ stdout: '42\n', restored: true, kept: 1 });
    await context.close();
  });

  it('with a broken one, still starts Python, grades, and keeps a snapshot of its own', async () => {
    const context = await newProfile('garbage');
    const v = await visit(context, 'print(6 * 7)');
    expect(outcome(v)).toEqual({ stdout: '42\n', restored: false, kept: 1 });
    const page = await context.newPage();
    await page.goto(`${shared.server.url}?headless`);
    const r = await page.evaluate(
      (job) => window.fixpoint.run(job, 0),
      pyJob('def add(x, y):\n    return x + y\n', {
        tests: { kind: 'mbpp', setup: '', asserts: ['assert add(2, 3) == 5', 'assert add(1, 1) == 3'] },
      }),
    );
    expect(r.result).toBe('failed: assert add(1, 1) == 3 (expected 3, got 2)');
    expect(r.tests.map((t) => t.passed)).toEqual([true, false]);
    await context.close();
  });
});
