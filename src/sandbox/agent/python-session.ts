// The page's side of an agent run's Python interpreter (AgentSessionRuntime): one worker in the
// sandbox frame, kept for the whole run. Time limits are enforced here: where the frame is
// cross-origin isolated an action past its limit is interrupted and the interpreter keeps its
// state; where it is not, or when the interrupt does not take, the interpreter is ended and a new
// one booted with the run's first files, and the observation says that the state was lost. The
// same restart follows memory exhaustion and a crash. Whatever the worker reports is checked
// (check.ts); the time-out, the restart and the final answer's absence are decided here.
import { deferred, type Deferred } from '../../shared/deferred.ts';
import type { ActOptions, AgentFile, AgentSessionRuntime, Observation } from '../../shared/agent.ts';
import type { AgentHostMessage, AgentPackageFile, FrameMessage } from '../../shared/sandbox-protocol.ts';
import type { FrameConnection } from '../frame-host.ts';
import { readFiles, readObservation, type Reported } from './check.ts';
import { fileNameProblem } from '../../shared/agent-file-name.ts';
import { AgentPackages, type PackageSource } from './packages.ts';

// After an interrupt, how long the action may take to unwind before the interpreter is ended.
const INTERRUPT_GRACE_MS = 2000;
// An interpreter whose memory grew past this is restarted after the action: wasm memory never
// shrinks, and one near the 4 GiB ceiling fails the next allocation anywhere.
const MAX_HEAP_BYTES = 3 * 2 ** 30;
const DEFAULT_OUTPUT_CAP = 64 * 1024;
// A new interpreter that has not answered by then is not coming (a snapshot restores in about 2 s).
const BOOT_BOUND_MS = 60_000;

// The worker's errorType when a package file would not install (frame/agent/python-agent.ts).
const INSTALL_FAILED = 'PackageInstallError';

let sessions = 0;

type Reply = Extract<FrameMessage<'agent'>, { type: 'observation' | 'files' | 'crashed' }>;

export class PythonAgentSession implements AgentSessionRuntime {
  readonly language = 'python' as const;
  private readonly session = ++sessions;
  private nextId = 1;
  private readonly replies = new Map<number, (m: Reply) => void>();
  private booting?: Deferred<void>;
  private started = false;
  private closed = false;
  private isolated = false;
  /** Why the frame can no longer serve this session, once it cannot. */
  private lost?: string;
  private readonly packages: AgentPackages;
  /** The packages the current interpreter has; a new one after a restart has none. */
  private readonly installed = new Set<string>();

  /** `packages`: where the lock and package files are (the app's own pyodide/ folder unless given). */
  constructor(
    private readonly frame: FrameConnection,
    packages?: PackageSource,
  ) {
    this.packages = new AgentPackages(packages);
    frame.expect('agent', this.session, (m) => this.onFrame(m));
    // A run that used up the frame process's memory ends the frame: nothing more will answer.
    frame.onLost(() => {
      this.lost = 'the sandbox frame stopped answering (an action may have used up its memory)';
      this.booting?.reject(new Error(this.lost));
      for (const [id, r] of this.replies) r({ type: 'crashed', id, message: this.lost });
    });
  }

  /** Whether a time-out keeps the interpreter's state (the frame is cross-origin isolated). */
  get keepsStateOnTimeout(): boolean {
    return this.isolated;
  }

  async start(files: AgentFile[]): Promise<void> {
    if (this.started) throw new Error('this agent session has started already');
    for (const f of files) {
      const problem = fileNameProblem(f.name);
      if (problem) throw new Error(problem);
    }
    this.started = true;
    this.frame.startPython();
    const { isolated } = await this.frame.ready;
    this.isolated = isolated;
    const clean = files.map(({ name, text, base64 }) => (text !== undefined ? { name, text } : { name, base64 }));
    await this.boot({ type: 'start', files: clean as AgentFile[] });
  }

