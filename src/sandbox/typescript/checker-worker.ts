// The TypeScript checker worker (page origin, trusted code): keeps the compiler and the parsed
// lib files warm between checks, and answers the editor's completions and hovers from the same
// lib files. It never sees anything from the sandbox frame.
import { expose } from 'comlink';
import { CheckerCore } from './checker-core.ts';
import { loadLibFile } from './lib-files.ts';
import { ServiceCore } from './service-core.ts';
import type { CheckerWorkerApi } from './worker-api.ts';

const core = new CheckerCore(loadLibFile);
let service: ServiceCore | undefined;
// Made on the first request: a worker that only checks never builds it.
const intel = (): ServiceCore => (service ??= new ServiceCore(core));

const api: CheckerWorkerApi = {
  check: (code, options) => core.check(code, options),
  warm: (strict) => core.warm(strict),
  completions: (req) => intel().completions(req),
  completionDetails: (req) => intel().completionDetails(req),
  quickInfo: (req) => intel().quickInfo(req),
  signatureHelp: (req) => intel().signatureHelp(req),
};

expose(api);
