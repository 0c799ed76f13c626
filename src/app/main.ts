import { SandboxRuntime } from '../sandbox/sandbox-runtime.ts';
import { installHeadlessApi } from './headless.ts';
import { pageTypeScriptChecker } from './typescript-checker.ts';
import { registerServiceWorker } from './offline/register.ts';
import { loadAssets } from '../sandbox/frame-assets.ts';
import './style.css';

const params = new URLSearchParams(location.search);
let runtime: SandboxRuntime | undefined;
// In the page Python starts at once: by the time a task is picked, the first run does not wait
// for it. The command line says in the address whether it will run Python (`?headless&python`):
// then Python starts as the page loads, not a round trip later; otherwise only if asked.
const headless = params.has('headless');
const getRuntime = (): SandboxRuntime =>
  (runtime ??= new SandboxRuntime({
    typescript: pageTypeScriptChecker,
    lazyPython: headless && !params.has('python'),
  }));

installHeadlessApi(getRuntime);
if (headless && params.has('python')) getRuntime();
const root = document.getElementById('app');
// The service worker keeps files the starting sandbox is fetching too (the built snapshot, Pyodide's
// lock): asked for together, the same file is fetched twice, each waiting on the other in the
// browser's cache. It starts once Python's files are here, and keeps those from the browser's cache.
const registerWorker = (): void => void loadAssets().then(registerServiceWorker, registerServiceWorker);
if (root && (params.has('classroom') || params.has('teacher') || location.hash.startsWith('#pack'))) {
  void Promise.all([import('../ui/classroom/open-pack.ts'), import('./classroom-models.ts')]).then(([m, c]) =>
    m.mountPackOpener(root, {
      runtime: getRuntime(),
      models: c.classroomModels(),
      hash: location.hash,
      teacher: params.has('teacher'),
    }),
  );
  registerWorker();
} else if (root && !params.has('headless')) {
  // The page's own code is a chunk of its own: the sandbox opens (above) while it loads, and the
  // command line's page, which has no need of it, never loads it.
  const runtime = getRuntime();
  void import('./page.ts').then(({ mountApp }) => {
    mountApp(root, runtime);
    // The task panel is usable from here on (the bench's time to interactive).
    performance.mark('fixpoint:interactive');
  });
  registerWorker();
}