  async act(code: string, opts: ActOptions): Promise<Observation> {
    if (!this.started || this.closed) throw new Error('the agent session is not running');
    if (this.lost) throw new Error(this.lost);
    const cap = opts.outputCap ?? DEFAULT_OUTPUT_CAP;
    const id = this.nextId++;
    const began = performance.now();
    // The packages the action imports are fetched and checked here: the sandbox has no network.
    let packages: AgentPackageFile[];
    try {
      packages = await this.packages.forAction(code, this.installed);
    } catch (err) {
      const error = `The action did not run: ${clean(err instanceof Error ? err.message : err)}.`;
      return { output: '', rich: [], error, ms: performance.now() - began };
    }
    for (const p of packages) this.installed.add(p.name);
    const reply = this.reply(id);
    this.frame.post('agent', this.session, { type: 'act', id, code, outputCap: cap, packages });
    const stop = deferred<'timed out' | 'stopped'>();
    const timer = setTimeout(() => stop.resolve('timed out'), opts.timeoutMs);
    const onAbort = (): void => stop.resolve('stopped');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const first = await Promise.race([reply, stop.promise]);
      if (typeof first !== 'string') {
        // A file that would not install is dropped, so it is not tried again after a restart.
        if (first.type === 'observation' && readObservation(first.result, cap)?.errorType === INSTALL_FAILED)
          for (const p of packages) {
            this.installed.delete(p.name);
            this.packages.forget(p.name);
          }
        return await this.answered(first, cap, began);
      }
      // Past the limit (or stopped): interrupted where that keeps the state, else restarted.
      if (this.isolated) {
        this.frame.post('agent', this.session, { type: 'interrupt', id });
        const grace = new Promise<undefined>((ok) => setTimeout(() => ok(undefined), INTERRUPT_GRACE_MS));
        const late = await Promise.race([reply, grace]);
        if (late?.type === 'observation') {
          const seen = readObservation(late.result, cap);
          if (seen) return this.stopped(first, opts.timeoutMs, began, { ...seen, finalAnswer: undefined }, false);
        }
      }
      await this.restart();
      return this.stopped(first, opts.timeoutMs, began, { output: '', rich: [] }, true);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      this.replies.delete(id);
    }
  }

  async files(): Promise<AgentFile[]> {
    if (!this.started || this.closed) return [];
    const id = this.nextId++;
    const reply = this.reply(id);
    this.frame.post('agent', this.session, { type: 'files', id });
    const m = await reply;
    this.replies.delete(id);
    const files = m.type === 'files' ? readFiles(m.files) : undefined;
    if (!files) throw new Error('the interpreter could not list its files');
    return files;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.started) this.frame.post('agent', this.session, { type: 'close' });
    this.booting?.reject(new Error('the agent session was closed'));
  }

  private async answered(m: Reply, cap: number, began: number): Promise<Observation> {
    const ms = performance.now() - began;
    if (m.type === 'crashed') {
      await this.restart();
      return { output: '', rich: [], error: `${clean(m.message)}.`, stateLost: true, ms };
    }
    const seen = m.type === 'observation' ? readObservation(m.result, cap) : undefined;
    if (!seen) {
      await this.restart();
      return {
        output: '',
        rich: [],
        error: 'The interpreter sent an observation that could not be read.',
        stateLost: true,
        ms,
      };
    }
    const { errorType, ...observation } = seen;
    const swollen = m.type === 'observation' && (m.heapBytes ?? 0) > MAX_HEAP_BYTES;
    if (errorType === 'MemoryError' || swollen) {
      await this.restart();
      const why = 'The action ran out of memory';
      return {
        ...observation,
        error: `${observation.error ? `${observation.error}\n` : ''}${why}.`,
        stateLost: true,
        ms,
      };
    }
    return { ...observation, ms };
  }

  private stopped(
    how: 'timed out' | 'stopped',
    limitMs: number,
    began: number,
    seen: Reported,
    lost: boolean,
  ): Observation {
    const { errorType: _ignored, finalAnswer: _none, ...kept } = seen;
    const what =
      how === 'stopped' ? 'The action was stopped.' : `The action ran past its time limit of ${limitMs / 1000} s.`;
    const after = lost ? '' : ' It was interrupted; the interpreter keeps its state.';
    return {
      ...kept,
      error: `${what}${after}`,
      ...(how === 'timed out' ? { timedOut: true } : {}),
      ...(lost ? { stateLost: true } : {}),
      ms: performance.now() - began,
    };
  }

  private reply(id: number): Promise<Reply> {
    return new Promise((ok) => this.replies.set(id, ok));
  }

  private boot(m: AgentHostMessage): Promise<void> {
    if (this.lost) return Promise.reject(new Error(this.lost));
    const d = deferred();
    this.booting = d;
    const bound = setTimeout(() => d.reject(new Error('the interpreter did not start in time')), BOOT_BOUND_MS);
    this.frame.post('agent', this.session, m);
    return d.promise.finally(() => clearTimeout(bound));
  }

  private restart(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.installed.clear();
    return this.boot({ type: 'restart' });
  }

  private onFrame(m: FrameMessage<'agent'>): void {
    switch (m.type) {
      case 'ready':
        this.booting?.resolve();
        break;
      case 'boot-error':
        this.booting?.reject(new Error(`Python could not start for the agent: ${clean(m.message)}`));
        for (const [id, r] of this.replies) r({ type: 'crashed', id, message: clean(m.message) });
        break;
      case 'observation':
      case 'files':
      case 'crashed':
        this.replies.get(Number(m.id))?.(m);
        break;
    }
  }
}

function clean(message: unknown): string {
  return String(message).slice(0, 500).replace(/\.$/, '');
}
