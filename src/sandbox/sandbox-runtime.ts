// One sandbox frame that runs every language: Python jobs go to its Python workers, JavaScript
// and TypeScript jobs to its JavaScript workers. This is the Runtime the page and the command
// line use. A frame whose process died (a run used up the JavaScript heap) is replaced by a new
// one; the runs it had not started go to the new frame.
import type { Language, OutputStream, RunJob } from '../shared/run.ts';
import type { RunHandle, Runtime } from '../shared/runtime.ts';
import type { TypeScriptChecker } from '../shared/typescript-check.ts';
import { openSandboxFrame, type FrameConnection } from './frame-host.ts';
import { AgentJsSession } from './agent-js/session.ts';
import { JsRuntime } from './js-runtime.ts';
import { PythonRuntime } from './python-runtime.ts';
import { SqlRuntime } from './sql/runtime.ts';
import { freshProcess } from './web/fresh-process.ts';
import { WebRuntime } from './web/web-runtime.ts';
import { PythonAgentSession } from './agent/python-session.ts';
import type { PackageSource } from './agent/packages.ts';

export interface SandboxOptions {
  /** Made on the first TypeScript job; without it TypeScript jobs fail with a plain message. */
  typescript?: () => TypeScriptChecker;
  /** Python starts on its first run (or `start`) rather than at once. */
  lazyPython?: boolean;
}

export class SandboxRuntime implements Runtime {
  private frame!: FrameConnection;
  private py!: PythonRuntime;
  private js!: JsRuntime;
  private sqlRuntime!: SqlRuntime;
  // A page stuck in a loop holds the sandbox frame's process (web-runtime.ts): the frame is replaced.
  private readonly web = new WebRuntime(() => this.unstick());
  private disposed = false;

  constructor(private readonly options: SandboxOptions = {}) {
    this.open(options.lazyPython ?? false);
  }

  private open(lazyPython: boolean): void {
    this.frame = openSandboxFrame({ lazyPython });
    this.py = new PythonRuntime(this.frame);
    this.js = new JsRuntime(this.frame, this.options.typescript);
    this.sqlRuntime = new SqlRuntime(this.frame);
    this.frame.onLost(() => this.replace());
  }

  private replace(): void {
    if (this.disposed) return;
    const { py, js, frame } = this;
    const unstarted = js.loseFrame();
    this.open(!frame.pythonStarted);
    py.dispose();
    for (const u of unstarted) u.moveTo(this.js.run(u.job, u.onOutput));
  }

  /** A page got stuck (web-runtime.ts): its process ends once this frame is gone too; the new one waits for that. */
  private async unstick(): Promise<void> {
    this.frame.dispose();
    await freshProcess();
    this.replace();
  }

  /** A live preview of a page got stuck (src/ui/kinds/web/live-frame.ts): renew before the next job. */
  previewStuck(): void {
    this.web.stuckElsewhere();
  }

  get python(): PythonRuntime {
    return this.py;
  }

  get javascript(): JsRuntime {
    return this.js;
  }

  /** SQL queries (SQLite loads into the frame on the first one). */
  get sql(): SqlRuntime {
    return this.sqlRuntime;
  }

  /**
   * A new agent run's Python interpreter, in this sandbox's frame; start it with the run's files.
   * `packages`: the lock and bases its packages come from (the app's own pyodide/ folder unless given).
   */
  pythonAgent(packages?: PackageSource): PythonAgentSession {
    return new PythonAgentSession(this.frame, packages);
  }

  /** Python's readiness (the slower of the two); JavaScript runs do not wait for it. */
  get ready(): Promise<{ isolated: boolean }> {
    return this.py.ready;
  }

  /** Resolves when the runners these languages need can run; starts Python only if it is among them. */
  start(languages: readonly Language[]): Promise<{ isolated: boolean }> {
    if (languages.includes('python')) {
      this.frame.startPython();
      return this.ready;
    }
    this.frame.startJs();
    return this.js.ready;
  }

  /** Settles once Python's snapshot for later visits is stored; at once when Python never started. */
  get cached(): Promise<void> {
    return this.frame.pythonStarted ? this.py.cached : Promise.resolve();
  }

  /** A JavaScript agent session in this sandbox (it moves to the new frame when this one's process dies). */
  openAgentJs(): AgentJsSession {
    return new AgentJsSession(() => this.frame);
  }

  run(job: RunJob, onOutput?: (stream: OutputStream, text: string) => void): RunHandle {
    if (job.language === 'html') return this.web.run(job);
    return job.language === 'python' ? this.py.run(job, onOutput) : this.js.run(job, onOutput);
  }

  dispose(): void {
    this.disposed = true;
    this.js.dispose();
    this.py.dispose();
  }
}
