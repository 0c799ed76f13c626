// Registers the service worker (offline use, and cross-origin isolation on hosts that cannot send
// the headers). On such a host the first visit reloads once, when the worker has taken over, so
// the page becomes isolated.
const RELOADED = 'fixpoint-isolation-reload';

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext || import.meta.env.DEV) return;
  try {
    await navigator.serviceWorker.register('./sw.js');
  } catch {
    return; // Blocked (private mode, policy): the page works, without offline use.
  }
  if (self.crossOriginIsolated) {
    sessionStorage.removeItem(RELOADED);
    return;
  }
  if (sessionStorage.getItem(RELOADED)) return;
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise<void>((ok) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => ok(), { once: true }),
    );
  }
  sessionStorage.setItem(RELOADED, '1');
  location.reload();
}
