// The page's Node.js project runner: the WebContainer package is loaded and booted on first use
// only, from the top-level page.
import type { NodeProject } from '../../shared/node-project.ts';
import type { OutputStream, RunHandle, RunResult } from '../../shared/run.ts';
import { createBooter, DEFAULT_BOOT_BOUND_MS, WebContainerUnavailable, type WebContainerBooter } from './boot.ts';
import { runNodeProject } from './runner.ts';
import { errorMessage } from '../../shared/error-message.ts';

export interface NodeProjectRunner {
  /** Boots now (the first run would otherwise); rejects with WebContainerUnavailable. */
  boot(): Promise<void>;
  run(project: NodeProject, onOutput?: (stream: OutputStream, text: string) => void): RunHandle;
  dispose(): void;
}

export function createNodeProjectRunner(boundMs = DEFAULT_BOOT_BOUND_MS): NodeProjectRunner {
  const booter: WebContainerBooter = createBooter(
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
  return {
    boot: async () => void (await booter.get()),
    run(project, onOutput) {
      let inner: RunHandle | undefined;
      let cancelled = false;
      const result = booter.get().then(
        (container): Promise<RunResult> => {
          if (cancelled) return Promise.resolve(unavailable('cancelled', 'failed: cancelled', 'Cancelled'));
          inner = runNodeProject(container, project, onOutput);
          return inner.result;
        },
        (err: unknown) => {
          const message = errorMessage(err);
          const type = err instanceof WebContainerUnavailable ? 'WebContainerUnavailable' : 'WebContainerError';
          return unavailable('error', `failed: ${message}`, type, message);
        },
      );
      return {
        result,
        cancel() {
          cancelled = true;
          inner?.cancel();
        },
      };
    },
    dispose: () => booter.dispose(),
  };
}

function unavailable(status: RunResult['status'], result: string, type: string, message = ''): RunResult {
  return {
    status,
    result,
    tests: [],
    exception: { type, message, traceback: '' },
    stdout: '',
    stderr: message,
    truncated: false,
    durationMs: 0,
  };
}
