// Is the sandbox frame alive? A run that exhausts the JavaScript heap ends the frame's whole
// process (Chromium cannot end just the worker), and nothing says so but silence. The frame
// answers a ping at once (its main thread is idle: runs are in workers); one left unanswered
// over SILENT_BEATS beats means its process is gone. Silence is counted in beats that ran, not in
// time: a page whose own thread was busy, or whose timers are throttled (a background tab), sees
// late beats, never missed answers.
const PING_EVERY_MS = 1000;
const SILENT_BEATS = 5;

export interface Heartbeat {
  /** Starts beating (once). */
  start(): void;
  /** The frame's answer to ping `n`. */
  pong(n: unknown): void;
  stop(): void;
}

export function heartbeat(ping: (n: number) => void, onLost: () => void): Heartbeat {
  let pinged = 0;
  let answered = true;
  let silent = 0;
  let beat: ReturnType<typeof setInterval> | undefined;
  return {
    start: () => {
      beat ??= setInterval(() => {
        if (!answered) {
          if (++silent < SILENT_BEATS) return;
          clearInterval(beat);
          onLost();
          return;
        }
        answered = false;
        silent = 0;
        ping(++pinged);
      }, PING_EVERY_MS);
    },
    pong: (n) => {
      if (n === pinged) answered = true;
    },
    stop: () => clearInterval(beat),
  };
}
