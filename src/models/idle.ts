// A request that goes quiet must not hold the loop forever. Nothing else bounds it: fetch has no
// timeout of its own, and a server that accepts the connection and then stalls (before the
// headers or mid-stream) would keep a session "running" for good. Every byte that arrives
// restarts the clock, so a slow but working stream (a local model, keep-alive comments, a
// reasoning phase that streams its thoughts) is never cut.
import type { ErrorContext } from './describe.ts';
import { setLongTimeout } from '../shared/timers.ts';
import { ModelError } from './errors.ts';

/** Long enough for a large local model to load and read a long prompt before its first byte. */
export const DEFAULT_IDLE_TIMEOUT_MS = 300_000;

export interface IdleWatch {
  /** Aborts when the caller's signal does, or when nothing arrived for the timeout. */
  signal: AbortSignal;
  /** Something arrived: restart the clock. */
  touch(): void;
  fired(): boolean;
  stop(): void;
}

export function watchIdle(ms: number, outer?: AbortSignal): IdleWatch {
  const ctrl = new AbortController();
  let fired = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onOuter = (): void => ctrl.abort();
  if (outer?.aborted) ctrl.abort();
  else outer?.addEventListener('abort', onOuter, { once: true });
  const touch = (): void => {
    if (!(ms > 0) || ctrl.signal.aborted) return;
    clearTimeout(timer);
    timer = setLongTimeout(ms, () => {
      fired = true;
      ctrl.abort();
    });
  };
  touch();
  return {
    signal: ctrl.signal,
    touch,
    fired: () => fired,
    stop: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuter);
    },
  };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

export function idleError(ctx: ErrorContext, ms: number): ModelError {
  const seconds = Math.round(ms / 100) / 10;
  return new ModelError({
    kind: 'server',
    message: `${originOf(ctx.baseUrl)} sent nothing for ${seconds} s, so the request was given up.`,
    hint: 'The server may be stuck or overloaded: try again, and if it keeps happening check its log. A large local model can be slow to start on a long prompt; a smaller model or a shorter task helps.',
  });
}
