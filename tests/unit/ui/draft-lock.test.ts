// The claim a tab has on the teacher draft, against a lock manager that behaves like the
// browser's for one lock name (ifAvailable and steal); the real one is exercised end to end.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimDraft } from '../../../src/ui/classroom/draft-lock.ts';

type Callback = (lock: unknown) => unknown;

function fakeLocks() {
  let holder: { abort(err: Error): void } | undefined;
  return {
    request(_name: string, options: { ifAvailable?: boolean; steal?: boolean }, callback: Callback) {
      if (holder && options.ifAvailable) return Promise.resolve(callback(null));
      if (holder && options.steal) holder.abort(new DOMException('Lock broken by another request', 'AbortError'));
      return new Promise((resolve, reject) => {
        const me = { abort: reject };
        holder = me;
        void Promise.resolve(callback({ name: _name })).then((value) => {
          if (holder === me) holder = undefined;
          resolve(value);
        });
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

  it('is always had in a browser without Web Locks, as before they existed', async () => {
    vi.stubGlobal('navigator', {});
    expect(await claimDraft({ onLost: () => undefined })).toBeDefined();
    expect(await claimDraft({ onLost: () => undefined })).toBeDefined();
  });
});
