import { describe, expect, it } from 'vitest';
import { clampTimerMs, MAX_TIMER_MS, setLongTimeout, sleep } from '../../../src/shared/timers.ts';

describe('timers', () => {
  it('a delay too long for setTimeout is clamped, or never fires, rather than firing at once', () => {
    expect(clampTimerMs(Infinity)).toBe(MAX_TIMER_MS);
    expect(clampTimerMs(-5)).toBe(0);
    expect(clampTimerMs(NaN)).toBe(0);
    expect(clampTimerMs(1500)).toBe(1500);
    expect(setLongTimeout(Infinity, () => {})).toBeUndefined();
    expect(setLongTimeout(MAX_TIMER_MS + 1, () => {})).toBeUndefined();
    clearTimeout(setLongTimeout(10, () => {}));
  });

  it('a sleep ends when it is over, and at once when cancelled, with the caller’s error', async () => {
    await expect(sleep(1)).resolves.toBeUndefined();
    const ac = new AbortController();
    const waiting = sleep(60_000, ac.signal, () => new Error('cancelled'));
    ac.abort();
    await expect(waiting).rejects.toThrow('cancelled');
    await expect(sleep(10, ac.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
