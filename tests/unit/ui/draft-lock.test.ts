// The claim a tab has on the teacher draft, against a lock manager that behaves like the
// browser's for one lock name (ifAvailable, steal, and requests that wait their turn); the real
// one is exercised end to end.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimDraft } from '../../../src/ui/classroom/draft-lock.ts';

type Callback = (lock: unknown) => unknown;

function fakeLocks() {
  let holder: { abort(err: Error): void } | undefined;
  // Requests that wait (neither ifAvailable nor steal) are granted in turn as the lock is let go.
  const waiting: (() => void)[] = [];
  const grant = (callback: Callback, resolve: (v: unknown) => void, reject: (e: Error) => void): void => {
    const me = { abort: reject };
    holder = me;
    void Promise.resolve(callback({ name: 'lock' })).then((value) => {
      if (holder === me) {
        holder = undefined;
        waiting.shift()?.();
      }
      resolve(value);
    });
  };
  return {
    request(_name: string, options: { ifAvailable?: boolean; steal?: boolean; mode?: string }, callback: Callback) {
      if (holder && options.ifAvailable) return Promise.resolve(callback(null));
      if (holder && options.steal) holder.abort(new DOMException('Lock broken by another request', 'AbortError'));
      return new Promise((resolve, reject) => {
        if (holder && !options.steal) waiting.push(() => grant(callback, resolve, reject));
        else grant(callback, resolve, reject);
      });
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the claim on the teacher draft', () => {
  it('goes to the first tab; the next one is refused until the first lets go', async () => {
    vi.stubGlobal('navigator', { locks: fakeLocks() });
    const first = await claimDraft({ onLost: () => undefined });
    expect(first).toBeDefined();
    expect(await claimDraft({ onLost: () => undefined })).toBeUndefined();
    first?.release();
    // Let go once the release has gone through; a refused claim holds nothing, so asking again is safe.
    await vi.waitFor(async () => expect(await claimDraft({ onLost: () => undefined })).toBeDefined());
  });

  it('is taken over on request, and the tab that had it is told', async () => {
    vi.stubGlobal('navigator', { locks: fakeLocks() });
    let lost = false;
    await claimDraft({ onLost: () => (lost = true) });
    const taken = await claimDraft({ takeOver: true, onLost: () => undefined });
    expect(taken).toBeDefined();
    await vi.waitFor(() => expect(lost).toBe(true));
  });

  it('tells a refused tab when the tab that has it lets go, and then it can be had', async () => {
    vi.stubGlobal('navigator', { locks: fakeLocks() });
    const first = await claimDraft({ onLost: () => undefined });
    let free = false;
    expect(await claimDraft({ onLost: () => undefined, onFree: () => (free = true) })).toBeUndefined();
    await new Promise((r) => setTimeout(r, 10));
    expect(free).toBe(false);
    first?.release();
    await vi.waitFor(() => expect(free).toBe(true));
    await vi.waitFor(async () => expect(await claimDraft({ onLost: () => undefined })).toBeDefined());
  });

  it('tells the tab that lost it when the tab that took it over lets go', async () => {
    vi.stubGlobal('navigator', { locks: fakeLocks() });
    let lost = false;
    let free = false;
    await claimDraft({ onLost: () => (lost = true), onFree: () => (free = true) });
    const taken = await claimDraft({ takeOver: true, onLost: () => undefined });
    await vi.waitFor(() => expect(lost).toBe(true));
    expect(free).toBe(false);
    taken?.release();
    await vi.waitFor(() => expect(free).toBe(true));
  });

  it('is always had in a browser without Web Locks, as before they existed', async () => {
    vi.stubGlobal('navigator', {});
    expect(await claimDraft({ onLost: () => undefined })).toBeDefined();
    expect(await claimDraft({ onLost: () => undefined })).toBeDefined();
  });
});
