// The JavaScript agent session worker's code, fetched from the app's own origin (so the service
// worker keeps it offline) when the first session starts: nothing of it is on the first paint.
import workerUrl from '../frame/agent-js/worker.ts?worker&url';

let loading: Promise<string> | undefined;

export function loadAgentJsWorker(): Promise<string> {
  loading ??= fetch(workerUrl).then((res) => {
    if (!res.ok) throw new Error(`could not load ${workerUrl}: HTTP ${res.status}`);
    return res.text();
  });
  loading.catch(() => (loading = undefined));
  return loading;
}
