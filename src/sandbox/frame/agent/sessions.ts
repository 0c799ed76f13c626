// The frame's side of agent runs: one Python worker per run, apart from the grading workers and
// never shared with another run. It relays the page's actions to that worker and the worker's
// answers back, parsed but otherwise unchecked (the page checks them), and boots a new worker
// with the run's first files when the page asks for a restart (a time-out without isolation,
// memory, a crash).
import type { AgentFile } from '../../../shared/agent.ts';
import type { AgentHostMessage, AgentPackageFile, SendOn, WorkerToFrame } from '../../../shared/sandbox-protocol.ts';
import { SIGINT } from '../../../shared/sandbox-protocol.ts';

/** The part of the frame's worker slot a session uses. */
export interface AgentSlot {
  port: MessagePort;
  interrupt?: Int32Array;
  ready: Promise<void>;
  dead: boolean;
  onAgent?: (w: WorkerToFrame) => void;
  onDeath?: (message: string) => void;
}

interface Session {
  slot: AgentSlot;
  files: AgentFile[];
  /** The action being run, so a death is reported against it. */
  acting?: number;
}

// The id of the put that fills a new interpreter's working directory.
const PUT_ID = -1;

export class AgentSessions {
  private sessions = new Map<number, Session>();

  constructor(
    private readonly spawn: () => AgentSlot,
    private readonly retire: (slot: AgentSlot) => void,
    private readonly toHost: SendOn<'agent'>,
    private readonly isolated: boolean,
  ) {}

  handle(session: number, m: AgentHostMessage): void {
    const s = this.sessions.get(session);
    switch (m.type) {
      case 'start':
        if (s || !Array.isArray(m.files)) return;
        this.boot(session, m.files);
        break;
      case 'restart':
        if (!s) return;
        this.retire(s.slot);
        this.boot(session, s.files);
        break;
      case 'act':
        if (!s || typeof m.code !== 'string') return;
        s.acting = m.id;
        s.slot.port.postMessage({
          type: 'agent-act',
          id: m.id,
          code: m.code,
          outputCap: Number(m.outputCap),
          packages: packages(m.packages),
        });
        break;
      case 'interrupt':
        if (s?.slot.interrupt && s.acting === m.id) Atomics.store(s.slot.interrupt, 0, SIGINT);
        break;
      case 'files':
        s?.slot.port.postMessage({ type: 'agent-files', id: m.id });
        break;
      case 'close':
        if (!s) return;
        this.retire(s.slot);
        this.sessions.delete(session);
        break;
    }
  }

  private boot(session: number, files: AgentFile[]): void {
    const slot = this.spawn();
    const s: Session = { slot, files };
    this.sessions.set(session, s);
    const current = (): boolean => this.sessions.get(session)?.slot === slot;
    slot.onDeath = (message) => {
      if (!current()) return;
      if (s.acting !== undefined) this.toHost(session, { type: 'crashed', id: s.acting, message });
      else this.toHost(session, { type: 'boot-error', message });
      s.acting = undefined;
    };
    slot.onAgent = (w) => {
      if (
        !current() ||
        (w.type !== 'agent-done' && w.type !== 'agent-observation' && w.type !== 'agent-files' && w.type !== 'fatal')
      )
        return;
      switch (w.type) {
        case 'agent-done':
          if (w.id === PUT_ID) this.toHost(session, { type: 'ready', isolated: this.isolated });
          break;
        case 'agent-observation':
          if (w.id !== s.acting) return;
          s.acting = undefined;
          this.toHost(session, { type: 'observation', id: w.id, result: parse(w.json), heapBytes: w.heapBytes });
          break;
        case 'agent-files':
          this.toHost(session, { type: 'files', id: w.id, files: parse(w.json) });
          break;
        case 'fatal':
          slot.onDeath?.(w.message);
          break;
      }
    };
    slot.ready.then(
      () => {
        if (current()) slot.port.postMessage({ type: 'agent-put', id: PUT_ID, files: JSON.stringify(files) });
      },
      (err: unknown) => {
        if (current()) this.toHost(session, { type: 'boot-error', message: String(err) });
      },
    );
  }
}

/** The package files the page sent, each of the shape the worker installs; others are dropped. */
function packages(raw: unknown): AgentPackageFile[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((f: unknown) => {
    if (typeof f !== 'object' || f === null) return [];
    const { name, fileName, installDir, bytes } = f as Record<string, unknown>;
    if (typeof name !== 'string' || typeof fileName !== 'string' || !(bytes instanceof ArrayBuffer)) return [];
    return [{ name, fileName, installDir: installDir === 'dynlib' ? 'dynlib' : 'site', bytes }];
  });
}

function parse(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}
