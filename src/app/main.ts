import { PythonRuntime } from '../sandbox/python-runtime.ts';
import { mountRunner } from '../ui/runner/runner.ts';
import { installHeadlessApi } from './headless.ts';
import './style.css';

let runtime: PythonRuntime | undefined;
const getRuntime = (): PythonRuntime => (runtime ??= new PythonRuntime());

installHeadlessApi(getRuntime);
const root = document.getElementById('app');
if (root && !new URLSearchParams(location.search).has('headless')) mountRunner(root, getRuntime());
