// The page side of a JavaScript agent session (AgentSessionRuntime): one worker in the sandbox
// frame keeps the interpreter's state across actions. JavaScript cannot be interrupted, so an
// action past its limit ends the worker and a fresh one starts with the working directory's
// files (the page keeps them: the user's, and each action's writes); the observation says plainly
// that the state was lost. A frame whose process died (the heap used up) is replaced by the
// sandbox; the session starts again in the new one, with the same statement.
import type { ActOptions, AgentFile, AgentLanguage, AgentSessionRuntime, Observation } from '../../shared/agent.ts';
import type { AgentJsEvent, AgentJsRequest } from '../../shared/agent-js-protocol.ts';
import { deferred, type Deferred } from '../../shared/deferred.ts';
import type { FrameConnection } from '../frame-host.ts';
import { loadAgentJsWorker } from './assets.ts';
import { checkAgentResult } from './check.ts';

const DEFAULT_OUTPUT_CAP = 20_000;
// A worker that has not said it is ready by then will not.
const READY_DEADLINE_MS = 15_000;

interface Pending {
  id: number;
  began: number;
  cap: number;
  output: string;
  cut: boolean;
  done: Deferred<Observation>;
  timer?: ReturnType<typeof setTimeout>;
}

let nextSession = 1;

const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`;

export class AgentJsSession implements AgentSessionRuntime {
  readonly language: AgentLanguage = 'javascript';
  private readonly session = nextSession++;
  private readonly kept = new Map<string, AgentFile>();
  private frame: FrameConnection | undefined;
  private ready: Deferred<void> | undefined;
  private pending: Pending | undefined;
  private workerSource: string | undefined;
  private nextId = 1;
  private closed = false;

  /** `frameOf` gives the sandbox's frame now: a new one after the old one's process died. */
  constructor(private readonly frameOf: () => FrameConnection) {}

  async start(files: AgentFile[]): Promise<void> {
    for (const f of files) this.kept.set(f.name, f);
    this.workerSource = await loadAgentJsWorker();
    await this.open();
  }

  async act(code: string, opts: ActOptions): Promise<Observation> {
    if (this.closed) throw new Error('the JavaScript session is closed');
    if (this.pending) throw new Error('the JavaScript session runs one action at a time');
    const began = performance.now();
    try {
      await (this.ready?.promise ?? this.open());
    } catch (err) {
      return { output: '', rich: [], error: String(err instanceof Error ? err.message : err), ms: 0 };
    }
    const id = this.nextId++;
    const { replTransform } = await import('./repl-transform.ts');
    const t = replTransform(code, `action-${id}.js`);
    if (!t.ok) return { output: '', rich: [], error: t.error, ms: Math.round(performance.now() - began) };
    const p: Pending = {
      id,
      began,
      cap: opts.outputCap ?? DEFAULT_OUTPUT_CAP,
      output: '',
      cut: false,
      done: deferred<Observation>(),
    };
    this.pending = p;
    p.timer = setTimeout(() => this.stop(p, 'timed out', opts.timeoutMs), opts.timeoutMs);
    const abort = (): void => this.stop(p, 'cancelled', opts.timeoutMs);
    opts.signal?.addEventListener('abort', abort, { once: true });
    if (opts.signal?.aborted) abort();
    else
      this.post({
        type: 'act',
        id,
        action: { name: `action-${id}.js`, prelude: t.prelude, body: t.body, names: t.names, outputCap: p.cap },
      });
    try {
      return await p.done.promise;
    } finally {
      opts.signal?.removeEventListener('abort', abort);
    }
  }

  files(): Promise<AgentFile[]> {
    return Promise.resolve([...this.kept.values()]);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.post({ type: 'close' });
    const p = this.pending;
    if (p) this.finish(p, { error: 'the session was closed', stateLost: true });
  }

  private post(request: AgentJsRequest): void {
    this.frame?.post('agent-js', this.session, request);
  }

  /** Starts the worker in the sandbox's frame (again, when the frame was replaced). */
  private async open(): Promise<void> {
    const frame = this.frameOf();
    if (frame !== this.frame) {
      this.frame = frame;
      frame.expect('agent-js', this.session, (m) => this.onFrame(frame, m));
      frame.onLost(() => this.lost(frame));
    }
    const ready = (this.ready = deferred());
    const timer = setTimeout(() => ready.reject(new Error('the JavaScript session did not start')), READY_DEADLINE_MS);
    void ready.promise.then(
      () => clearTimeout(timer),
      () => clearTimeout(timer),
    );
    await frame.loaded;
    this.workerSource ??= await loadAgentJsWorker();
    this.post({ type: 'open', workerSource: this.workerSource, files: [...this.kept.values()] });
    try {
      await ready.promise;
    } catch (err) {
      if (this.ready === ready) this.ready = undefined;
      throw err;
    }
  }

  /** Ends the worker and starts a fresh one with the files; the next action waits for it. */
  private restart(): void {
    const ready = (this.ready = deferred());
    ready.promise.catch(() => undefined);
    this.post({ type: 'restart', files: [...this.kept.values()] });
  }

  private stop(p: Pending, why: 'timed out' | 'cancelled', limitMs: number): void {
    if (this.pending !== p) return;
    this.restart();
    const error =
      why === 'timed out'
        ? `The action ran past its time limit of ${seconds(limitMs)} and was stopped. JavaScript cannot be interrupted, so the interpreter was restarted and its state was lost: variables, functions and classes from earlier actions are gone (the working directory's files are kept).`
        : "The action was cancelled. The interpreter was restarted and its state was lost: variables, functions and classes from earlier actions are gone (the working directory's files are kept).";
    this.finish(p, { error, timedOut: why === 'timed out', stateLost: true });
  }

  private lost(frame: FrameConnection): void {
    if (frame !== this.frame) return;
    this.frame = undefined;
    this.ready = undefined;
    const p = this.pending;
    if (p)
      this.finish(p, {
        error:
          "The action used up the memory the sandbox may have, so the interpreter was restarted and its state was lost: variables, functions and classes from earlier actions are gone (the working directory's files are kept).",
        stateLost: true,
      });
  }

  private onFrame(frame: FrameConnection, e: AgentJsEvent): void {
    if (frame !== this.frame) return;
    const p = this.pending;
    switch (e.type) {
      case 'ready':
        this.ready?.resolve();
        break;
      case 'output':
        if (p && e.id === p.id && typeof e.text === 'string') this.addOutput(p, e.text, e.truncated === true);
        break;
      case 'result': {
        if (!p || e.id !== p.id) return;
        const r = checkAgentResult(e.result, p.cap);
        if (!r) {
          this.restart();
          this.finish(p, {
            error: 'the interpreter sent a result of the wrong shape; it was restarted',
            stateLost: true,
          });
          return;
        }
        for (const f of r.written) this.kept.set(f.name, f);
        for (const n of r.removed) this.kept.delete(n);
        this.finish(p, { value: r.value, rich: r.rich, error: r.error, finalAnswer: r.finalAnswer });
        break;
      }
      case 'crashed': {
        const message = typeof e.message === 'string' ? e.message : 'the worker died';
        if (!p) return void this.ready?.reject(new Error(message));
        this.restart();
        this.finish(p, { error: `${message}; the interpreter was restarted and its state was lost`, stateLost: true });
        break;
      }
    }
  }

  private addOutput(p: Pending, text: string, truncated: boolean): void {
    if (truncated) {
      // The worker's own notice that it dropped output.
      p.cut = true;
      p.output += text.slice(0, 200);
      return;
    }
    const room = p.cap - p.output.length;
    if (text.length > room) p.cut = true;
    if (room > 0) p.output += text.slice(0, room);
  }

  private finish(p: Pending, o: Partial<Observation>): void {
    if (this.pending !== p) return;
    this.pending = undefined;
    clearTimeout(p.timer);
    const obs: Observation = { output: p.output, rich: o.rich ?? [], ms: Math.round(performance.now() - p.began) };
    if (p.cut) obs.outputCut = true;
    for (const k of ['value', 'error', 'finalAnswer'] as const) if (o[k] !== undefined) obs[k] = o[k];
    if (o.timedOut) obs.timedOut = true;
    if (o.stateLost) obs.stateLost = true;
    p.done.resolve(obs);
  }
}
