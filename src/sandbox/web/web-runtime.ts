// Renders candidate web pages, one at a time, each in a fresh sandboxed frame of its own (opaque
// origin, no network) made by this page: see docs/web-pages.md for why here and not inside the
// sandbox frame (the sandbox frame's CSP would be inherited and forbid the page's inline styles).
//
// Chromium keeps every sandboxed frame of a site in ONE renderer process by default (measured in
// Chromium 156): a page that loops blocks the sandbox frame's thread too, and removing the page's
// frame alone does not free it. So at the limit this side pings the page over its private port:
// a page that answers (a pending promise, a timer storm) is removed and nothing else is touched;
// one that does not is stuck, and `onStuck` replaces the sandbox frame as well, so the process has
// no frame left and ends; the next page starts in a new process at once.
import type { RunJob, RunResult } from '../../shared/run.ts';
import type { RunHandle } from '../../shared/runtime.ts';
import { runLimitMs } from '../../shared/timers.ts';
import { DEFAULT_THRESHOLD, DEFAULT_VIEWPORT, PAGE_HELLO, type HostToPage, type WebTests } from '../../shared/web.ts';
import { loadBoot } from '../web-boot.ts';
import { pageDocument } from './page-document.ts';
import { matchPicture } from './picture-match.ts';
import { readReport, verdictOf } from './report.ts';
import { deferred } from '../../shared/deferred.ts';

// How long a page at its limit has to answer a ping before it counts as stuck.
const PING_GRACE_MS = 250;

const plain = (status: RunResult['status'], result: string, durationMs: number): RunResult => ({
  status,
  result,
  tests: [],
  stdout: '',
  stderr: '',
  truncated: false,
  durationMs,
});

export class WebRuntime {
  private line: Promise<unknown> = Promise.resolve();

  constructor(private readonly onStuck: () => Promise<void>) {}

  run(job: RunJob): RunHandle {
    let cancel = (): void => undefined;
    let cancelled = false;
    const result = this.line.then(() =>
      cancelled
        ? plain('cancelled', 'cancelled', 0)
        : this.render(job, (c) => {
            cancel = c;
          }),
    );
    this.line = result.catch(() => undefined);
    return {
      result,
      cancel: () => {
        cancelled = true;
        cancel();
      },
    };
  }

  /**
   * A sandboxed frame outside this runtime (the page's live preview) got stuck in the process
   * every such frame shares: the next render waits for a live process, as after a stuck page.
   */
  stuckElsewhere(): void {
    this.line = this.line.then(() => (this.recovering = this.onStuck().catch(() => undefined)));
  }

  private async render(job: RunJob, onCancel: (cancel: () => void) => void): Promise<RunResult> {
    await this.recovering;
    const started = performance.now();
    const tests = job.tests as WebTests;
    if (tests.kind !== 'web') return plain('error', 'failed: HarnessError: an HTML job needs web checks', 0);
    const viewport = tests.viewport ?? DEFAULT_VIEWPORT;
    const picture = tests.picture === true || tests.reference !== undefined;
    let boot: string;
    try {
      boot = await loadBoot();
    } catch (err) {
      return plain('error', `failed: HarnessError: the page's start-up script could not be loaded: ${String(err)}`, 0);
    }
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.setAttribute('referrerpolicy', 'no-referrer');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.title = 'Rendered page';
    // Laid out and painted at the task's size, unseen: a frame out of view would not be rendered.
    frame.style.cssText = `position:fixed;left:0;top:0;width:${viewport.width}px;height:${viewport.height}px;border:0;opacity:0;pointer-events:none;z-index:-1`;
    frame.srcdoc = pageDocument(job.code, boot, { checks: tests.checks, picture, viewport });

    let port: MessagePort | undefined;
    let loads = 0;
    const done = deferred<RunResult>();
    const settle = done.resolve;
    const elapsed = (): number => performance.now() - started;
    const go = (): void => {
      if (port && loads === 1) port.postMessage({ type: 'go' } satisfies HostToPage);
    };
    const onHello = (e: MessageEvent): void => {
      if (e.source !== frame.contentWindow || port) return;
      // Only the frame's first message: the start-up script's, sent before any script of the page ran.
      window.removeEventListener('message', onHello);
      const data = e.data as { type?: unknown } | null;
      const p = e.ports[0];
      if (typeof data !== 'object' || data === null || data.type !== PAGE_HELLO || !p)
        return settle(plain('error', 'failed: HarnessError: the page did not start', elapsed()));
      port = p;
      port.onmessage = (m) => {
        const report = readReport(m.data);
        if (report) void finish(report);
      };
      go();
    };
    window.addEventListener('message', onHello);
    frame.addEventListener('load', () => {
      loads++;
      if (loads === 1) return go();
      settle(plain('failed', 'failed: the page navigated away from itself', elapsed()));
    });
    const finish = async (report: NonNullable<ReturnType<typeof readReport>>): Promise<void> => {
      const match =
        tests.reference !== undefined
          ? await matchPicture(report.picture, tests.reference, tests.threshold ?? DEFAULT_THRESHOLD, viewport)
          : undefined;
      settle({ ...verdictOf(report, match, picture), durationMs: elapsed() });
    };
    const stop = (result: RunResult): void => {
      const ping = port;
      // No port yet: the start-up script's first message waits for the task it was posted in,
      // and a page that loops in its first script never ends that task.
      if (!ping) {
        this.stuck = true;
        return settle(result);
      }
      let answered = false;
      ping.onmessage = (m) => {
        if ((m.data as { type?: unknown } | null)?.type === 'pong') answered = true;
      };
      ping.postMessage({ type: 'ping' } satisfies HostToPage);
      setTimeout(() => {
        if (!answered) this.stuck = true;
        settle(result);
      }, PING_GRACE_MS);
    };
    const limit = runLimitMs(job.limits.timeoutSec);
    const timer = limit ? setTimeout(() => stop(plain('timed out', 'timed out', elapsed())), limit) : undefined;
    onCancel(() => stop(plain('cancelled', 'cancelled', elapsed())));
    document.body.appendChild(frame);
    const result = await done.promise;
    clearTimeout(timer);
    window.removeEventListener('message', onHello);
    port?.close();
    frame.remove();
    if (this.stuck) {
      this.stuck = false;
      // The verdict goes now; the next page waits: made now, its frame would land in the stuck process.
      this.recovering = this.onStuck().catch(() => undefined);
    }
    return result;
  }

  private stuck = false;
  private recovering: Promise<void> | undefined;
}
