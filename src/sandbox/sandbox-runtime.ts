// One sandbox frame that runs every language: Python jobs go to its Python workers, JavaScript
// and TypeScript jobs to its JavaScript workers. This is the Runtime the page and the command
// line use.
import type { OutputStream, RunHandle, RunJob, Runtime } from '../shared/run.ts';
import type { TypeScriptChecker } from '../shared/typescript-check.ts';
import { openSandboxFrame } from './frame-host.ts';
import { JsRuntime } from './js-runtime.ts';
import { PythonRuntime } from './python-runtime.ts';

export interface SandboxOptions {
  /** Made on the first TypeScript job; without it TypeScript jobs fail with a plain message. */
  typescript?: () => TypeScriptChecker;
}

export class SandboxRuntime implements Runtime {
  readonly python: PythonRuntime;
  readonly javascript: JsRuntime;
  /** Python's readiness (the slower of the two); JavaScript runs do not wait for it. */
  readonly ready: Promise<{ isolated: boolean }>;
  readonly cached: Promise<void>;

  constructor(options: SandboxOptions = {}) {
    const frame = openSandboxFrame();
    this.python = new PythonRuntime(frame);
    this.javascript = new JsRuntime(frame, options.typescript);
    this.ready = this.python.ready;
    this.cached = this.python.cached;
  }

  run(job: RunJob, onOutput?: (stream: OutputStream, text: string) => void): RunHandle {
    return job.language === 'python' ? this.python.run(job, onOutput) : this.javascript.run(job, onOutput);
  }

  dispose(): void {
    this.javascript.dispose();
    this.python.dispose();
  }
}
