// Which snapshot a frame gets and what is kept for the next visit, with a stand-in for the
// browser's Cache Storage (the e2e python-snapshot test runs the real thing).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lookup } from '../../../src/sandbox/frame-assets.ts';
import type { SnapshotCache } from '../../../src/sandbox/snapshot-cache.ts';
import type * as Handoff from '../../../src/sandbox/snapshot-handoff.ts';

type Own = Pick<Lookup, 'snapshots' | 'ownSnapshot'>;

let mod: typeof Handoff;
beforeEach(async () => {
  // Each test is a new page: the module's page-wide state starts afresh.
  vi.resetModules();
  mod = await import('../../../src/sandbox/snapshot-handoff.ts');
});

function browserCache(stored?: Blob): SnapshotCache & { saved: Blob[]; dropped: number } {
  const c = {
    saved: [] as Blob[],
    dropped: 0,
    load: () => Promise.resolve(c.saved.at(-1) ?? stored),
    save: (b: Blob) => {
      c.saved.push(b);
      return Promise.resolve();
    },
    drop: () => {
      c.dropped++;
      return Promise.resolve();
    },
  };
  return c;
}

const built = new Blob(['packed']);
// What the page looked up (the small files and this browser's copy), and the built snapshot once
// Python's large files are in: asked for only when there is no copy of this browser's own.
const lookup = (cache: SnapshotCache, own?: Blob, builtSnapshot?: Blob): [Own, () => Promise<Blob | undefined>] => [
  { snapshots: cache, ownSnapshot: own },
  () => {
    if (own) throw new Error('the built snapshot was waited for though this browser has its own');
    return Promise.resolve(builtSnapshot);
  },
];
const settled = async (p: Promise<void>): Promise<boolean> =>
  Promise.race([p.then(() => true), new Promise<boolean>((ok) => setTimeout(() => ok(false), 20))]);

describe('the snapshot handed to a frame', () => {
  it("prefers this browser's copy, and stores nothing more when Python is up from it", async () => {
    const own = new Blob(['own']);
    const cache = browserCache(own);
    const h = mod.snapshotHandoff();
    expect(await h.choose(...lookup(cache, own, built))).toEqual({ snapshot: own, builtSnapshot: false });
    h.ready(false);
    expect(await settled(h.cached)).toBe(true);
    expect(cache.saved).toEqual([]);
  });

  it('hands the built one otherwise, and counts as cached only once its unpacked copy is stored', async () => {
    const cache = browserCache();
    const h = mod.snapshotHandoff();
    expect(await h.choose(...lookup(cache, undefined, built))).toEqual({ snapshot: built, builtSnapshot: true });
    h.ready(true);
    expect(await settled(h.cached)).toBe(false);
    const copy = new Blob(['unpacked']);
    h.offered(copy);
    expect(await settled(h.cached)).toBe(true);
    expect(cache.saved).toEqual([copy]);
  });

  it('stores the unpacked copy once when frames open side by side', async () => {
    const cache = browserCache();
    const [a, b] = [mod.snapshotHandoff(), mod.snapshotHandoff()];
    await a.choose(...lookup(cache, undefined, built));
    await b.choose(...lookup(cache, undefined, built));
    a.ready(true);
    b.ready(true);
    expect(await settled(b.cached)).toBe(true);
    b.offered(new Blob(['second']));
    a.offered(new Blob(['first']));
    expect(cache.saved.map((x) => x.size)).toEqual([5]);
  });

  it('drops a refused snapshot and stores the one the frame makes instead', async () => {
    const cache = browserCache();
    const h = mod.snapshotHandoff();
    await h.choose(...lookup(cache, undefined, built));
    h.rejected();
    expect(cache.dropped).toBe(1);
    h.ready(false);
    expect(await settled(h.cached)).toBe(false);
    const made = new Blob(['made']);
    h.offered(made);
    expect(await settled(h.cached)).toBe(true);
    expect(cache.saved).toEqual([made]);
  });

  it('with none at all, boots from scratch and is cached when the made one is stored, or none could be made', async () => {
    const h = mod.snapshotHandoff();
    expect(await h.choose(...lookup(browserCache()))).toEqual({
      snapshot: undefined,
      builtSnapshot: false,
    });
    h.ready(false);
    expect(await settled(h.cached)).toBe(false);
    h.rejected();
    expect(await settled(h.cached)).toBe(true);
  });

  it('settles when Python gives up, so nothing waits for a snapshot that will not come', async () => {
    const h = mod.snapshotHandoff();
    await h.choose(...lookup(browserCache(), undefined, built));
    h.gaveUp();
    expect(await settled(h.cached)).toBe(true);
  });
});
