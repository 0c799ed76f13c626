import { SandboxRuntime } from '../sandbox/sandbox-runtime.ts';
import { installHeadlessApi } from './headless.ts';
import { registerServiceWorker } from './offline/register.ts';
import { mountApp } from './page.ts';
import './style.css';

let runtime: SandboxRuntime | undefined;
const getRuntime = (): SandboxRuntime => (runtime ??= new SandboxRuntime());

installHeadlessApi(getRuntime);
const root = document.getElementById('app');
// Python starts at once: by the time a task is picked, the first run does not wait for it.
if (root && !new URLSearchParams(location.search).has('headless')) {
  mountApp(root, getRuntime());
  void registerServiceWorker();
}
