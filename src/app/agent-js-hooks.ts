// JavaScript agent sessions through the headless API (window.fixpoint.agentJs): the command line
// and the tests hold a session by number, as page.evaluate can hand back plain data only.
import type { ActOptions, AgentFile, Observation } from '../shared/agent.ts';
import type { AgentJsSession } from '../sandbox/agent-js/session.ts';
import type { SandboxRuntime } from '../sandbox/sandbox-runtime.ts';

export interface AgentJsHooks {
  /** Starts a session with these files in its working directory; resolves to its number. */
  open(files: AgentFile[], slot?: number): Promise<number>;
  act(session: number, code: string, opts: Omit<ActOptions, 'signal'>): Promise<Observation>;
  files(session: number): Promise<AgentFile[]>;
  close(session: number): void;
}

export function agentJsHooks(runtime: (slot?: number) => SandboxRuntime): AgentJsHooks {
  const sessions = new Map<number, AgentJsSession>();
  let next = 1;
  const get = (n: number): AgentJsSession => {
    const s = sessions.get(n);
    if (!s) throw new Error(`no JavaScript session ${n}`);
    return s;
  };
  return {
    async open(files, slot) {
      const s = runtime(slot).openAgentJs();
      await s.start(files);
      const n = next++;
      sessions.set(n, s);
      return n;
    },
    act: (n, code, opts) => get(n).act(code, opts),
    files: (n) => get(n).files(),
    close(n) {
      sessions.get(n)?.close();
      sessions.delete(n);
    },
  };
}
