// Booting a WebContainer, once per page, from the top-level page only (it runs in StackBlitz's
// own frames; the opaque sandbox frame has no service workers or storage for it). boot() never
// settles when StackBlitz cannot be reached, so it is raced against a bound, and a failure names
// its reason in words.
import type { BootOptions, WebContainer } from '@webcontainer/api';
import { errorMessage } from '../../shared/error-message.ts';

/** What the runner uses of a WebContainer; tests give a fake with the same types. */
export type Container = Pick<WebContainer, 'mount' | 'spawn' | 'teardown'>;

export interface WebContainerApi {
  boot(options?: BootOptions): Promise<Container>;
  configureAPIKey(key: string): void;
}

export type UnavailableReason =
  'offline' | 'not-isolated' | 'storage-blocked' | 'no-api-key' | 'unreachable' | 'failed';

export interface BootEnvironment {
  online: boolean;
  crossOriginIsolated: boolean;
  /** The page's origin: StackBlitz lets localhost boot without an API key, other sites need one. */
  origin: string;
  apiKey?: string;
  /** How long boot() may take before it counts as unreachable. */
  boundMs: number;
}

export const DEFAULT_BOOT_BOUND_MS = 20_000;

const STILL = ' JavaScript and TypeScript still run in the offline runner.';

export class WebContainerUnavailable extends Error {
  constructor(
    readonly reason: UnavailableReason,
    detail: string,
  ) {
    super(detail + STILL);
    this.name = 'WebContainerUnavailable';
  }
}

const isLocal = (origin: string): boolean => /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin);

function explain(reason: UnavailableReason, env: BootEnvironment, detail = ''): WebContainerUnavailable {
  const text: Record<UnavailableReason, string> = {
    offline:
      'Node.js projects need the network: WebContainers load their runtime from StackBlitz and packages from npm, and this browser is offline.',
    'not-isolated':
      'Node.js projects need a cross-origin isolated page (Cross-Origin-Opener-Policy and Cross-Origin-Embedder-Policy headers, or the service worker that adds them), and this page is not.',
    'storage-blocked':
      'The browser blocks third-party storage for stackblitz.com, which WebContainers need: allow cookies and site data for stackblitz.com on this site, then try again.',
    'no-api-key': `StackBlitz did not start a WebContainer for ${env.origin}: outside localhost it needs a WebContainer API key allowed for this site, and this build has none (set VITE_WEBCONTAINER_API_KEY when building).`,
    unreachable: `StackBlitz did not answer within ${Math.round(env.boundMs / 1000)} s: stackblitz.com cannot be reached from here (a network filter or an extension may block it), or the browser blocks its third-party storage.`,
    failed: `The WebContainer could not start: ${detail.replace(/[.\s]*$/, '')}.`,
  };
  return new WebContainerUnavailable(reason, text[reason]);
}

/** Reads a boot() rejection for what it says about the cause. */
function reasonOf(err: unknown, env: BootEnvironment): WebContainerUnavailable {
  const message = errorMessage(err);
  if (/storage|cookie/i.test(message)) return explain('storage-blocked', env);
  if (/api.?key|unauthori[sz]ed|forbidden|not allowed|origin/i.test(message)) return explain('no-api-key', env);
  return explain('failed', env, message);
}

export interface WebContainerBooter {
  /** The page's one container, booted on first use; rejects with WebContainerUnavailable. */
  get(): Promise<Container>;
  /** Tears the container down, so another can boot later. */
  dispose(): void;
}

export function createBooter(load: () => Promise<WebContainerApi>, env: () => BootEnvironment): WebContainerBooter {
  let current: Promise<Container> | undefined;
  // A boot that outlived its bound may still finish: that container is torn down at once, and
  // no second boot starts while it is pending (only one instance may exist per page).
  let straggler: Promise<unknown> | undefined;

  async function boot(): Promise<Container> {
    const e = env();
    if (!e.online) throw explain('offline', e);
    if (!e.crossOriginIsolated) throw explain('not-isolated', e);
    if (straggler) throw explain('unreachable', e);
    const api = await load();
    if (e.apiKey) api.configureAPIKey(e.apiKey);
    const attempt = api.boot({ coep: 'require-corp', workdirName: 'project' });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(explain(!e.apiKey && !isLocal(e.origin) ? 'no-api-key' : 'unreachable', e)),
        e.boundMs,
      );
    });
    try {
      return await Promise.race([attempt.catch((err: unknown) => Promise.reject(reasonOf(err, e))), bound]);
    } catch (err) {
      const late = (straggler = attempt.then(
        (c) => c.teardown(),
        () => undefined,
      ));
      void late.finally(() => {
        if (straggler === late) straggler = undefined;
      });
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    get() {
      current ??= boot().catch((err: unknown) => {
        current = undefined; // the next attempt tries again (the network may be back)
        throw err;
      });
      return current;
    },
    dispose() {
      const c = current;
      current = undefined;
      void c?.then((x) => x.teardown()).catch(() => undefined);
    },
  };
}
