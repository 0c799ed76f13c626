// The page's Node.js project runner: the WebContainer package is loaded and booted on first use
// only, from the top-level page.
import { deferred } from '../../shared/deferred.ts';
import type { NodeProject } from '../../shared/node-project.ts';
import type { OutputStream, RunResult } from '../../shared/run.ts';
import type { RunHandle } from '../../shared/runtime.ts';
import { createBooter, DEFAULT_BOOT_BOUND_MS, WebContainerUnavailable, type WebContainerBooter } from './boot.ts';
import { runNodeProject } from './runner.ts';
import { errorMessage } from '../../shared/error-message.ts';

/** The result's text for a run stopped before the WebContainer had started: nothing ran. */
export const BOOT_STOPPED = 'cancelled while the WebContainer was starting';

export interface NodeProjectRunner {
  /** Boots now (the first run would otherwise); rejects with WebContainerUnavailable. */
  boot(): Promise<void>;
  run(project: NodeProject, onOutput?: (stream: OutputStream, text: string) => void): RunHandle;
  dispose(): void;
}

export function createNodeProjectRunner(
  boundMs = DEFAULT_BOOT_BOUND_MS,
  /** Tests give their own; the page loads the real package on first use. */
  booter: WebContainerBooter = pageBooter(boundMs),
): NodeProjectRunner {
  return {
    boot: async () => void (await booter.get()),
    run(project, onOutput) {
      let inner: RunHandle | undefined;
      let cancelled = false;
      const started = performance.now();
      // boot() never settles when StackBlitz cannot be reached: a Stop must not wait for its bound.
      const stopping = deferred<'stopped'>();
      const stopped = stopping.promise;
      const stop = (): void => stopping.resolve('stopped');
      const result = Promise.race([booter.get(), stopped]).then(
        (container): Promise<RunResult> | RunResult => {
          if (container === 'stopped' || cancelled) return notRun(performance.now() - started);
          inner = runNodeProject(container, project, onOutput);
          return inner.result;
        },
        (err: unknown) => {
          const message = errorMessage(err);
          const type = err instanceof WebContainerUnavailable ? 'WebContainerUnavailable' : 'WebContainerError';
          return notRun(performance.now() - started, { type, message });
        },
      );
      return {
        result,
        cancel() {
          cancelled = true;
          stop();
          inner?.cancel();
        },
      };
    },
    dispose: () => booter.dispose(),
  };
}

function pageBooter(boundMs: number): WebContainerBooter {
  return createBooter(
    async () => {
      const { WebContainer, configureAPIKey } = await import('@webcontainer/api');
      return { boot: (o) => WebContainer.boot(o), configureAPIKey };
    },
    () => ({
      online: navigator.onLine,
      crossOriginIsolated: self.crossOriginIsolated,
      origin: location.origin,
      apiKey: (import.meta.env.VITE_WEBCONTAINER_API_KEY as string | undefined) || undefined,
      boundMs,
    }),
  );
}

/** A result for a run that never reached the container: `error` says why, or it was stopped. */
function notRun(durationMs: number, error?: { type: string; message: string }): RunResult {
  return {
    status: error ? 'error' : 'cancelled',
    result: error ? `failed: ${error.message}` : BOOT_STOPPED,
    tests: [],
    ...(error && { exception: { ...error, traceback: '' } }),
    stdout: '',
    stderr: error?.message ?? '',
    truncated: false,
    durationMs,
  };
}
