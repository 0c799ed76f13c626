// The part of the command line's page API (headless.ts) for agent runs: a whole run, and an
// interpreter driven action by action (the end-to-end tests and the bench use that).
import type { ActOptions, AgentFile, AgentLanguage, Observation } from '../shared/agent.ts';
import type { AgentGoal, AgentLimits, AgentRunResult } from '../shared/agent-run.ts';
import type { EndpointConfig } from '../shared/model.ts';
import type { SandboxRuntime } from '../sandbox/sandbox-runtime.ts';
import type { PackageSource } from '../sandbox/agent/packages.ts';
import type { AgentSessionRuntime } from '../shared/agent.ts';
import { agentSession, runAgentGoal } from './agent-run.ts';

export interface HeadlessAgentApi {
  /** A goal through the agent loop, to its end. */
  agentLoop(
    goal: AgentGoal,
    endpoint: EndpointConfig,
    settings: { limits: AgentLimits; temperature?: number },
    slot?: number,
  ): Promise<AgentRunResult>;
  /**
   * Starts an interpreter with these files; the number names it in the calls below. `packages`:
   * the lock and bases Python's packages come from (the app's own pyodide/ folder unless given).
   */
  agentOpen(language: AgentLanguage, files: AgentFile[], slot?: number, packages?: PackageSource): Promise<number>;
  agentAct(handle: number, code: string, opts: Omit<ActOptions, 'signal'>): Promise<Observation>;
  agentFiles(handle: number): Promise<AgentFile[]>;
  agentClose(handle: number): void;
}

export function headlessAgentApi(runtime: (slot?: number) => SandboxRuntime): HeadlessAgentApi {
  const open = new Map<number, AgentSessionRuntime>();
  let handles = 0;
  const get = (handle: number): AgentSessionRuntime => {
    const s = open.get(handle);
    if (!s) throw new Error(`no agent interpreter ${handle} is open`);
    return s;
  };
  return {
    agentLoop: (goal, endpoint, settings, slot = 0) => runAgentGoal(runtime(slot), goal, endpoint, settings),
    async agentOpen(language, files, slot = 0, packages) {
      const s = agentSession(runtime(slot), language, packages);
      await s.start(files);
      open.set(++handles, s);
      return handles;
    },
    agentAct: (handle, code, opts) => get(handle).act(code, opts),
    agentFiles: (handle) => get(handle).files(),
    agentClose(handle) {
      open.get(handle)?.close();
      open.delete(handle);
    },
  };
}
