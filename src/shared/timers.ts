// Timers that behave at their edges: a delay past what setTimeout can hold would fire at once,
// and a wait the user cancels must end at once.

/** setTimeout fires at once for delays past this (a signed 32-bit count of milliseconds). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A delay setTimeout can hold: negative ones (and NaN) wait nothing, longer ones the most it can. */
export function clampTimerMs(ms: number): number {
  return ms > 0 ? Math.min(ms, MAX_TIMER_MS) : 0;
}

/** A run's wall-clock limit as a timer delay: none (0) for a non-positive limit, else clamped. */
export function runLimitMs(sec: number): number {
  return sec > 0 ? clampTimerMs(sec * 1000) : 0;
}

/** Like setTimeout, except that a delay too long for a timer (or Infinity) means never. */
export function setLongTimeout(ms: number, fn: () => void): ReturnType<typeof setTimeout> | undefined {
  return ms <= MAX_TIMER_MS ? setTimeout(fn, ms) : undefined;
}

/**
 * Waits `ms`; rejects as soon as `signal` aborts, with what `cancelled` gives (by default the
 * signal's reason), so each caller can reject in its own error type.
 */
export function sleep(
  ms: number,
  signal?: AbortSignal,
  cancelled: () => unknown = () => signal?.reason,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled());
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, clampTimerMs(ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
