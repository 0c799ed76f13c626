// The TypeScript checker worker (page origin, trusted code): keeps the compiler and the parsed
// lib files warm between checks. It never sees anything from the sandbox frame.
import { expose } from 'comlink';
import { CheckerCore } from './checker-core.ts';
import { loadLibFile } from './lib-files.ts';
import type { CheckerWorkerApi } from './worker-api.ts';

const core = new CheckerCore(loadLibFile);

const api: CheckerWorkerApi = {
  check: (code, options) => core.check(code, options),
  warm: (strict) => core.warm(strict),
};

expose(api);
