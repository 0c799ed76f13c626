// The frame's JavaScript agent sessions: one worker each, kept across actions. A restart (an
// action past its limit cannot be interrupted) ends the worker, and with it everything the code
// started (timers, nested workers); a new one gets the files the page kept. Messages from a
// worker arrive on its private port only, are relayed only while it is the session's worker, and
// the page checks them.
import type { AgentFile } from '../../../shared/agent.ts';
import type { AgentJsEvent, AgentJsRequest, FrameToAgentJsWorker } from '../../../shared/agent-js-protocol.ts';
import type { SendOn } from '../../../shared/sandbox-protocol.ts';

interface Session {
  url: string;
  worker: Worker;
  port: MessagePort;
}

export class AgentJsSessions {
  private readonly sessions = new Map<number, Session>();
  private readonly urls = new Map<string, string>();

  constructor(private readonly toHost: SendOn<'agent-js'>) {}

  handle(session: number, r: AgentJsRequest): void {
    if (typeof r !== 'object' || r === null) return;
    const s = this.sessions.get(session);
    switch (r.type) {
      case 'open':
        if (s || typeof r.workerSource !== 'string') return;
        this.spawn(session, this.urlOf(r.workerSource), r.files);
        break;
      case 'act':
        s?.port.postMessage({ type: 'act', id: r.id, action: r.action } satisfies FrameToAgentJsWorker);
        break;
      case 'restart':
        if (!s) return;
        this.end(session, s);
        this.spawn(session, s.url, r.files);
        break;
      case 'close':
        if (s) this.end(session, s);
        break;
    }
  }

  private urlOf(source: string): string {
    let url = this.urls.get(source);
    if (!url) this.urls.set(source, (url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }))));
    return url;
  }

  private spawn(session: number, url: string, files: AgentFile[]): void {
    const worker = new Worker(url);
    const channel = new MessageChannel();
    const s: Session = { url, worker, port: channel.port1 };
    this.sessions.set(session, s);
    const relay = (event: AgentJsEvent): void => {
      if (this.sessions.get(session) === s) this.toHost(session, event);
    };
    channel.port1.onmessage = (e: MessageEvent<unknown>) => {
      const w = e.data as AgentJsEvent | null;
      if (typeof w === 'object' && w !== null && typeof w.type === 'string' && w.type !== 'crashed') relay(w);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      relay({ type: 'crashed', message: `the JavaScript session's worker died: ${e.message || 'worker error'}` });
    };
    worker.postMessage({ type: 'init', port: channel.port2 } satisfies FrameToAgentJsWorker, [channel.port2]);
    channel.port1.postMessage({
      type: 'files',
      files: Array.isArray(files) ? files : [],
    } satisfies FrameToAgentJsWorker);
  }

  private end(session: number, s: Session): void {
    s.worker.terminate();
    s.port.close();
    this.sessions.delete(session);
  }
}
